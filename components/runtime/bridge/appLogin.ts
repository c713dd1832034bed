// Login or sign-up through the app (spec §4, DESIGN §8): Router.push to the app's own
// screen, then the in-app profile, then its userToken to POST /session, which sets the
// HttpOnly cookie. Part of the in-app chunk (inApp.ts).

import { fetchProfile } from "../../api/profile";
import { sessionChanged } from "../../api/session";
import { markAuthSucceeded, showAuth, type AuthRequest } from "../../widgets/auth/store";
import { ROUTE_SESSION } from "../contract.gen";
import { reportProblem } from "../monitor";
import { request } from "../request";
import { track } from "../tracking";
import type { AppConfig } from "../types";
import { getBridge, type Bridge } from "./client";
import { mapInAppProfile, type InAppProfile } from "./profile";
import { bridgeVersionOK, parseAppVersion } from "./version";

/** The bridge's part of the page data: app.bridge and app.userAgentMarker. */
export type BridgeConfig = Pick<AppConfig, "bridge" | "userAgentMarker">;

export type AppLoginMode = "login" | "register";

/**
 * What happened: "done" (logged in, go on), "web" (use the web dialog: the app is too
 * old; not a failure) or "failed" (reported to monitoring; use the web dialog).
 */
export type AppLoginOutcome = "done" | "web" | "failed";

/** Calls that answer at once in the app; Router.push waits for the visitor instead. */
export const CALL_TIMEOUT = 10_000;

function withTimeout<T>(p: Promise<T>, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`${what}: no answer in ${CALL_TIMEOUT} ms`)), CALL_TIMEOUT);
    p.then(resolve, reject).finally(() => clearTimeout(t));
  });
}

/** SystemInfo.getAppConfig's appVersion, or null when the app does not tell. */
export async function appConfigVersion(bridge: Bridge): Promise<string | null> {
  try {
    const a = await withTimeout(bridge.call("SystemInfo", "getAppConfig"), "SystemInfo.getAppConfig");
    const v = a.code === 0 ? a.params?.appVersion : undefined;
    return typeof v === "string" && v !== "" ? v : null;
  } catch {
    return null; // older apps may lack the call: the user agent's version stands
  }
}

class Failure extends Error {}

/**
 * Hands the app's userToken to the function (DESIGN §8: POST <apiBase>/session), which
 * checks it with the upstream profile call and then sets the HttpOnly token cookie and
 * its companion; the token is not kept anywhere in the page. Rejects with the ApiError.
 */
async function openAppSession(userToken: string): Promise<void> {
  // A refresh call: a refused token (10007) falls back to the web dialog, no reload (spec §8).
  await request({ method: ROUTE_SESSION.method, url: ROUTE_SESSION.path, data: { userToken }, hideToast: true, refresh: true });
  sessionChanged();
}

/**
 * Runs the whole login through the app. The app config's version wins over the user
 * agent's when present (DESIGN §8). Never rejects.
 */
export async function appLogin(cfg: BridgeConfig, mode: AppLoginMode): Promise<AppLoginOutcome> {
  const uaVersion = parseAppVersion(navigator.userAgent, cfg.userAgentMarker);
  const bridge = getBridge(cfg.bridge);
  if (!(await bridge.ready())) {
    // Without a bridge an app too old for it is expected; a recent one is a failure.
    if (!bridgeVersionOK(uaVersion)) return "web";
    return failed(new Failure(`bridge ${cfg.bridge} not ready`));
  }
  const version = (await appConfigVersion(bridge)) ?? uaVersion;
  if (!bridgeVersionOK(version)) return "web";
  try {
    track({ el: mode === "login" ? "login_open" : "register_open" });
    const pushed = await bridge.call("Router", "push", { path: mode, fromWeb: 1 });
    if (pushed.code !== 0) throw new Failure(`Router.push ${mode}: code ${pushed.code}`);
    const answer = await withTimeout(bridge.call("UserProfile", "getUserProfile"), "UserProfile.getUserProfile");
    const token = answer.params?.userToken;
    if (answer.code !== 0 || typeof token !== "string" || token === "") {
      throw new Failure(`UserProfile.getUserProfile: code ${answer.code}${answer.code === 0 ? ", no userToken" : ""}`);
    }
    const profile = mapInAppProfile(answer.params ?? {});
    await openAppSession(token).catch((e: unknown) => {
      throw new Failure(`POST /session: ${describe(e)}`);
    });
    await refreshProfile(profile);
    track({ el: mode === "login" ? "login_success" : "register_success" });
    return "done";
  } catch (e) {
    return failed(e);
  }
}

// The web profile is the one the widgets use (fetchProfile also stores the user id, spec
// §3). It must be the account the app logged in: another one is reported. A failed
// refresh does not undo the login: the cookie is set, and the widgets fetch it again.
async function refreshProfile(inApp: InAppProfile): Promise<void> {
  const web = await fetchProfile({ force: true }).catch(() => null);
  if (web && inApp.id && Number(web.id) !== inApp.id) {
    reportProblem({ type: "bridge", message: `in-app profile ${inApp.id} is not the session's ${String(web.id)}` });
  }
}

function describe(e: unknown): string {
  if (e instanceof Error) return e.message;
  const o = e as { code?: unknown; msg?: unknown } | null;
  return o && typeof o === "object" ? `code ${String(o.code)} ${String(o.msg ?? "")}`.trim() : String(e);
}

function failed(e: unknown): AppLoginOutcome {
  reportProblem({ type: "bridge", message: `in-app login failed: ${describe(e)}`, stack: e instanceof Error && !(e instanceof Failure) ? e.stack : undefined });
  return "failed";
}

let inFlight = false;

/**
 * The app's side of openAuth: logs in through the app, then runs what the request asked
 * for (spec §4: after success the page goes on, e.g. Apply enrols), or opens the modal.
 * One at a time (spec §4: concurrent calls deduplicated): a call meanwhile is dropped.
 */
export async function appAuth(cfg: BridgeConfig, req: AuthRequest): Promise<void> {
  if (inFlight) return;
  inFlight = true;
  try {
    if ((await appLogin(cfg, req.mode)) !== "done") return showAuth(req);
    markAuthSucceeded(req.mode);
    req.onSuccess?.(req.mode);
    req.redeem?.();
    if (req.reloadOnSuccess) window.location.reload();
  } finally {
    inFlight = false;
  }
}
