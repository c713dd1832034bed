package function

import (
	"crypto/sha256"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Handler is the function. It is safe for concurrent use; Close stops its
// background janitor.
type Handler struct {
	cfg     Config
	base    *url.URL
	rt      http.RoundTripper
	routes  routeTable
	control http.Handler // mock test control, local only

	account, enrol, draw, address, monitor counter
	idem                                   answers
	draws                                  slots
	closeShared                            func() error // the shared store's client, when there is one

	stop      chan struct{}
	done      chan struct{}
	closeOnce sync.Once
}

// controller is implemented by the embedded mock: its test-control endpoints.
type controller interface{ Control() http.Handler }

// New checks cfg, fills its defaults and starts the janitor that expires rate
// limit and idempotency entries.
func New(cfg Config) (*Handler, error) {
	c, base, err := cfg.resolve()
	if err != nil {
		return nil, err
	}
	h := &Handler{cfg: c, base: base, stop: make(chan struct{}), done: make(chan struct{})}
	if c.Local != nil {
		h.rt = localTransport{c.Local}
		if ctl, ok := c.Local.(controller); ok {
			h.control = ctl.Control()
		}
	} else {
		h.rt = newTransport()
	}
	h.routes = newRouteTable(h.control != nil)
	l := c.Limits
	if c.RedisURL != "" {
		if err := h.shareState(c.RedisURL); err != nil {
			return nil, err
		}
	} else {
		h.account = newLimiter(l.Account, l.MaxKeys)
		h.enrol = newLimiter(l.Enrol, l.MaxKeys)
		h.draw = newLimiter(l.Draw, l.MaxKeys)
		h.address = newLimiter(l.Address, l.MaxKeys)
		h.monitor = newLimiter(l.Monitor, l.MaxKeys)
		h.idem = newIdemStore(l.IdempotencyTTL, l.IdempotencyMax)
		h.draws = &inflight{m: map[string]struct{}{}}
	}
	go h.janitor()
	return h, nil
}

// newTransport keeps connections to the upstream alive across requests; it is
// used through RoundTrip directly, so no redirect is ever followed and no
// cookie jar exists.
func newTransport() *http.Transport {
	return &http.Transport{
		Proxy:                 http.ProxyFromEnvironment,
		DialContext:           (&net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
		ForceAttemptHTTP2:     true,
		MaxIdleConns:          1024,
		MaxIdleConnsPerHost:   512,
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   10 * time.Second,
		ExpectContinueTimeout: time.Second,
	}
}

// Close stops the janitor and closes idle upstream connections. The handler
// must not serve requests afterwards.
func (h *Handler) Close() error {
	h.closeOnce.Do(func() {
		close(h.stop)
		<-h.done
		if t, ok := h.rt.(*http.Transport); ok {
			t.CloseIdleConnections()
		}
		if h.closeShared != nil {
			_ = h.closeShared()
		}
	})
	return nil
}

func (h *Handler) janitor() {
	defer close(h.done)
	t := time.NewTicker(30 * time.Second)
	defer t.Stop()
	for {
		select {
		case <-h.stop:
			return
		case <-t.C:
			now := h.cfg.Now()
			for _, l := range h.limiters() {
				l.sweep(now)
			}
			h.idem.sweep(now)
		}
	}
}

func (h *Handler) limiters() []counter {
	return []counter{h.account, h.enrol, h.draw, h.address, h.monitor}
}

// resetState forgets every rate-limit counter and stored answer. Only the
// local test control's reset calls it (DESIGN §5).
func (h *Handler) resetState() {
	for _, l := range h.limiters() {
		l.reset()
	}
	h.idem.reset()
	h.draws.reset()
}

// Mount sends every request under the API base to h and the rest to next.
// It matches the path as sent, before any http.ServeMux could clean and
// redirect it, so `/api/../x` is this handler's 404, not a redirect.
func (h *Handler) Mount(next http.Handler) http.Handler {
	base := h.cfg.APIBase
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if underBase(r.URL.Path, base) || underBase(r.URL.EscapedPath(), base) {
			h.ServeHTTP(w, r)
			return
		}
		next.ServeHTTP(w, r)
	})
}

