package function

import (
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestLoginCookiePerEnvironment: the token of a login answer becomes the
// cookie of DESIGN §4 and disappears from the body the page sees.
func TestLoginCookiePerEnvironment(t *testing.T) {
	cases := []struct {
		env, host, name, domain string
		secure                  bool
	}{
		{EnvProduction, "www.example.com", "b_t_c_k", "example.com", true},
		{EnvTestnet, "promo.testnet.example.com", "b_t_c_k_testnet", "example.com", true},
		{EnvTest, "promo.example.co.uk", "b_t_c_k_test", "example.co.uk", true},
		{EnvDev, "dev.example.com:8443", "b_t_c_k_dev", "example.com", true},
		{EnvLocal, "127.0.0.1:8080", "b_t_c_k_local", "", false},
		{EnvLocal, "localhost:8080", "b_t_c_k_local", "", false},
		{EnvLocal, "[::1]:8080", "b_t_c_k_local", "", false},
		{EnvLocal, "192.168.1.20:8080", "b_t_c_k_local", "", true},
		// Behind a proxy that forwards "Host: localhost" a deployed function still
		// marks its cookies Secure.
		{EnvProduction, "localhost", "b_t_c_k", "", true},
	}
	for _, c := range cases {
		t.Run(c.env+"/"+c.host, func(t *testing.T) {
			u := newUpstream(t, func(w http.ResponseWriter, r *http.Request) {
				io.WriteString(w, `{"ret_code":0,"ret_msg":"OK","result":{"id":7,"token":"inner"},"token":"Tk.123-_"}`)
			})
			clk := newClock()
			h := newTestHandler(t, u, Config{Env: c.env, Upstream: u.URL, Now: clk.Now})
			w := serve(h, req{method: "POST", target: "/api/user/public/login", host: c.host,
				body: `{"email":"demo@example.com","password":"Demo1234!"}`})
			if w.Code != 200 {
				t.Fatalf("%d %s", w.Code, w.Body)
			}
			if strings.Contains(w.Body.String(), "Tk.123") || strings.Contains(w.Body.String(), "inner") {
				t.Fatalf("token left in the body: %s", w.Body)
			}
			if m := env(t, w); m["result"].(map[string]any)["id"] != 7.0 {
				t.Fatalf("result lost: %s", w.Body)
			}
			cs := setCookies(w)
			tok, comp := cs[c.name], cs["promo_session"]
			if tok == nil || comp == nil || len(cs) != 2 {
				t.Fatalf("cookies %v", w.Header()["Set-Cookie"])
			}
			if tok.Value != "Tk.123-_" || !tok.HttpOnly || tok.Secure != c.secure || tok.SameSite != http.SameSiteLaxMode ||
				tok.Path != "/" || tok.MaxAge != 7*24*3600 || tok.Domain != c.domain {
				t.Fatalf("token cookie %q", w.Header()["Set-Cookie"][0])
			}
			if !tok.Expires.Equal(clk.Now().Add(7 * 24 * time.Hour).Truncate(time.Second)) {
				t.Fatalf("expires %v", tok.Expires)
			}
			if comp.Value != "1" || comp.HttpOnly || comp.Secure != c.secure || comp.MaxAge != tok.MaxAge ||
				comp.Domain != c.domain || comp.Path != "/" || comp.SameSite != http.SameSiteLaxMode {
				t.Fatalf("companion cookie %q", w.Header()["Set-Cookie"][1])
			}
		})
	}
}

func TestRegisterSetsCookieAndFailureDoesNot(t *testing.T) {
	reply := `{"ret_code":0,"ret_msg":"OK","result":{"id":8},"token":"reg-token"}`
	u := newUpstream(t, func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, reply) })
	h := newTestHandler(t, u, Config{})
	body := `{"email":"new@example.com","password":"Passw0rd!","verification_code":"123456"}`
	w := serve(h, req{method: "POST", target: "/api/user/public/register", body: body})
	if c := setCookies(w)["b_t_c_k_test"]; c == nil || c.Value != "reg-token" {
		t.Fatalf("no cookie: %v", w.Header())
	}
	// A failed login never sets a cookie, even if a token came with it.
	reply = `{"ret_code":2009,"ret_msg":"failed verification code","result":null,"token":"should-not-stick"}`
	w = serve(h, req{method: "POST", target: "/api/user/public/register", body: body})
	if len(setCookies(w)) != 0 || strings.Contains(w.Body.String(), "should-not-stick") {
		t.Fatalf("failure: cookies %v body %s", w.Header()["Set-Cookie"], w.Body)
	}
	if m := env(t, w); m["ret_code"] != 2009.0 || w.Code != 200 {
		t.Fatalf("envelope changed: %s", w.Body)
	}
	// A success without a usable token is an upstream fault, not a session.
	for _, r := range []string{`{"ret_code":0,"result":{}}`, `{"ret_code":0,"result":{},"token":"bad token"}`, `{"ret_code":0,"token":42}`} {
		reply = r
		w = serve(h, req{method: "POST", target: "/api/user/public/login", body: `{"email":"a@example.com","password":"x"}`})
		wantError(t, w, 502, codeNetwork)
		if len(setCookies(w)) != 0 {
			t.Fatalf("%s set a cookie", r)
		}
	}
}

