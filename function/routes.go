package function

import (
	"net/http"
	"strings"
)

// kind says who answers a route.
type kind uint8

const (
	kindProxy   kind = iota // forwarded to the upstream
	kindLogin               // forwarded; a token in the answer becomes the cookie
	kindLogout              // forwarded when a token exists; always clears the cookies
	kindSession             // in-app bridge: profile call, then the cookie
	kindHealth              // answered here
	kindMonitor             // answered here, never forwarded
	kindControl             // the mock's test control, local only
)

// limitClass selects the rate limits of DESIGN §4.
type limitClass uint8

const (
	limitNone limitClass = iota
	limitAccount
	limitEnrol
	limitDraw
	limitMonitor
)

// bodyRule names the request body check of a POST route.
type bodyRule uint8

const (
	bodyNone       bodyRule = iota // GET: nothing is forwarded
	bodyObject                     // any JSON object; fields not shown in the spec
	bodyInfoNew                    // {campaignId, referralCode?}
	bodyInfoOld                    // {campaign_id, referral_code?}
	bodyDraw                       // {campaign_id}
	bodyDrawList                   // {campaign_id, order?, page?, page_size?}
	bodyLogin                      // {email|mobile, password}
	bodyRegister                   // {email|mobile, password, verification_code, referral_code?}
	bodyVerifyCode                 // {email|mobile}
	bodySession                    // {userToken}
)

// Cache policies. Public market data is the same for every visitor, so a CDN
// may keep it briefly; everything else is personal or changes state.
const (
	cacheNone   = "no-store"
	cacheTokens = "public, max-age=60, s-maxage=300, stale-while-revalidate=600"
	cacheKline  = "public, max-age=30, s-maxage=60, stale-while-revalidate=60"
)

// route is one allowed call. Paths are the upstream paths of seed §7 and the
// account calls of DESIGN §4; the browser reaches them at <APIBase><path>.
type route struct {
	name       string
	method     string
	path       string // upstream path; "" for routes answered here
	kind       kind
	body       bodyRule
	limit      limitClass
	query      []string // query parameters forwarded, in this order
	cache      string   // Cache-Control of a successful answer
	public     bool     // sends no identity: the answer is shared by everyone
	idempotent bool     // Idempotency-Key honoured and forwarded
	gdfp       bool     // device fingerprint forwarded (draw only, seed §7)
	single     bool     // one at a time per token
}

var specRoutes = []route{
	{name: "invitation-code", method: http.MethodGet, path: "/segw/sact/activity/invitation-code"},
	{name: "quote-tokens", method: http.MethodGet, path: "/spot/s_api/basic/quote_tokens", cache: cacheTokens, public: true},
	{name: "dynamic-symbol", method: http.MethodGet, path: "/v3/private/instrument/dynamic-symbol", cache: cacheTokens, public: true},
	{name: "spot-kline", method: http.MethodGet, path: "/spot/api/quote/v1/multi/kline", cache: cacheKline, public: true,
		query: []string{"symbol", "exchangeId", "interval", "limit"}},
	{name: "inverse-kline", method: http.MethodGet, path: "/v2/public/market/arrayKline", cache: cacheKline, public: true,
		query: []string{"symbol", "resolution", "from", "to"}},
	{name: "linear-kline", method: http.MethodGet, path: "/public/linear/market/arrayKline", cache: cacheKline, public: true,
		query: []string{"symbol", "resolution", "from", "to"}},
	{name: "draw-config", method: http.MethodPost, path: "/segw/prizedraw/v1/prize_draw/activity", body: bodyDraw},
	{name: "draw-records", method: http.MethodPost, path: "/segw/prizedraw/v1/prize_draw/draw_record/list", body: bodyDrawList},
	{name: "draw", method: http.MethodPost, path: "/segw/prizedraw/v1/prize_draw/item/draw", body: bodyDraw,
		limit: limitDraw, idempotent: true, gdfp: true, single: true},
	{name: "profile", method: http.MethodGet, path: "/v2/private/user/profile"},
	{name: "info-old", method: http.MethodPost, path: "/segw/sact/activity/info", body: bodyInfoOld},
	{name: "info-new", method: http.MethodPost, path: "/fht/growth/activity-api/v1/info", body: bodyInfoNew},
	{name: "enroll-new", method: http.MethodPost, path: "/fht/growth/activity-api/v1/enroll", body: bodyInfoNew,
		limit: limitEnrol, idempotent: true},
	{name: "enroll-old", method: http.MethodPost, path: "/segw/sact/activity/enroll", body: bodyInfoOld,
		limit: limitEnrol, idempotent: true},
	{name: "activity-list", method: http.MethodPost, path: "/segw/sact/activity/list", body: bodyObject},
	{name: "login", method: http.MethodPost, path: "/user/public/login", kind: kindLogin, body: bodyLogin, limit: limitAccount},
	{name: "register", method: http.MethodPost, path: "/user/public/register", kind: kindLogin, body: bodyRegister, limit: limitAccount},
	{name: "verification-code", method: http.MethodPost, path: "/user/public/verification-code", body: bodyVerifyCode, limit: limitAccount},
	{name: "logout", method: http.MethodPost, path: "/user/logout", kind: kindLogout, body: bodyObject, limit: limitAccount},
}

