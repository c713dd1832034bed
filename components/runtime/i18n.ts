import i18next, { type i18n } from "i18next";
import type { PageData } from "./types";

/**
 * One i18next instance per page render, initialised synchronously from the page data:
 * the generator already merged every key along the fallback chain, so no fallback
 * language and no loading is needed here.
 */
export function createI18n(data: PageData): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: data.locale,
    resources: { [data.locale]: data.resources },
    ns: Object.keys(data.resources),
    defaultNS: data.campaign.namespace,
    fallbackLng: false,
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  return instance;
}
