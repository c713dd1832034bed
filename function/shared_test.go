package function

import (
	"bytes"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"
)

// redisServer is a redis-server of its own for one test, on a free port, without
// persistence; stop kills it (to test a store that is down).
type redisServer struct {
	url  string
	cmd  *exec.Cmd
	once sync.Once
}

func startRedis(t *testing.T) *redisServer {
	t.Helper()
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		if os.Getenv("PROMO_REQUIRE_REDIS") != "" {
			t.Fatal("redis-server is not installed: run scripts/install-redis.sh")
		}
		t.Skip("redis-server is not installed (scripts/install-redis.sh; make test installs it)")
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	cmd := exec.Command(bin, "--port", fmt.Sprint(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", t.TempDir())
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &redisServer{url: fmt.Sprintf("redis://127.0.0.1:%d/0", port), cmd: cmd}
	t.Cleanup(s.stop)
	for range 100 {
		if c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port)); err == nil {
			c.Close()
			return s
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal("redis-server did not start")
	return nil
}

func (s *redisServer) stop() {
	s.once.Do(func() {
		_ = s.cmd.Process.Kill()
		_ = s.cmd.Wait()
	})
}

// Two instances of the function sharing one Redis share one enrol limit per token:
// calls spread over both are counted together.
func TestSharedLimitAcrossInstances(t *testing.T) {
	rs := startRedis(t)
	u := newUpstream(t, nil)
	a := newTestHandler(t, u, Config{RedisURL: rs.url})
	b := newTestHandler(t, u, Config{RedisURL: rs.url})
	enrol := func(h *Handler, i int) int {
		return serve(h, req{method: "POST", target: "/api/segw/sact/activity/enroll", body: `{"campaign_id":"c1"}`,
			cookies: map[string]string{"b_t_c_k_test": "tok-shared"}, remote: fmt.Sprintf("203.0.113.%d:1", i+1)}).Code
	}
	// The first call proves the token (counted after the upstream accepts it), the
	// next 19 fill the limit of 20 a minute, alternating instances.
	for i := range 20 {
		h := a
		if i%2 == 1 {
			h = b
		}
		if code := enrol(h, i); code != 200 {
			t.Fatalf("call %d: %d", i, code)
		}
	}
	if code := enrol(b, 100); code != http.StatusTooManyRequests {
		t.Fatalf("the 21st call in a minute, on the other instance: %d, want 429", code)
	}
	if code := enrol(a, 101); code != http.StatusTooManyRequests {
		t.Fatalf("the 22nd call: %d, want 429", code)
	}
}

// One draw at a time per user across instances: while a draw runs on one, the
// other refuses a second one; an Idempotency-Key replays the first answer byte for
// byte on the other instance, and the upstream draws once.
func TestSharedDrawLockAndIdempotency(t *testing.T) {
	rs := startRedis(t)
	started, finish := make(chan struct{}), make(chan struct{})
	var draws int
	var mu sync.Mutex
	u := newUpstream(t, func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		draws++
		n := draws
		mu.Unlock()
		if n == 1 {
			close(started)
			<-finish
		}
		io.WriteString(w, fmt.Sprintf(`{"ret_code":0,"ret_msg":"OK","result":{"prize":"P%d","note":"<b>&</b>"}}`, n))
	})
	a := newTestHandler(t, u, Config{RedisURL: rs.url})
	b := newTestHandler(t, u, Config{RedisURL: rs.url})
	draw := func(h *Handler, key string) *struct {
		code int
		body string
	} {
		hdr := map[string]string{}
		if key != "" {
			hdr["Idempotency-Key"] = key
		}
		w := serve(h, req{method: "POST", target: "/api/segw/prizedraw/v1/prize_draw/item/draw", body: `{"campaign_id":"c1"}`,
			cookies: map[string]string{"b_t_c_k_test": "tok-draw"}, header: hdr})
		return &struct {
			code int
			body string
		}{w.Code, w.Body.String()}
	}
	first := make(chan *struct {
		code int
		body string
	})
	go func() { first <- draw(a, "key-1") }()
	<-started
	if got := draw(b, ""); got.code != http.StatusTooManyRequests {
		t.Errorf("a second draw on the other instance while the first runs: %d %s", got.code, got.body)
	}
	if got := draw(b, "key-1"); got.code != http.StatusConflict {
		t.Errorf("the same key on the other instance while the first runs: %d %s", got.code, got.body)
	}
	close(finish)
	one := <-first
	if one.code != 200 {
		t.Fatalf("first draw: %d %s", one.code, one.body)
	}
	again := draw(b, "key-1")
	if again.code != 200 || again.body != one.body {
		t.Errorf("replay on the other instance: %d %q, want the first answer %q", again.code, again.body, one.body)
	}
	if got := draw(a, "key-1"); got.body != one.body {
		t.Errorf("replay on the first instance: %q", got.body)
	}
	mu.Lock()
	defer mu.Unlock()
	if draws != 1 {
		t.Errorf("the upstream drew %d times, want 1", draws)
	}
}

// Redis down: enrolment and draws fail closed (503, nothing reaches the upstream),
// reads fail open, and each failure is logged.
func TestSharedStoreDown(t *testing.T) {
	rs := startRedis(t)
	u := newUpstream(t, nil)
	var logs bytes.Buffer
	var mu sync.Mutex
	h := newTestHandler(t, u, Config{RedisURL: rs.url, Logger: slog.New(slog.NewJSONHandler(lockedWriter{&mu, &logs}, nil))})
	rs.stop()
	for _, target := range []string{"/api/segw/sact/activity/enroll", "/api/segw/prizedraw/v1/prize_draw/item/draw"} {
		w := serve(h, req{method: "POST", target: target, body: `{"campaign_id":"c1"}`, cookies: map[string]string{"b_t_c_k_test": "tok"}})
		if w.Code != http.StatusServiceUnavailable || env(t, w)["ret_code"] != float64(codeSystem) {
			t.Errorf("%s with Redis down: %d %s, want 503", target, w.Code, w.Body)
		}
	}
	if n := u.count(); n != 0 {
		t.Errorf("with Redis down %d calls reached the upstream, want 0", n)
	}
	if w := serve(h, req{method: "GET", target: "/api/v2/private/user/profile", cookies: map[string]string{"b_t_c_k_test": "tok"}}); w.Code != 200 {
		t.Errorf("a read with Redis down: %d, want 200 (fails open)", w.Code)
	}
	mu.Lock()
	defer mu.Unlock()
	if !strings.Contains(logs.String(), "shared state unavailable") {
		t.Errorf("no log line says the shared store failed:\n%s", logs.String())
	}
}

type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
