import { createContext, createElement, useContext, type ReactNode } from "react";
import type { PageData } from "./types";

// The page's translator. The generator ships every page only the keys it uses, already
// merged along the locale's fallback chain (DESIGN §2), so no loading and no fallback
// language are needed here: a lookup in the page data, the plural form of the page's
// language and {{name}} interpolation. It gives the texts i18next gave for the same
// resources (i18n.test.ts checks every bundle against i18next) at a fraction of the
// first-load weight.

/**
 * Values for {{name}} placeholders; `count` also picks the plural form (JSON v4 keys:
 * key_one, key_few, … and key_zero for 0). i18next's defaultValue, context, ordinal
 * plurals and $t() nesting are not offered: no text or component uses them.
 */
export type TOptions = { count?: number; defaultValue?: never; context?: never; ordinal?: never } & Record<string, unknown>;

export type TFunction = (key: string, options?: TOptions) => string;

export interface Translator {
  locale: string;
  /** "key" in the campaign's namespace, "gmp-lib:key" in another; a missing key gives itself. */
  t: TFunction;
  /**
   * The language of a key's text when it fell back to the default language on a page
   * of another locale (an nl-NL page showing English), else undefined: the element
   * showing it gets that lang (DESIGN §6).
   */
  lang: (key: string) => string | undefined;
}

const pluralRules = new Map<string, Intl.PluralRules>();

function pluralForm(locale: string, count: number): string {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules.select(count);
}

/** The value at a dotted path of nested resources; own properties only. */
function lookup(tree: unknown, path: string): unknown {
  let node = tree;
  for (const part of path.split(".")) {
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/**
 * Fills {{name}} with options[name]. As in i18next: values are not escaped (React
 * escapes), not scanned again, and a placeholder with no such option stays as written.
 */
function interpolate(text: string, options: TOptions): string {
  if (!text.includes("{{")) return text;
  return text.replace(/{{(.+?)}}/g, (written, name: string) => {
    name = name.trim();
    if (!Object.hasOwn(options, name)) return written;
    const value = options[name];
    return value == null ? "" : String(value);
  });
}

export function createI18n(data: PageData): Translator {
  const { locale, resources } = data;
  // "gmp-lib:a.b" → ["gmp-lib", "a.b"]; "a.b" → the campaign's namespace.
  const split = (key: string): [string, string] => {
    const [ns, ...rest] = key.split(":");
    return rest.length ? [ns, rest.join(".")] : [data.campaign.namespace, key];
  };
  const t: TFunction = (key, options = {}) => {
    const [namespace, path] = split(key);
    // i18next's order: key_zero for 0, the language's form, the bare key, key_other.
    const { count } = options;
    const candidates =
      typeof count === "number"
        ? [...(count === 0 ? [`${path}_zero`] : []), `${path}_${pluralForm(locale, count)}`, path, `${path}_other`]
        : [path];
    // Like i18next, an empty text counts as missing.
    const text = candidates.map((c) => lookup(resources[namespace], c)).find((v) => v != null && v !== "");
    if (typeof text === "string") return interpolate(text, options);
    // The page shows the raw key; promo dev's overlay says which (internal/dev/client).
    (globalThis as { __PROMO_DEV__?: { missingText?: (ns: string, key: string) => void } }).__PROMO_DEV__?.missingText?.(namespace, path);
    return interpolate(path, options);
  };
  const lang = (key: string) => {
    const [namespace, path] = split(key);
    const langs = data.textLangs?.[namespace];
    return langs && Object.hasOwn(langs, path) ? langs[path] : undefined;
  };
  return { locale, t, lang };
}

const I18nContext = createContext<Translator | null>(null);

/** Gives the components below it the page's translator (App, on the server and in the browser). */
export function I18nProvider({ i18n, children }: { i18n: Translator; children?: ReactNode }) {
  return createElement(I18nContext, { value: i18n }, children);
}

export function useI18n(): Translator {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error("useT() needs an <I18nProvider> above it");
  return i18n;
}
