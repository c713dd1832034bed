// The Intl locale behind a page locale. A few markets read figures differently from what
// CLDR gives their language by default, and the copy is written that way:
// - ar-SA: Latin digits (0–9), like the rest of the Arabic copy, the prices and the app;
//   the Gregorian calendar, so dates match the campaign rules whatever the ICU version
//   (older ones default ar-SA to the Umm al-Qura calendar).
// - th-TH: Gregorian years (2026, not the Buddhist era's 2569), as in the rules and
//   everywhere else on the exchange.
const extensions: Record<string, string> = {
  ar: "-u-ca-gregory-nu-latn",
  th: "-u-ca-gregory",
};

const resolved = new Map<string, string>();

/** "ar-SA" → "ar-SA-u-ca-gregory-nu-latn", "th-TH" → "th-TH-u-ca-gregory", others as given. */
export function intlLocale(locale: string): string {
  let tag = resolved.get(locale);
  if (tag === undefined) {
    const ext = locale.includes("-u-") ? "" : (extensions[locale.split("-")[0].toLowerCase()] ?? "");
    tag = locale + ext;
    resolved.set(locale, tag);
  }
  return tag;
}

/**
 * Chinese and Japanese write a number and its unit without a space ("12日3時間"), while
 * CLDR's unit patterns put one in for some of them ("12 日", "12 天").
 */
export function isUnspacedScript(locale: string): boolean {
  const lang = locale.split("-")[0].toLowerCase();
  return lang === "ja" || lang === "zh";
}
