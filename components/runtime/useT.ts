import { useI18n, type TFunction } from "./i18n";

/**
 * The page's translate function. Keys without a namespace are the campaign's own
 * texts; library texts are written "gmp-lib:key". The generator finds the keys a page
 * uses by reading these calls, so write keys as literals: t("hero.title"), or a literal
 * prefix for a family of keys: t(`status.${status}`).
 */
export function useT(): TFunction {
  return useI18n().t;
}
