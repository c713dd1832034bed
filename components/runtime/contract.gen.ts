// Code generated from internal/contract; DO NOT EDIT. Regenerate: PROMO_UPDATE=1 go test ./internal/contract
// The contract between the Go side (the function, the mock upstream, the generator)
// and the page runtime, written once in Go.

// Routes (spec §7, DESIGN §4): every call goes to `<apiBase><path>` with its method;
// `query` lists the only query parameters a route takes (the function drops others).
// Forwarded by the function to the exchange API, and nothing else is.
export const ROUTE_INVITATION_CODE = { method: "GET", path: "/segw/sact/activity/invitation-code" } as const;
export const ROUTE_QUOTE_TOKENS = { method: "GET", path: "/spot/s_api/basic/quote_tokens" } as const;
export const ROUTE_DYNAMIC_SYMBOL = { method: "GET", path: "/v3/private/instrument/dynamic-symbol" } as const;
export const ROUTE_SPOT_KLINE = { method: "GET", path: "/spot/api/quote/v1/multi/kline", query: ["symbol", "exchangeId", "interval", "limit"] } as const;
export const ROUTE_INVERSE_KLINE = { method: "GET", path: "/v2/public/market/arrayKline", query: ["symbol", "resolution", "from", "to"] } as const;
export const ROUTE_LINEAR_KLINE = { method: "GET", path: "/public/linear/market/arrayKline", query: ["symbol", "resolution", "from", "to"] } as const;
export const ROUTE_DRAW_CONFIG = { method: "POST", path: "/segw/prizedraw/v1/prize_draw/activity" } as const;
export const ROUTE_DRAW_RECORDS = { method: "POST", path: "/segw/prizedraw/v1/prize_draw/draw_record/list" } as const;
export const ROUTE_DRAW = { method: "POST", path: "/segw/prizedraw/v1/prize_draw/item/draw" } as const;
export const ROUTE_PROFILE = { method: "GET", path: "/v2/private/user/profile" } as const;
export const ROUTE_INFO = { new: { method: "POST", path: "/fht/growth/activity-api/v1/info" }, old: { method: "POST", path: "/segw/sact/activity/info" } } as const;
export const ROUTE_ENROLL = { new: { method: "POST", path: "/fht/growth/activity-api/v1/enroll" }, old: { method: "POST", path: "/segw/sact/activity/enroll" } } as const;
export const ROUTE_ACTIVITY_LIST = { method: "POST", path: "/segw/sact/activity/list" } as const;
export const ROUTE_LOGIN = { method: "POST", path: "/user/public/login" } as const;
export const ROUTE_REGISTER = { method: "POST", path: "/user/public/register" } as const;
export const ROUTE_VERIFICATION_CODE = { method: "POST", path: "/user/public/verification-code" } as const;
export const ROUTE_LOGOUT = { method: "POST", path: "/user/logout" } as const;
// Answered by the function itself.
export const ROUTE_SESSION = { method: "POST", path: "/session" } as const;
export const ROUTE_HEALTHZ = { method: "GET", path: "/healthz" } as const;
export const ROUTE_MONITOR = { method: "POST", path: "/monitor" } as const;

/** The path of every route by key: PATHS.login, PATHS.info.new. */
export const PATHS = {
  invitationCode: "/segw/sact/activity/invitation-code",
  quoteTokens: "/spot/s_api/basic/quote_tokens",
  dynamicSymbol: "/v3/private/instrument/dynamic-symbol",
  spotKline: "/spot/api/quote/v1/multi/kline",
  inverseKline: "/v2/public/market/arrayKline",
  linearKline: "/public/linear/market/arrayKline",
  drawConfig: "/segw/prizedraw/v1/prize_draw/activity",
  drawRecords: "/segw/prizedraw/v1/prize_draw/draw_record/list",
  draw: "/segw/prizedraw/v1/prize_draw/item/draw",
  profile: "/v2/private/user/profile",
  info: { new: "/fht/growth/activity-api/v1/info", old: "/segw/sact/activity/info" },
  enroll: { new: "/fht/growth/activity-api/v1/enroll", old: "/segw/sact/activity/enroll" },
  activityList: "/segw/sact/activity/list",
  login: "/user/public/login",
  register: "/user/public/register",
  verificationCode: "/user/public/verification-code",
  logout: "/user/logout",
  session: "/session",
  healthz: "/healthz",
  monitor: "/monitor",
} as const;

