package function

import (
	"fmt"
	"io"
	"net/http"
	"strconv"
	"sync"
	"testing"
	"time"
)

func loginReq(remote, guid string) req {
	q := req{method: "POST", target: "/api/user/public/login", remote: remote,
		body: `{"email":"a@example.com","password":"x"}`, header: map[string]string{}}
	if guid != "" {
		q.header["Guid"] = guid
	}
	return q
}

func want429(t *testing.T, h http.Handler, q req) {
	t.Helper()
	w := serve(h, q)
	wantError(t, w, http.StatusTooManyRequests, codeTooFrequent)
	if s, err := strconv.Atoi(w.Header().Get("Retry-After")); err != nil || s < 1 || s > 60 {
		t.Fatalf("Retry-After %q", w.Header().Get("Retry-After"))
	}
}

// TestAccountLimitPerAddress: at most 10 account calls a minute per client
// address (DESIGN §4), counted in a sliding window.
func TestAccountLimitPerAddress(t *testing.T) {
	u := newUpstream(t, nil)
	clk := newClock()
	h := newTestHandler(t, u, Config{Now: clk.Now})
	for i := 0; i < 10; i++ {
		if w := serve(h, loginReq("198.51.100.1:1000", "")); w.Code != 200 {
			t.Fatalf("call %d: %d", i, w.Code)
		}
		clk.Add(time.Second)
	}
	want429(t, h, loginReq("198.51.100.1:1000", ""))
	want429(t, h, req{method: "POST", target: "/api/user/public/verification-code", remote: "198.51.100.1:2000", body: `{"email":"a@example.com"}`})
	// Another address is not affected.
	if w := serve(h, loginReq("198.51.100.2:1000", "")); w.Code != 200 {
		t.Fatalf("other address: %d", w.Code)
	}
	if n := u.count(); n != 11 {
		t.Fatalf("upstream saw %d calls, want 11", n)
	}
	// 60 s after the first call one slot is free again, not ten.
	clk.Add(50 * time.Second)
	if w := serve(h, loginReq("198.51.100.1:1000", "")); w.Code != 200 {
		t.Fatalf("after the window: %d", w.Code)
	}
	want429(t, h, loginReq("198.51.100.1:1000", ""))
}

// TestAccountLimitPerGuid: one device cannot get around the limit by
// changing address.
func TestAccountLimitPerGuid(t *testing.T) {
	u := newUpstream(t, nil)
	h := newTestHandler(t, u, Config{})
	for i := 0; i < 10; i++ {
		if w := serve(h, loginReq(fmt.Sprintf("203.0.113.%d:1", i+1), testGuid)); w.Code != 200 {
			t.Fatalf("call %d: %d", i, w.Code)
		}
	}
	want429(t, h, loginReq("203.0.113.100:1", testGuid))
}

// TestEnrolLimitPerToken: 20 enrol calls a minute per token.
func TestEnrolLimitPerToken(t *testing.T) {
	u := newUpstream(t, nil)
	h := newTestHandler(t, u, Config{})
	enrol := func(token, remote string) req {
		return req{method: "POST", target: "/api/segw/sact/activity/enroll", body: `{"campaign_id":"c1"}`,
			cookies: map[string]string{"b_t_c_k_test": token}, remote: remote}
	}
	for i := 0; i < 20; i++ {
		if w := serve(h, enrol("tok-a", fmt.Sprintf("203.0.113.%d:1", i+1))); w.Code != 200 {
			t.Fatalf("call %d: %d", i, w.Code)
		}
	}
	want429(t, h, enrol("tok-a", "203.0.113.200:1"))
	if w := serve(h, enrol("tok-b", "203.0.113.200:1")); w.Code != 200 {
		t.Fatalf("other token: %d", w.Code)
	}
}

// TestDrawLimitPerToken: 30 draws a minute per token.
func TestDrawLimitPerToken(t *testing.T) {
	u := newUpstream(t, nil)
	h := newTestHandler(t, u, Config{})
	draw := req{method: "POST", target: "/api/segw/prizedraw/v1/prize_draw/item/draw", body: `{"campaign_id":"c1"}`,
		cookies: map[string]string{"b_t_c_k_test": testToken}}
	for i := 0; i < 30; i++ {
		if w := serve(h, draw); w.Code != 200 {
			t.Fatalf("draw %d: %d", i, w.Code)
		}
	}
	want429(t, h, draw)
}

// TestAddressCeiling: random tokens do not get around the per-address limit.
func TestAddressCeiling(t *testing.T) {
	u := newUpstream(t, nil)
	h := newTestHandler(t, u, Config{Limits: Limits{Address: Rate{Count: 5, Window: time.Minute}}})
	for i := 0; i < 5; i++ {
		w := serve(h, req{method: "POST", target: "/api/segw/sact/activity/enroll", body: `{"campaign_id":"c1"}`,
			cookies: map[string]string{"b_t_c_k_test": fmt.Sprint("random-", i)}})
		if w.Code != 200 {
			t.Fatal(w.Code)
		}
	}
	want429(t, h, req{method: "POST", target: "/api/segw/sact/activity/enroll", body: `{"campaign_id":"c1"}`,
		cookies: map[string]string{"b_t_c_k_test": "random-x"}})
	// Unlimited routes are not counted.
	if w := serve(h, req{method: "GET", target: "/api/v2/private/user/profile"}); w.Code != 200 {
		t.Fatal(w.Code)
	}
}

