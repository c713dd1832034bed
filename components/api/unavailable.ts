import { useSyncExternalStore } from "react";

// Spec §8: 3580000 from the info or enrol call means the campaign is not available:
// the page shows a blocking dialog. Any caller may raise it; the page root shows it.
let unavailable = false;
const listeners = new Set<() => void>();

export function markUnavailable(): void {
  if (unavailable) return;
  unavailable = true;
  for (const l of listeners) l();
}

export function resetUnavailable(): void {
  unavailable = false;
  for (const l of listeners) l();
}

export function useUnavailable(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => unavailable,
    () => false,
  );
}
