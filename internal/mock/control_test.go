package mock

import (
	"context"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/promohq/promo/internal/contract"
)

func TestUnknownPathAndMethod(t *testing.T) {
	m, _ := newTestMock()
	if a := call(t, m, "GET", "/nope", "", ""); a.status != 404 || a.code != contract.CodeSystemError {
		t.Fatal(a.raw)
	}
	if a := call(t, m, "GET", "/segw/sact/activity/info", "", ""); a.status != 405 {
		t.Fatal(a.raw)
	}
	if a := call(t, m, "POST", "/fht/growth/activity-api/v1/info", "{", ""); a.code != contract.CodeParamError || !strings.HasPrefix(a.raw, `{"retCode"`) {
		t.Fatal(a.raw)
	}
	if len(m.Paths()) != 19 {
		t.Fatalf("%d paths", len(m.Paths()))
	}
}

func TestFaults(t *testing.T) {
	m, _ := newTestMock()
	ctl := m.Control()
	if a := call(t, ctl, "POST", "/__mock/fault", `{"path":"/segw/sact/activity/info","ret_code":10000,"http_status":503,"times":2}`, ""); a.code != 0 {
		t.Fatal(a.raw)
	}
	var st State
	call(t, ctl, "GET", "/__mock/state", "", "").into(t, &st)
	if len(st.Faults) != 1 || st.Faults[0].Times != 2 {
		t.Fatalf("%+v", st.Faults)
	}
	for i := 0; i < 2; i++ {
		if a := call(t, m, "POST", "/segw/sact/activity/info", `{"campaign_id":"old-on"}`, ""); a.status != 503 || a.code != 10000 {
			t.Fatal(a.raw)
		}
	}
	if a := call(t, m, "POST", "/segw/sact/activity/info", `{"campaign_id":"old-on"}`, ""); a.code != 0 {
		t.Fatalf("fault outlived times: %s", a.raw)
	}
	// ret_code alone answers HTTP 200; the new family gets its own envelope.
	call(t, ctl, "POST", "/__mock/fault", `{"path":"/fht/growth/activity-api/v1/enroll","ret_code":3580000}`, "")
	if a := call(t, m, "POST", "/fht/growth/activity-api/v1/enroll", `{"campaignId":"new-on"}`, ""); a.status != 200 || a.code != 3580000 || !strings.HasPrefix(a.raw, `{"retCode"`) {
		t.Fatal(a.raw)
	}
	// delay only: the call is slow, then normal.
	call(t, ctl, "POST", "/__mock/fault", `{"path":"/spot/s_api/basic/quote_tokens","delay_ms":150}`, "")
	start := time.Now()
	if a := call(t, m, "GET", "/spot/s_api/basic/quote_tokens", "", ""); a.code != 0 || time.Since(start) < 150*time.Millisecond {
		t.Fatalf("%v %s", time.Since(start), a.raw)
	}
	for _, bad := range []string{
		`{"path":"/api/segw/sact/activity/info","ret_code":1}`, `{"path":"/nope","drop":true}`,
		`{"path":"/segw/sact/activity/info"}`, `{"path":"/segw/sact/activity/info","drop":true,"times":5000}`,
		`{"path":"/segw/sact/activity/info","http_status":99}`, `{"path":"/segw/sact/activity/info","delay_ms":-1}`, `[]`,
	} {
		if a := call(t, ctl, "POST", "/__mock/fault", bad, ""); a.status != 400 {
			t.Errorf("%s: %s", bad, a.raw)
		}
	}
}

// TestDropClosesTheConnection: over a real server a drop fault is a
// connection closed without a response, as the function must see it.
func TestDropClosesTheConnection(t *testing.T) {
	m, _ := newTestMock()
	srv := httptest.NewUnstartedServer(m)
	srv.Config.ErrorLog = log.New(io.Discard, "", 0)
	srv.Start()
	defer srv.Close()
	call(t, m.Control(), "POST", "/__mock/fault", `{"path":"/v2/private/user/profile","drop":true}`, "")
	resp, err := http.Get(srv.URL + "/v2/private/user/profile")
	if err == nil {
		resp.Body.Close()
		t.Fatalf("got a response: %d", resp.StatusCode)
	}
	resp, err = http.Get(srv.URL + "/v2/private/user/profile")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
}

// TestDelayHonoursCancel: a caller that gives up does not hold the handler.
func TestDelayHonoursCancel(t *testing.T) {
	m, _ := newTestMock()
	call(t, m.Control(), "POST", "/__mock/fault", `{"path":"/v2/private/user/profile","delay_ms":60000}`, "")
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	r := httptest.NewRequest("GET", "/v2/private/user/profile", nil).WithContext(ctx)
	start := time.Now()
	m.ServeHTTP(httptest.NewRecorder(), r)
	if time.Since(start) > 2*time.Second {
		t.Fatal("delay ignored the context")
	}
}

