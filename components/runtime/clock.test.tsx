import { act, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useNow } from "./clock";

function Probe() {
  const now = useNow(1000);
  return <output>{now === null ? "none" : String(now)}</output>;
}

const shown = (c: HTMLElement) => c.querySelector("output")!.textContent;
const T0 = Date.UTC(2026, 10, 1, 12, 0, 0);

describe("useNow", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => {
    vi.useRealTimers();
    delete (window as { __PROMO_NOW_OFFSET__?: unknown }).__PROMO_NOW_OFFSET__;
  });

  it("shows the real clock and ticks", () => {
    const { container } = render(<Probe />);
    expect(shown(container)).toBe(String(T0));
    act(() => void vi.advanceTimersByTime(1000));
    expect(shown(container)).toBe(String(T0 + 1000));
  });

  it("adds the dev preview's time-travel offset", () => {
    const day = 24 * 3600 * 1000;
    (window as { __PROMO_NOW_OFFSET__?: unknown }).__PROMO_NOW_OFFSET__ = -30 * day;
    const { container } = render(<Probe />);
    expect(shown(container)).toBe(String(T0 - 30 * day));
    act(() => void vi.advanceTimersByTime(1000));
    expect(shown(container)).toBe(String(T0 - 30 * day + 1000));
  });

  it("ignores an offset that is not a finite number", () => {
    (window as { __PROMO_NOW_OFFSET__?: unknown }).__PROMO_NOW_OFFSET__ = "86400000";
    const { container } = render(<Probe />);
    expect(shown(container)).toBe(String(T0));
  });
});
