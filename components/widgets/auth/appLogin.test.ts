import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetForTests as resetApp, startApp } from "../../runtime/app";
import { resetBridgeForTests, type BridgeAnswer } from "../../runtime/bridge/client";
import { resetForTests as resetContext } from "../../runtime/context";
import { reportProblem } from "../../runtime/monitor";
import { configureRequest, resetForTests as resetRequest } from "../../runtime/request";
import type { PageData } from "../../runtime/types";
import { getAuthState, openAuth, resetAuth } from "./store";

// Login through the app (spec §4, DESIGN §8): openAuth's routing, the calls it makes and
// what it does on failure. The app is a fake with the bridge's shape.

vi.mock("../../runtime/monitor", async (original) => ({ ...(await original<typeof import("../../runtime/monitor")>()), reportProblem: vi.fn() }));

const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
const win = window as unknown as Record<string, unknown>;
let stopApp = () => {};
// What init.ts does in the app (runtime/app.ts); outside it, nothing starts.
const startInApp = (bridgeLogin: boolean) => {
  stopApp();
  resetBridgeForTests();
  const app = { name: "Exchange", userAgentMarker: "ExchangeApp", bridge: "ExchangeBridge", bridgeLogin };
  stopApp = startApp({ app, appLinks: {} } as unknown as PageData);
};

type Handler = (params?: Record<string, unknown>) => Promise<BridgeAnswer> | BridgeAnswer;
let app: Record<string, Handler>;
let bridgeCalls: [string, Record<string, unknown> | undefined][];
let fetches: { url: string; body: unknown }[];
let sessionReply: { status: number; body: Record<string, unknown> };

function setUA(version: string | null) {
  const ua = version === null ? PHONE : `${PHONE} ExchangeApp/${version}`;
  Object.defineProperty(navigator, "userAgent", { configurable: true, get: () => ua });
}

function installApp() {
  win.ExchangeBridge = {
    call: async (module: string, method: string, params?: Record<string, unknown>) => {
      bridgeCalls.push([`${module}.${method}`, params]);
      const h = app[`${module}.${method}`];
      return h ? h(params) : { code: 404 };
    },
  };
}

beforeEach(() => {
  resetAuth();
  resetApp();
  resetRequest();
  resetContext();
  vi.mocked(reportProblem).mockClear();
  configureRequest({ apiBase: "/api", lang: "en", onError: () => {}, storage: null });
  setUA("3.7.0");
  bridgeCalls = [];
  fetches = [];
  sessionReply = { status: 200, body: { ret_code: 0, ret_msg: "OK", result: { id: 1001 } } };
  app = {
    "SystemInfo.getAppConfig": () => ({ code: 0, params: {} }),
    "Router.push": () => ({ code: 0 }),
    "UserProfile.getUserProfile": () => ({ code: 0, params: { uid: 1001, userName: "demo", userToken: "tok-1" } }),
  };
  installApp();
  startInApp(true);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      fetches.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      await new Promise((r) => setTimeout(r, 5));
      if (url.endsWith("/session")) {
        if (sessionReply.status === 200 && sessionReply.body.ret_code === 0) document.cookie = "promo_session=1; path=/";
        return new Response(JSON.stringify(sessionReply.body), { status: sessionReply.status });
      }
      return new Response(JSON.stringify({ ret_code: 0, ret_msg: "OK", result: { id: 1001 } }), { status: 200 });
    }),
  );
});

afterEach(() => {
  stopApp();
  delete win.ExchangeBridge;
  document.cookie = "promo_session=; max-age=0; path=/";
  Object.defineProperty(navigator, "userAgent", { configurable: true, get: () => PHONE });
});

const settle = () => new Promise((r) => setTimeout(r, 60));

