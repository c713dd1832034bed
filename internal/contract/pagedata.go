package contract

// The page data: the JSON the generator writes into every page (one
// <script type="application/json">, DESIGN §2) and the page runtime reads.
// components/runtime/contract.gen.ts declares the same shape for TypeScript,
// generated from these types: the json tag names a member, omitempty or a
// pointer makes it optional, a ts tag gives a member's TypeScript type where Go
// has none as narrow (a literal union), and the doc comments are copied.

// PageData is the whole page data. After prerendering the generator appends
// one more member, StableMember.
type PageData struct {
	Locale        string         `json:"locale"`
	DefaultLocale string         `json:"defaultLocale"`
	Dir           string         `json:"dir" ts:"\"ltr\" | \"rtl\""`
	Campaign      CampaignConfig `json:"campaign"`
	// namespace → nested texts (i18next JSON): only the keys this page uses,
	// already merged along the locale's fallback chain.
	Resources map[string]map[string]any `json:"resources"`
	// The texts of Resources that fell back to the default language on a page of
	// another locale: namespace → key (a plural family by its base key) → the default
	// locale. The page marks them with lang (DESIGN §6).
	TextLangs map[string]map[string]string `json:"textLangs,omitempty"`
	// The default locale when the rules fell back to it on a page of another locale.
	RulesLang string `json:"rulesLang,omitempty"`
	// Hashed JSON dictionary of this locale, fetched on the first error.
	ErrorCodesURL string `json:"errorCodesUrl"`
	// The default locale's dictionary, used when this locale's fails to load.
	ErrorCodesFallbackURL string    `json:"errorCodesFallbackUrl"`
	APIBase               string    `json:"apiBase"`
	Env                   string    `json:"env"`
	Brand                 string    `json:"brand"`
	App                   AppConfig `json:"app"`
	Home                  string    `json:"home"` // the site origin's home path, "/" (DESIGN §6)
	// The locales the campaign is published in (its own texts, as hreflang lists
	// them) and always the page's own, in the site's order: the language switcher.
	Languages []Language `json:"languages"`
	// What the page reports to and how (spec §3, §4; site.yaml analytics).
	Analytics Analytics `json:"analytics"`
	// The page's own app link (deeplinks.md "Where links are used"): its mapping, else
	// <scheme>://webview?url=<canonical URL>. The smart banner's "Open" link.
	AppLink string `json:"appLink"`
	// The app links of the links the campaign's config carries (link buttons, pop-up
	// redirects), by href, computed at build time; unmapped links are absent.
	AppLinks map[string]string `json:"appLinks,omitempty"`
}

// Analytics is the page's tracking configuration.
type Analytics struct {
	// The Google Tag Manager container the runtime loads after the window's load
	// event; absent when analytics is off, always in the local environment (DESIGN §6).
	GTM string `json:"gtm,omitempty"`
	// Sent as project_type in every tracking event (spec §3).
	ProjectType string `json:"projectType"`
}

// Language is one entry of the language switcher (DESIGN §6).
type Language struct {
	Locale string `json:"locale"` // also the hreflang
	Name   string `json:"name"`   // the language's own name
	Href   string `json:"href"`   // site path of the same campaign in that locale
}

// StableMember is appended to the page data by generator/shell.go after
// prerendering: values computed while prerendering (formatted dates and
// numbers), so that the first client render reproduces the prerendered HTML
// exactly. Its TypeScript type is Record<string, string>.
const StableMember = "stable"

// AppConfig describes the exchange's app (DESIGN §8).
type AppConfig struct {
	Name            string `json:"name"`
	UserAgentMarker string `json:"userAgentMarker"`
	Scheme          string `json:"scheme"`
	IOSAppID        string `json:"iosAppId"`
	Bridge          string `json:"bridge"`      // window[bridge], event "<bridge>Ready"
	BridgeLogin     bool   `json:"bridgeLogin"` // login/sign-up in the app through the bridge
	// What links map with (deeplinks.md): the site's own host (baseURL's) and the
	// exchange's web hosts (app.webHosts).
	SiteHost string   `json:"siteHost"`
	WebHosts []string `json:"webHosts"`
	// The smart banner's store links by platform (DESIGN §8); "" when not configured.
	StoreIOS     string `json:"storeIos"`
	StoreAndroid string `json:"storeAndroid"`
}

// CampaignConfig is the part of the page data that is the same in every locale.
type CampaignConfig struct {
	Slug      string `json:"slug"`
	ID        string `json:"id"`
	Namespace string `json:"namespace"`
	// The API family: which info and enrol paths the campaign uses (DESIGN §4).
	API      string   `json:"api" ts:"\"new\" | \"old\""`
	Schedule Schedule `json:"schedule"`
	Image    string   `json:"image,omitempty"` // site path of the hashed hero image
	Widgets  Widgets  `json:"widgets"`
	// The page's blocks in order (campaign.yaml sections); absent: the template's
	// default order.
	Sections []Section `json:"sections,omitempty"`
}

