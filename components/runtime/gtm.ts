// Loads the Google Tag Manager container of site.yaml analytics.gtm. Google's snippet
// does the same from an inline script, which the pages' Content-Security-Policy
// forbids; here the runtime does it, after the window's load event (spec §4), and the
// policy allows only this script's host (internal/cdn/csp.go).

/** The container script; the policy's script-src names its origin. */
export const GTM_SCRIPT = "https://www.googletagmanager.com/gtm.js";

/** Container ids as site.yaml validates them (internal/content/config.go). */
const GTM_ID = /^GTM-[A-Z0-9]+$/;

export function gtmSrc(id: string): string {
  return `${GTM_SCRIPT}?id=${encodeURIComponent(id)}`;
}

// One script per container and page, however often tracking is started again.
const started = new Map<string, { done: boolean; waiting: (() => void)[] }>();

/**
 * Starts the container once: pushes its start event to window.dataLayer (what the
 * container's page-view triggers run on), then injects gtm.js. done runs when the
 * script has loaded or failed (a blocker must not keep the page's events back
 * forever), at once if that already happened. Returns false, loading nothing, for an
 * id that is not a container id.
 */
export function loadGTM(id: string, done: () => void): boolean {
  if (!GTM_ID.test(id)) return false;
  const src = gtmSrc(id);
  const known = started.get(src);
  if (known) {
    if (known.done) done();
    else known.waiting.push(done);
    return true;
  }
  const state = { done: false, waiting: [done] };
  started.set(src, state);
  const finish = () => {
    if (state.done) return;
    state.done = true;
    state.waiting.splice(0).forEach((f) => f());
  };
  (window.dataLayer ??= []).push({ "gtm.start": Date.now(), event: "gtm.js" });
  const script = document.createElement("script");
  script.async = true;
  script.src = src;
  script.addEventListener("load", finish);
  script.addEventListener("error", finish);
  document.head.appendChild(script);
  return true;
}

export function resetGTMForTests(): void {
  started.clear();
}
