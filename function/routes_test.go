package function

import (
	"bufio"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/promohq/promo/internal/contract"
)

// validBody is a body each POST route accepts.
var validBody = map[string]string{
	"draw-config":       `{"campaign_id":"c1"}`,
	"draw-records":      `{"campaign_id":"c1","order":1,"page":1,"page_size":10}`,
	"draw":              `{"campaign_id":"c1"}`,
	"info-old":          `{"campaign_id":"c1"}`,
	"info-new":          `{"campaignId":"c1"}`,
	"enroll-new":        `{"campaignId":"c1","referralCode":"R1"}`,
	"enroll-old":        `{"campaign_id":"c1","referral_code":"R1"}`,
	"activity-list":     `{}`,
	"login":             `{"email":"a@example.com","password":"x"}`,
	"register":          `{"email":"a@example.com","password":"x","verification_code":"123456"}`,
	"verification-code": `{"mobile":"+441234567"}`,
	"logout":            ``,
}

// TestEveryRoute: each spec route and account call is forwarded with its
// method to exactly its path; any other method is 405 and reaches nothing.
func TestEveryRoute(t *testing.T) {
	if len(specRoutes) != 19 {
		t.Fatalf("%d routes: the spec table has 15 and DESIGN §4 adds 4 account calls", len(specRoutes))
	}
	for _, rt := range specRoutes {
		t.Run(rt.name, func(t *testing.T) {
			u := newUpstream(t, nil)
			h := newTestHandler(t, u, Config{})
			q := req{method: rt.method, target: "/api" + rt.path, body: validBody[rt.name],
				cookies: map[string]string{"b_t_c_k_test": testToken}}
			w := serve(h, q)
			if w.Code != 200 {
				t.Fatalf("status %d: %s", w.Code, w.Body)
			}
			got := u.requests()
			if len(got) != 1 || got[0].Method != rt.method || got[0].Path != rt.path {
				t.Fatalf("upstream saw %+v", got)
			}
			if m := env(t, w); m["result"].(map[string]any)["path"] != rt.path {
				t.Fatalf("answer not passed through: %s", w.Body)
			}
			for _, m := range []string{"GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD", "TRACE"} {
				if m == rt.method {
					continue
				}
				w := serve(h, req{method: m, target: "/api" + rt.path, body: validBody[rt.name]})
				if w.Code != http.StatusMethodNotAllowed || w.Header().Get("Allow") != rt.method {
					t.Fatalf("%s: status %d Allow %q", m, w.Code, w.Header().Get("Allow"))
				}
				if m != "HEAD" {
					wantError(t, w, 405, codeSystem)
				}
			}
			if n := u.count(); n != 1 {
				t.Fatalf("wrong methods reached the upstream: %d requests", n)
			}
		})
	}
}

// TestRoutesAreTheContract: the function answers exactly the routes of
// internal/contract, each with the contract's method and name, forwards
// exactly the upstream ones to the same path, and mounts the mock control only
// when asked (DESIGN §4, §5).
func TestRoutesAreTheContract(t *testing.T) {
	for _, withControl := range []bool{false, true} {
		table := newRouteTable(withControl)
		want := map[string]contract.Route{}
		for _, c := range contract.Routes() {
			if c.Side != contract.MockControl || withControl {
				want[c.Path] = c
			}
		}
		for p, rt := range table {
			c, ok := want[p]
			switch {
			case !ok:
				t.Errorf("control %v: the function serves %s %s (%s), which internal/contract does not list", withControl, rt.method, p, rt.name)
			case rt.method != c.Method || rt.name != c.Name:
				t.Errorf("control %v: %s is %s %q in the function, %s %q in internal/contract", withControl, p, rt.method, rt.name, c.Method, c.Name)
			case c.Side == contract.Upstream && rt.path != c.Path:
				t.Errorf("control %v: %s %s is forwarded to %q, not to the same path", withControl, c.Method, p, rt.path)
			case c.Side != contract.Upstream && (rt.path != "" || rt.kind == kindProxy || rt.kind == kindLogin || rt.kind == kindLogout):
				t.Errorf("control %v: %s %s is forwarded, but internal/contract says the %s answers it", withControl, c.Method, p, c.Side)
			}
		}
		for p, c := range want {
			if table[p] == nil {
				t.Errorf("control %v: internal/contract lists %s %s (%s, %s), the function does not serve it", withControl, c.Method, p, c.Name, c.Side)
			}
		}
	}
}