// Section is one block of a campaign page (DESIGN §9). Texts are keys of the
// campaign's namespace; numbers are formatted in the page's locale.
type Section struct {
	Type string `json:"type" ts:"\"hero\" | \"actions\" | \"prizePool\" | \"countdown\" | \"steps\" | \"tiers\" | \"faq\" | \"schedule\" | \"rules\" | \"prizeDraw\" | \"market\" | \"invitationCode\" | \"moreCampaigns\""`
	// The heading's text key; empty: the library's default heading of the type.
	Title string `json:"title,omitempty"`
	// hero: the campaign's art, published under a content-hashed name.
	Art *Art `json:"art,omitempty"`
	// prizePool: the pool's amount and unit (e.g. 500000, "USDT").
	Amount float64 `json:"amount,omitempty"`
	Unit   string  `json:"unit,omitempty"`
	// steps: key prefixes with .title and .body; faq: with .question and .answer.
	Items []string `json:"items,omitempty"`
	// tiers: the columns' heading keys and the rows of numbers, a cell per column;
	// Units gives each column's unit ("" for none).
	Columns []string    `json:"columns,omitempty"`
	Units   []string    `json:"units,omitempty"`
	Rows    [][]float64 `json:"rows,omitempty"`
}

// Art is an image of the campaign with its intrinsic size, so the page reserves its
// room before it loads.
type Art struct {
	Src    string `json:"src"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	// Raster art only: the published widths ("/assets/img/x-480w-….png 480w, …")
	// and the displayed width for the browser's choice (img srcset and sizes).
	SrcSet string `json:"srcset,omitempty"`
	Sizes  string `json:"sizes,omitempty"`
}

// Schedule is the campaign's schedule, ISO 8601 in UTC.
type Schedule struct {
	Start       string `json:"start"`
	End         string `json:"end"`
	EnrollStart string `json:"enrollStart"`
	EnrollEnd   string `json:"enrollEnd"`
}

// Widgets configures the campaign's widgets; an absent one is not configured.
type Widgets struct {
	QuickApply     *QuickApplyWidget     `json:"quickApply,omitempty"`
	QuickLogin     *QuickLoginWidget     `json:"quickLogin,omitempty"`
	InvitationCode *InvitationCodeWidget `json:"invitationCode,omitempty"`
	Market         *MarketWidget         `json:"market,omitempty"`
	PrizeDraw      *PrizeDrawWidget      `json:"prizeDraw,omitempty"`
}

// QuickApplyWidget is the apply button (DESIGN §6).
type QuickApplyWidget struct {
	Style       string       `json:"style" ts:"\"button\" | \"link\""`
	AfterEnroll string       `json:"afterEnroll" ts:"\"keep\" | \"hide\" | \"links\""`
	Links       []LinkButton `json:"links,omitempty"` // with afterEnroll "links"
	Popup       ApplyPopup   `json:"popup"`
	AutoSignUp  bool         `json:"autoSignUp"`
}

// LinkButton is a link shown as a button.
type LinkButton struct {
	Text   string `json:"text"` // translation key in the campaign namespace
	Href   string `json:"href"`
	NewTab bool   `json:"newTab"`
}

// ApplyPopup is the success pop-up after enrolment; its texts are translation
// keys in the campaign namespace.
type ApplyPopup struct {
	Title       string `json:"title,omitempty"`
	Description string `json:"description,omitempty"`
	Button      string `json:"button,omitempty"`
	Redirect    string `json:"redirect,omitempty"`
}

// QuickLoginWidget is the login or sign-up button.
type QuickLoginWidget struct {
	Action   string `json:"action" ts:"\"login\" | \"register\""`
	Redirect string `json:"redirect,omitempty"`
}

// InvitationCodeWidget shows the visitor's invitation code.
type InvitationCodeWidget struct {
	Enabled bool `json:"enabled"`
}

// MarketWidget shows prices and 24 hourly candles of its symbols.
type MarketWidget struct {
	Symbols []string `json:"symbols"`
}

// PrizeDrawWidget is the campaign's lottery.
type PrizeDrawWidget struct {
	ChancesPerUser int     `json:"chancesPerUser"`
	Prizes         []Prize `json:"prizes"`
}

// Prize is one outcome of a draw, drawn with probability weight / sum of
// weights.
type Prize struct {
	ID     string `json:"id"`
	Name   string `json:"name"` // translation key in the campaign namespace
	Weight int    `json:"weight"`
}
