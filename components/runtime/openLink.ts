// Links the page opens by script rather than by a click on <a> (the apply and quick-login
// pop-ups' redirects): in the app, runtime/applinks.ts installs an opener that sends a
// mapped link to its app screen (deeplinks.md "Where links are used"); elsewhere, and for
// unmapped links, they open in a new tab as before. Tiny on purpose: it is first-load code.

let appOpener: ((href: string) => boolean) | null = null;

/** Set by applinks.ts in the app; returns true when it opened the link in the app. */
export function setAppLinkOpener(fn: ((href: string) => boolean) | null): void {
  appOpener = fn;
}

/** Opens href in the app when it maps there, else in a new tab. */
export function openInNewTab(href: string): void {
  if (appOpener?.(href)) return;
  window.open(href, "_blank", "noopener,noreferrer");
}