// Error codes: the ret_code (or retCode) of an envelope (seed §3, §8); 0 is success. Each is
// named once, here; every other place uses the name.
/** Success, when the HTTP status is 200 as well (seed §4). */
export const CODE_OK = 0;
/**
 * No usable answer at all (network failure, timeout, abort); the function answers it with 502 or
 * 504 when the upstream cannot be reached (seed §8, DESIGN §4).
 */
export const CODE_NETWORK_ERROR = -1;
/**
 * System error; also the function's and the mock's own not found, method not allowed and internal
 * error.
 */
export const CODE_SYSTEM_ERROR = 10000;
/** The token is missing, unknown or expired; on a non-refresh call the page reloads (seed §8). */
export const CODE_AUTH_FAILED = 10007;
/** Param error, a malformed request. */
export const CODE_PARAM_ERROR = 20001;
/** Too frequent; also the function's rate limit (DESIGN §4). */
export const CODE_TOO_FREQUENT = 2002;
/** Registered uid. */
export const CODE_REGISTERED_UID = 2003;
/** Wrong email address. */
export const CODE_WRONG_EMAIL = 2004;
/** Registered email. */
export const CODE_REGISTERED_EMAIL = 2005;
/** An affiliate application is in approval. */
export const CODE_AFFILIATE_APPROVING = 2006;
/** User not exist. */
export const CODE_USER_NOT_EXIST = 2007;
/** Parent id fail. */
export const CODE_PARENT_ID_FAIL = 2008;
/** Failed verification code (registration with a wrong code, DESIGN §5). */
export const CODE_FAILED_VERIFICATION_CODE = 2009;
/**
 * The message helper's wrong verification code (seed §8: 20009 gives error.wrongVerificationCode).
 */
export const CODE_WRONG_VERIFICATION_CODE = 20009;
/**
 * The campaign is not available; info or enrol shows the blocking modal with a back-home button
 * (seed §8).
 */
export const CODE_CAMPAIGN_UNAVAILABLE = 3580000;
/** Enrol answered "already enrolled", which counts as success (seed §8). */
export const CODE_ALREADY_ENROLLED = 3570011;
/**
 * Enrolment or draw outside the campaign's open time (the mock's own; the spec shows no code for
 * it).
 */
export const CODE_NOT_OPEN = 3570012;
/** Every draw chance is used (the mock's own; the spec shows no code for it). */
export const CODE_NO_CHANCES_LEFT = 3570013;
/** Already deposited before; handling not shown (seed §8). */
export const CODE_ALREADY_DEPOSITED = 35731;
/** Sub account; handling not shown (seed §8). */
export const CODE_SUB_ACCOUNT = 35732;
export type ErrorCode = -1 | 0 | 2002 | 2003 | 2004 | 2005 | 2006 | 2007 | 2008 | 2009 | 10000 | 10007 | 20001 | 20009 | 35731 | 35732 | 3570011 | 3570012 | 3570013 | 3580000;
/** What each error code means, in words. */
export const ERROR_CODE_TEXT: Readonly<Record<ErrorCode, string>> = {
  "-1": "network error",
  0: "success",
  2002: "too frequent",
  2003: "registered uid",
  2004: "wrong email address",
  2005: "registered email",
  2006: "affiliate approving",
  2007: "user not exist",
  2008: "parent id fail",
  2009: "failed verification code",
  10000: "system error",
  10007: "user authentication failed",
  20001: "param error",
  20009: "wrong verification code",
  35731: "already deposited before",
  35732: "sub account",
  3570011: "already enrolled",
  3570012: "not open",
  3570013: "no chances left",
  3580000: "campaign not available",
};

// Campaign statuses: what the campaign widgets show (seed §4). The mock derives them from the
// schedule and the clock (4, 5, 6) unless its test control sets one (4 to 7, DESIGN §5).
export const CAMPAIGN_NOT_STARTED = 4;
export const CAMPAIGN_ONGOING = 5;
export const CAMPAIGN_FINISHED = 6;
export const CAMPAIGN_NOT_FINISHED = 7;
export type CampaignStatus = 4 | 5 | 6 | 7;
/** What each campaign status means, in words. */
export const CAMPAIGN_STATUS_TEXT: Readonly<Record<CampaignStatus, string>> = {
  4: "not started",
  5: "ongoing",
  6: "finished",
  7: "not finished",
};

