// The lazy chunk a page loads in the app only (runtime/app.ts): the bridge login
// (appLogin.ts) and the in-app link handling (../applinks.ts), started together so the
// watch for the bridge begins with the page (DESIGN §8), not at the first login.

import { showAuth, type AuthRequest } from "../../widgets/auth/store";
import { installAppLinks } from "../applinks";
import type { PageData } from "../types";
import { appAuth as loginThroughApp, type BridgeConfig } from "./appLogin";
import { getBridge } from "./client";

let cfg: BridgeConfig | null = null;

/** Starts the bridge watch and the link handling; returns the function that stops them. */
export function start(data: Pick<PageData, "app" | "appLinks">): () => void {
  cfg = data.app;
  if (data.app.bridgeLogin && data.app.bridge) getBridge(data.app.bridge);
  const stopLinks = installAppLinks(data);
  return () => {
    stopLinks();
    cfg = null;
  };
}

/** The app's side of openAuth (appLogin.ts); the modal once the chunk was stopped. */
export function appAuth(req: AuthRequest): Promise<void> {
  return cfg ? loginThroughApp(cfg, req) : Promise.resolve(showAuth(req));
}
