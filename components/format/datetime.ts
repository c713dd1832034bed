import { intlLocale } from "./locale";

// Intl formatters are costly to create (tens of microseconds each, more with a time
// zone) and a build prerenders hundreds of pages per locale: keep one per locale and
// options.
const cache = new Map<string, Intl.DateTimeFormat>();

/**
 * Formats an ISO instant as a medium date with a short time, in UTC, for locale. Times
 * use the 24-hour clock everywhere: a campaign starting at midnight UTC reads "00:00",
 * never "12:00 AM", which visitors misread as noon.
 */
export function formatDateTimeUTC(locale: string, iso: string): string {
  let f = cache.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(intlLocale(locale), {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: "UTC",
      hourCycle: "h23",
    });
    cache.set(locale, f);
  }
  return f.format(new Date(iso));
}

const local = new Map<string, Intl.DateTimeFormat>();

/**
 * An hour of the last day in the visitor's own time zone, as a chart's time axis reads
 * it: "Nov 1, 08:00" (24-hour clock, as above). Only for what renders after hydration
 * (the visitor's zone is unknown at build time).
 */
export function formatDayHour(locale: string, ms: number): string {
  let f = local.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(intlLocale(locale), { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    local.set(locale, f);
  }
  return f.format(ms);
}