// profilePath is what the in-app bridge's session call checks a token with.
const profilePath = "/v2/private/user/profile"

// ownRoutes are answered by the function itself, under the same base.
var ownRoutes = map[string]route{
	"/healthz": {name: "healthz", method: http.MethodGet, kind: kindHealth},
	"/monitor": {name: "monitor", method: http.MethodPost, kind: kindMonitor, limit: limitMonitor},
	"/session": {name: "session", method: http.MethodPost, kind: kindSession, body: bodySession, limit: limitAccount},
}

// controlRoutes are the mock's test control (DESIGN §5), mounted in local only.
var controlRoutes = map[string]route{
	"/__mock/reset":    {name: "mock-reset", method: http.MethodPost, kind: kindControl},
	"/__mock/fault":    {name: "mock-fault", method: http.MethodPost, kind: kindControl},
	"/__mock/campaign": {name: "mock-campaign", method: http.MethodPost, kind: kindControl},
	"/__mock/state":    {name: "mock-state", method: http.MethodGet, kind: kindControl},
}

// routeTable maps the path after the API base to its route.
type routeTable map[string]*route

func newRouteTable(withControl bool) routeTable {
	t := routeTable{}
	for i := range specRoutes {
		r := specRoutes[i]
		if r.cache == "" {
			r.cache = cacheNone
		}
		t[r.path] = &r
	}
	add := func(m map[string]route) {
		for p, r := range m {
			r.cache = cacheNone
			t[p] = &r
		}
	}
	add(ownRoutes)
	if withControl {
		add(controlRoutes)
	}
	return t
}

// lookup matches the request path exactly as sent. It never cleans a path:
// anything but an exact, unencoded match of a known route is not found, so a
// `..`, `//`, `%2F` or absolute URL can neither reach the upstream nor be
// redirected somewhere (DESIGN §4).
func (t routeTable) lookup(r *http.Request, base string) (*route, bool) {
	if r.URL.Scheme != "" || r.URL.Host != "" || r.URL.Opaque != "" || r.URL.RawPath != "" {
		return nil, false
	}
	if r.RequestURI != "" && r.RequestURI[0] != '/' {
		return nil, false // absolute-form or authority-form request target
	}
	p := r.URL.Path
	if strings.IndexByte(p, '%') >= 0 || !strings.HasPrefix(p, base) {
		return nil, false
	}
	if r.RequestURI != "" {
		// The raw target must be the same bytes as the path we matched, so
		// nothing was decoded on the way (e.g. %41 for A).
		raw := r.RequestURI
		if i := strings.IndexByte(raw, '?'); i >= 0 {
			raw = raw[:i]
		}
		if raw != p {
			return nil, false
		}
	}
	rt, ok := t[p[len(base):]]
	return rt, ok
}
