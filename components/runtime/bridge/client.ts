// The bridge the app injects at window[app.bridge] (DESIGN §8). Part of the lazy bridge
// chunk: only pages running in the app load it.

/** What every bridge call resolves with; code 0 is success (DESIGN §8). */
export interface BridgeAnswer {
  code: number;
  params?: Record<string, unknown>;
}

/** The object the app injects. */
export interface AppBridge {
  call(module: string, method: string, params?: Record<string, unknown>): Promise<BridgeAnswer>;
}

export type BridgeState = "waiting" | "ready" | "error";

/** How long a page waits for the "<bridge>Ready" event when the object is absent at start. */
export const READY_TIMEOUT = 3000;

export interface Bridge {
  readonly name: string;
  state(): BridgeState;
  /** Resolves once: true when ready, false on error (spec §4: ready once, then ready or error). */
  ready(): Promise<boolean>;
  /** Calls the app; rejects when the bridge is not ready or the call fails. */
  call(module: string, method: string, params?: Record<string, unknown>): Promise<BridgeAnswer>;
}

function lookup(win: Window, name: string): AppBridge | null {
  const b = (win as unknown as Record<string, unknown>)[name] as AppBridge | undefined;
  return b && typeof b.call === "function" ? b : null;
}

/**
 * Starts watching for the bridge named `name`: ready at once when the object is there;
 * otherwise ready when "<name>Ready" fires within `timeoutMs` (and the object is then
 * there), error after that. The state changes once; later events change nothing.
 */
export function createBridge(name: string, win: Window = window, timeoutMs = READY_TIMEOUT): Bridge {
  let state: BridgeState = "waiting";
  let settle: (ok: boolean) => void = () => {};
  const settled = new Promise<boolean>((resolve) => (settle = resolve));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const event = `${name}Ready`;
  const finish = (ok: boolean) => {
    if (state !== "waiting") return;
    state = ok ? "ready" : "error";
    clearTimeout(timer);
    win.removeEventListener(event, onReady);
    settle(ok);
  };
  // The event says the object is there now; one fired without it is an error.
  const onReady = () => finish(lookup(win, name) !== null);

  if (lookup(win, name)) finish(true);
  else {
    win.addEventListener(event, onReady);
    timer = setTimeout(() => finish(false), timeoutMs);
  }

  return {
    name,
    state: () => state,
    ready: () => settled,
    async call(module, method, params) {
      const b = state === "ready" ? lookup(win, name) : null;
      if (!b) throw new Error(`bridge ${name} is not ready (${state})`);
      const answer = await b.call(module, method, params);
      if (!answer || typeof answer.code !== "number") throw new Error(`bridge ${module}.${method}: malformed answer`);
      return answer;
    },
  };
}

let shared: Bridge | null = null;

/** The page's bridge, created when the in-app chunk starts (inApp.ts). */
export function getBridge(name: string): Bridge {
  if (!shared || shared.name !== name) shared = createBridge(name);
  return shared;
}

export function resetBridgeForTests(): void {
  shared = null;
}