// TestLogoutClearsCookies: logout always ends the session in the browser.
func TestLogoutClearsCookies(t *testing.T) {
	u := newUpstream(t, nil)
	h := newTestHandler(t, u, Config{})
	for _, withToken := range []bool{true, false} {
		q := req{method: "POST", target: "/api/user/logout", host: "www.example.com"}
		if withToken {
			q.cookies = map[string]string{"b_t_c_k_test": testToken}
		}
		w := serve(h, q)
		if w.Code != 200 {
			t.Fatalf("%d %s", w.Code, w.Body)
		}
		cs := setCookies(w)
		for _, n := range []string{"b_t_c_k_test", "promo_session"} {
			if c := cs[n]; c == nil || c.MaxAge != -1 || c.Value != "" || c.Domain != "example.com" || c.Path != "/" {
				t.Fatalf("token=%v: %s not cleared: %v", withToken, n, w.Header()["Set-Cookie"])
			}
		}
	}
	got := u.requests()
	if len(got) != 1 || got[0].Header.Get("UserToken") != testToken {
		t.Fatalf("logout without a token must not reach the upstream: %+v", got)
	}
}

// TestRefusedTokenClearsCookies: 10007 on a call that carried a token ends
// the session, so the page stops believing it is logged in.
func TestRefusedTokenClearsCookies(t *testing.T) {
	u := newUpstream(t, func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, `{"ret_code":10007,"ret_msg":"user authentication failed","result":null}`)
	})
	h := newTestHandler(t, u, Config{})
	w := serve(h, req{method: "GET", target: "/api/v2/private/user/profile", cookies: map[string]string{"b_t_c_k_test": testToken}})
	if c := setCookies(w)["b_t_c_k_test"]; c == nil || c.MaxAge != -1 {
		t.Fatalf("not cleared: %v", w.Header())
	}
	w = serve(h, req{method: "GET", target: "/api/v2/private/user/profile"})
	if len(setCookies(w)) != 0 {
		t.Fatal("cleared cookies of a visitor without a token")
	}
}

// TestSessionBridge: the in-app bridge's token becomes the cookie only after
// the upstream profile call accepts it.
func TestSessionBridge(t *testing.T) {
	u := newUpstream(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v2/private/user/profile" || r.Method != "GET" {
			w.WriteHeader(404)
			return
		}
		if r.Header.Get("UserToken") == "app-token" {
			io.WriteString(w, `{"ret_code":0,"ret_msg":"OK","result":{"id":42}}`)
			return
		}
		io.WriteString(w, `{"ret_code":10007,"ret_msg":"user authentication failed","result":null}`)
	})
	h := newTestHandler(t, u, Config{})
	w := serve(h, req{method: "POST", target: "/api/session", body: `{"userToken":"app-token"}`, host: "m.example.com"})
	if c := setCookies(w)["b_t_c_k_test"]; w.Code != 200 || c == nil || c.Value != "app-token" || !c.HttpOnly {
		t.Fatalf("%d %v", w.Code, w.Header())
	}
	if m := env(t, w); m["result"].(map[string]any)["id"] != 42.0 {
		t.Fatalf("profile not passed: %s", w.Body)
	}
	w = serve(h, req{method: "POST", target: "/api/session", body: `{"userToken":"forged"}`})
	if len(setCookies(w)) != 0 || env(t, w)["ret_code"] != 10007.0 {
		t.Fatalf("forged token accepted: %v %s", w.Header(), w.Body)
	}
	for _, b := range []string{`{}`, `{"userToken":""}`, `{"userToken":"a b"}`, `{"userToken":7}`} {
		wantError(t, serve(h, req{method: "POST", target: "/api/session", body: b}), 400, codeParam)
	}
	if n := u.count(); n != 2 {
		t.Fatalf("upstream saw %d calls, want 2", n)
	}
}

func TestCookieDomain(t *testing.T) {
	cases := []struct{ configured, host, want string }{
		{"", "www.example.com", "example.com"},
		{"", "example.com", "example.com"},
		{"", "a.b.example.com", "example.com"},
		{"", "promo.example.com.au", "example.com.au"},
		{"", "localhost", ""},
		{"", "10.0.0.1", ""},
		{"", "::1", ""},
		{"", "abc.lambda-url.eu-west-1.on.aws", ""},
		{"", "d111111abcdef8.cloudfront.net", ""},
		{"", "preview.promo.pages.dev", ""},
		{"", "promo.example.co.uk", "example.co.uk"},
		{"", "shop.promo.netlify.app", ""},
		{"", "127.0.0.1.nip.io", ""}, // wildcard DNS: nip.io's other names are anyone's
		{"", "promo.10-0-0-1.sslip.io", ""},
		{"", "promo.site.kz", "site.kz"},
		{"host", "www.example.com", ""},
		{"example.org", "promo.example.org", "example.org"},
		{".example.org", "example.org", "example.org"},
		{"example.org", "evil.example", ""},
		{"example.org", "notexample.org", ""},
	}
	for _, c := range cases {
		if got := cookieDomain(c.configured, c.host); got != c.want {
			t.Errorf("cookieDomain(%q, %q) = %q, want %q", c.configured, c.host, got, c.want)
		}
	}
}
