import { useSyncExternalStore } from "react";

// The client context of spec §1: where the page runs and whether a session exists.

export type Size = "large" | "medium" | "small";

export interface ClientContext {
  isApp: boolean; // inside the exchange's app (its marker is in the user agent)
  isPhone: boolean;
  isPC: boolean; // true unless a phone or an Android device (tablets other than Android count as PC)
  isLogin: boolean;
  size: Size;
  hydrated: boolean; // false on the server and while hydrating: the values are then neutral
}

/** Viewport widths (CSS px, window.innerWidth) where the size changes: large ≥ 1024, medium ≥ 640. */
export const SIZE_LARGE_MIN = 1024;
export const SIZE_MEDIUM_MIN = 640;

/** Name and value of the readable companion of the token cookie (DESIGN §4). */
export const SESSION_COOKIE = "promo_session";

// Phones: iPhone/iPod, Android phones (their browsers add "Mobile"; Android tablets do
// not), Windows Phone, and older phone platforms. iPads count as PC (spec §1); iPadOS
// even reports itself as a Mac.
const PHONE = /iPhone|iPod|Windows Phone|IEMobile|BlackBerry|BB10|Opera Mini|webOS|Android.*Mobile|Mobile.*Firefox/i;
const ANDROID = /Android/i;

export function detectClient(
  userAgent: string,
  viewportWidth: number,
  appMarker: string,
): { isApp: boolean; isPhone: boolean; isPC: boolean; size: Size } {
  const isPhone = PHONE.test(userAgent);
  return {
    isApp: appMarker !== "" && userAgent.includes(appMarker),
    isPhone,
    isPC: !isPhone && !ANDROID.test(userAgent),
    size: viewportWidth >= SIZE_LARGE_MIN ? "large" : viewportWidth >= SIZE_MEDIUM_MIN ? "medium" : "small",
  };
}

/** What the server renders and what hydration starts from, so the HTML always matches. */
export const NEUTRAL_CONTEXT: ClientContext = Object.freeze({
  isApp: false,
  isPhone: false,
  isPC: true,
  isLogin: false,
  size: "large",
  hydrated: false,
});

let appMarker = "";
let snapshot: ClientContext | null = null;
const listeners = new Set<() => void>();

/** Sets the app's user-agent marker (page data app.userAgentMarker). */
export function configureClient(cfg: { appMarker: string }): void {
  appMarker = cfg.appMarker;
  refreshClientContext();
}

/** Logged in when the function's companion cookie says so (DESIGN §4). */
export function hasSession(): boolean {
  return document.cookie.split(/;\s*/).includes(`${SESSION_COOKIE}=1`);
}

// React calls this on every render of every consumer: it is cheap and returns the same
// object until something changed, as useSyncExternalStore requires.
function read(): ClientContext {
  const d = detectClient(navigator.userAgent, window.innerWidth, appMarker);
  const isLogin = hasSession();
  const s = snapshot;
  if (s && s.isApp === d.isApp && s.isPhone === d.isPhone && s.isPC === d.isPC && s.size === d.size && s.isLogin === isLogin) {
    return s;
  }
  return (snapshot = { ...d, isLogin, hydrated: true });
}

const serverSnapshot = () => NEUTRAL_CONTEXT;

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    window.addEventListener("resize", refreshClientContext);
    // A login or logout in another tab changes the cookie; look again when the visitor returns.
    document.addEventListener("visibilitychange", refreshClientContext);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener("resize", refreshClientContext);
      document.removeEventListener("visibilitychange", refreshClientContext);
    }
  };
}

/** Tells the consumers to read the context again, e.g. after a login or logout. */
export function refreshClientContext(): void {
  listeners.forEach((l) => l());
}

/**
 * The client context. Neutral (NEUTRAL_CONTEXT) on the server and during hydration, the
 * real one right after: useSyncExternalStore renders the server snapshot while hydrating
 * and re-renders with the real one once committed (DESIGN §2: no hydration mismatch).
 */
export function useClientContext(): ClientContext {
  return useSyncExternalStore(subscribe, read, serverSnapshot);
}

export function resetForTests(): void {
  appMarker = "";
  snapshot = null;
}
