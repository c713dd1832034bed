// The app's place in the first-load script (DESIGN §8, deeplinks.md): init.ts calls
// startApp in the app only, which loads one lazy chunk (bridge/inApp.ts) with the bridge
// login, the in-app link handling and the jump-to-app opener. Outside the app this module
// is a branch never taken, so those pages stay as they were (DESIGN §7, PageWeight bench).

import { showAuth, type AuthRequest } from "../widgets/auth/store";
import { reportProblem } from "./monitor";
import type { PageData } from "./types";

let chunk: Promise<typeof import("./bridge/inApp")> | null = null;
let bridgeLogin = false;

/**
 * Starts the in-app runtime: the chunk watches for the bridge at once (DESIGN §8: ready
 * once, then ready or error within 3 s) and takes over links to app screens. Returns the
 * function that stops it.
 */
export function startApp(data: Pick<PageData, "app" | "appLinks">): () => void {
  bridgeLogin = data.app.bridgeLogin;
  // A chunk that fails leaves links opening as web links; a login then reports it.
  const started = (chunk = import("./bridge/inApp")).then((m) => m.start(data), () => () => {});
  return () => {
    chunk = null;
    void started.then((stop) => stop());
  };
}

/**
 * Login or sign-up in the app with the bridge option on (spec §4): the chunk asks the app,
 * then finishes the request or opens the modal (and drops a call made while one runs).
 * False elsewhere: the caller opens the modal at once.
 */
export function authInApp(request: AuthRequest): boolean {
  if (!chunk || !bridgeLogin) return false;
  chunk.then(
    (m) => m.appAuth(request),
    (e: unknown) => {
      // The browser keeps a failed module import failed for the page: the modal it is.
      reportProblem({ type: "bridge", message: String(e) });
      showAuth(request);
    },
  );
  return true;
}

export function resetForTests(): void {
  chunk = null;
  bridgeLogin = false;
}
