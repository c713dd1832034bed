package contract

import (
	"net/http"
	"slices"
)

// Side says who answers a route.
type Side uint8

const (
	// Upstream routes are forwarded by the function to the exchange API (the
	// mock in the local environment) at the same path (seed §7, DESIGN §4).
	Upstream Side = iota + 1
	// Function routes are answered by the function itself and never forwarded.
	Function
	// MockControl routes are the mock's test control (DESIGN §5), mounted by the
	// function in the local environment only.
	MockControl
)

func (s Side) String() string {
	switch s {
	case Upstream:
		return "upstream"
	case Function:
		return "function"
	case MockControl:
		return "mock control"
	}
	return "unknown side"
}

// Route is one call a page (or a test) makes under the API base: the browser
// reaches it at <apiBase><Path>, and an Upstream route is forwarded to the
// same Path upstream.
type Route struct {
	// Name is stable: it names the route in logs and rate-limit keys, and
	// gives its key in the page runtime's PATHS ("info-new" → PATHS.info.new,
	// "verification-code" → PATHS.verificationCode).
	Name   string
	Method string
	Path   string // after the API base; the upstream path of an Upstream route
	Side   Side
}

// The calls of the seed §7 table.
var (
	InvitationCode = Route{"invitation-code", http.MethodGet, "/segw/sact/activity/invitation-code", Upstream}
	QuoteTokens    = Route{"quote-tokens", http.MethodGet, "/spot/s_api/basic/quote_tokens", Upstream}
	DynamicSymbol  = Route{"dynamic-symbol", http.MethodGet, "/v3/private/instrument/dynamic-symbol", Upstream}
	SpotKline      = Route{"spot-kline", http.MethodGet, "/spot/api/quote/v1/multi/kline", Upstream}
	InverseKline   = Route{"inverse-kline", http.MethodGet, "/v2/public/market/arrayKline", Upstream}
	LinearKline    = Route{"linear-kline", http.MethodGet, "/public/linear/market/arrayKline", Upstream}
	DrawConfig     = Route{"draw-config", http.MethodPost, "/segw/prizedraw/v1/prize_draw/activity", Upstream}
	DrawRecords    = Route{"draw-records", http.MethodPost, "/segw/prizedraw/v1/prize_draw/draw_record/list", Upstream}
	Draw           = Route{"draw", http.MethodPost, "/segw/prizedraw/v1/prize_draw/item/draw", Upstream}
	Profile        = Route{"profile", http.MethodGet, "/v2/private/user/profile", Upstream}
	InfoOld        = Route{"info-old", http.MethodPost, "/segw/sact/activity/info", Upstream}
	InfoNew        = Route{"info-new", http.MethodPost, "/fht/growth/activity-api/v1/info", Upstream}
	EnrollNew      = Route{"enroll-new", http.MethodPost, "/fht/growth/activity-api/v1/enroll", Upstream}
	EnrollOld      = Route{"enroll-old", http.MethodPost, "/segw/sact/activity/enroll", Upstream}
	ActivityList   = Route{"activity-list", http.MethodPost, "/segw/sact/activity/list", Upstream}
)

// queries are the query parameters of the routes that take any: the only ones
// the function forwards (in this order), the ones the mock reads
// (internal/mock/doc.go names them) and the ones the page sends (PATHS and the
// ROUTE_* constants of contract.gen.ts carry them). Tests in function/ and
// internal/mock fail when either side drifts from this table.
//
// The spot K-line takes `symbol`, a comma-separated list: seed §7's table names
// the query parameter so ("query symbol, exchangeId, interval=1h, limit=24"),
// and the exchange's own API reads that name. Seed §3's K-line request calls
// the same list `symbols`; that is the page's argument (components/api/market.ts),
// sent as `symbol`. The derivatives K-lines (seed §7: resolution, from, to) also
// name their one symbol.
var queries = map[Route][]string{
	SpotKline:    {"symbol", "exchangeId", "interval", "limit"},
	InverseKline: {"symbol", "resolution", "from", "to"},
	LinearKline:  {"symbol", "resolution", "from", "to"},
}

// Query lists the query parameters r takes, nil when it takes none (a copy).
func (r Route) Query() []string { return slices.Clone(queries[r]) }

// The account calls of DESIGN §4 (the spec does not show them).
var (
	Login            = Route{"login", http.MethodPost, "/user/public/login", Upstream}
	Register         = Route{"register", http.MethodPost, "/user/public/register", Upstream}
	VerificationCode = Route{"verification-code", http.MethodPost, "/user/public/verification-code", Upstream}
	Logout           = Route{"logout", http.MethodPost, "/user/logout", Upstream}
)

// The function's own routes (DESIGN §4, §8).
var (
	Session = Route{"session", http.MethodPost, "/session", Function} // in-app bridge: token → cookie
	Healthz = Route{"healthz", http.MethodGet, "/healthz", Function}
	Monitor = Route{"monitor", http.MethodPost, "/monitor", Function} // the monitoring collector post of seed §7
)

// The mock's test control (DESIGN §5), local only.
var (
	MockReset    = Route{"mock-reset", http.MethodPost, "/__mock/reset", MockControl}
	MockFault    = Route{"mock-fault", http.MethodPost, "/__mock/fault", MockControl}
	MockCampaign = Route{"mock-campaign", http.MethodPost, "/__mock/campaign", MockControl}
	MockState    = Route{"mock-state", http.MethodGet, "/__mock/state", MockControl}
	// MockToken opens a session for a seeded account and answers its token: what the
	// app would hand the page over the bridge (DESIGN §8), for tests and promo dev's fake.
	MockToken = Route{"mock-token", http.MethodPost, "/__mock/token", MockControl}
)

// Routes lists every route, in the order of seed §7, then the account calls,
// the function's own and the mock control. The slice is a copy.
func Routes() []Route {
	return []Route{
		InvitationCode, QuoteTokens, DynamicSymbol, SpotKline, InverseKline, LinearKline,
		DrawConfig, DrawRecords, Draw, Profile, InfoOld, InfoNew, EnrollNew, EnrollOld, ActivityList,
		Login, Register, VerificationCode, Logout,
		Session, Healthz, Monitor,
		MockReset, MockFault, MockCampaign, MockState, MockToken,
	}
}

// RoutesOf lists the routes one side answers, in the order of Routes.
func RoutesOf(s Side) []Route {
	var out []Route
	for _, r := range Routes() {
		if r.Side == s {
			out = append(out, r)
		}
	}
	return out
}
