package function

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/promohq/promo/internal/content"
	"github.com/promohq/promo/internal/mock"
)

// localHandler is the local environment: the function with the embedded
// mock in-process, as `promo serve` wires it.
func localHandler(t *testing.T, cfg Config) (*Handler, *mock.Mock) {
	t.Helper()
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	open := content.Schedule{Start: now.Add(-time.Hour), End: now.Add(time.Hour)}
	draw := &content.PrizeDraw{ChancesPerUser: 2, Prizes: []content.Prize{{ID: "p1", Name: "5 USDT", Weight: 1}}}
	m := mock.New(mock.Options{Seed: 7, Now: func() time.Time { return now }, Campaigns: []*content.Campaign{
		{ID: "1001", API: "new", Schedule: open},
		{ID: "2002", API: "old", Schedule: open, Widgets: content.Widgets{PrizeDraw: draw}},
	}})
	cfg.Env, cfg.Local = EnvLocal, m
	return newTestHandler(t, nil, cfg), m
}

// browser keeps cookies between calls, as a page does.
type browser struct {
	t       *testing.T
	h       http.Handler
	cookies map[string]string
}

func (b *browser) call(method, target, body string, hdr ...string) *httptest.ResponseRecorder {
	b.t.Helper()
	q := req{method: method, target: target, body: body, cookies: b.cookies, host: "127.0.0.1:8080", header: map[string]string{}}
	for i := 0; i+1 < len(hdr); i += 2 {
		q.header[hdr[i]] = hdr[i+1]
	}
	w := serve(b.h, q)
	for _, c := range (&http.Response{Header: w.Header()}).Cookies() {
		if c.MaxAge < 0 {
			delete(b.cookies, c.Name)
		} else {
			b.cookies[c.Name] = c.Value
		}
	}
	return w
}

func code(t *testing.T, w *httptest.ResponseRecorder) float64 {
	t.Helper()
	m := env(t, w)
	if c, ok := m["ret_code"]; ok {
		return c.(float64)
	}
	return m["retCode"].(float64)
}

// TestLocalJourney walks a visitor through login, enrolment and logout
// against the embedded mock.
func TestLocalJourney(t *testing.T) {
	h, _ := localHandler(t, Config{})
	b := &browser{t: t, h: h, cookies: map[string]string{}}
	if c := code(t, b.call("GET", "/api/v2/private/user/profile", "")); c != 10007 {
		t.Fatalf("visitor profile: %v", c)
	}
	w := b.call("POST", "/api/user/public/login", `{"email":"demo@example.com","password":"Demo1234!"}`)
	if code(t, w) != 0 || b.cookies["b_t_c_k_local"] == "" || b.cookies["promo_session"] != "1" || strings.Contains(w.Body.String(), "token") {
		t.Fatalf("login: %s %v", w.Body, b.cookies)
	}
	w = b.call("GET", "/api/v2/private/user/profile", "")
	if env(t, w)["result"].(map[string]any)["id"] != 100001.0 {
		t.Fatalf("profile: %s", w.Body)
	}
	w = b.call("POST", "/api/fht/growth/activity-api/v1/info", `{"campaignId":"1001"}`)
	res := env(t, w)["result"].(map[string]any)
	if res["status"] != 5.0 || res["enrolled"] != false {
		t.Fatalf("info: %s", w.Body)
	}
	if c := code(t, b.call("POST", "/api/fht/growth/activity-api/v1/enroll", `{"campaignId":"1001"}`)); c != 0 {
		t.Fatalf("enrol: %v", c)
	}
	if c := code(t, b.call("POST", "/api/fht/growth/activity-api/v1/enroll", `{"campaignId":"1001"}`)); c != 3570011 {
		t.Fatalf("second enrol: %v", c)
	}
	w = b.call("POST", "/api/fht/growth/activity-api/v1/info", `{"campaignId":"1001"}`)
	if env(t, w)["result"].(map[string]any)["enrolled"] != true {
		t.Fatalf("info after enrol: %s", w.Body)
	}
	token := b.cookies["b_t_c_k_local"]
	if c := code(t, b.call("POST", "/api/user/logout", "")); c != 0 || len(b.cookies) != 0 {
		t.Fatalf("logout: %v %v", c, b.cookies)
	}
	// The old token no longer works, and using it ends the stale session.
	b.cookies["b_t_c_k_local"], b.cookies["promo_session"] = token, "1"
	if c := code(t, b.call("GET", "/api/v2/private/user/profile", "")); c != 10007 || len(b.cookies) != 0 {
		t.Fatalf("stale token: %v %v", c, b.cookies)
	}
}

func TestLocalRegisterAndDraw(t *testing.T) {
	h, _ := localHandler(t, Config{})
	b := &browser{t: t, h: h, cookies: map[string]string{}}
	if c := code(t, b.call("POST", "/api/user/public/verification-code", `{"email":"new@example.com"}`)); c != 0 {
		t.Fatal(c)
	}
	if c := code(t, b.call("POST", "/api/user/public/register", `{"email":"new@example.com","password":"Passw0rd!","verification_code":"000000"}`)); c != 2009 || len(b.cookies) != 0 {
		t.Fatal(c, b.cookies)
	}
	if c := code(t, b.call("POST", "/api/user/public/register", `{"email":"new@example.com","password":"Passw0rd!","verification_code":"123456"}`)); c != 0 || b.cookies["b_t_c_k_local"] == "" {
		t.Fatal(c, b.cookies)
	}
	w := b.call("POST", "/api/segw/prizedraw/v1/prize_draw/item/draw", `{"campaign_id":"2002"}`, "gdfp", "fp1", "Idempotency-Key", "d1")
	if code(t, w) != 0 || env(t, w)["result"].(map[string]any)["record"].(map[string]any)["prize_id"] != "p1" {
		t.Fatalf("draw: %s", w.Body)
	}
	again := b.call("POST", "/api/segw/prizedraw/v1/prize_draw/item/draw", `{"campaign_id":"2002"}`, "Idempotency-Key", "d1")
	if again.Body.String() != w.Body.String() {
		t.Fatal("replayed draw differs")
	}
	w = b.call("POST", "/api/segw/prizedraw/v1/prize_draw/draw_record/list", `{"campaign_id":"2002","order":2}`)
	if env(t, w)["result"].(map[string]any)["total"] != 1.0 {
		t.Fatalf("records: %s", w.Body)
	}
}

