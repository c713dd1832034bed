import { useI18n, type TFunction, type Translator } from "./i18n";

/**
 * The page's translate function. Keys without a namespace are the campaign's own
 * texts; library texts are written "gmp-lib:key". The generator finds the keys a page
 * uses by reading these calls, so write keys as literals: t("hero.title"), or a literal
 * prefix for a family of keys: t(`status.${status}`).
 */
export function useT(): TFunction {
  return useI18n().t;
}

/**
 * The language of a key's text when it fell back to the default language (an nl-NL
 * page showing an English text), else undefined. Put it on the element that shows the
 * text, `<p lang={lang("hero.subtitle")}>`, so screen readers and hyphenation read it
 * as the language it is written in (DESIGN §6); React leaves out an undefined lang.
 */
export function useTextLang(): Translator["lang"] {
  return useI18n().lang;
}