describe("openAuth in the app", () => {
  it("pushes the app's login screen from 3.6.1 on, posts the token, then continues", async () => {
    setUA("3.6.1");
    const redeem = vi.fn();
    const onSuccess = vi.fn();
    openAuth({ mode: "login", redeem, onSuccess });
    await vi.waitFor(() => expect(redeem).toHaveBeenCalledOnce());
    expect(bridgeCalls.map(([c]) => c)).toEqual(["SystemInfo.getAppConfig", "Router.push", "UserProfile.getUserProfile"]);
    expect(bridgeCalls[1][1]).toEqual({ path: "login", fromWeb: 1 });
    expect(fetches[0]).toEqual({ url: "/api/session", body: { userToken: "tok-1" } });
    expect(fetches[1].url).toBe("/api/v2/private/user/profile");
    expect(onSuccess).toHaveBeenCalledWith("login");
    const s = getAuthState();
    expect(s.request).toBeNull(); // the web dialog never opened
    expect(s.login).toMatchObject({ visible: false, success: true });
    expect(reportProblem).not.toHaveBeenCalled();
  });

  it("reports an in-app profile of another account than the session's, and goes on", async () => {
    app["UserProfile.getUserProfile"] = () => ({ code: 0, params: { uid: 999, userToken: "tok-1" } });
    const redeem = vi.fn();
    openAuth({ mode: "login", redeem });
    await vi.waitFor(() => expect(redeem).toHaveBeenCalledOnce());
    expect(reportProblem).toHaveBeenCalledWith(expect.objectContaining({ type: "bridge", message: expect.stringContaining("999") }));
  });

  it("pushes the register screen for a sign-up", async () => {
    const redeem = vi.fn();
    openAuth({ mode: "register", redeem });
    await vi.waitFor(() => expect(redeem).toHaveBeenCalledOnce());
    expect(bridgeCalls.find(([c]) => c === "Router.push")?.[1]).toEqual({ path: "register", fromWeb: 1 });
    expect(getAuthState().register.success).toBe(true);
  });

  it("opens the web dialog below 3.6.1, without a push or a report", async () => {
    setUA("3.6.0");
    openAuth({ mode: "login" });
    await vi.waitFor(() => expect(getAuthState().login.visible).toBe(true));
    expect(bridgeCalls.map(([c]) => c)).not.toContain("Router.push");
    expect(reportProblem).not.toHaveBeenCalled();
  });

  it("prefers the app config's version over the user agent's", async () => {
    setUA("3.7.0");
    app["SystemInfo.getAppConfig"] = () => ({ code: 0, params: { appVersion: "3.5.9" } });
    openAuth({ mode: "login" });
    await vi.waitFor(() => expect(getAuthState().login.visible).toBe(true));
    expect(bridgeCalls.map(([c]) => c)).toEqual(["SystemInfo.getAppConfig"]);
  });

  it("opens the web dialog at once when the option is off or outside the app", async () => {
    startInApp(false);
    openAuth({ mode: "login" });
    expect(getAuthState().login.visible).toBe(true);
    resetAuth();
    stopApp(); // outside the app init starts nothing
    openAuth({ mode: "register" });
    expect(getAuthState().register.visible).toBe(true);
    await settle();
    expect(bridgeCalls).toEqual([]);
  });

  it("calls the app once for concurrent logins", async () => {
    let finish: (a: BridgeAnswer) => void = () => {};
    app["Router.push"] = () => new Promise<BridgeAnswer>((r) => (finish = r));
    const first = vi.fn();
    const second = vi.fn();
    openAuth({ mode: "login", redeem: first });
    openAuth({ mode: "login", redeem: second });
    openAuth({ mode: "register", redeem: second });
    await vi.waitFor(() => expect(bridgeCalls.map(([c]) => c)).toContain("Router.push"));
    finish({ code: 0 });
    await vi.waitFor(() => expect(first).toHaveBeenCalledOnce());
    await settle();
    expect(bridgeCalls.filter(([c]) => c === "Router.push")).toHaveLength(1);
    expect(second).not.toHaveBeenCalled();
    expect(fetches.filter((f) => f.url.endsWith("/session"))).toHaveLength(1);
    // Once it is over, a new login goes through the app again.
    app["Router.push"] = () => ({ code: 0 });
    openAuth({ mode: "login", redeem: second });
    await vi.waitFor(() => expect(second).toHaveBeenCalledOnce());
  });

  const failures: [string, () => void][] = [
    ["the visitor gave up (push code ≠ 0)", () => void (app["Router.push"] = () => ({ code: 1 }))],
    ["the profile call failed", () => void (app["UserProfile.getUserProfile"] = () => ({ code: 1 }))],
    ["the profile has no token", () => void (app["UserProfile.getUserProfile"] = () => ({ code: 0, params: { uid: 1 } }))],
    ["the session call was refused", () => void (sessionReply = { status: 200, body: { ret_code: 10007, ret_msg: "auth failed" } })],
    ["the push threw", () => void (app["Router.push"] = () => Promise.reject(new Error("boom")))],
  ];
  for (const [what, arrange] of failures) {
    it(`reports and opens the web dialog when ${what}`, async () => {
      arrange();
      const redeem = vi.fn();
      openAuth({ mode: "login", redeem });
      await vi.waitFor(() => expect(getAuthState().login.visible).toBe(true));
      expect(reportProblem).toHaveBeenCalledOnce();
      expect(vi.mocked(reportProblem).mock.calls[0][0]).toMatchObject({ type: "bridge" });
      expect(getAuthState().request?.redeem).toBe(redeem); // the web login still continues
      expect(redeem).not.toHaveBeenCalled();
      expect(document.cookie).not.toContain("promo_session=1");
    });
  }

  it("reports a bridge that never became ready and opens the web dialog", async () => {
    delete win.ExchangeBridge;
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      startInApp(true); // the watch starts with the page
      openAuth({ mode: "login" });
      await vi.advanceTimersByTimeAsync(3000);
      expect(getAuthState().login.visible).toBe(true);
      expect(reportProblem).toHaveBeenCalledWith(expect.objectContaining({ type: "bridge", message: expect.stringContaining("not ready") }));
    } finally {
      vi.useRealTimers();
    }
  });
});
