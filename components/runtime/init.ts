import { configureBridge } from "./bridge";
import { configureClient, detectClient } from "./context";
import { configureErrors } from "./errors";
import { setAppLinkOpener } from "./openLink";
import { initHeatmap } from "./heatmap";
import { configureIdentity } from "./identity";
import { initMonitor } from "./monitor";
import { configureRequest } from "./request";
import { initTracking } from "./tracking";
import type { PageData } from "./types";

/**
 * Configures the browser runtime from the page data: call once in the browser before
 * hydrating (never while prerendering). Returns the function that stops the listeners.
 */
export function initRuntime(data: PageData, opts?: { heatmap?: boolean }): () => void {
  configureIdentity({ brand: data.brand });
  configureClient({ appMarker: data.app.userAgentMarker });
  configureRequest({ apiBase: data.apiBase, lang: data.locale, storagePrefix: `${data.brand}:cache:` });
  configureErrors({ url: data.errorCodesUrl, fallbackUrl: data.errorCodesFallbackUrl });
  const { gtm, projectType } = data.analytics;
  initTracking({ campaignId: data.campaign.id, projectType, gtm, env: data.env });
  const stops = [initMonitor({ apiBase: data.apiBase, campaign: data.campaign.slug, locale: data.locale })];
  configureBridge(data.app); // login in the app through its bridge (DESIGN §8)
  if (opts?.heatmap !== false) stops.push(initHeatmap());
  // In the app, links to app screens open them (deeplinks.md): the listener and the rule
  // table are a chunk only the app loads, so pages outside it do not change.
  if (detectClient(navigator.userAgent, 0, data.app.userAgentMarker).isApp) {
    let stopLinks: (() => void) | null = null;
    let stopped = false;
    import("./applinks").then(
      (m) => void (stopped || (stopLinks = m.installAppLinks(data, setAppLinkOpener))),
      () => {}, // links then open as web links, which still works
    );
    stops.push(() => {
      stopped = true;
      stopLinks?.();
    });
  }
  return () => stops.forEach((stop) => stop());
}