func TestResetAndState(t *testing.T) {
	m, _ := newTestMock()
	tok := login(t, m)
	call(t, m, "POST", "/user/public/register", `{"email":"o@example.com","password":"Passw0rd!","verification_code":"123456"}`, "")
	call(t, m, "POST", "/segw/sact/activity/enroll", `{"campaign_id":"old-on"}`, tok)
	call(t, m, "POST", drawPath, `{"campaign_id":"draw"}`, tok)
	call(t, m.Control(), "POST", "/__mock/campaign", `{"id":"old-done","status":5}`, "")
	call(t, m.Control(), "POST", "/__mock/fault", `{"path":"/segw/sact/activity/list","drop":true}`, "")
	var st State
	call(t, m.Control(), "GET", "/__mock/state", "", "").into(t, &st)
	if len(st.Accounts) != 2 || st.Sessions != 2 || st.Draws != 1 || len(st.Faults) != 1 || st.Now != t0.UnixMilli() {
		t.Fatalf("%+v", st)
	}
	byID := map[string]CampaignState{}
	for _, c := range st.Campaigns {
		byID[c.ID] = c
	}
	if len(byID["old-on"].Enrolled) != 1 || byID["old-on"].Enrolled[0] != SeedUID || !byID["old-done"].Overridden || !byID["draw"].HasDraw {
		t.Fatalf("%+v", st.Campaigns)
	}
	if strings.Contains(call(t, m.Control(), "GET", "/__mock/state", "", "").raw, "Demo1234") {
		t.Fatal("state shows a password")
	}
	if a := call(t, m.Control(), "POST", "/__mock/reset", "", ""); a.code != 0 {
		t.Fatal(a.raw)
	}
	call(t, m.Control(), "GET", "/__mock/state", "", "").into(t, &st)
	if len(st.Accounts) != 1 || st.Sessions != 0 || st.Draws != 0 || len(st.Faults) != 0 {
		t.Fatalf("after reset %+v", st)
	}
	for _, c := range st.Campaigns {
		if c.Overridden || len(c.Enrolled) != 0 {
			t.Fatalf("after reset %+v", c)
		}
	}
	if a := call(t, m, "GET", "/v2/private/user/profile", "", tok); a.code != 10007 {
		t.Fatal("session survived reset")
	}
	if a := call(t, m.Control(), "GET", "/__mock/reset", "", ""); a.status != 405 {
		t.Fatal(a.raw)
	}
	if a := call(t, m.Control(), "GET", "/__mock/nope", "", ""); a.status != 404 {
		t.Fatal(a.raw)
	}
}

// TestConcurrentUse exercises the shared state under the race detector.
func TestConcurrentUse(t *testing.T) {
	m, _ := newTestMock()
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tok := login(t, m)
			for j := 0; j < 20; j++ {
				call(t, m, "POST", "/segw/sact/activity/enroll", `{"campaign_id":"old-on"}`, tok)
				call(t, m, "POST", drawPath, `{"campaign_id":"draw"}`, tok)
				call(t, m, "GET", "/spot/api/quote/v1/multi/kline?symbol=BTCUSDT", "", "")
				call(t, m.Control(), "GET", "/__mock/state", "", "")
			}
		}()
	}
	wg.Wait()
}

// TestIdempotencyKey: a repeated key by the same user gets the first answer.
func TestIdempotencyKey(t *testing.T) {
	m, _ := newTestMock()
	tok := login(t, m)
	a := call(t, m, "POST", drawPath, `{"campaign_id":"draw"}`, tok, "Idempotency-Key", "k1")
	b := call(t, m, "POST", drawPath, `{"campaign_id":"draw"}`, tok, "Idempotency-Key", "k1")
	c := call(t, m, "POST", drawPath, `{"campaign_id":"draw"}`, tok, "Idempotency-Key", "k2")
	if a.raw != b.raw || a.raw == c.raw {
		t.Fatalf("%s / %s / %s", a.raw, b.raw, c.raw)
	}
	e1 := call(t, m, "POST", "/segw/sact/activity/enroll", `{"campaign_id":"old-on"}`, tok, "Idempotency-Key", "e")
	e2 := call(t, m, "POST", "/segw/sact/activity/enroll", `{"campaign_id":"old-on"}`, tok, "Idempotency-Key", "e")
	if e1.code != 0 || e2.code != 0 {
		t.Fatalf("retried enrol: %s / %s", e1.raw, e2.raw)
	}
}

// TestToken: the control's token is a working session of the seeded account (the
// bridge tests hand it to the page as the app would, DESIGN §8).
func TestToken(t *testing.T) {
	m, _ := newTestMock()
	var out struct {
		UserToken string `json:"userToken"`
		ID        int64  `json:"id"`
	}
	call(t, m.Control(), "POST", "/__mock/token", `{"email":" Demo@Example.com "}`, "").into(t, &out)
	if out.UserToken == "" || out.ID != SeedUID {
		t.Fatalf("%+v", out)
	}
	if a := call(t, m, "GET", "/v2/private/user/profile", "", out.UserToken); a.code != 0 || !strings.Contains(a.raw, `"id":`) {
		t.Fatalf("the token is not a session: %s", a.raw)
	}
	if a := call(t, m.Control(), "POST", "/__mock/token", `{"email":"nobody@example.com"}`, ""); a.status != 404 || a.code != contract.CodeUserNotExist {
		t.Fatal(a.raw)
	}
	if a := call(t, m.Control(), "POST", "/__mock/token", `{}`, ""); a.code != contract.CodeParamError {
		t.Fatal(a.raw)
	}
}