// TestLocalControl: the mock's control at /api/__mock/*, and its faults as
// the page sees them through the function.
func TestLocalControl(t *testing.T) {
	h, _ := localHandler(t, Config{Timeout: 200 * time.Millisecond})
	b := &browser{t: t, h: h, cookies: map[string]string{}}
	info := `{"campaignId":"1001"}`
	const infoPath = "/api/fht/growth/activity-api/v1/info"

	fault := func(body string) {
		t.Helper()
		if w := b.call("POST", "/api/__mock/fault", body); w.Code != 200 {
			t.Fatalf("fault %s: %d %s", body, w.Code, w.Body)
		}
	}
	fault(`{"path":"/fht/growth/activity-api/v1/info","drop":true}`)
	wantError(t, b.call("POST", infoPath, info), 502, codeNetwork)

	fault(`{"path":"/fht/growth/activity-api/v1/info","delay_ms":5000}`)
	start := time.Now()
	wantError(t, b.call("POST", infoPath, info), 504, codeNetwork)
	if time.Since(start) > 2*time.Second {
		t.Fatal("timeout did not cut the delay short")
	}

	fault(`{"path":"/fht/growth/activity-api/v1/info","ret_code":10000,"http_status":500,"times":2}`)
	for i := 0; i < 2; i++ {
		w := b.call("POST", infoPath, info)
		if w.Code != 500 || env(t, w)["retCode"] != 10000.0 {
			t.Fatalf("injected: %d %s", w.Code, w.Body)
		}
	}
	if w := b.call("POST", infoPath, info); w.Code != 200 || code(t, w) != 0 {
		t.Fatalf("fault outlived its times: %s", w.Body)
	}

	if w := b.call("POST", "/api/__mock/campaign", `{"id":"1001","status":6}`); w.Code != 200 {
		t.Fatal(w.Body)
	}
	if s := env(t, b.call("POST", infoPath, info))["result"].(map[string]any)["status"]; s != 6.0 {
		t.Fatalf("override: %v", s)
	}
	b.call("POST", "/api/__mock/campaign", `{"id":"1001","unavailable":true}`)
	if c := code(t, b.call("POST", infoPath, info)); c != 3580000 {
		t.Fatalf("unavailable: %v", c)
	}
	st := env(t, b.call("GET", "/api/__mock/state", ""))["result"].(map[string]any)
	if len(st["campaigns"].([]any)) != 2 {
		t.Fatalf("state %v", st)
	}
	if w := b.call("GET", "/api/__mock/reset", ""); w.Code != 405 {
		t.Fatalf("GET reset: %d", w.Code)
	}
}

// TestResetClearsFunctionState: POST /api/__mock/reset also forgets the
// function's rate-limit counters and stored answers.
func TestResetClearsFunctionState(t *testing.T) {
	h, _ := localHandler(t, Config{})
	login := func() int {
		return serve(h, req{method: "POST", target: "/api/user/public/login", body: `{"email":"demo@example.com","password":"wrong"}`}).Code
	}
	for i := 0; i < 10; i++ {
		if c := login(); c != 200 {
			t.Fatal(c)
		}
	}
	if c := login(); c != 429 {
		t.Fatalf("limit not reached: %d", c)
	}
	if w := serve(h, req{method: "POST", target: "/api/__mock/reset"}); w.Code != 200 {
		t.Fatal(w.Code)
	}
	if c := login(); c != 200 {
		t.Fatalf("after reset: %d", c)
	}
}

// TestControlOnlyInLocal: other environments have no /__mock routes and
// cannot be given the mock at all.
func TestControlOnlyInLocal(t *testing.T) {
	m := mock.New(mock.Options{})
	for _, e := range []string{EnvProduction, EnvTestnet, EnvTest, EnvDev} {
		if _, err := New(Config{Env: e, Local: m}); err == nil {
			t.Fatalf("%s accepted the mock", e)
		}
	}
	u := newUpstream(t, nil)
	h := newTestHandler(t, u, Config{Env: EnvProduction, Upstream: u.URL})
	for _, p := range []string{"/api/__mock/reset", "/api/__mock/fault", "/api/__mock/campaign", "/api/__mock/state"} {
		for _, method := range []string{"GET", "POST"} {
			wantError(t, serve(h, req{method: method, target: p, body: `{}`}), 404, codeSystem)
		}
	}
	if u.count() != 0 {
		t.Fatal("control call reached the upstream")
	}
	// A local upstream reached over HTTP has no control routes either.
	lh := newTestHandler(t, u, Config{Env: EnvLocal, Upstream: u.URL})
	wantError(t, serve(lh, req{method: "POST", target: "/api/__mock/reset"}), 404, codeSystem)
}
