import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { createI18n, type TFunction, type TOptions } from "./i18n";
import type { PageData } from "./types";

function data(locale: string, resources: PageData["resources"], namespace = "camp"): PageData {
  return { locale, resources, campaign: { namespace } } as unknown as PageData;
}

// The oracle: what the pages showed with i18next, initialised exactly as they did before.
function reference(page: PageData) {
  const instance = i18next.createInstance();
  void instance.init({
    lng: page.locale,
    resources: { [page.locale]: page.resources },
    ns: Object.keys(page.resources),
    defaultNS: page.campaign.namespace,
    fallbackLng: false,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

/** Our t, checked against i18next's on every call, so each expectation below is i18next's too. */
function checkedT(page: PageData): TFunction {
  const [ours, theirs] = [createI18n(page), reference(page)];
  return (key, options) => {
    const got = ours.t(key, options);
    expect(got, `t(${JSON.stringify(key)}, ${JSON.stringify(options)}) as i18next`).toBe(theirs.t(key, options ?? {}));
    return got;
  };
}

describe("createI18n", () => {
  it("translates synchronously from the page data, campaign namespace first", () => {
    const page = data("ja-JP", { camp: { hero: { title: "タイトル" } }, "gmp-lib": { rules: { title: "ルール" } } });
    expect(createI18n(page).locale).toBe("ja-JP");
    const t = checkedT(page);
    expect(t("hero.title")).toBe("タイトル");
    expect(t("gmp-lib:rules.title")).toBe("ルール");
  });

  it("names the language of texts that fell back to the default one, and only those", () => {
    const page = { ...data("nl-NL", { camp: { hero: { title: "Blast off" } }, "gmp-lib": { rules: { title: "Regels" } } }) };
    page.textLangs = { camp: { "hero.title": "en" } };
    const { lang } = createI18n(page);
    expect(lang("hero.title")).toBe("en");
    expect(lang("gmp-lib:rules.title")).toBeUndefined();
    expect(lang("camp:hero.title")).toBe("en");
    expect(lang("hero.subtitle")).toBeUndefined();
    expect(createI18n(data("en", {})).lang("hero.title")).toBeUndefined();
  });

  it("picks the plural form of the page's language", () => {
    const t = checkedT(
      data("ru-RU", { camp: { days_one: "{{count}} день", days_few: "{{count}} дня", days_many: "{{count}} дней", days_other: "{{count}} дня" } }),
    );
    expect(t("days", { count: 1 })).toBe("1 день");
    expect(t("days", { count: 3 })).toBe("3 дня");
    expect(t("days", { count: 5 })).toBe("5 дней");
  });

  it("gives a missing (or empty) key back as written, without its namespace", () => {
    const t = checkedT(data("en", { camp: { hero: { title: "Title" }, empty: "", none: null }, "gmp-lib": {} }));
    expect(t("hero.nothing")).toBe("hero.nothing");
    expect(t("empty")).toBe("empty");
    expect(t("none")).toBe("none");
    expect(t("gmp-lib:apply.apply")).toBe("apply.apply");
    expect(t("other-ns:a.b")).toBe("a.b");
    expect(t("hero.title.deeper")).toBe("hero.title.deeper");
    expect(t("hero.title.length")).toBe("hero.title.length");
    expect(t("toString")).toBe("toString");
    expect(t("n", { count: 2 })).toBe("n");
  });

  it("gives the key, not an object, for a key that names a group of texts", () => {
    const t = checkedT(data("en", { camp: { hero: { title: "Title" } } }));
    expect(t("hero")).toBe("hero");
  });

  it("reads nested objects by dotted keys and keeps namespaces apart", () => {
    const t = checkedT(
      data("en", { camp: { a: { b: { c: "camp deep" } }, x: "camp x" }, "gmp-lib": { a: { b: { c: "lib deep" } } } }),
    );
    expect(t("a.b.c")).toBe("camp deep");
    expect(t("gmp-lib:a.b.c")).toBe("lib deep");
    expect(t("gmp-lib:x")).toBe("x");
    expect(t("camp:x")).toBe("camp x");
    expect(t("gmp-lib:a:b.c")).toBe("lib deep"); // later colons separate keys, as in i18next
  });

  it("interpolates without escaping, scanning again or touching unknown placeholders", () => {
    const t = checkedT(data("en", { camp: { s: "<{{ time }}> {{time}} {{other}} {{gone}}|{{nil}}" } }));
    expect(t("s", { time: "$& {{other}}", gone: undefined, nil: null })).toBe("<$& {{other}}> $& {{other}} {{other}} |");
    expect(t("s")).toBe("<{{ time }}> {{time}} {{other}} {{gone}}|{{nil}}");
  });

  it("uses key_zero for 0 when there is one, and key_other when the language's form is missing", () => {
    const t = checkedT(data("es-ES", { camp: { n_zero: "none", n_one: "one", n_other: "{{count}} other" } }));
    expect(t("n", { count: 0 })).toBe("none");
    expect(t("n", { count: 1000000 })).toBe("1000000 other"); // "many" in Spanish
  });

  it("prefers the plural form to the bare key, and the bare key to key_other", () => {
    const t = checkedT(data("ru-RU", { camp: { n: "bare", n_one: "one", n_few: "", n_other: "other" } }));
    expect([1, 2, 5, 1.5].map((count) => t("n", { count }))).toEqual(["one", "bare", "bare", "other"]);
  });
});

describe("plural forms of other languages", () => {
  it("gives Arabic its six forms", () => {
    const forms = { n_zero: "zero", n_one: "one", n_two: "two", n_few: "few", n_many: "many", n_other: "other" };
    const t = checkedT(data("ar-SA", { camp: forms }));
    expect([0, 1, 2, 3, 11, 100].map((count) => t("n", { count }))).toEqual(["zero", "one", "two", "few", "many", "other"]);
  });

  it("gives Polish and Ukrainian one, few and many", () => {
    for (const locale of ["pl-PL", "uk-UA"]) {
      const t = checkedT(data(locale, { camp: { n_one: "one", n_few: "few", n_many: "many", n_other: "other" } }));
      expect([1, 2, 5, 22, 25].map((count) => t("n", { count }))).toEqual(["one", "few", "many", "few", "many"]);
    }
  });

  it("has one form in Japanese", () => {
    const t = checkedT(data("ja-JP", { camp: { n_other: "{{count}}件" } }));
    expect(t("n", { count: 1 })).toBe("1件");
  });
});

const localesDir = join(dirname(fileURLToPath(import.meta.url)), "../../locales");
const COUNTS = [0, 1, 2, 3, 5, 11, 21, 101, 1000, 1000000, 1.5];
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every dotted path of a bundle: its texts and the groups above them. */
function paths(tree: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([k, v]) => {
    const path = prefix + k;
    return v && typeof v === "object" ? [path, ...paths(v as Record<string, unknown>, path + ".")] : [path];
  });
}

describe("every bundle under locales/ reads as with i18next", () => {
  for (const locale of readdirSync(localesDir).sort()) {
    it(locale, () => {
      const resources: PageData["resources"] = {};
      for (const file of readdirSync(join(localesDir, locale)).filter((f) => f.endsWith(".json"))) {
        resources[file.replace(/\.json$/, "")] = JSON.parse(readFileSync(join(localesDir, locale, file), "utf8"));
      }
      // Each {{name}} the texts interpolate gets a value; count also goes through the plural forms.
      const names = new Set([...JSON.stringify(resources).matchAll(/{{(.+?)}}/g)].map((m) => m[1].trim()));
      const values = Object.fromEntries([...names].filter((n) => n !== "count").map((n) => [n, `<${n}>`]));
      const options: TOptions[] = [{}, values, ...COUNTS.map((count) => ({ ...values, count }))];
      const differences: string[] = [];
      let compared = 0;
      for (const namespace of Object.keys(resources)) {
        const page = data(locale, resources, namespace);
        const ours = createI18n(page);
        const theirs = reference(page);
        const keys = new Set(paths(resources[namespace]).flatMap((p) => [p, p.replace(PLURAL, ""), `${p}.missing`]));
        for (const key of keys) {
          for (const written of [key, `${namespace}:${key}`]) {
            for (const o of options) {
              const [got, want] = [ours.t(written, o), theirs.t(written, o)];
              if (got !== want) differences.push(`t(${JSON.stringify(written)}, ${JSON.stringify(o)}): ${JSON.stringify(got)}, i18next ${JSON.stringify(want)}`);
              compared++;
            }
          }
        }
      }
      expect(differences).toEqual([]);
      expect(compared).toBeGreaterThan(0);
    });
  }
});

describe("a text no bundle has", () => {
  it("shows the raw key and tells promo dev's client which, when there is one", () => {
    const seen: string[] = [];
    const w = globalThis as { __PROMO_DEV__?: unknown };
    w.__PROMO_DEV__ = { missingText: (ns: string, key: string) => seen.push(`${ns}:${key}`) };
    try {
      const { t } = createI18n(data("en", { camp: { a: "A" } }));
      expect(t("a")).toBe("A");
      expect(t("tasks.b.title")).toBe("tasks.b.title");
      expect(t("gmp-lib:x.y")).toBe("x.y");
      expect(seen).toEqual(["camp:tasks.b.title", "gmp-lib:x.y"]);
    } finally {
      delete w.__PROMO_DEV__;
    }
    // Without promo dev (a published page, the prerender) the key shows, silently.
    expect(createI18n(data("en", {})).t("z")).toBe("z");
  });
});
