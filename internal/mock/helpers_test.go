package mock

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/promohq/promo/internal/content"
)

// t0 is the tests' "now".
var t0 = time.Date(2026, 5, 1, 12, 30, 0, 0, time.UTC)

type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) Now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *fakeClock) Set(t time.Time) { c.mu.Lock(); c.t = t; c.mu.Unlock() }

func testCampaigns() []*content.Campaign {
	newOn := camp("new-on", "new", t0.Add(-24*time.Hour), t0.Add(24*time.Hour))
	newOn.Schedule.EnrollStart, newOn.Schedule.EnrollEnd = t0.Add(-24*time.Hour), t0.Add(12*time.Hour)
	draw := camp("draw", "old", t0.Add(-time.Hour), t0.Add(time.Hour))
	draw.Widgets.PrizeDraw = &content.PrizeDraw{ChancesPerUser: 3, Prizes: prizes("a", "10 USDT", 1, "b", "Mug", 3, "none", "Nothing", 0)}
	return []*content.Campaign{
		newOn,
		camp("old-on", "old", t0.Add(-time.Hour), t0.Add(time.Hour)),
		camp("old-soon", "old", t0.Add(time.Hour), t0.Add(2*time.Hour)),
		camp("old-done", "old", t0.Add(-2*time.Hour), t0.Add(-time.Hour)),
		draw,
	}
}

// camp is a campaign as content.Load gives it; a zero time leaves that side open and
// an empty api serves both families.
func camp(id, api string, start, end time.Time) *content.Campaign {
	return &content.Campaign{ID: id, API: api, Schedule: content.Schedule{Start: start, End: end}}
}

// prizes makes prizes of (id, name, weight) triples.
func prizes(triples ...any) []content.Prize {
	var out []content.Prize
	for i := 0; i+2 < len(triples); i += 3 {
		out = append(out, content.Prize{ID: triples[i].(string), Name: triples[i+1].(string), Weight: triples[i+2].(int)})
	}
	return out
}

func newTestMock() (*Mock, *fakeClock) {
	clk := &fakeClock{t: t0}
	return New(Options{Campaigns: testCampaigns(), Now: clk.Now, Seed: 42}), clk
}

// answer is a decoded envelope of either family.
type answer struct {
	status int
	code   int
	msg    string
	result json.RawMessage
	token  string
	raw    string
}

func call(t *testing.T, h http.Handler, method, path, body, token string, hdr ...string) answer {
	t.Helper()
	r := httptest.NewRequest(method, path, strings.NewReader(body))
	if token != "" {
		r.Header.Set("UserToken", token)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		r.Header.Set(hdr[i], hdr[i+1])
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	var e struct {
		RetCode  *int            `json:"ret_code"`
		RetCode2 *int            `json:"retCode"`
		RetMsg   string          `json:"ret_msg"`
		RetMsg2  string          `json:"retMsg"`
		Result   json.RawMessage `json:"result"`
		Token    string          `json:"token"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil {
		t.Fatalf("%s %s: not JSON: %q", method, path, w.Body)
	}
	a := answer{status: w.Code, result: e.Result, token: e.Token, raw: w.Body.String(), msg: e.RetMsg + e.RetMsg2}
	switch {
	case e.RetCode != nil && e.RetCode2 == nil:
		a.code = *e.RetCode
	case e.RetCode2 != nil && e.RetCode == nil:
		a.code = *e.RetCode2
	default:
		t.Fatalf("%s %s: want exactly one of ret_code, retCode: %s", method, path, w.Body)
	}
	return a
}

func (a answer) into(t *testing.T, v any) {
	t.Helper()
	if err := json.Unmarshal(a.result, v); err != nil {
		t.Fatalf("result %s: %v", a.result, err)
	}
}

func login(t *testing.T, m *Mock) string {
	t.Helper()
	a := call(t, m, "POST", "/user/public/login", `{"email":"demo@example.com","password":"Demo1234!"}`, "")
	if a.code != 0 || len(a.token) < 20 {
		t.Fatalf("login: %s", a.raw)
	}
	return a.token
}
