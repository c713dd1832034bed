package dev

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/promohq/promo/function"
	"github.com/promohq/promo/internal/content"
	"github.com/promohq/promo/internal/mock"
	"github.com/promohq/promo/internal/sitetest"
)

// previewSiteArchive has two campaigns; one title needs escaping and one campaign has no
// Japanese texts of its own.
const previewSiteArchive = `
-- locales/en/error-code.json --
{"errorCode": {"2009": "Wrong code."}}
-- campaigns/blast/campaign.yaml --
id: "1001"
namespace: blast
schedule:
  start: 2026-11-01T00:00:00Z
  end: 2026-12-01T00:00:00Z
-- locales/en/blast.json --
{"hero": {"title": "Blast <Off> & \"co\"", "subtitle": "Earn"}}
-- locales/ja-JP/blast.json --
{"hero": {"title": "ブラスト"}}
-- campaigns/later/campaign.yaml --
id: "1002"
namespace: later
api: old
schedule:
  start: 2027-01-01T00:00:00Z
  end: 2027-02-01T00:00:00Z
-- locales/en/later.json --
{"hero": {"title": "Later", "subtitle": "Soon"}}
`

type previewAPICall struct {
	Method, Path string
	Body         map[string]any
}

// previewFakeEnv is a PreviewEnv around the real function and mock, recording every call.
type previewFakeEnv struct {
	site  *content.Site
	fn    http.Handler
	mu    sync.Mutex
	now   time.Time
	calls []previewAPICall
}

var previewStart = time.Date(2026, 11, 15, 0, 0, 0, 0, time.UTC) // blast ongoing, later not started