// notAllowed are targets that must be 404 without touching the upstream:
// near misses, unclean paths, encodings and other prefixes.
var notAllowed = []string{
	"/api", "/api/", "/api/x", "/apix/segw/sact/activity/list", "/segw/sact/activity/list",
	"/api/segw/sact/activity/list/", "/api//segw/sact/activity/list", "/api/segw//sact/activity/list",
	"/api/segw/sact/./activity/list", "/api/segw/sact/x/../activity/list", "/api/../api/segw/sact/activity/list",
	"/api/segw%2Fsact/activity/list", "/api/segw/sact/activity/%6Cist", "/api%2Fsegw/sact/activity/list",
	"/api/segw/sact/activity/list%00", "/api/segw/sact/activity/list;x", "/API/segw/sact/activity/list",
	"/api/SEGW/sact/activity/list", "/api/segw/sact/activity/list.json", "/api/segw/sact/activity",
	"/api/v2/private/user/profile/../../../../admin", "/api/__mock/reset", "/api/__mock/state",
	"/api/healthz/", "/api/%2e%2e/healthz", "/api/user/public", "/api/user/public/login/x",
	"/api/spot/api/quote/v1/multi/kline/", "/api/http://evil.example/x", "/api/\\evil.example",
}

func TestNotAllowedPathsAre404(t *testing.T) {
	u := newUpstream(t, nil)
	h := newTestHandler(t, u, Config{})
	tried := 0
	for _, target := range notAllowed {
		for _, m := range []string{"GET", "POST"} {
			r := httptest.NewRequest(m, "/", strings.NewReader(`{"campaign_id":"c1"}`))
			r.RequestURI = target
			if err := setTarget(r, target); err != nil {
				continue // not even a request Go would parse
			}
			tried++
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			if w.Code != 404 || w.Header().Get("Location") != "" {
				t.Errorf("%s %s: status %d location %q", m, target, w.Code, w.Header().Get("Location"))
				continue
			}
			wantError(t, w, 404, codeSystem)
		}
	}
	if tried < 2*(len(notAllowed)-2) {
		t.Fatalf("only %d of %d targets could be tried", tried, 2*len(notAllowed))
	}
	if n := u.count(); n != 0 {
		t.Fatalf("%d requests reached the upstream: %+v", n, u.requests())
	}
}

func setTarget(r *http.Request, target string) error {
	rr, err := http.ReadRequest(bufio.NewReader(strings.NewReader("GET " + target + " HTTP/1.1\r\nHost: x\r\n\r\n")))
	if err != nil {
		return err
	}
	r.URL = rr.URL
	r.RequestURI = rr.RequestURI
	return nil
}

// TestOverTheWire sends raw requests through a real server with the handler
// mounted before a ServeMux: absolute URLs, other hosts and unclean paths are
// 404 envelopes, never redirects, and never reach the upstream.
func TestOverTheWire(t *testing.T) {
	u := newUpstream(t, nil)
	h := newTestHandler(t, u, Config{})
	site := http.NewServeMux()
	site.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "site") })
	srv := httptest.NewServer(h.Mount(site))
	defer srv.Close()
	cases := []struct {
		line   string
		host   string
		status int
	}{
		{"GET http://evil.example/api/healthz HTTP/1.1", "evil.example", 404},
		{"GET http://evil.example/api/v2/private/user/profile HTTP/1.1", "evil.example", 404},
		{"GET /api/../api/v2/private/user/profile HTTP/1.1", "x", 404},
		{"GET /api//v2/private/user/profile HTTP/1.1", "x", 404},
		{"GET /api/v2%2Fprivate/user/profile HTTP/1.1", "x", 404},
		{"GET /api/v2/private/user/profile HTTP/1.1", "evil.example", 200},
		{"GET /api/healthz HTTP/1.1", "x", 200},
		{"GET /index.html HTTP/1.1", "x", 200},
	}
	for _, c := range cases {
		resp, _ := sendRaw(t, srv.Listener.Addr().String(), c.line+"\r\nHost: "+c.host+"\r\nConnection: close\r\n\r\n")
		if resp.StatusCode != c.status || resp.Header.Get("Location") != "" {
			t.Errorf("%s (Host %s): status %d, location %q; want %d", c.line, c.host, resp.StatusCode, resp.Header.Get("Location"), c.status)
		}
	}
	for _, s := range u.requests() {
		if s.Path != "/v2/private/user/profile" || s.Host != strings.TrimPrefix(u.URL, "http://") {
			t.Errorf("unexpected upstream request %+v", s)
		}
	}
	if n := u.count(); n != 1 {
		t.Fatalf("upstream saw %d requests, want 1", n)
	}
}

