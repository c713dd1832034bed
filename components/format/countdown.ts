import { formatUnit } from "./number";

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

/**
 * "12 days, 3 hours, 4 minutes" in the page's language, largest two non-zero units
 * (seconds only in the last minute), joined the way the language lists things.
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
  return new Intl.ListFormat(locale, { style: "long", type: "unit" }).format(parts);
}