func newPreviewFakeEnv(t *testing.T) *previewFakeEnv {
	t.Helper()
	root := sitetest.Write(t, sitetest.LibraryTexts(t)+previewSiteArchive)
	s, diags := content.Load(root)
	if err := diags.Err(); err != nil {
		t.Fatal(err)
	}
	env := &previewFakeEnv{site: s}
	m := mock.New(mock.Options{Campaigns: s.Campaigns, Now: env.Now, Seed: 1})
	fn, err := function.New(function.Config{Env: function.EnvLocal, Local: m, APIBase: s.Config.APIBase,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { fn.Close() })
	env.fn = fn.Mount(http.NotFoundHandler())
	return env
}

func (e *previewFakeEnv) Site() *content.Site { return e.site }

func (e *previewFakeEnv) Now() time.Time {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.now.IsZero() {
		return previewStart
	}
	return e.now
}

func (e *previewFakeEnv) SetNow(t time.Time) {
	e.mu.Lock()
	e.now = t
	e.mu.Unlock()
}

func (e *previewFakeEnv) BuiltLocales() []string { return []string{"en", "ja-JP"} }

func (e *previewFakeEnv) API(method, path string, body any) (*http.Response, error) {
	var rd io.Reader = http.NoBody
	call := previewAPICall{Method: method, Path: path}
	if body != nil {
		b, _ := json.Marshal(body)
		json.Unmarshal(b, &call.Body)
		rd = bytes.NewReader(b)
	}
	e.mu.Lock()
	e.calls = append(e.calls, call)
	e.mu.Unlock()
	// Like the dev server, an in-process request with httptest's host, example.com:
	// the function's cookies then name a Domain and Secure the browser would refuse.
	req := httptest.NewRequest(method, path, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	rec := httptest.NewRecorder()
	e.fn.ServeHTTP(rec, req)
	return rec.Result(), nil
}

func (e *previewFakeEnv) takeCalls() []previewAPICall {
	e.mu.Lock()
	defer e.mu.Unlock()
	c := e.calls
	e.calls = nil
	return c
}

func previewGet(t *testing.T, h http.Handler, path string, cookies ...*http.Cookie) (*http.Response, string) {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, path, nil)
	for _, c := range cookies {
		req.AddCookie(c)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result(), rec.Body.String()
}

func previewPost(t *testing.T, h http.Handler, form url.Values) *http.Response {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, "/__promo/preview", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	res := rec.Result()
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/" {
		t.Fatalf("POST %v: %d to %q, want 303 to /", form, res.StatusCode, res.Header.Get("Location"))
	}
	return res
}

func previewCookie(res *http.Response, name string) *http.Cookie {
	for _, c := range res.Cookies() {
		if c.Name == name {
			return c
		}
	}
	return nil
}

func previewFlash(t *testing.T, res *http.Response) string {
	t.Helper()
	c := previewCookie(res, previewFlashCookie)
	if c == nil {
		t.Fatal("no flash message")
	}
	msg, _ := url.QueryUnescape(c.Value)
	return msg
}

func TestMatrixListsEveryPageAndStatus(t *testing.T) {
	env := newPreviewFakeEnv(t)
	res, body := previewGet(t, NewPreview(env), "/")
	if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("GET /: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	cfg := env.site.Config
	for _, slug := range []string{"blast", "later"} {
		for _, l := range cfg.Locales {
			href := "/" + l + "/" + slug + "/"
			if l == "en" {
				href = "/" + slug + "/"
			}
			if !strings.Contains(body, `href="`+href+`" hreflang="`+l+`"`) {
				t.Errorf("no link to %s", href)
			}
		}
	}
	for _, want := range []string{
		"Blast &lt;Off&gt; &amp; &#34;co&#34;", // the title, escaped
		`aria-label="Status of Blast &lt;Off&gt; &amp; &#34;co&#34;"`,
		">Ongoing</p>", ">Not started</p>",
		`<link rel="stylesheet" href="/__promo/preview.css">`, `<script src="/__promo/client.js"></script>`,
		"2026-11-15 00:00:00 UTC", `value="2026-11-15T00:00"`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("the matrix lacks %s", want)
		}
	}
	if strings.Contains(body, "Blast <Off>") || strings.Contains(body, "style=") || strings.Contains(body, "<style") {
		t.Error("unescaped title or inline style in the matrix")
	}
	// ja-JP is translated and built; es-ES shows English and is built on first visit.
	if !strings.Contains(body, `href="/ja-JP/blast/" hreflang="ja-JP" class="">`) ||
		!strings.Contains(body, `href="/es-ES/blast/" hreflang="es-ES" class="fallback unbuilt">`) {
		t.Error("translation and build marks are wrong")
	}
	// The fake's clock is not the real one (like promo dev --now): the pages follow it.
	if c := previewCookie(res, previewNowCookie); c == nil || c.Value != "2026-11-15T00:00:00Z" || !strings.Contains(body, "(moved)") {
		t.Errorf("the moved server clock is not handed to the pages: %v", c)
	}
	if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") {
		t.Errorf("CSP %q", csp)
	}
	if calls := env.takeCalls(); len(calls) != 1 || calls[0].Path != "/api/__mock/state" {
		t.Errorf("calls %v, want one state call", calls)
	}
}

func TestMatrixBeforeTheFirstBuild(t *testing.T) {
	env := newPreviewFakeEnv(t)
	env.site = nil
	res, body := previewGet(t, NewPreview(env), "/")
	if res.StatusCode != http.StatusOK || !strings.Contains(body, "Nothing is built yet") || !strings.Contains(body, "/__promo/client.js") {
		t.Fatalf("GET / without a site: %d\n%s", res.StatusCode, body)
	}
}

