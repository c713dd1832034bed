import { intlLocale, isUnspacedScript } from "./locale";
import { formatUnit } from "./number";

const lists = new Map<string, Intl.ListFormat>();

function listFormat(locale: string): Intl.ListFormat {
  let f = lists.get(locale);
  if (!f) {
    f = new Intl.ListFormat(intlLocale(locale), { style: "long", type: "unit" });
    lists.set(locale, f);
  }
  return f;
}

export interface Remaining {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Splits the time from now to end into whole days, hours, minutes and seconds. */
export function remaining(endMs: number, nowMs: number): Remaining {
  let s = Math.max(0, Math.floor((endMs - nowMs) / 1000));
  const days = Math.floor(s / 86400);
  s -= days * 86400;
  const hours = Math.floor(s / 3600);
  s -= hours * 3600;
  const minutes = Math.floor(s / 60);
  return { days, hours, minutes, seconds: s - minutes * 60 };
}

// Any space Intl may put between a number and its unit or between units (ASCII,
// no-break, narrow no-break, depending on the ICU version).
const spaces = /[\s\u00a0\u202f]+/g;

/**
 * "12 days, 3 hours" in the page's language, largest two non-zero units (seconds only in
 * the last minute), joined the way the language lists things; Chinese and Japanese run
 * them together without spaces ("12日3時間", "12天3小時").
 */
export function formatRemaining(locale: string, r: Remaining): string {
  const parts: string[] = [];
  const units = [
    [r.days, "day"],
    [r.hours, "hour"],
    [r.minutes, "minute"],
    [r.seconds, "second"],
  ] as const;
  for (const [v, unit] of units) {
    if (v > 0 && parts.length < 2 && (unit !== "second" || (r.days === 0 && r.hours === 0 && r.minutes === 0))) {
      parts.push(formatUnit(locale, v, unit));
    }
  }
  if (parts.length === 0) parts.push(formatUnit(locale, 0, "second"));
  if (isUnspacedScript(locale)) return parts.map((p) => p.replace(spaces, "")).join("");
  return listFormat(locale).format(parts);
}
