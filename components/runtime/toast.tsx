import { useSyncExternalStore } from "react";
import "./toast.css";

// Short messages callable from anywhere (request errors, copy confirmations). Spec §9:
// a toast lasts 3 s, a notification 1.5 s.

export const TOAST_DURATION = 3_000;
export const NOTIFY_DURATION = 1_500;
/** At most this many at once: a burst of failing calls must not fill the screen. */
export const MAX_TOASTS = 3;

interface Item {
  id: string;
  message: string;
}

interface State {
  ready: boolean; // false in the server snapshot: nothing renders until hydrated
  items: readonly Item[];
}

const SERVER_STATE: State = { ready: false, items: [] };
let state: State = { ready: true, items: [] };
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();
let nextId = 1;

function publish(items: readonly Item[]): void {
  state = { ready: true, items };
  listeners.forEach((l) => l());
}

function remove(id: string): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  if (state.items.some((t) => t.id === id)) publish(state.items.filter((t) => t.id !== id));
}

function show(message: string, opts?: { duration?: number }): string {
  const duration = opts?.duration ?? TOAST_DURATION;
  // The same message already on screen is shown once, for the full time again.
  const same = state.items.find((t) => t.message === message);
  const id = same?.id ?? String(nextId++);
  if (!same) {
    const items = [...state.items, { id, message }];
    const kept = items.slice(-MAX_TOASTS);
    items.slice(0, items.length - kept.length).forEach((t) => {
      clearTimeout(timers.get(t.id));
      timers.delete(t.id);
    });
    publish(kept);
  }
  clearTimeout(timers.get(id));
  timers.set(
    id,
    setTimeout(() => remove(id), duration),
  );
  return id;
}

export const toast = {
  /** Shows a toast for 3 s (or `duration` ms); returns its id. */
  show,
  /** Shows a notification for 1.5 s. */
  notify: (message: string): string => show(message, { duration: NOTIFY_DURATION }),
  /** Removes one toast, or all of them. */
  dismiss(id?: string): void {
    if (id !== undefined) return remove(id);
    state.items.forEach((t) => remove(t.id));
  },
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Where toasts appear: mount once per page. Renders nothing on the server and while
 * hydrating, so the prerendered HTML never has to match it.
 */
export function Toaster() {
  const { ready, items } = useSyncExternalStore(
    subscribe,
    () => state,
    () => SERVER_STATE,
  );
  if (!ready) return null;
  // The stack is a live region from hydration on, before any toast: screen readers
  // announce what is added to a region they already know, more reliably than a
  // region that appears with its text (each toast is a status of its own as well).
  return (
    <div className="promo-toaster" aria-live="polite">
      {items.map((t) => (
        <div key={t.id} className="promo-toast" role="status" aria-atomic="true">
          {t.message}
        </div>
      ))}
    </div>
  );
}

export function resetForTests(): void {
  timers.forEach((t) => clearTimeout(t));
  timers.clear();
  state = { ready: true, items: [] };
  nextId = 1;
}
