import { describe, expect, it } from "vitest";
import { createI18n } from "./i18n";
import type { PageData } from "./types";

function data(locale: string, resources: PageData["resources"]): PageData {
  return { locale, resources, campaign: { namespace: "camp" } } as unknown as PageData;
}

describe("createI18n", () => {
  it("translates synchronously from the page data, campaign namespace first", () => {
    const i18n = createI18n(data("ja-JP", { camp: { hero: { title: "タイトル" } }, "gmp-lib": { rules: { title: "ルール" } } }));
    expect(i18n.t("hero.title")).toBe("タイトル");
    expect(i18n.t("gmp-lib:rules.title")).toBe("ルール");
  });

  it("picks the plural form of the page's language", () => {
    const i18n = createI18n(
      data("ru-RU", { camp: { days_one: "{{count}} день", days_few: "{{count}} дня", days_many: "{{count}} дней", days_other: "{{count}} дня" } }),
    );
    expect(i18n.t("days", { count: 1 })).toBe("1 день");
    expect(i18n.t("days", { count: 3 })).toBe("3 дня");
    expect(i18n.t("days", { count: 5 })).toBe("5 дней");
  });
});

describe("plural forms of other languages", () => {
  it("gives Arabic its six forms", () => {
    const forms = { n_zero: "zero", n_one: "one", n_two: "two", n_few: "few", n_many: "many", n_other: "other" };
    const i18n = createI18n(data("ar-SA", { camp: forms }));
    expect([0, 1, 2, 3, 11, 100].map((count) => i18n.t("n", { count }))).toEqual(["zero", "one", "two", "few", "many", "other"]);
  });

  it("gives Polish and Ukrainian one, few and many", () => {
    for (const locale of ["pl-PL", "uk-UA"]) {
      const i18n = createI18n(data(locale, { camp: { n_one: "one", n_few: "few", n_many: "many", n_other: "other" } }));
      expect([1, 2, 5, 22, 25].map((count) => i18n.t("n", { count }))).toEqual(["one", "few", "many", "few", "many"]);
    }
  });

  it("has one form in Japanese", () => {
    const i18n = createI18n(data("ja-JP", { camp: { n_other: "{{count}}件" } }));
    expect(i18n.t("n", { count: 1 })).toBe("1件");
  });
});
