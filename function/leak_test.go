package function

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/promohq/promo/internal/content"
	"github.com/promohq/promo/internal/mock"
)

// settle waits until at most want goroutines run, and reports the stacks of
// the rest if they do not finish.
func settle(t *testing.T, want int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > want {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<20)
			n := runtime.Stack(buf, true)
			t.Fatalf("%d goroutines left, want %d:\n%s", runtime.NumGoroutine(), want, buf[:n])
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestNoGoroutineLeft drives the function through success, upstream failures,
// timeouts, concurrent draws and the mock's faults, then closes everything:
// no goroutine of it may remain.
func TestNoGoroutineLeft(t *testing.T) {
	settle(t, runtime.NumGoroutine()) // let earlier tests finish
	before := runtime.NumGoroutine()
	func() {
		upSrv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			switch {
			case strings.Contains(r.URL.Path, "profile"):
				select { // slower than the function's timeout
				case <-time.After(2 * time.Second):
				case <-r.Context().Done():
				}
			case strings.Contains(r.URL.Path, "quote_tokens"):
				panic(http.ErrAbortHandler)
			default:
				io.WriteString(w, `{"ret_code":0,"ret_msg":"OK","result":null}`)
			}
		}))
		upSrv.Config.ErrorLog = quietLog()
		upSrv.Start()
		defer upSrv.Close()
		quiet := slog.New(slog.NewJSONHandler(io.Discard, nil))
		h, err := New(Config{Env: EnvTest, Upstream: upSrv.URL, Timeout: 100 * time.Millisecond, Logger: quiet})
		if err != nil {
			t.Fatal(err)
		}
		defer h.Close()
		m := mock.New(mock.Options{Campaigns: []*content.Campaign{{ID: "1", API: "old"}}})
		lh, err := New(Config{Env: EnvLocal, Local: m, Timeout: 100 * time.Millisecond, Logger: quiet})
		if err != nil {
			t.Fatal(err)
		}
		defer lh.Close()
		serve(lh, req{method: "POST", target: "/api/__mock/fault", body: `{"path":"/segw/sact/activity/info","delay_ms":3000}`})
		serve(lh, req{method: "POST", target: "/api/__mock/fault", body: `{"path":"/segw/sact/activity/list","drop":true}`})

		var wg sync.WaitGroup
		for i := 0; i < 20; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				serve(h, req{method: "GET", target: "/api/v2/private/user/profile"})
				serve(h, req{method: "GET", target: "/api/spot/s_api/basic/quote_tokens"})
				serve(h, req{method: "POST", target: "/api/segw/prizedraw/v1/prize_draw/item/draw", body: `{"campaign_id":"1"}`,
					cookies: map[string]string{"b_t_c_k_test": "t"}, header: map[string]string{"Idempotency-Key": "k"}})
				serve(lh, req{method: "POST", target: "/api/segw/sact/activity/info", body: `{"campaign_id":"1"}`})
				serve(lh, req{method: "POST", target: "/api/segw/sact/activity/list", body: `{}`})
				serve(lh, req{method: "GET", target: "/api/spot/api/quote/v1/multi/kline?symbol=BTCUSDT"})
			}()
		}
		wg.Wait()
	}()
	settle(t, before)
}

// TestCloseStopsJanitor: New starts exactly one goroutine and Close ends it.
func TestCloseStopsJanitor(t *testing.T) {
	settle(t, runtime.NumGoroutine())
	before := runtime.NumGoroutine()
	h, err := New(Config{Env: EnvProduction, Upstream: "https://api.example.com"})
	if err != nil {
		t.Fatal(err)
	}
	if n := runtime.NumGoroutine(); n != before+1 {
		t.Fatalf("New started %d goroutines", n-before)
	}
	h.Close()
	h.Close() // idempotent
	settle(t, before)
}