// Activity statuses of seed §4.
export const ACTIVITY_UNSPECIFIED = 0;
export const ACTIVITY_REVIEW_SUCCESS = 3;
export const ACTIVITY_NOT_STARTED = 4;
/** Started, ongoing */
export const ACTIVITY_STARTED = 5;
export const ACTIVITY_ENDED = 6;
export const ACTIVITY_NOT_ENDED = 7;
export const ACTIVITY_TERMINATED = 8;
export const ACTIVITY_DELETED = 9;
export type ActivityStatus = 0 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
/** What each activity status means, in words. */
export const ACTIVITY_STATUS_TEXT: Readonly<Record<ActivityStatus, string>> = {
  0: "unspecified",
  3: "review success",
  4: "not started",
  5: "started",
  6: "ended",
  7: "not ended",
  8: "terminated",
  9: "deleted",
};

// Draw record orders: the order type of the prize draw's record list (seed §3: asc 1, desc 2). The
// list is newest first unless asked otherwise (DESIGN §6).
/** Oldest first */
export const DRAW_ORDER_ASC = 1;
/** Newest first: the default */
export const DRAW_ORDER_DESC = 2;
export type DrawOrder = 1 | 2;
/** What each draw order means, in words. */
export const DRAW_ORDER_TEXT: Readonly<Record<DrawOrder, string>> = {
  1: "oldest first",
  2: "newest first",
};

// The HTML shell around a prerendered page (generator/shell.go).
export const ROOT_ID = "root";
export const DATA_ID = "promo-data";
export const SHEET_ATTR = "data-promo-sheet";

/** The codes the message helper of spec §8 answers with error.retry. */
export const RETRY_CODES: readonly number[] = [10000, 20001, 20002, 20003, 20005, 20006, 20007, 20008];

// The page data (DESIGN §2), generated from the Go types the generator fills.

/**
 * PageData is the whole page data. After prerendering the generator appends one more member,
 * StableMember.
 */
export interface PageData {
  locale: string;
  defaultLocale: string;
  dir: "ltr" | "rtl";
  campaign: CampaignConfig;
  /**
   * namespace → nested texts (i18next JSON): only the keys this page uses, already merged along
   * the locale's fallback chain.
   */
  resources: Record<string, Record<string, unknown>>;
  /**
   * The texts of Resources that fell back to the default language on a page of another locale:
   * namespace → key (a plural family by its base key) → the default locale. The page marks them
   * with lang (DESIGN §6).
   */
  textLangs?: Record<string, Record<string, string>>;
  /** The default locale when the rules fell back to it on a page of another locale. */
  rulesLang?: string;
  /** Hashed JSON dictionary of this locale, fetched on the first error. */
  errorCodesUrl: string;
  /** The default locale's dictionary, used when this locale's fails to load. */
  errorCodesFallbackUrl: string;
  apiBase: string;
  env: string;
  brand: string;
  app: AppConfig;
  /** the site origin's home path, "/" (DESIGN §6) */
  home: string;
  /**
   * The locales the campaign is published in (its own texts, as hreflang lists them) and always the
   * page's own, in the site's order: the language switcher.
   */
  languages: Language[];
  /** What the page reports to and how (spec §3, §4; site.yaml analytics). */
  analytics: Analytics;
  /**
   * The page's own app link (deeplinks.md "Where links are used"): its mapping, else
   * <scheme>://webview?url=<canonical URL>. The smart banner's "Open" link.
   */
  appLink: string;
  /**
   * The app links of the links the campaign's config carries (link buttons, pop-up redirects), by
   * href, computed at build time; unmapped links are absent.
   */
  appLinks?: Record<string, string>;
  /**
   * Appended to the page data by generator/shell.go after prerendering: values computed while
   * prerendering (formatted dates and numbers), so that the first client render reproduces the
   * prerendered HTML exactly. Its TypeScript type is Record<string, string>.
   */
  stable: Record<string, string>;
}

/** CampaignConfig is the part of the page data that is the same in every locale. */
export interface CampaignConfig {
  slug: string;
  id: string;
  namespace: string;
  /** The API family: which info and enrol paths the campaign uses (DESIGN §4). */
  api: "new" | "old";
  schedule: Schedule;
  /** site path of the hashed hero image */
  image?: string;
  widgets: Widgets;
  /** The page's blocks in order (campaign.yaml sections); absent: the template's default order. */
  sections?: Section[];
}

