import { act, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { hydrateRoot } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MAX_TOASTS, NOTIFY_DURATION, TOAST_DURATION, Toaster, resetForTests, toast } from "./toast";

beforeEach(() => {
  resetForTests();
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("toast", () => {
  it("shows a status with the message for 3 s", () => {
    const { container } = render(<Toaster />);
    // The live region is there before the first toast, so its addition is announced.
    expect(container.querySelector(".promo-toaster")).toHaveAttribute("aria-live", "polite");
    act(() => void toast.show("2005: This email address is already registered."));
    expect(screen.getByRole("status")).toHaveProperty("textContent", "2005: This email address is already registered.");
    act(() => vi.advanceTimersByTime(TOAST_DURATION - 1));
    expect(screen.queryByRole("status")).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole("status")).toBeNull();
    expect(TOAST_DURATION).toBe(3000);
  });

  it("shows a notification for 1.5 s", () => {
    render(<Toaster />);
    act(() => void toast.notify("Copied"));
    act(() => vi.advanceTimersByTime(NOTIFY_DURATION - 1));
    expect(screen.getByRole("status").textContent).toBe("Copied");
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole("status")).toBeNull();
    expect(NOTIFY_DURATION).toBe(1500);
  });

  it("honours a custom duration and dismisses by id or all", () => {
    render(<Toaster />);
    let id = "";
    act(() => {
      id = toast.show("a", { duration: 10_000 });
      toast.show("b");
    });
    expect(screen.getAllByRole("status")).toHaveLength(2);
    act(() => toast.dismiss(id));
    expect(screen.getAllByRole("status").map((s) => s.textContent)).toEqual(["b"]);
    act(() => toast.dismiss());
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("shows a repeated message once and restarts its time", () => {
    render(<Toaster />);
    act(() => void toast.show("-1: Network Error"));
    act(() => vi.advanceTimersByTime(2000));
    act(() => void toast.show("-1: Network Error"));
    expect(screen.getAllByRole("status")).toHaveLength(1);
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByRole("status")).not.toBeNull();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole("status")).toBeNull();
  });

  it(`keeps at most ${MAX_TOASTS}, dropping the oldest`, () => {
    render(<Toaster />);
    act(() => ["1", "2", "3", "4"].forEach((m) => toast.show(m)));
    expect(screen.getAllByRole("status").map((s) => s.textContent)).toEqual(["2", "3", "4"]);
  });

  it("renders nothing on the server and while hydrating", () => {
    toast.show("pending");
    expect(renderToString(<Toaster />)).toBe("");
    const container = document.createElement("div");
    document.body.appendChild(container);
    // The server HTML is empty: a toast rendered during hydration would be a mismatch.
    const recoverable = vi.fn();
    let root: ReturnType<typeof hydrateRoot> | undefined;
    act(() => {
      root = hydrateRoot(container, <Toaster />, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    // Once hydrated it shows what is pending.
    expect(container.querySelector("[role=status]")?.textContent).toBe("pending");
    act(() => root?.unmount());
    container.remove();
  });
});
