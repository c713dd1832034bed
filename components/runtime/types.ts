// The page data the generator writes into every page (one <script type="application/json">,
// DESIGN §2). generator/pagedata.go is the other side of this contract.

export type Direction = "ltr" | "rtl";

export interface Schedule {
  start: string; // ISO 8601, UTC
  end: string;
  enrollStart: string;
  enrollEnd: string;
}

export interface LinkButton {
  text: string; // translation key in the campaign namespace
  href: string;
  newTab: boolean;
}

export interface Widgets {
  quickApply?: {
    style: "button" | "link";
    afterEnrol: "keep" | "hide" | "links";
    links?: LinkButton[];
    popup: { title?: string; description?: string; button?: string; redirect?: string };
    autoSignUp: boolean;
  };
  quickLogin?: { action: "login" | "register"; redirect?: string };
  invitationCode?: { enabled: boolean };
  market?: { symbols: string[] };
  prizeDraw?: { chancesPerUser: number; prizes: { id: string; name: string; weight: number }[] };
}

export interface CampaignConfig {
  slug: string;
  id: string;
  namespace: string;
  api: "new" | "old";
  schedule: Schedule;
  image?: string; // site path of the hashed hero image
  widgets: Widgets;
}

export interface PageData {
  locale: string;
  defaultLocale: string;
  dir: Direction;
  campaign: CampaignConfig;
  // namespace → nested i18next resources: only the keys this page uses, already merged
  // along the locale's fallback chain.
  resources: Record<string, Record<string, unknown>>;
  errorCodesUrl: string; // hashed JSON dictionary of this locale, fetched on first error
  errorCodesFallbackUrl: string; // the default locale's, used when this locale's fails to load
  apiBase: string;
  env: string;
  brand: string;
  app: { name: string; userAgentMarker: string; scheme: string; iosAppId: string };
  home: string; // the site origin's home path, "/" (DESIGN §6)
  // Values computed while prerendering (formatted dates and numbers), so the first
  // client render reproduces the prerendered HTML exactly.
  stable: Record<string, string>;
}
