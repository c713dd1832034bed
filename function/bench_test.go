package function

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/promohq/promo/internal/mock"
)

// benchReply is a typical small market-data envelope.
var benchReply = []byte(`{"ret_code":0,"ret_msg":"OK","result":[{"tokenId":"USDT","tokenName":"USDT","tokenFullName":"Tether USD"},{"tokenId":"USDC","tokenName":"USDC","tokenFullName":"USD Coin"},{"tokenId":"BTC","tokenName":"BTC","tokenFullName":"Bitcoin"}]}`)

// discard is a ResponseWriter that keeps nothing, so the benchmarks measure
// the function and not a recorder.
type discard struct {
	h    http.Header
	code int
}

func (d *discard) Header() http.Header         { return d.h }
func (d *discard) WriteHeader(c int)           { d.code = c }
func (d *discard) Write(p []byte) (int, error) { return len(p), nil }

func benchUpstream(b *testing.B) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Length", strconv.Itoa(len(benchReply)))
		w.Write(benchReply)
	}))
	b.Cleanup(srv.Close)
	return srv
}

func benchHandler(b *testing.B, cfg Config) *Handler {
	off := Rate{Count: -1}
	cfg.Limits = Limits{Account: off, Enrol: off, Draw: off, Address: off, Monitor: off}
	if cfg.Logger == nil {
		// The log line is part of the cost of a request: keep it, write it nowhere.
		cfg.Logger = slog.New(slog.NewJSONHandler(io.Discard, nil))
	}
	h, err := New(cfg)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { h.Close() })
	return h
}

func runGET(b *testing.B, h http.Handler, target string) {
	r := httptest.NewRequest("GET", target, nil)
	r.Header.Set("Lang", "en")
	r.Header.Set("Guid", testGuid)
	r.AddCookie(&http.Cookie{Name: "b_t_c_k_test", Value: testToken})
	w := &discard{h: http.Header{}}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		clear(w.h)
		h.ServeHTTP(w, r)
		if w.code != 200 {
			b.Fatalf("status %d", w.code)
		}
	}
}

// BenchmarkProxyLoopback: one GET through the function to a loopback
// upstream over a kept-alive connection, sequentially.
func BenchmarkProxyLoopback(b *testing.B) {
	srv := benchUpstream(b)
	h := benchHandler(b, Config{Env: EnvTest, Upstream: srv.URL})
	runGET(b, h, "/api/spot/s_api/basic/quote_tokens")
}

// BenchmarkProxyLoopbackParallel: the same from as many goroutines as
// GOMAXPROCS, for throughput.
func BenchmarkProxyLoopbackParallel(b *testing.B) {
	srv := benchUpstream(b)
	h := benchHandler(b, Config{Env: EnvTest, Upstream: srv.URL})
	b.ReportAllocs()
	b.SetParallelism(8)
	b.RunParallel(func(pb *testing.PB) {
		r := httptest.NewRequest("GET", "/api/v2/private/user/profile", nil)
		r.AddCookie(&http.Cookie{Name: "b_t_c_k_test", Value: testToken})
		w := &discard{h: http.Header{}}
		for pb.Next() {
			clear(w.h)
			h.ServeHTTP(w, r)
			if w.code != 200 {
				b.Errorf("status %d", w.code)
				return
			}
		}
	})
}

// BenchmarkProxyEnrol: a POST with body checks, a token and an
// Idempotency-Key, each request a new key.
func BenchmarkProxyEnrol(b *testing.B) {
	srv := benchUpstream(b)
	h := benchHandler(b, Config{Env: EnvTest, Upstream: srv.URL})
	w := &discard{h: http.Header{}}
	var n atomic.Int64
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r := httptest.NewRequest("POST", "/api/fht/growth/activity-api/v1/enroll", strings.NewReader(`{"campaignId":"100234","referralCode":"ABC"}`))
		r.Header.Set("Content-Type", "application/json")
		r.Header.Set("Idempotency-Key", "k-"+strconv.FormatInt(n.Add(1), 10))
		r.AddCookie(&http.Cookie{Name: "b_t_c_k_test", Value: testToken})
		clear(w.h)
		h.ServeHTTP(w, r)
		if w.code != 200 {
			b.Fatalf("status %d", w.code)
		}
	}
}

// BenchmarkProxyLocalMock: the local environment, the mock in-process.
func BenchmarkProxyLocalMock(b *testing.B) {
	h := benchHandler(b, Config{Env: EnvLocal, Local: mock.New(mock.Options{})})
	runGET(b, h, "/api/spot/s_api/basic/quote_tokens")
}

// BenchmarkRefused: the cost of turning away a path that is not allowed.
func BenchmarkRefused(b *testing.B) {
	h := benchHandler(b, Config{Env: EnvTest, Upstream: "http://127.0.0.1:1"})
	r := httptest.NewRequest("GET", "/api/../etc/passwd", nil)
	w := &discard{h: http.Header{}}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		clear(w.h)
		h.ServeHTTP(w, r)
	}
}
