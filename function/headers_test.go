package function

import (
	"net/http"
	"sort"
	"strings"
	"testing"
)

// hostile is every kind of client header a browser, a proxy or an attacker
// may send; none of it may reach the upstream.
var hostile = map[string]string{
	"Cookie":              "b_t_c_k_test=" + testToken + "; other=secret; promo_session=1; b_t_c_k=prod-token",
	"Authorization":       "Bearer client-secret",
	"X-Forwarded-For":     "203.0.113.9, 10.0.0.1",
	"X-Forwarded-Host":    "evil.example",
	"X-Forwarded-Proto":   "http",
	"X-Real-Ip":           "203.0.113.9",
	"Forwarded":           "for=203.0.113.9",
	"Connection":          "keep-alive, X-Hop",
	"X-Hop":               "hop",
	"Keep-Alive":          "timeout=5",
	"Te":                  "trailers",
	"Upgrade":             "websocket",
	"Proxy-Authorization": "Basic eDp5",
	"Origin":              "http://example.com", // same origin: a cross-site call is refused before anything (crosssite.go)
	"Referer":             "https://site.example/page?ref=1",
	"User-Agent":          "Mozilla/5.0 client",
	"Accept-Language":     "de-DE",
	"Accept-Encoding":     "br",
	"X-Custom":            "x",
	"Usertoken":           "forged-token",
	"Host":                "",
	"Lang":                "id-ID",
	"Guid":                testGuid,
	"Gdfp":                "fp-123",
	"Idempotency-Key":     "key-1",
	"X-Request-Id":        "client-id",
	"Content-Type":        "application/json; charset=utf-8",
}

// transportOwn are headers Go's transport adds itself (none from the client).
var transportOwn = map[string]string{"Accept-Encoding": "gzip", "Content-Length": ""}

// TestUpstreamSeesOnlyAllowedHeaders checks every route: the upstream gets
// the headers of DESIGN §4 and nothing else, with the token from the cookie.
func TestUpstreamSeesOnlyAllowedHeaders(t *testing.T) {
	for _, rt := range specRoutes {
		t.Run(rt.name, func(t *testing.T) {
			u := newUpstream(t, nil)
			h := newTestHandler(t, u, Config{})
			q := req{method: rt.method, target: "/api" + rt.path, body: validBody[rt.name], header: map[string]string{}}
			for k, v := range hostile {
				q.header[k] = v
			}
			if q.body == "" {
				delete(q.header, "Content-Type")
			}
			if w := serve(h, q); w.Code != 200 {
				t.Fatalf("%d %s", w.Code, w.Body)
			}
			got := u.requests()[0]
			want := map[string]string{}
			if !rt.public {
				want["Usertoken"] = testToken
				want["Lang"] = "id-ID"
				want["Guid"] = testGuid
			}
			if rt.gdfp {
				want["Gdfp"] = "fp-123"
			}
			if rt.idempotent {
				want["Idempotency-Key"] = "key-1"
			}
			if rt.method == http.MethodPost {
				want["Content-Type"] = "application/json"
			}
			var names []string
			for k := range got.Header {
				names = append(names, k)
			}
			sort.Strings(names)
			for _, k := range names {
				v := strings.Join(got.Header[k], ",")
				if w, ok := want[k]; ok {
					if v != w {
						t.Errorf("%s: %q, want %q", k, v, w)
					}
					delete(want, k)
					continue
				}
				if w, ok := transportOwn[k]; ok && (w == "" || w == v) {
					continue
				}
				t.Errorf("leaked header %s: %q", k, v)
			}
			for k := range want {
				t.Errorf("missing header %s", k)
			}
			if rt.method == http.MethodPost && validBody[rt.name] != "" && got.Body != validBody[rt.name] {
				t.Errorf("body %q, want %q", got.Body, validBody[rt.name])
			}
			if rt.method == http.MethodGet && got.Body != "" {
				t.Errorf("GET carried a body %q", got.Body)
			}
		})
	}
}

// TestMalformedIdentityIsDropped: a malformed Lang, Guid or gdfp is not passed
// on (it could smuggle header syntax or junk into the upstream's logs).
func TestMalformedIdentityIsDropped(t *testing.T) {
	u := newUpstream(t, nil)
	h := newTestHandler(t, u, Config{})
	serve(h, req{method: "POST", target: "/api/segw/prizedraw/v1/prize_draw/item/draw", body: `{"campaign_id":"c1"}`,
		header: map[string]string{"Lang": "en US<script>", "Guid": "short", "gdfp": "a b", "Cookie": `b_t_c_k_test="bad token"`}})
	got := u.requests()[0].Header
	for _, k := range []string{"Lang", "Guid", "Gdfp", "Usertoken"} {
		if v, ok := got[k]; ok {
			t.Errorf("%s passed on: %q", k, v)
		}
	}
}

// TestProductionCookieName: each environment reads its own token cookie only.
func TestProductionCookieName(t *testing.T) {
	u := newUpstream(t, nil)
	h := newTestHandler(t, u, Config{Env: EnvProduction, Upstream: u.URL})
	serve(h, req{method: "GET", target: "/api/v2/private/user/profile",
		cookies: map[string]string{"b_t_c_k_test": "t1", "b_t_c_k": "t2"}})
	if got := u.requests()[0].Header.Get("UserToken"); got != "t2" {
		t.Fatalf("UserToken %q", got)
	}
}

func TestClientAddr(t *testing.T) {
	cases := []struct {
		remote, xff string
		hops        int
		want        string
	}{
		{"192.0.2.1:1234", "203.0.113.9", 0, "192.0.2.1"},
		{"192.0.2.1:1234", "203.0.113.9, 198.51.100.7", 1, "198.51.100.7"},
		{"192.0.2.1:1234", "203.0.113.9, 198.51.100.7", 2, "203.0.113.9"},
		{"192.0.2.1:1234", "not-an-ip", 1, "192.0.2.1"},
		{"192.0.2.1:1234", "", 1, "192.0.2.1"},
		{"203.0.113.5", "", 0, "203.0.113.5"},
		{"[2001:db8::1]:443", "", 0, "2001:db8::1"},
	}
	for _, c := range cases {
		r, _ := http.NewRequest("GET", "/", nil)
		r.RemoteAddr = c.remote
		if c.xff != "" {
			r.Header.Set("X-Forwarded-For", c.xff)
		}
		if got := clientAddr(r, c.hops); got != c.want {
			t.Errorf("%+v: %q", c, got)
		}
	}
	if addrKey("2001:db8::1") != addrKey("2001:db8::ffff") || addrKey("2001:db8::1") == addrKey("2001:db8:0:1::1") {
		t.Fatal("IPv6 addresses are not grouped by /64")
	}
}
