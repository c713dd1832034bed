// Script-error reports (spec §7: "A monitoring collector post occurs when the monitor
// script is missing"). The function answers POST <apiBase>/monitor, logs the report and
// limits it per address; here a page sends at most MAX_REPORTS, each message once.

import { ROUTE_MONITOR } from "./contract.gen";

declare global {
  interface Window {
    // Set by an external monitoring script; when present it does the reporting.
    __PROMO_MONITOR__?: unknown;
  }
}

export const MAX_REPORTS = 10;
// The collector's own field limits (function/monitor.go): longer text would be cut there.
const MESSAGE_MAX = 1024;
const STACK_MAX = 4096;
const URL_MAX = 512;
const UA_MAX = 256;

export interface MonitorConfig {
  apiBase: string;
  campaign?: string;
  locale?: string;
}

let sent = 0;
const seen = new Set<string>();

export interface Report {
  // "bridge": a failed login through the app's bridge (spec §4: bridge failure is reported).
  type: "error" | "unhandledrejection" | "bridge";
  message: string;
  stack?: string;
  source?: string;
  line?: number;
  column?: number;
}

/** Starts listening; returns the function that stops it. */
export function initMonitor(cfg: MonitorConfig): () => void {
  const endpoint = cfg.apiBase.replace(/\/+$/, "") + ROUTE_MONITOR.path;
  reportProblem = (r) => report(endpoint, cfg, r);
  const onError = (e: ErrorEvent) => {
    const err: unknown = e.error;
    report(endpoint, cfg, {
      type: "error",
      message: e.message || describe(err),
      stack: err instanceof Error ? err.stack : undefined,
      source: e.filename || undefined,
      line: e.lineno || undefined,
      column: e.colno || undefined,
    });
  };
  const onRejection = (e: PromiseRejectionEvent) => {
    const reason: unknown = e.reason;
    report(endpoint, cfg, { type: "unhandledrejection", message: describe(reason), stack: reason instanceof Error ? reason.stack : undefined });
  };
  window.addEventListener("error", onError);
  window.addEventListener("unhandledrejection", onRejection);
  return () => {
    window.removeEventListener("error", onError);
    window.removeEventListener("unhandledrejection", onRejection);
  };
}

/**
 * Reports a problem the page handled itself (spec §4: a bridge failure), under the same
 * limits; does nothing before initMonitor.
 */
export let reportProblem: (r: Report) => void = () => {};

function describe(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function report(endpoint: string, cfg: MonitorConfig, r: Report): void {
  if (window.__PROMO_MONITOR__ !== undefined) return;
  const key = `${r.type}|${r.message}`;
  if (sent >= MAX_REPORTS || seen.has(key)) return;
  sent++;
  seen.add(key);
  const body = JSON.stringify({
    ...r,
    message: r.message.slice(0, MESSAGE_MAX),
    stack: r.stack?.slice(0, STACK_MAX),
    url: location.href.slice(0, URL_MAX),
    ua: navigator.userAgent.slice(0, UA_MAX),
    campaign: cfg.campaign,
    locale: cfg.locale,
  });
  // sendBeacon survives the page being closed; the collector accepts its text/plain.
  if (typeof navigator.sendBeacon === "function" && navigator.sendBeacon(endpoint, body)) return;
  fetch(endpoint, {
    method: "POST",
    body,
    keepalive: true,
    credentials: "same-origin",
    headers: { "Content-Type": "application/json" },
  }).catch(() => {
    // Reporting must never raise an error of its own (it would be reported again).
  });
}

export function resetForTests(): void {
  reportProblem = () => {};
  sent = 0;
  seen.clear();
}
