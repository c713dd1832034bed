package function

import (
	"bytes"
	"encoding/json"
	"io"
	"log"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// seen is one request as the upstream received it.
type seen struct {
	Method string
	Path   string
	Query  string
	Header http.Header
	Body   string
	Host   string
}

// upstream is a loopback exchange API that records what reaches it.
type upstream struct {
	*httptest.Server
	mu    sync.Mutex
	reqs  []seen
	reply http.HandlerFunc // nil → {"ret_code":0,...}
}

func newUpstream(t *testing.T, reply http.HandlerFunc) *upstream {
	return newUpstreamWith(t, reply, nil)
}

// newUpstreamWith lets setup configure the server before it starts.
func newUpstreamWith(t *testing.T, reply http.HandlerFunc, setup func(*http.Server)) *upstream {
	t.Helper()
	u := &upstream{reply: reply}
	u.Server = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		u.mu.Lock()
		u.reqs = append(u.reqs, seen{r.Method, r.URL.Path, r.URL.RawQuery, r.Header.Clone(), string(b), r.Host})
		u.mu.Unlock()
		if u.reply != nil {
			r.Body = io.NopCloser(bytes.NewReader(b))
			u.reply(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		token := ""
		if strings.HasPrefix(r.URL.Path, "/user/public/login") || strings.HasPrefix(r.URL.Path, "/user/public/register") {
			token = `,"token":"issued-token"`
		}
		io.WriteString(w, `{"ret_code":0,"ret_msg":"OK","result":{"path":"`+r.URL.Path+`"}`+token+`}`)
	}))
	if setup != nil {
		setup(u.Config)
	}
	u.Start()
	t.Cleanup(u.Close)
	return u
}

func (u *upstream) requests() []seen {
	u.mu.Lock()
	defer u.mu.Unlock()
	return append([]seen(nil), u.reqs...)
}

func (u *upstream) count() int {
	u.mu.Lock()
	defer u.mu.Unlock()
	return len(u.reqs)
}

// clock is a settable test clock.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// logBuf collects the handler's log lines.
type logBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuf) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuf) lines(t *testing.T) []map[string]any {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(l.b.String()), "\n") {
		if line == "" {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("log line is not JSON: %q", line)
		}
		out = append(out, m)
	}
	return out
}

// newTestHandler builds a handler for env "test" against u, unless cfg says
// otherwise, and closes it at the end of the test.
func newTestHandler(t *testing.T, u *upstream, cfg Config) *Handler {
	t.Helper()
	if cfg.Env == "" {
		cfg.Env = EnvTest
	}
	if cfg.Upstream == "" && cfg.Local == nil && u != nil {
		cfg.Upstream = u.URL
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewJSONHandler(io.Discard, nil))
	}
	h, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	return h
}

// req describes one browser request.
type req struct {
	method, target, body string
	header               map[string]string
	cookies              map[string]string
	remote               string
	host                 string
}

func (q req) build() *http.Request {
	var body io.Reader
	if q.body != "" {
		body = strings.NewReader(q.body)
	}
	r := httptest.NewRequest(q.method, q.target, body)
	if q.body != "" {
		r.Header.Set("Content-Type", "application/json")
	}
	for k, v := range q.header {
		if v == "" {
			r.Header.Del(k)
		} else {
			r.Header.Set(k, v)
		}
	}
	for k, v := range q.cookies {
		r.AddCookie(&http.Cookie{Name: k, Value: v})
	}
	if q.remote != "" {
		r.RemoteAddr = q.remote
	}
	if q.host != "" {
		r.Host = q.host
	}
	return r
}

func serve(h http.Handler, q req) *httptest.ResponseRecorder {
	w := httptest.NewRecorder()
	h.ServeHTTP(w, q.build())
	return w
}

// env decodes an answer's envelope and checks that it is JSON.
func env(t *testing.T, w *httptest.ResponseRecorder) map[string]any {
	t.Helper()
	if ct := w.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("Content-Type %q, body %s", ct, w.Body)
	}
	var m map[string]any
	if err := json.Unmarshal(w.Body.Bytes(), &m); err != nil {
		t.Fatalf("answer is not a JSON object: %q", w.Body)
	}
	return m
}

// wantError checks status and the error envelope's ret_code.
func wantError(t *testing.T, w *httptest.ResponseRecorder, status int, code float64) {
	t.Helper()
	if w.Code != status {
		t.Fatalf("status %d, want %d; body %s", w.Code, status, w.Body)
	}
	m := env(t, w)
	if m["ret_code"] != code {
		t.Fatalf("ret_code %v, want %v; body %s", m["ret_code"], code, w.Body)
	}
	if _, ok := m["ret_msg"].(string); !ok {
		t.Fatalf("no ret_msg in %s", w.Body)
	}
	if v, ok := m["result"]; !ok || v != nil {
		t.Fatalf("result should be null in %s", w.Body)
	}
}

// setCookies parses the Set-Cookie headers of an answer by name.
func setCookies(w *httptest.ResponseRecorder) map[string]*http.Cookie {
	out := map[string]*http.Cookie{}
	for _, c := range (&http.Response{Header: w.Header()}).Cookies() {
		out[c.Name] = c
	}
	return out
}

const (
	testToken = "tok_ABCdef-123.xyz"
	testGuid  = "0123abcd-4567-89ef-0123-456789abcdef"
)

func jsonLogger(w io.Writer) *slog.Logger { return slog.New(slog.NewJSONHandler(w, nil)) }

// quietLog silences a test server's own error log (aborted handlers).
func quietLog() *log.Logger { return log.New(io.Discard, "", 0) }
