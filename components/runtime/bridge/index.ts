// The in-app bridge's entry in the first-load script (DESIGN §8): as little as decides
// and loads the bridge chunk (appLogin.ts, client.ts, version.ts), in the app only, so
// pages outside it stay as they were (DESIGN §7: measured with the PageWeight bench).

import { fetchProfile } from "../../api/profile";
import { openAppSession } from "../../api/session";
import type { AuthRequest } from "../../widgets/auth/store";
import { detectClient } from "../context";
import { reportProblem } from "../monitor";
import { track } from "../tracking";
import type { AppConfig } from "../types";
import type { AuthUI } from "./appLogin";

let app: AppConfig | null = null;
let chunk: Promise<typeof import("./appLogin")> | null = null;

const load = () => (chunk ??= import("./appLogin"));
const inApp = (a: AppConfig) => detectClient(navigator.userAgent, 0, a.userAgentMarker).isApp;

/**
 * Configures the bridge from the page data. The chunk, and with it the watch for the
 * bridge (present, or "<bridge>Ready" within 3 s), starts on the first login in the app:
 * starting it here would cost every page outside the app (DESIGN §7).
 */
export function configureBridge(a: AppConfig): void {
  app = a;
}

/**
 * Login or sign-up in the app with the bridge option on (spec §4): the chunk asks the
 * app, then finishes the request or opens the modal (it also drops a call made while
 * one runs). False elsewhere: the caller opens the modal.
 */
export function authInApp(request: AuthRequest, ui: AuthUI): boolean {
  const a = app;
  if (!a?.bridgeLogin || !inApp(a)) return false;
  // The chunk gets the first-load functions it needs as arguments (see appLogin.ts).
  load().then(
    (m) => m.appAuth(a, request, { ...ui, openAppSession, fetchProfile, reportProblem, track }),
    (e: unknown) => {
      // The browser keeps a failed module import failed for the page: the modal it is.
      reportProblem({ type: "bridge", message: String(e) });
      ui.showModal();
    },
  );
  return true;
}

export function resetForTests(): void {
  app = chunk = null;
}
