import { intlLocale } from "./locale";

// Locale-aware numbers (issue: every page reads as if written for its language). Intl
// formatters are cached per locale and options: creating one costs far more than using it.
const cache = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = locale + JSON.stringify(options);
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(intlLocale(locale), options);
    cache.set(key, f);
  }
  return f;
}

/** 1234.5 → "1,234.5" (en), "1 234,5" (ru-RU), "1,234.5" (ar-SA, Latin digits). */
export function formatNumber(locale: string, value: number, maximumFractionDigits = 2): string {
  return formatter(locale, { maximumFractionDigits }).format(value);
}

/**
 * A price in a crypto unit, which Intl has no currency code for: the number in the
 * locale's style with the unit after it, e.g. "1,234.50 USDT".
 */
export function formatPrice(locale: string, value: number, unit: string, fractionDigits = 2): string {
  return `${formatDecimal(locale, value, fractionDigits)}\u00a0${unit}`;
}

/** A number with exactly fractionDigits decimals, as a price column shows it: "65,012.30". */
export function formatDecimal(locale: string, value: number, fractionDigits: number): string {
  return formatter(locale, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }).format(value);
}

/** A change with its sign and two decimals: 0.0123 → "+1.23%", −0.005 → "-0.50%", 0 → "0.00%". */
export function formatChange(locale: string, ratio: number): string {
  return formatter(locale, { style: "percent", signDisplay: "exceptZero", minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(ratio);
}

/** 0.2 → "20%" (en), "20 %" (de-like locales), "%20" (tr-TR), "20٪" (ar-SA). */
export function formatPercent(locale: string, ratio: number, maximumFractionDigits = 2): string {
  return formatter(locale, { style: "percent", maximumFractionDigits }).format(ratio);
}

/** A duration part with the language's plural forms: 5 → "5 дней" (ru-RU), "5 days" (en). */
export function formatUnit(locale: string, value: number, unit: "day" | "hour" | "minute" | "second"): string {
  return formatter(locale, { style: "unit", unit, unitDisplay: "long" }).format(value);
}