func TestCampaignControls(t *testing.T) {
	env := newPreviewFakeEnv(t)
	h := NewPreview(env)
	for _, tc := range []struct {
		status string
		want   map[string]any
		shown  string
	}{
		{"6", map[string]any{"id": "1001", "status": 6.0, "unavailable": false}, ">Finished (set here)<"},
		{"4", map[string]any{"id": "1001", "status": 4.0, "unavailable": false}, ">Not started (set here)<"},
		{"unavailable", map[string]any{"id": "1001", "unavailable": true}, ">Unavailable<"},
		{"schedule", map[string]any{"id": "1001", "status": 0.0, "unavailable": false}, ">Ongoing<"},
	} {
		res := previewPost(t, h, url.Values{"campaign": {"1001"}, "status": {tc.status}})
		calls := env.takeCalls()
		if len(calls) != 1 || calls[0].Method != http.MethodPost || calls[0].Path != "/api/__mock/campaign" || !previewJSONEqual(calls[0].Body, tc.want) {
			t.Errorf("status %s: calls %+v, want %v", tc.status, calls, tc.want)
		}
		if m := previewFlash(t, res); strings.HasPrefix(m, previewFailed) {
			t.Errorf("status %s: %s", tc.status, m)
		}
		_, body := previewGet(t, h, "/")
		if !strings.Contains(body, tc.shown) {
			t.Errorf("status %s: the matrix does not show %q", tc.status, tc.shown)
		}
		if pressed := `value="` + tc.status + `" aria-pressed="true"`; !strings.Contains(body, pressed) {
			t.Errorf("status %s: the control is not shown pressed", tc.status)
		}
		env.takeCalls()
	}
	previewPost(t, h, url.Values{"reset": {"1"}})
	if calls := env.takeCalls(); len(calls) != 1 || calls[0].Path != "/api/__mock/reset" {
		t.Errorf("reset: calls %+v", calls)
	}
	res := previewPost(t, h, url.Values{"campaign": {"9999"}, "status": {"5"}})
	if m := previewFlash(t, res); !strings.HasPrefix(m, previewFailed) || len(env.takeCalls()) != 0 {
		t.Errorf("an unknown campaign: %q", m)
	}
}

