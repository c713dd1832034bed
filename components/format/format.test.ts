import { describe, expect, it } from "vitest";
import { formatRemaining, remaining } from "./countdown";
import { formatDateTimeUTC, formatDayHour } from "./datetime";
import { formatChange, formatDecimal, formatNumber, formatPercent, formatPrice, formatUnit } from "./number";

describe("numbers per locale", () => {
  it("groups and separates decimals the local way", () => {
    expect(formatNumber("en", 1234.5)).toBe("1,234.5");
    expect(formatNumber("ru-RU", 1234.5)).toBe("1\u00a0234,5");
    expect(formatNumber("pt-BR", 1234.5)).toBe("1.234,5");
    expect(formatNumber("hi-IN", 1234567)).toBe("12,34,567");
  });

  it("writes Arabic figures with Latin digits, like the rest of the Arabic copy", () => {
    expect(formatNumber("ar-SA", 12)).toBe("12");
    expect(formatNumber("ar-SA", 1234.5)).toMatch(/^1[,\u066c]234[.\u066b]5$/);
    expect(formatPrice("ar-SA", 500, "USDT")).toMatch(/^500[.\u066b]00\u00a0USDT$/);
    expect(formatPercent("ar-SA", 0.2)).toMatch(/^[\u061c\u200e\u200f]*20[\u061c\u200e\u200f]*[%\u066a][\u061c\u200e\u200f]*$/);
    expect(formatUnit("ar-SA", 12, "day")).not.toMatch(/[\u0660-\u0669]/);
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
    // ICU versions differ in details (spaces, abbreviations): exactly why the prerendered
    // text is reused by the client instead of formatted again.
    expect(formatDateTimeUTC("en", "2026-11-01T08:30:00Z")).toBe("Nov 1, 2026, 08:30");
    expect(formatDateTimeUTC("ja-JP", "2026-11-01T08:30:00Z")).toBe("2026/11/01 8:30");
  });

  it("uses the 24-hour clock in every locale, so midnight never reads 12:00 AM", () => {
    const locales = ["en", "en-HK", "es-MX", "fil-PH", "hi-IN", "ar-SA", "zh-TW", "zh-HK", "ko", "th-TH", "vi-VN"];
    for (const l of locales) {
      const text = formatDateTimeUTC(l, "2026-11-01T00:00:00Z");
      expect(text, l).toMatch(/(^|\D)0?0:00($|\D)/);
      expect(text, l).not.toMatch(/12:00|AM|PM|a\.\s?m\.|午前|上午|ص/i);
    }
    expect(formatDateTimeUTC("en", "2026-11-01T00:00:00Z")).toBe("Nov 1, 2026, 00:00");
    expect(formatDateTimeUTC("ja-JP", "2026-11-01T00:00:00Z")).toBe("2026/11/01 0:00");
    expect(formatDateTimeUTC("en", "2026-11-01T13:05:00Z")).toBe("Nov 1, 2026, 13:05");
  });

  it("writes Arabic dates with Latin digits", () => {
    const text = formatDateTimeUTC("ar-SA", "2026-11-01T00:00:00Z");
    expect(text).toContain("2026");
    expect(text).toContain("00:00");
    expect(text).not.toMatch(/[\u0660-\u0669]/);
  });

  it("gives Thai dates Gregorian years, not the Buddhist era", () => {
    const text = formatDateTimeUTC("th-TH", "2026-11-01T00:00:00Z");
    expect(text).toBe("1 พ.ย. 2026 00:00");
    expect(text).not.toContain("2569");
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

  it("runs Chinese and Japanese units together without spaces", () => {
    const now = Date.UTC(2026, 10, 1);
    const r = remaining(now + (12 * 24 + 3) * 3600 * 1000, now);
    expect(formatRemaining("ja-JP", r)).toBe("12日3時間");
    expect(formatRemaining("zh-TW", r)).toBe("12天3小時");
    expect(formatRemaining("zh-HK", r)).toMatch(/^12[日天]3小時$/);
    expect(formatRemaining("zh-MY", r)).toBe("12天3小时");
    expect(formatRemaining("ja-JP", remaining(now + 42_000, now))).toBe("42秒");
    // Other languages keep their spacing.
    expect(formatRemaining("ko", r)).toBe("12일 3시간");
    expect(formatRemaining("th-TH", r)).toBe("12 วัน และ 3 ชั่วโมง");
  });
});

describe("market figures", () => {
  it("keeps a price's decimals and signs a change", () => {
    expect(formatDecimal("en", 65012.3, 2)).toBe("65,012.30");
    expect(formatDecimal("de", 0.15, 5)).toBe("0,15000");
    expect(formatChange("en", 0.0123)).toBe("+1.23%");
    expect(formatChange("en", -0.005)).toBe("-0.50%");
    expect(formatChange("en", 0)).toBe("0.00%");
    expect(formatChange("tr-TR", 0.0123)).toBe("+%1,23");
    expect(formatChange("ar-SA", -0.0123)).not.toMatch(/[\u0660-\u0669]/);
    expect(formatChange("ar-SA", -0.0123)).toMatch(/1[.\u066b]23/);
  });

  it("writes a chart's hours on the 24-hour clock with Latin digits", () => {
    const ms = new Date(2026, 10, 1, 0, 0).getTime(); // local midnight
    expect(formatDayHour("en", ms)).toBe("Nov 1, 00:00");
    expect(formatDayHour("ar-SA", ms)).not.toMatch(/[\u0660-\u0669]/);
    expect(formatDayHour("ar-SA", ms)).toContain("00:00");
  });
});