// TestConcurrentDraws: one draw per user at a time (DESIGN §4); other users
// are not held up.
func TestConcurrentDraws(t *testing.T) {
	entered := make(chan string, 100)
	release := make(chan struct{})
	u := newUpstream(t, func(w http.ResponseWriter, r *http.Request) {
		entered <- r.Header.Get("UserToken")
		<-release
		w.Write([]byte(`{"ret_code":0,"ret_msg":"OK","result":{"record":{"id":1}}}`))
	})
	h := newTestHandler(t, u, Config{})
	const n = 8
	codes := make(chan int, 2*n)
	var wg sync.WaitGroup
	for _, tok := range []string{"user-1", "user-2"} {
		for i := 0; i < n; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				w := serve(h, req{method: "POST", target: "/api/segw/prizedraw/v1/prize_draw/item/draw",
					body: `{"campaign_id":"c1"}`, cookies: map[string]string{"b_t_c_k_test": tok}})
				codes <- w.Code
			}()
		}
	}
	// Both users get one draw in; everybody else is turned away at once.
	got := map[string]bool{<-entered: true, <-entered: true}
	if !got["user-1"] || !got["user-2"] {
		t.Fatalf("draws in flight: %v", got)
	}
	for i := 0; i < 2*n-2; i++ {
		if c := <-codes; c != http.StatusTooManyRequests {
			t.Fatalf("concurrent draw answered %d", c)
		}
	}
	close(release)
	wg.Wait()
	close(codes)
	for c := range codes {
		if c != 200 {
			t.Fatalf("running draw answered %d", c)
		}
	}
	// Afterwards the next draw runs.
	go func() { <-entered }()
	if w := serve(h, req{method: "POST", target: "/api/segw/prizedraw/v1/prize_draw/item/draw",
		body: `{"campaign_id":"c1"}`, cookies: map[string]string{"b_t_c_k_test": "user-1"}}); w.Code != 200 {
		t.Fatalf("after: %d", w.Code)
	}
}

// A flood of made-up tokens (the upstream refuses them) buys no state, so it cannot
// crowd out the counters of real visitors; a token the upstream accepts is counted
// from then on.
func TestUnverifiedTokensBuyNoState(t *testing.T) {
	u := newUpstream(t, func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Usertoken") == "real-user" {
			io.WriteString(w, `{"ret_code":0,"ret_msg":"OK","result":{}}`)
			return
		}
		io.WriteString(w, `{"ret_code":10007,"ret_msg":"auth failed","result":null}`)
	})
	h := newTestHandler(t, u, Config{})
	enrol := func(token, addr string) int {
		return serve(h, req{method: "POST", target: "/api/segw/sact/activity/enroll", remote: addr,
			body: `{"campaign_id":"c1"}`, cookies: map[string]string{"b_t_c_k_test": token}}).Code
	}
	for i := range 200 {
		enrol(fmt.Sprintf("made-up-%d", i), fmt.Sprintf("[2001:db8:%x::1]:1", i))
	}
	if n := h.enrol.(*limiter).size(); n != 0 {
		t.Fatalf("made-up tokens left %d counters", n)
	}
	codes := []int{}
	for i := range 22 { // the limit is 20 a minute
		codes = append(codes, enrol("real-user", fmt.Sprintf("198.51.100.%d:1", i+1)))
	}
	if h.enrol.(*limiter).size() != 1 || codes[0] != 200 || codes[len(codes)-1] != http.StatusTooManyRequests {
		t.Fatalf("a real token: counters %d, answers %v", h.enrol.(*limiter).size(), codes)
	}
}

func TestLimiterWindowAndKeys(t *testing.T) {
	now := time.Unix(1000, 0)
	l := newLimiter(Rate{Count: 3, Window: 10 * time.Second}, 16)
	for i := 0; i < 3; i++ {
		if ok, _, _ := l.allow("k", now.Add(time.Duration(i)*time.Second)); !ok {
			t.Fatal(i)
		}
	}
	ok, retry, _ := l.allow("k", now.Add(3*time.Second))
	if ok || retry != 7*time.Second {
		t.Fatalf("ok=%v retry=%v", ok, retry)
	}
	if ok, _, _ := l.allow("k", now.Add(10*time.Second)); !ok {
		t.Fatal("first event should have left the window")
	}
	// Table full (16 keys / 16 shards = 1 per shard): newcomers still pass, the
	// stalest key making room; the table stays bounded.
	full := newLimiter(Rate{Count: 1, Window: time.Minute}, 16)
	refused := 0
	for i := 0; i < 100; i++ {
		if ok, _, _ := full.allow(fmt.Sprint(i), now); !ok {
			refused++
		}
	}
	if full.size() > 16 || refused != 0 {
		t.Fatalf("size %d refused %d", full.size(), refused)
	}
	full.sweep(now.Add(2 * time.Minute))
	if full.size() != 0 {
		t.Fatalf("sweep left %d keys", full.size())
	}
	off := newLimiter(Rate{Count: -1}, 16)
	for i := 0; i < 1000; i++ {
		if ok, _, _ := off.allow("k", now); !ok {
			t.Fatal("disabled limiter refused")
		}
	}
}
