import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { SWRConfig } from "swr";
import { createI18n, I18nProvider } from "../runtime/i18n";
import { PageProvider } from "../runtime/page";
import type { PageData } from "../runtime/types";

/** Page data for component tests: an ongoing campaign with a quick-apply button. */
export function testPageData(over: Partial<PageData> = {}): PageData {
  return {
    locale: "en",
    defaultLocale: "en",
    dir: "ltr",
    campaign: {
      slug: "blast",
      id: "1001",
      namespace: "blast",
      api: "new",
      schedule: { start: "2026-11-01T00:00:00Z", end: "2026-12-01T00:00:00Z", enrollStart: "2026-11-01T00:00:00Z", enrollEnd: "2026-12-01T00:00:00Z" },
      widgets: { quickApply: { style: "button", afterEnroll: "keep", popup: {}, autoSignUp: false } },
    },
    resources: {
      blast: {},
      "gmp-lib": {
        apply: { apply: "Apply", joined: "Joined", popup: { title: "Application successful", description: "Joined.", button: "Got it" } },
        dialog: { close: "Close" },
      },
    },
    errorCodesUrl: "/e.json",
    errorCodesFallbackUrl: "/e.json",
    apiBase: "/api",
    env: "local",
    brand: "promo",
    app: { name: "Exchange", userAgentMarker: "ExchangeApp", scheme: "exchange", iosAppId: "1", bridge: "ExchangeBridge", bridgeLogin: true,
      siteHost: "promo.example", webHosts: ["www.exchange.example"],
      storeIos: "https://apps.apple.com/app/id1", storeAndroid: "https://play.google.com/store/apps/details?id=x" },
    home: "/",
    languages: [
      { locale: "en", name: "English", href: "/blast/" },
      { locale: "ja-JP", name: "日本語", href: "/ja-JP/blast/" },
    ],
    analytics: { projectType: "growth-activity" },
    appLink: "exchange://webview?url=https%3A%2F%2Fpromo.example%2Fblast%2F",
    stable: {},
    ...over,
  };
}

/**
 * Renders children the way a campaign page does (page data, translations) with an SWR
 * cache of its own, so no state leaks from one test to the next.
 */
export function renderPage(children: ReactNode, data: PageData = testPageData()) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 2000 }}>
      <PageProvider data={data} html={{}} stableSink={null}>
        <I18nProvider i18n={createI18n(data)}>{children}</I18nProvider>
      </PageProvider>
    </SWRConfig>,
  );
}
