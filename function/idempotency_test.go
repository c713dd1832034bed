package function

import (
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func enrolWithKey(token, key, body string) req {
	q := req{method: "POST", target: "/api/fht/growth/activity-api/v1/enroll", body: body,
		header: map[string]string{"Idempotency-Key": key}}
	if token != "" {
		q.cookies = map[string]string{"b_t_c_k_test": token}
	}
	return q
}

// TestIdempotentReplay: a repeated Idempotency-Key gets the stored answer
// and does not reach the upstream again.
func TestIdempotentReplay(t *testing.T) {
	var n atomic.Int32
	u := newUpstream(t, func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `{"retCode":0,"retMsg":"OK","result":{"call":%d}}`, n.Add(1))
	})
	h := newTestHandler(t, u, Config{})
	body := `{"campaignId":"c1"}`
	first := serve(h, enrolWithKey(testToken, "k-1", body))
	second := serve(h, enrolWithKey(testToken, "k-1", body))
	if first.Code != 200 || second.Code != 200 || first.Body.String() != second.Body.String() {
		t.Fatalf("%d %s / %d %s", first.Code, first.Body, second.Code, second.Body)
	}
	if second.Header().Get("Idempotent-Replayed") != "true" || first.Header().Get("Idempotent-Replayed") != "" {
		t.Fatal("replay not marked")
	}
	if u.count() != 1 {
		t.Fatalf("upstream saw %d calls", u.count())
	}
	// Another key, another user, no key: each really runs.
	serve(h, enrolWithKey(testToken, "k-2", body))
	serve(h, enrolWithKey("other-user", "k-1", body))
	serve(h, enrolWithKey(testToken, "", body))
	serve(h, enrolWithKey(testToken, "", body))
	if u.count() != 5 {
		t.Fatalf("upstream saw %d calls, want 5", u.count())
	}
	// The same key for a different request is refused.
	w := serve(h, enrolWithKey(testToken, "k-1", `{"campaignId":"c2"}`))
	wantError(t, w, http.StatusUnprocessableEntity, codeParam)
	// The same key on the old-family route is a different request slot.
	w = serve(h, req{method: "POST", target: "/api/segw/sact/activity/enroll", body: `{"campaign_id":"c1"}`,
		header: map[string]string{"Idempotency-Key": "k-1"}, cookies: map[string]string{"b_t_c_k_test": testToken}})
	if w.Code != 200 || u.count() != 6 {
		t.Fatalf("%d, upstream %d", w.Code, u.count())
	}
}

// TestFailuresAreNotReplayed: an upstream failure leaves the key free, so
// the retry the page makes really runs.
func TestFailuresAreNotReplayed(t *testing.T) {
	var fail atomic.Bool
	fail.Store(true)
	u := newUpstream(t, func(w http.ResponseWriter, r *http.Request) {
		if fail.Load() {
			w.WriteHeader(503)
			w.Write([]byte("unavailable"))
			return
		}
		w.Write([]byte(`{"retCode":0,"retMsg":"OK","result":{}}`))
	})
	h := newTestHandler(t, u, Config{})
	wantError(t, serve(h, enrolWithKey(testToken, "k", `{"campaignId":"c1"}`)), 502, codeNetwork)
	fail.Store(false)
	if w := serve(h, enrolWithKey(testToken, "k", `{"campaignId":"c1"}`)); w.Code != 200 || w.Header().Get("Idempotent-Replayed") != "" {
		t.Fatalf("%d %v", w.Code, w.Header())
	}
	if u.count() != 2 {
		t.Fatalf("upstream saw %d", u.count())
	}
}

// TestConcurrentSameKey: while the first request runs, a duplicate is told
// to wait (409) instead of reaching the upstream a second time.
func TestConcurrentSameKey(t *testing.T) {
	entered, release := make(chan struct{}), make(chan struct{})
	u := newUpstream(t, func(w http.ResponseWriter, r *http.Request) {
		entered <- struct{}{}
		<-release
		w.Write([]byte(`{"retCode":0,"retMsg":"OK","result":{}}`))
	})
	h := newTestHandler(t, u, Config{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		serve(h, enrolWithKey(testToken, "same", `{"campaignId":"c1"}`))
	}()
	<-entered
	w := serve(h, enrolWithKey(testToken, "same", `{"campaignId":"c1"}`))
	wantError(t, w, http.StatusConflict, codeTooFrequent)
	close(release)
	wg.Wait()
	if w := serve(h, enrolWithKey(testToken, "same", `{"campaignId":"c1"}`)); w.Header().Get("Idempotent-Replayed") != "true" {
		t.Fatal("finished request not replayed")
	}
}

func TestIdemStoreExpiryAndBound(t *testing.T) {
	now := time.Unix(0, 0)
	s := newIdemStore(time.Minute, 3)
	fp := fingerprint("r", []byte("{}"))
	for i := 0; i < 5; i++ {
		k := fmt.Sprint(i)
		if st, _, _, _ := s.begin(k, fp, now); st != idemNew {
			t.Fatal(st)
		}
		s.finish(k, fp, 200, []byte(k))
	}
	if s.size() != 3 {
		t.Fatalf("size %d", s.size())
	}
	if st, _, _, _ := s.begin("0", fp, now); st != idemNew {
		t.Fatal("oldest entry should have been evicted")
	}
	if st, status, b, _ := s.begin("4", fp, now); st != idemReplay || status != 200 || string(b) != "4" {
		t.Fatal(st, status, string(b))
	}
	s.sweep(now.Add(2 * time.Minute))
	if s.size() != 0 {
		t.Fatalf("sweep left %d", s.size())
	}
}
