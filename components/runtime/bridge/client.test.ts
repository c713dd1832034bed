import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createBridge, READY_TIMEOUT, type AppBridge } from "./client";

const NAME = "ExchangeBridge";
const win = window as unknown as Record<string, unknown>;

function install(): AppBridge {
  const b: AppBridge = { call: vi.fn(async () => ({ code: 0, params: { appVersion: "3.7.0" } })) };
  win[NAME] = b;
  return b;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  delete win[NAME];
});

describe("the bridge's ready state (spec §4: ready once, then ready or error)", () => {
  it("is ready at once when the app injected it before the page started", async () => {
    const app = install();
    const b = createBridge(NAME);
    expect(b.state()).toBe("ready");
    await expect(b.ready()).resolves.toBe(true);
    await expect(b.call("SystemInfo", "getAppConfig")).resolves.toEqual({ code: 0, params: { appVersion: "3.7.0" } });
    expect(app.call).toHaveBeenCalledWith("SystemInfo", "getAppConfig", undefined);
  });

  it("waits for the <bridge>Ready event when it is absent at start", async () => {
    const b = createBridge(NAME);
    expect(b.state()).toBe("waiting");
    await expect(b.call("SystemInfo", "getAppConfig")).rejects.toThrow(/not ready/);
    vi.advanceTimersByTime(READY_TIMEOUT - 10);
    install();
    window.dispatchEvent(new Event(`${NAME}Ready`));
    await expect(b.ready()).resolves.toBe(true);
    expect(b.state()).toBe("ready");
  });

  it("becomes an error when nothing comes within 3 s, and a late event changes nothing", async () => {
    expect(READY_TIMEOUT).toBe(3000);
    const b = createBridge(NAME);
    vi.advanceTimersByTime(READY_TIMEOUT);
    expect(b.state()).toBe("error");
    await expect(b.ready()).resolves.toBe(false);
    install();
    window.dispatchEvent(new Event(`${NAME}Ready`));
    expect(b.state()).toBe("error");
    await expect(b.call("Router", "push")).rejects.toThrow(/not ready \(error\)/);
  });

  it("is ready only once: later events and the timer do nothing more", async () => {
    const b = createBridge(NAME);
    const seen = vi.fn();
    void b.ready().then(seen);
    install();
    window.dispatchEvent(new Event(`${NAME}Ready`));
    window.dispatchEvent(new Event(`${NAME}Ready`));
    delete win[NAME];
    window.dispatchEvent(new Event(`${NAME}Ready`));
    vi.advanceTimersByTime(READY_TIMEOUT * 2);
    await Promise.resolve();
    expect(seen).toHaveBeenCalledOnce();
    expect(seen).toHaveBeenCalledWith(true);
    expect(b.state()).toBe("ready");
  });

  it("treats a Ready event without the object as an error", async () => {
    const b = createBridge(NAME);
    window.dispatchEvent(new Event(`${NAME}Ready`));
    await expect(b.ready()).resolves.toBe(false);
  });

  it("rejects a malformed answer", async () => {
    win[NAME] = { call: async () => undefined };
    await expect(createBridge(NAME).call("UserProfile", "getUserProfile")).rejects.toThrow(/malformed/);
  });
});
