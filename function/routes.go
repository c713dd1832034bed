package function

import (
	"net/http"
	"strings"

	"github.com/promohq/promo/internal/contract"
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

// route is one allowed call: a route of internal/contract (name, method and
// path, seed §7 and DESIGN §4) with the function's policy for it. The browser
// reaches it at <APIBase><path>.
type route struct {
	name       string
	method     string
	path       string // upstream path; "" for routes answered here
	kind       kind
	body       bodyRule
	limit      limitClass
	query      []string // query parameters forwarded, in this order (the contract's)
	cache      string   // Cache-Control of a successful answer
	public     bool     // sends no identity: the answer is shared by everyone
	idempotent bool     // Idempotency-Key honoured and forwarded
	gdfp       bool     // device fingerprint forwarded (draw only, seed §7)
	single     bool     // one at a time per token
}

// forwarded gives an upstream route of the contract the policy p. Its query
// parameters are the contract's (internal/contract.Route.Query): the only ones
// forwarded, so the page, the function and the mock read one list.
func forwarded(c contract.Route, p route) route {
	p.name, p.method, p.path, p.query = c.Name, c.Method, c.Path, c.Query()
	return p
}

// answered gives a route the function answers itself the policy p; its path
// is the key of the map it is in.
func answered(c contract.Route, p route) route {
	p.name, p.method = c.Name, c.Method
	return p
}

var specRoutes = []route{
	forwarded(contract.InvitationCode, route{}),
	forwarded(contract.QuoteTokens, route{cache: cacheTokens, public: true}),
	forwarded(contract.DynamicSymbol, route{cache: cacheTokens, public: true}),
	forwarded(contract.SpotKline, route{cache: cacheKline, public: true}),
	forwarded(contract.InverseKline, route{cache: cacheKline, public: true}),
	forwarded(contract.LinearKline, route{cache: cacheKline, public: true}),
	forwarded(contract.DrawConfig, route{body: bodyDraw}),
	forwarded(contract.DrawRecords, route{body: bodyDrawList}),
	forwarded(contract.Draw, route{body: bodyDraw, limit: limitDraw, idempotent: true, gdfp: true, single: true}),
	forwarded(contract.Profile, route{}),
	forwarded(contract.InfoOld, route{body: bodyInfoOld}),
	forwarded(contract.InfoNew, route{body: bodyInfoNew}),
	forwarded(contract.EnrollNew, route{body: bodyInfoNew, limit: limitEnrol, idempotent: true}),
	forwarded(contract.EnrollOld, route{body: bodyInfoOld, limit: limitEnrol, idempotent: true}),
	forwarded(contract.ActivityList, route{body: bodyObject}),
	forwarded(contract.Login, route{kind: kindLogin, body: bodyLogin, limit: limitAccount}),
	forwarded(contract.Register, route{kind: kindLogin, body: bodyRegister, limit: limitAccount}),
	forwarded(contract.VerificationCode, route{body: bodyVerifyCode, limit: limitAccount}),
	forwarded(contract.Logout, route{kind: kindLogout, body: bodyObject, limit: limitAccount}),
}

// profilePath is what the in-app bridge's session call checks a token with.
var profilePath = contract.Profile.Path

// ownRoutes are answered by the function itself, under the same base.
var ownRoutes = map[string]route{
	contract.Healthz.Path: answered(contract.Healthz, route{kind: kindHealth}),
	contract.Monitor.Path: answered(contract.Monitor, route{kind: kindMonitor, limit: limitMonitor}),
	contract.Session.Path: answered(contract.Session, route{kind: kindSession, body: bodySession, limit: limitAccount}),
}

// controlRoutes are the mock's test control (DESIGN §5), mounted in local only.
var controlRoutes = map[string]route{
	contract.MockReset.Path:    answered(contract.MockReset, route{kind: kindControl}),
	contract.MockFault.Path:    answered(contract.MockFault, route{kind: kindControl}),
	contract.MockCampaign.Path: answered(contract.MockCampaign, route{kind: kindControl}),
	contract.MockState.Path:    answered(contract.MockState, route{kind: kindControl}),
	contract.MockToken.Path:    answered(contract.MockToken, route{kind: kindControl}),
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
