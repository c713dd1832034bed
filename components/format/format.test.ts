import { describe, expect, it } from "vitest";
import { formatRemaining, remaining } from "./countdown";
import { formatDateTimeUTC } from "./datetime";
import { formatNumber, formatPercent, formatPrice, formatUnit } from "./number";

describe("numbers per locale", () => {
  it("groups and separates decimals the local way", () => {
    expect(formatNumber("en", 1234.5)).toBe("1,234.5");
    expect(formatNumber("ru-RU", 1234.5)).toBe("1\u00a0234,5");
    expect(formatNumber("pt-BR", 1234.5)).toBe("1.234,5");
    expect(formatNumber("hi-IN", 1234567)).toBe("12,34,567");
    expect(formatNumber("ar-SA", 12)).toBe("١٢");
  });

  it("formats prices with a crypto unit and percentages", () => {
    expect(formatPrice("en", 1234.5, "USDT")).toBe("1,234.50\u00a0USDT");
    expect(formatPrice("es-ES", 1234.5, "USDT")).toBe("1234,50\u00a0USDT");
    expect(formatPercent("en", 0.2)).toBe("20%");
    expect(formatPercent("tr-TR", 0.2)).toBe("%20");
  });

  it("uses each language's plural forms for units", () => {
    expect(formatUnit("ru-RU", 1, "day")).toBe("1 день");
    expect(formatUnit("ru-RU", 3, "day")).toBe("3 дня");
    expect(formatUnit("ru-RU", 5, "day")).toBe("5 дней");
    expect(formatUnit("uk-UA", 5, "day")).toBe("5 днів");
    expect(formatUnit("en", 1, "hour")).toBe("1 hour");
  });
});

describe("dates", () => {
  it("formats in UTC so server and browser agree", () => {
    // ICU versions differ in the space before AM (U+0020 or U+202F): exactly why the
    // prerendered text is reused by the client instead of formatted again.
    expect(formatDateTimeUTC("en", "2026-11-01T08:30:00Z")).toMatch(/^Nov 1, 2026, 8:30[\s\u202f]AM$/);
    expect(formatDateTimeUTC("ja-JP", "2026-11-01T08:30:00Z")).toBe("2026/11/01 8:30");
  });
});

describe("countdown", () => {
  it("splits and words the remaining time", () => {
    const now = Date.UTC(2026, 10, 1);
    const r = remaining(now + ((12 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000, now);
    expect(r).toEqual({ days: 12, hours: 3, minutes: 4, seconds: 5 });
    expect(formatRemaining("en", r)).toBe("12 days, 3 hours");
    expect(formatRemaining("ru-RU", r)).toBe("12 дней 3 часа");
    expect(formatRemaining("en", remaining(now + 42_000, now))).toBe("42 seconds");
    expect(formatRemaining("en", remaining(now - 1, now))).toBe("0 seconds");
  });
});
