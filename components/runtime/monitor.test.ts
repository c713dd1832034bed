import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MAX_REPORTS, initMonitor, reportProblem, resetForTests } from "./monitor";

let beacon: ReturnType<typeof vi.fn<(url: string | URL, data?: BodyInit | null) => boolean>>;
let stop: () => void;

beforeEach(() => {
  resetForTests();
  delete window.__PROMO_MONITOR__;
  beacon = vi.fn(() => true);
  Object.defineProperty(navigator, "sendBeacon", { value: beacon, configurable: true });
  stop = initMonitor({ apiBase: "/api", campaign: "spot-activity", locale: "ja-JP" });
});

afterEach(() => {
  stop();
  delete (navigator as { sendBeacon?: unknown }).sendBeacon;
});

function fail(message: string, error: unknown = new Error(message)) {
  window.dispatchEvent(new ErrorEvent("error", { message, error, filename: "https://x/app.js", lineno: 3, colno: 9 }));
}

function reject(reason: unknown) {
  const event = new Event("unhandledrejection");
  Object.assign(event, { reason, promise: Promise.resolve() });
  window.dispatchEvent(event);
}

const reports = () => beacon.mock.calls.map((c) => JSON.parse(String(c[1])) as Record<string, unknown>);

describe("initMonitor (spec §7)", () => {
  it("posts a script error to <apiBase>/monitor", () => {
    fail("boom");
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(beacon.mock.calls[0][0]).toBe("/api/monitor");
    expect(reports()[0]).toMatchObject({
      type: "error",
      message: "boom",
      source: "https://x/app.js",
      line: 3,
      column: 9,
      url: location.href,
      ua: navigator.userAgent,
      campaign: "spot-activity",
      locale: "ja-JP",
    });
    expect(String(reports()[0].stack)).toContain("boom");
  });

  it("posts unhandled rejections", () => {
    reject(new TypeError("bad thing"));
    reject("plain reason");
    expect(reports().map((r) => [r.type, r.message])).toEqual([
      ["unhandledrejection", "TypeError: bad thing"],
      ["unhandledrejection", "plain reason"],
    ]);
  });

  it("sends each message once", () => {
    fail("same");
    fail("same");
    fail("other");
    expect(reports().map((r) => r.message)).toEqual(["same", "other"]);
  });

  it(`sends at most ${MAX_REPORTS} reports per page`, () => {
    for (let i = 0; i < MAX_REPORTS + 5; i++) fail(`error ${i}`);
    expect(beacon).toHaveBeenCalledTimes(MAX_REPORTS);
    expect(MAX_REPORTS).toBe(10);
  });

  it("truncates a long stack", () => {
    const error = new Error("deep");
    error.stack = "x".repeat(10_000);
    fail("deep", error);
    expect(String(reports()[0].stack)).toHaveLength(4096);
  });

  it("stays silent when a monitor script is present", () => {
    window.__PROMO_MONITOR__ = {};
    fail("boom");
    expect(beacon).not.toHaveBeenCalled();
  });

  it("falls back to fetch keepalive when the beacon is refused", () => {
    beacon.mockReturnValue(false);
    const fetch = vi.fn(() => Promise.resolve(new Response("{}")));
    vi.stubGlobal("fetch", fetch);
    fail("boom");
    expect(fetch).toHaveBeenCalledWith("/api/monitor", expect.objectContaining({ method: "POST", keepalive: true }));
  });

  it("stops listening", () => {
    stop();
    fail("boom", null); // with no listener left, an error object would reach the test runner
    expect(beacon).not.toHaveBeenCalled();
  });
});

describe("reportProblem", () => {
  it("posts a problem the page handled itself (a bridge failure, spec §4) once", () => {
    reportProblem({ type: "bridge", message: "in-app login failed: code 1" });
    reportProblem({ type: "bridge", message: "in-app login failed: code 1" });
    expect(reports()).toEqual([expect.objectContaining({ type: "bridge", message: "in-app login failed: code 1", campaign: "spot-activity" })]);
  });

  it("does nothing before initMonitor", () => {
    stop();
    resetForTests();
    reportProblem({ type: "bridge", message: "early" });
    expect(beacon).not.toHaveBeenCalled();
  });
});
