import { SHEET_ATTR } from "./contract.gen";

let ready: Promise<void> | null = null;

/**
 * Applies the style sheets the page only preloaded (generator/firstpaint.go: the rules its
 * prerendered HTML uses are inline, so the sheets do not block the first paint) and
 * resolves once they are in, or failed: a widget the scripts add (a dialog, a lazy
 * widget, the app banner) waits for this before it shows, so it never shows unstyled.
 * Idempotent; resolves at once on a page that links its sheets (`promo dev`).
 */
export function loadStyles(): Promise<void> {
  if (ready) return ready;
  const links = [...document.querySelectorAll<HTMLLinkElement>(`link[${SHEET_ATTR}]`)];
  ready = Promise.all(
    links.map(
      (link) =>
        new Promise<void>((resolve) => {
          link.addEventListener("load", () => resolve(), { once: true });
          link.addEventListener("error", () => resolve(), { once: true });
          link.rel = "stylesheet";
        }),
    ),
  ).then(() => undefined);
  return ready;
}

/** Forgets the sheets' state: tests start each from a fresh document. */
export function resetStylesForTest(): void {
  ready = null;
}