func previewJSONEqual(a, b map[string]any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

func TestUserControlCopiesTheFunctionsCookies(t *testing.T) {
	env := newPreviewFakeEnv(t)
	h := NewPreview(env)
	res := previewPost(t, h, url.Values{"user": {"login"}})
	calls := env.takeCalls()
	if len(calls) != 1 || calls[0].Path != "/api/user/public/login" || calls[0].Body["email"] != previewDemoEmail || calls[0].Body["password"] != previewDemoPassword {
		t.Fatalf("login calls %+v", calls)
	}
	token, session := previewCookie(res, "b_t_c_k_local"), previewCookie(res, "promo_session")
	if token == nil || token.Value == "" || !token.HttpOnly || session == nil || session.Value != "1" {
		t.Fatalf("login cookies %v", res.Cookies())
	}
	for _, c := range []*http.Cookie{token, session} {
		if c.Domain != "" || c.Secure || c.Path != "/" || c.SameSite != http.SameSiteLaxMode {
			t.Errorf("cookie %s is not host-only and plain-HTTP: %v", c.Name, c)
		}
	}
	if _, body := previewGet(t, h, "/", session); !strings.Contains(body, `value="login" aria-pressed="true"`) {
		t.Error("the matrix does not show the logged-in choice")
	}
	env.takeCalls()
	res = previewPost(t, h, url.Values{"user": {"visitor"}})
	if calls := env.takeCalls(); len(calls) != 1 || calls[0].Path != "/api/user/logout" {
		t.Fatalf("logout calls %+v", calls)
	}
	if c := previewCookie(res, "promo_session"); c == nil || c.MaxAge >= 0 {
		t.Errorf("logout does not clear the session cookie: %v", res.Cookies())
	}
}

func TestDeviceAndTimeControls(t *testing.T) {
	env := newPreviewFakeEnv(t)
	h := NewPreview(env)
	res := previewPost(t, h, url.Values{"device": {"app"}})
	c := previewCookie(res, previewDeviceCookie)
	if c == nil || c.Value != "app" || c.Path != "/" || c.HttpOnly {
		t.Fatalf("device cookie %v", c)
	}
	if _, body := previewGet(t, h, "/", c); !strings.Contains(body, `value="app" aria-pressed="true"`) {
		t.Error("the matrix does not show the device")
	}
	if c := previewCookie(previewPost(t, h, url.Values{"device": {"desktop"}}), previewDeviceCookie); c == nil || c.MaxAge >= 0 {
		t.Errorf("desktop does not clear the device cookie: %v", c)
	}
	if m := previewFlash(t, previewPost(t, h, url.Values{"device": {"fridge"}})); !strings.HasPrefix(m, previewFailed) {
		t.Errorf("an unknown device: %q", m)
	}

	res = previewPost(t, h, url.Values{"time": {"set"}, "now": {"2027-01-15T08:30"}})
	want := time.Date(2027, 1, 15, 8, 30, 0, 0, time.UTC)
	if c := previewCookie(res, previewNowCookie); c == nil || c.Value != "2027-01-15T08:30:00Z" || !env.Now().Equal(want) {
		t.Fatalf("time: cookie %v, clock %v", c, env.Now())
	}
	// The mock's statuses follow the dev clock: blast has finished, later is on.
	if _, body := previewGet(t, h, "/", previewCookie(res, previewNowCookie)); !strings.Contains(body, ">Finished<") || !strings.Contains(body, ">Ongoing<") || !strings.Contains(body, "(moved)") {
		t.Error("the matrix does not follow the dev clock")
	}
	res = previewPost(t, h, url.Values{"time": {"now"}})
	if c := previewCookie(res, previewNowCookie); c == nil || c.MaxAge >= 0 || !env.now.IsZero() {
		t.Errorf("now: cookie %v, clock %v", c, env.now)
	}
	if m := previewFlash(t, previewPost(t, h, url.Values{"time": {"set"}, "now": {"tomorrow"}})); !strings.HasPrefix(m, previewFailed) {
		t.Errorf("a bad time: %q", m)
	}
}

func TestPreviewRefusesWhatItDoesNotServe(t *testing.T) {
	h := NewPreview(newPreviewFakeEnv(t))
	for _, tc := range []struct {
		method, path string
		hdr          map[string]string
		want         int
	}{
		{http.MethodPost, "/", nil, http.StatusMethodNotAllowed},
		{http.MethodGet, "/__promo/preview", nil, http.StatusMethodNotAllowed},
		{http.MethodGet, "/elsewhere", nil, http.StatusNotFound},
		{http.MethodPost, "/__promo/preview", map[string]string{"Sec-Fetch-Site": "cross-site"}, http.StatusForbidden},
		{http.MethodPost, "/__promo/preview", map[string]string{"Sec-Fetch-Site": "same-origin"}, http.StatusBadRequest}, // no control named
		{http.MethodGet, "/__promo/preview.css", nil, http.StatusOK},
	} {
		req := httptest.NewRequest(tc.method, tc.path, strings.NewReader("x=1"))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		for k, v := range tc.hdr {
			req.Header.Set(k, v)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != tc.want {
			t.Errorf("%s %s %v: %d, want %d", tc.method, tc.path, tc.hdr, rec.Code, tc.want)
		}
	}
}

// TestAppControl: the "In the app" preview's fake bridge settings (DESIGN §8) become the
// cookies dev/client/client.js reads, and the matrix shows them.
func TestAppControl(t *testing.T) {
	h := NewPreview(newPreviewFakeEnv(t))
	res := previewPost(t, h, url.Values{"app": {"set"}, "appVersion": {" 3.6.0 "}, "appUser": {"login"}})
	v, u := previewCookie(res, previewAppVersionCookie), previewCookie(res, previewAppUserCookie)
	if v == nil || v.Value != "3.6.0" || u == nil || u.Value != "login" || v.HttpOnly || u.HttpOnly {
		t.Fatalf("cookies %v %v (the client script must read them)", v, u)
	}
	if _, body := previewGet(t, h, "/", v, u); !strings.Contains(body, `value="3.6.0"`) || !strings.Contains(body, `value="login" selected`) {
		t.Error("the matrix does not show the app settings")
	}
	if _, body := previewGet(t, h, "/"); !strings.Contains(body, `value="`+previewDefaultAppVersion+`"`) || !strings.Contains(body, `value="visitor" selected`) {
		t.Error("the matrix does not show the default app settings")
	}
	res = previewPost(t, h, url.Values{"app": {"set"}, "appVersion": {"3.7"}, "appUser": {"visitor"}})
	if u := previewCookie(res, previewAppUserCookie); u == nil || u.MaxAge >= 0 {
		t.Errorf("logged out does not clear the app user cookie: %v", u)
	}
	for _, bad := range []url.Values{
		{"app": {"set"}, "appVersion": {"3.7.0-beta"}, "appUser": {"login"}},
		{"app": {"set"}, "appVersion": {"<b>"}, "appUser": {"login"}},
		{"app": {"set"}, "appVersion": {"3.7.0"}, "appUser": {"admin"}},
	} {
		if m := previewFlash(t, previewPost(t, h, bad)); !strings.HasPrefix(m, previewFailed) {
			t.Errorf("%v: %q", bad, m)
		}
	}
}