func underBase(p, base string) bool {
	return p == base || strings.HasPrefix(p, base+"/")
}

// call is the per-request record that becomes the log line.
type call struct {
	id       string
	route    string
	upstream time.Duration
	err      string
	retCode  int64 // the upstream's ret_code, when hasRet
	hasRet   bool
}

// ServeHTTP answers one request and logs one line for it.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	sw := &statusWriter{ResponseWriter: w}
	c := &call{id: requestID(), route: "-"}
	defer func() {
		if p := recover(); p != nil {
			if p == http.ErrAbortHandler {
				panic(p)
			}
			c.err = "panic"
			h.cfg.Logger.Error("panic", "request_id", c.id, "panic", p)
			if sw.status == 0 {
				writeError(sw, http.StatusInternalServerError, codeSystem, "internal error")
			}
		}
		h.logRequest(r, sw, c, time.Since(start))
	}()
	sw.Header()["X-Request-Id"] = []string{c.id}

	rt, ok := h.routes.lookup(r, h.cfg.APIBase)
	if !ok {
		writeError(sw, http.StatusNotFound, codeSystem, "not found")
		return
	}
	c.route = rt.name
	if r.Method != rt.method && !(rt.kind == kindHealth && r.Method == http.MethodHead) {
		sw.Header().Set("Allow", rt.method)
		writeError(sw, http.StatusMethodNotAllowed, codeSystem, "method not allowed")
		return
	}
	if h.refuseCrossSite(sw, r, c) {
		return
	}
	switch rt.kind {
	case kindHealth:
		writeJSON(sw, http.StatusOK, envelope{RetMsg: "OK", Result: map[string]string{"status": "ok", "env": h.cfg.Env}})
	case kindMonitor:
		h.serveMonitor(sw, r, c)
	case kindSession:
		h.serveSession(sw, r, rt, c)
	case kindControl:
		h.serveControl(sw, r, rt, c)
	default:
		h.serveProxy(sw, r, rt, c)
	}
}

func (h *Handler) logRequest(r *http.Request, sw *statusWriter, c *call, d time.Duration) {
	level := slog.LevelInfo
	if sw.status >= 500 {
		level = slog.LevelWarn
	}
	ctx := r.Context()
	lh := h.cfg.Logger.Handler()
	if !lh.Enabled(ctx, level) {
		return
	}
	// Built as a Record rather than through LogAttrs' variadic slice: this
	// line is written for every request, and the first five attributes then
	// live inside the record without an allocation.
	rec := slog.NewRecord(time.Now(), level, "request", 0)
	rec.AddAttrs(
		slog.String("request_id", c.id),
		slog.String("method", r.Method),
		slog.String("route", c.route),
		slog.Int("status", sw.status),
		slog.Float64("upstream_ms", ms(c.upstream)),
	)
	rec.AddAttrs(slog.Float64("duration_ms", ms(d)))
	if c.hasRet {
		rec.AddAttrs(slog.Int64("ret_code", c.retCode))
	}
	if c.err != "" {
		rec.AddAttrs(slog.String("error", c.err))
	}
	lh.Handle(ctx, rec)
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// requestID is a random id for correlating a log line with a user's report.
func requestID() string {
	var b [16]byte
	return string(strconv.AppendUint(b[:0], rand.Uint64(), 36))
}

// tokenKey names a token in rate-limit and idempotency tables without keeping
// the token itself: a collision-resistant hash, so one user can never be
// answered with another user's stored response.
func tokenKey(token string) string {
	s := sha256.Sum256([]byte(token))
	return string(s[:])
}

// statusWriter remembers the status for the log line.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (s *statusWriter) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusWriter) Write(p []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	return s.ResponseWriter.Write(p)
}
