// In-app link handling (deeplinks.md "Where links are used", DESIGN §8): inside the app,
// a click on a link whose URL maps to an app screen opens that screen instead of the web
// page; unmapped links open as web links. Part of the in-app chunk (bridge/inApp.ts), so
// pages outside it carry neither the listener nor the rule table.
//
// The bridge (runtime/bridge/) exposes no router for arbitrary screens (its Router.push
// is login and sign-up only, DESIGN §8), so the screen opens by navigating to the app
// link, which the app's web view hands to the app.
import { mapDeepLink, type DeepLinkConfig } from "./deeplink";
import { setAppLinkOpener } from "./openLink";
import type { PageData } from "./types";

let navigate = (appLink: string) => window.location.assign(appLink);

/** Lets tests observe the navigation (jsdom and browsers forbid stubbing Location). */
export function setNavigateForTests(fn: (appLink: string) => void): void {
  navigate = fn;
}

/** The app link of a link's href, or null when it opens as a web link. */
export function appLinkOf(href: string, resolved: string, data: Pick<PageData, "app" | "appLinks">): string | null {
  const pre = data.appLinks?.[href];
  if (pre) return pre; // computed by the build for the config's links (generator/applinks.go)
  const config: DeepLinkConfig = { scheme: data.app.scheme, siteHost: data.app.siteHost, webHosts: data.app.webHosts ?? [] };
  // A site path maps as written: resolved against the serving origin it would name a
  // host the configuration may not know (a preview port, a CDN name).
  const url = href.startsWith("/") && !href.startsWith("//") ? href : resolved;
  return mapDeepLink(url, config)?.link ?? null;
}

/** Installs the delegated click listener; returns the function that removes it. */
export function installAppLinks(
  data: Pick<PageData, "app" | "appLinks">,
  doc: Document = document,
): () => void {
  const onClick = (e: MouseEvent) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = (e.target as Element | null)?.closest?.("a[href]");
    if (!(a instanceof HTMLAnchorElement) || a.hasAttribute("download")) return;
    const link = appLinkOf(a.getAttribute("href") ?? "", a.href, data);
    if (!link) return; // not an app screen: the web link opens as usual
    e.preventDefault();
    navigate(link);
  };
  doc.addEventListener("click", onClick);
  // Redirects the pop-ups open by script (their hrefs are the config's, precomputed).
  setAppLinkOpener((href) => {
    const link = appLinkOf(href, new URL(href, window.location.href).href, data);
    if (link) navigate(link);
    return link !== null;
  });
  return () => {
    doc.removeEventListener("click", onClick);
    setAppLinkOpener(null);
  };
}