func TestHealthz(t *testing.T) {
	h := newTestHandler(t, newUpstream(t, nil), Config{})
	w := serve(h, req{method: "GET", target: "/api/healthz"})
	m := env(t, w)
	if w.Code != 200 || m["ret_code"] != 0.0 || m["result"].(map[string]any)["env"] != "test" {
		t.Fatalf("%d %s", w.Code, w.Body)
	}
	if w.Header().Get("Cache-Control") != "no-store" || w.Header().Get("X-Request-Id") == "" {
		t.Fatalf("headers %v", w.Header())
	}
	if w := serve(h, req{method: "HEAD", target: "/api/healthz"}); w.Code != 200 {
		t.Fatalf("HEAD: %d", w.Code)
	}
}

func TestCustomAPIBase(t *testing.T) {
	u := newUpstream(t, nil)
	h := newTestHandler(t, u, Config{APIBase: "/promo/api"})
	if w := serve(h, req{method: "GET", target: "/promo/api/spot/s_api/basic/quote_tokens"}); w.Code != 200 {
		t.Fatalf("%d %s", w.Code, w.Body)
	}
	if w := serve(h, req{method: "GET", target: "/api/spot/s_api/basic/quote_tokens"}); w.Code != 404 {
		t.Fatalf("old base answered %d", w.Code)
	}
	if got := u.requests(); len(got) != 1 || got[0].Path != "/spot/s_api/basic/quote_tokens" {
		t.Fatalf("%+v", got)
	}
}

// TestUpstreamBasePath: an upstream base with a path prefix keeps it.
func TestUpstreamBasePath(t *testing.T) {
	u := newUpstream(t, nil)
	h := newTestHandler(t, u, Config{Upstream: u.URL + "/gateway/"})
	serve(h, req{method: "GET", target: "/api/v2/private/user/profile"})
	if got := u.requests(); len(got) != 1 || got[0].Path != "/gateway/v2/private/user/profile" {
		t.Fatalf("%+v", got)
	}
}

// TestQueryIsFiltered: only the k-line parameters travel, canonically.
func TestQueryIsFiltered(t *testing.T) {
	u := newUpstream(t, nil)
	h := newTestHandler(t, u, Config{})
	serve(h, req{method: "GET", target: "/api/spot/api/quote/v1/multi/kline?limit=24&symbol=BTCUSDT,ETHUSDT&interval=1h&exchangeId=301&evil=1&_t=99"})
	serve(h, req{method: "GET", target: "/api/v2/public/market/arrayKline?resolution=60&from=1&to=2&x=y"})
	serve(h, req{method: "GET", target: "/api/v2/private/user/profile?next=http://evil"})
	got := u.requests()
	want := []string{"exchangeId=301&interval=1h&limit=24&symbol=BTCUSDT%2CETHUSDT", "from=1&resolution=60&to=2", ""}
	for i, w := range want {
		if got[i].Query != w {
			t.Errorf("query %d: %q, want %q", i, got[i].Query, w)
		}
	}
	for _, bad := range []string{"?symbol=BTC%0AUSDT", "?symbol=a&symbol=b", "?limit=%3Cscript%3E", "?symbol=" + strings.Repeat("A", 300)} {
		w := serve(h, req{method: "GET", target: "/api/spot/api/quote/v1/multi/kline" + bad})
		wantError(t, w, 400, codeParam)
	}
	if u.count() != 3 {
		t.Fatalf("bad queries reached the upstream")
	}
}
