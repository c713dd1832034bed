import { startApp } from "./app";
import { configureClient, detectClient } from "./context";
import { configureErrors } from "./errors";
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
  if (opts?.heatmap !== false) stops.push(initHeatmap());
  // In the app: login through its bridge and links that open app screens (DESIGN §8,
  // deeplinks.md), a chunk only the app loads.
  if (detectClient(navigator.userAgent, 0, data.app.userAgentMarker).isApp) {
    stops.push(startApp(data));
  }
  return () => stops.forEach((stop) => stop());
}
