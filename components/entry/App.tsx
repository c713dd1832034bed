import { useEffect, useMemo, type ComponentType } from "react";
import { createI18n, I18nProvider } from "../runtime/i18n";
import { PageProvider } from "../runtime/page";
import { Toaster } from "../runtime/toast";
import type { PageData } from "../runtime/types";
import { AuthHost } from "../widgets/auth/AuthHost";
import { BannerHost } from "../widgets/banner/BannerHost";
import { ProfileSync } from "../widgets/auth/ProfileSync";
import { CampaignUnavailable } from "../widgets/unavailable/CampaignUnavailable";
import { PageFooter } from "../layout/PageFooter";
import { PageHeader } from "../layout/PageHeader";

export interface AppProps {
  page: ComponentType;
  data: PageData;
  html: Record<string, string>;
  stableSink: Record<string, string> | null;
}

/** The root of every campaign page, on the server and in the browser alike. */
export function App({ page: Page, data, html, stableSink }: AppProps) {
  const i18n = useMemo(() => createI18n(data), [data]);
  // Effects run only in the browser, after hydration committed: the mark tells tests
  // (and anyone curious) that the page is live.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <PageProvider data={data} html={html} stableSink={stableSink}>
      <I18nProvider i18n={i18n}>
        <PageHeader />
        <Page />
        <PageFooter />
        <ProfileSync />
        <AuthHost />
        <CampaignUnavailable />
        <BannerHost />
        <Toaster />
      </I18nProvider>
    </PageProvider>
  );
}