/** AppConfig describes the exchange's app (DESIGN §8). */
export interface AppConfig {
  name: string;
  userAgentMarker: string;
  scheme: string;
  iosAppId: string;
  /** window[bridge], event "<bridge>Ready" */
  bridge: string;
  /** login/sign-up in the app through the bridge */
  bridgeLogin: boolean;
  /**
   * What links map with (deeplinks.md): the site's own host (baseURL's) and the exchange's web
   * hosts (app.webHosts).
   */
  siteHost: string;
  webHosts: string[];
  /** The smart banner's store links by platform (DESIGN §8); "" when not configured. */
  storeIos: string;
  storeAndroid: string;
}

/** Language is one entry of the language switcher (DESIGN §6). */
export interface Language {
  /** also the hreflang */
  locale: string;
  /** the language's own name */
  name: string;
  /** site path of the same campaign in that locale */
  href: string;
}

/** Analytics is the page's tracking configuration. */
export interface Analytics {
  /**
   * The Google Tag Manager container the runtime loads after the window's load event; absent when
   * analytics is off, always in the local environment (DESIGN §6).
   */
  gtm?: string;
  /** Sent as project_type in every tracking event (spec §3). */
  projectType: string;
}

/** Schedule is the campaign's schedule, ISO 8601 in UTC. */
export interface Schedule {
  start: string;
  end: string;
  enrollStart: string;
  enrollEnd: string;
}

/** Widgets configures the campaign's widgets; an absent one is not configured. */
export interface Widgets {
  quickApply?: QuickApplyWidget;
  quickLogin?: QuickLoginWidget;
  invitationCode?: InvitationCodeWidget;
  market?: MarketWidget;
  prizeDraw?: PrizeDrawWidget;
}

/**
 * Section is one block of a campaign page (DESIGN §9). Texts are keys of the campaign's namespace;
 * numbers are formatted in the page's locale.
 */
export interface Section {
  type: "hero" | "actions" | "prizePool" | "countdown" | "steps" | "tiers" | "faq" | "schedule" | "rules" | "prizeDraw" | "market" | "invitationCode" | "moreCampaigns";
  /** The heading's text key; empty: the library's default heading of the type. */
  title?: string;
  /** hero: the campaign's art, published under a content-hashed name. */
  art?: Art;
  /** prizePool: the pool's amount and unit (e.g. 500000, "USDT"). */
  amount?: number;
  unit?: string;
  /** steps: key prefixes with .title and .body; faq: with .question and .answer. */
  items?: string[];
  /**
   * tiers: the columns' heading keys and the rows of numbers, a cell per column; Units gives each
   * column's unit ("" for none).
   */
  columns?: string[];
  units?: string[];
  rows?: number[][];
}

/** QuickApplyWidget is the apply button (DESIGN §6). */
export interface QuickApplyWidget {
  style: "button" | "link";
  afterEnroll: "keep" | "hide" | "links";
  /** with afterEnroll "links" */
  links?: LinkButton[];
  popup: ApplyPopup;
  autoSignUp: boolean;
}

/** QuickLoginWidget is the login or sign-up button. */
export interface QuickLoginWidget {
  action: "login" | "register";
  redirect?: string;
}

/** InvitationCodeWidget shows the visitor's invitation code. */
export interface InvitationCodeWidget {
  enabled: boolean;
}

/** MarketWidget shows prices and 24 hourly candles of its symbols. */
export interface MarketWidget {
  symbols: string[];
}

/** PrizeDrawWidget is the campaign's lottery. */
export interface PrizeDrawWidget {
  chancesPerUser: number;
  prizes: Prize[];
}

/**
 * Art is an image of the campaign with its intrinsic size, so the page reserves its room before it
 * loads.
 */
export interface Art {
  src: string;
  width: number;
  height: number;
  /**
   * Raster art only: the published widths ("/assets/img/x-480w-….png 480w, …") and the
   * displayed width for the browser's choice (img srcset and sizes).
   */
  srcset?: string;
  sizes?: string;
}

/** LinkButton is a link shown as a button. */
export interface LinkButton {
  /** translation key in the campaign namespace */
  text: string;
  href: string;
  newTab: boolean;
}

/**
 * ApplyPopup is the success pop-up after enrolment; its texts are translation keys in the campaign
 * namespace.
 */
export interface ApplyPopup {
  title?: string;
  description?: string;
  button?: string;
  redirect?: string;
}

/** Prize is one outcome of a draw, drawn with probability weight / sum of weights. */
export interface Prize {
  id: string;
  /** translation key in the campaign namespace */
  name: string;
  weight: number;
}
