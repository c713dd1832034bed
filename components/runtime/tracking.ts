// Analytics events (spec §3: ep, default "click", el, campaign id, project type; §4:
// "Reporting events are queued until the analytics script has loaded after page load").
// Events go to window.dataLayer, the tag manager's queue, in the order they happened.
// The script is the site's Google Tag Manager container (site.yaml analytics.gtm),
// loaded by ./gtm.ts; the local environment never loads one (DESIGN §6).

import { loadGTM, resetGTMForTests } from "./gtm";

export { initHeatmap } from "./heatmap";
export { initMonitor } from "./monitor";

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Spec §3: the project type when the page names none. */
export const DEFAULT_PROJECT_TYPE = "growth-activity";
/** Events kept while waiting; a page whose analytics never loads must not grow without bound. */
export const MAX_QUEUE = 200;

export interface TrackEvent {
  el: string; // what was used ("apply", "login-open", ...)
  ep?: string; // what happened, "click" by default
  campaignId?: string; // the page's campaign by default
  [field: string]: unknown;
}

export interface TrackingConfig {
  campaignId?: string;
  projectType?: string; // site.yaml analytics.projectType
  gtm?: string; // the Tag Manager container to load after page load, if any
  env?: string; // the build's environment: in `local` no script loads, whatever gtm says
}

let config: TrackingConfig = {};
let ready = false;
let queue: TrackEvent[] = [];
let stop: (() => void) | null = null;

/**
 * Starts delivery: after the window's load event, and after the container script
 * (when there is one) has loaded, the queued events are pushed in order and later
 * ones at once. A script that fails to load releases the queue too: dataLayer is only
 * an array, and keeping events back forever would help nobody.
 */
export function initTracking(cfg: TrackingConfig): void {
  config = { ...cfg };
  stop?.();
  let cancelled = false;
  stop = () => {
    cancelled = true;
    window.removeEventListener("load", afterLoad);
  };
  function afterLoad() {
    if (cancelled) return;
    const gtm = cfg.env === "local" ? "" : cfg.gtm;
    if (!gtm || !loadGTM(gtm, () => !cancelled && release())) release();
  }
  if (document.readyState === "complete") afterLoad();
  else window.addEventListener("load", afterLoad, { once: true });
}

function release(): void {
  ready = true;
  const pending = queue;
  queue = [];
  pending.forEach(push);
}

// The dataLayer shape is built on delivery, so an event queued before initTracking
// still gets the page's campaign id and project type.
function push(ev: TrackEvent): void {
  const { el, ep, campaignId, ...rest } = ev;
  (window.dataLayer ??= []).push({
    ...rest,
    event: "promo",
    ep: ep ?? "click",
    el,
    campaign_id: campaignId ?? config.campaignId ?? "",
    project_type: config.projectType || DEFAULT_PROJECT_TYPE,
  });
}

/** Reports an event: {event: "promo", ep, el, campaign_id, project_type, ...other fields}. */
export function track(ev: TrackEvent): void {
  if (typeof window === "undefined") return;
  if (ready) push(ev);
  else if (queue.length < MAX_QUEUE) queue.push({ ...ev });
}

export function resetForTests(): void {
  stop?.();
  stop = null;
  config = {};
  ready = false;
  queue = [];
  resetGTMForTests();
}
