package function

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"
)

// refuse answers a malformed request.
func refuse(w http.ResponseWriter, c *call, e *reqError) {
	c.err = e.msg
	writeError(w, e.status, e.code, e.msg)
}

// tooFrequent answers a rate-limited call (DESIGN §4: 429, Retry-After, 2002).
func tooFrequent(w http.ResponseWriter, c *call, why string, retry time.Duration) {
	secs := int((retry + time.Second - 1) / time.Second)
	w.Header().Set("Retry-After", strconv.Itoa(max(1, secs)))
	c.err = why
	writeError(w, http.StatusTooManyRequests, codeTooFrequent, "too frequent")
}

// serveProxy forwards one allowed call in three steps: admit may answer the
// call itself, exchange asks the upstream, respond relays the answer. Whatever
// admission reserved is given back when the call ends, however it ends.
func (h *Handler) serveProxy(w http.ResponseWriter, r *http.Request, rt *route, c *call) {
	p := proxyCall{h: h, w: w, r: r, rt: rt}
	defer p.release()
	if !p.admit(c) {
		return
	}
	up, ok := p.exchange(c)
	if !ok {
		return
	}
	p.respond(c, up)
}

// proxyCall is one forwarded call between its steps: the request, what
// admission decided about it, and what it holds until it ends. The call's
// log record is passed beside it, not kept in it, so the record stays on
// ServeHTTP's stack: the proxy's cost per request has a budget (DESIGN §7).
type proxyCall struct {
	h  *Handler
	w  http.ResponseWriter
	r  *http.Request
	rt *route

	body     []byte // the checked JSON body of a POST; nil for a GET
	query    string // the route's own query parameters, canonical
	id       identity
	idemKey  string   // the client's Idempotency-Key, forwarded as is
	storeKey string   // idempotency reservation this call holds; "" if none
	storeFP  [32]byte // the fingerprint it was reserved for
	slotKey  string   // single-flight slot this call holds; "" if none
	pending  counter  // counts the call once the upstream accepts its token
}

// admit decides whether the call may reach the upstream, and answers it when
// not. The order matters: malformed requests are refused first, replays cost
// nothing, limits apply before the upstream.
func (p *proxyCall) admit(c *call) bool {
	if !p.readRequest(c) {
		return false
	}
	p.id = p.h.identify(p.r)
	if p.rt.kind == kindLogout && !p.logOutHere() {
		return false
	}
	return p.readIdempotencyKey(c) && p.reserveAnswer(c) && p.withinLimits(c) && p.takeSlot(c)
}

// readRequest takes the checked body of a POST and the route's query
// parameters, refusing a malformed request before anything else is looked at.
func (p *proxyCall) readRequest(c *call) bool {
	if p.rt.method == http.MethodPost {
		b, e := readBody(p.w, p.r, p.h.cfg.Limits.MaxBody, false)
		if e == nil {
			e = checkBody(p.rt.body, b)
		}
		if e != nil {
			if p.rt.kind == kindLogout && e.status != http.StatusUnsupportedMediaType {
				// Even a malformed logout ends the session in this browser; a form's
				// (any other type than JSON) is no logout of ours.
				p.h.clearSession(p.w, p.r)
			}
			refuse(p.w, c, e)
			return false
		}
		p.body = b
	}
	query, e := forwardQuery(p.rt, p.r)
	if e != nil {
		refuse(p.w, c, e)
		return false
	}
	p.query = query
	return true
}

// logOutHere ends the session in this browser, whatever the upstream will
// say, and answers at once when there is no token to tell the upstream about.
func (p *proxyCall) logOutHere() bool {
	p.h.clearSession(p.w, p.r)
	if p.id.token == "" {
		writeJSON(p.w, http.StatusOK, envelope{RetMsg: "OK"})
		return false
	}
	return true
}

// readIdempotencyKey takes the client's Idempotency-Key on the routes that
// honour one, refusing a malformed key rather than forwarding it.
func (p *proxyCall) readIdempotencyKey(c *call) bool {
	if !p.rt.idempotent {
		return true
	}
	k := p.r.Header.Get(hdrIdempotency)
	if k != "" && !validIdemKey(k) {
		refuse(p.w, c, badRequest("Idempotency-Key must be 1-128 letters, digits or -_.:"))
		return false
	}
	p.idemKey = k
	return true
}

// reserveAnswer looks the call up in the idempotency store: a stored answer
// is replayed, a key still in use or reused for another request is refused,
// and a new key is reserved for this call. Keys are per token, so a call
// without one is never stored.
func (p *proxyCall) reserveAnswer(c *call) bool {
	if p.idemKey == "" || p.id.token == "" {
		return true
	}
	key := p.id.tokenKey() + "|" + p.rt.name + "|" + p.idemKey
	fp := fingerprint(p.rt.name, p.body)
	state, status, stored, err := p.h.idem.begin(key, fp, p.h.cfg.Now())
	if err != nil {
		p.h.unavailable(p.w, c, "idempotency store", err)
		return false
	}
	switch state {
	case idemReplay:
		c.err = "idempotent replay"
		p.w.Header().Set("Idempotent-Replayed", "true")
		writeBody(p.w, status, stored)
		return false
	case idemBusy:
		c.err = "idempotency key in use"
		writeError(p.w, http.StatusConflict, codeTooFrequent, "a request with this Idempotency-Key is still running")
		return false
	case idemMismatch:
		refuse(p.w, c, &reqError{http.StatusUnprocessableEntity, codeParam, "Idempotency-Key was used for a different request"})
		return false
	}
	p.storeKey, p.storeFP = key, fp
	return true
}

// withinLimits applies the route's rate limits.
func (p *proxyCall) withinLimits(c *call) bool {
	ok, retry, why, pending := p.h.checkLimits(p.rt, &p.id)
	if why == whyUnavailable {
		p.h.unavailable(p.w, c, "rate limits", nil)
		return false
	}
	if !ok {
		tooFrequent(p.w, c, why, retry)
		return false
	}
	p.pending = pending
	return true
}

// takeSlot lets one call at a time per token through on single-flight routes
// (the draw); a second one meanwhile is told to come back in a second.
func (p *proxyCall) takeSlot(c *call) bool {
	if !p.rt.single || p.id.token == "" {
		return true
	}
	k := p.id.tokenKey()
	free, err := p.h.draws.acquire(k)
	if err != nil {
		p.h.unavailable(p.w, c, "draw lock", err)
		return false
	}
	if !free {
		tooFrequent(p.w, c, "draw already running", time.Second)
		return false
	}
	p.slotKey = k
	return true
}

// release gives back what admission took, once the answer is written: the
// single-flight slot, then the idempotency reservation. Unless respond stored
// an answer, the reservation is freed so a retry really runs (abort leaves a
// stored answer alone).
func (p *proxyCall) release() {
	if p.slotKey != "" {
		p.h.draws.release(p.slotKey)
	}
	if p.storeKey != "" {
		p.h.idem.abort(p.storeKey, p.storeFP)
	}
}

// exchange sends the admitted call upstream with only the headers
// upstreamHeader allows, and answers the page itself when no usable
// envelope comes back.
func (p *proxyCall) exchange(c *call) (*reply, bool) {
	hdr := upstreamHeader(p.rt, p.id, p.idemKey, p.body != nil)
	up, err := p.h.forward(p.r.Context(), p.rt.method, p.rt.path, p.query, p.body, hdr, c)
	if err != nil {
		p.h.upstreamFailed(p.w, p.r, c, err)
		return nil, false
	}
	return up, true
}

// respond relays the upstream's answer without any session token in it,
// keeps the browser's session in step with what the upstream said, and
// stores a successful answer for replays of the same Idempotency-Key.
func (p *proxyCall) respond(c *call, up *reply) {
	token, err := scrubTokens(up)
	if err != nil {
		p.h.upstreamFailed(p.w, p.r, c, errMalformed)
		return
	}
	if !p.followSession(c, up, token) {
		return
	}
	if p.rt.cache != cacheNone && up.succeeded() {
		p.w.Header().Set("Cache-Control", p.rt.cache)
	}
	writeBody(p.w, up.status, up.body)
	p.storeAnswer(up)
}

// followSession sets the token cookie from a successful login or register,
// and ends the session when the upstream refuses the caller's token, so the
// page does not keep believing it is logged in. It reports whether the
// answer is still to be relayed (a login success without a usable token was
// already answered as a bad upstream response).
func (p *proxyCall) followSession(c *call, up *reply, token string) bool {
	if p.rt.kind == kindLogin && !p.h.takeToken(p.w, p.r, c, up, token) {
		return false
	}
	if p.tokenRefused(up) {
		p.h.clearSession(p.w, p.r)
	} else if p.pending != nil {
		if err := p.pending.record(p.id.tokenKey(), p.h.cfg.Now()); err != nil {
			p.h.sharedFailed("recording a verified token", err)
		}
	}
	return true
}

// tokenRefused tells an answer that rejects the caller's session token. A
// logout has already ended the session, whatever the answer.
func (p *proxyCall) tokenRefused(up *reply) bool {
	return p.id.token != "" && up.hasCode && up.code == codeAuthFailed && p.rt.kind != kindLogout
}

// storeAnswer keeps a 2xx answer under the call's idempotency reservation,
// so a retry with the same key is replayed instead of reaching the upstream.
func (p *proxyCall) storeAnswer(up *reply) {
	if p.storeKey != "" && up.status >= 200 && up.status < 300 {
		p.h.idem.finish(p.storeKey, p.storeFP, up.status, up.body)
	}
}

// checkLimits applies DESIGN §4's limits for the route's class. Every limited
// call also counts against the per-address ceiling, checked first so that
// made-up guids or tokens cannot grow the other tables without bound. A token
// the enrol or draw table does not know yet passes uncounted: pending is then
// the table to count it in once the upstream has accepted the token.
func (h *Handler) checkLimits(rt *route, id *identity) (ok bool, retry time.Duration, why string, pending counter) {
	if rt.limit == limitNone {
		return true, 0, "", nil
	}
	now := h.cfg.Now()
	// A shared store that fails: enrolment and draws fail closed, the rest open.
	failed := func(table string, err error) (bool, time.Duration, string, counter) {
		h.sharedFailed(table, err)
		if rt.limit == limitEnrol || rt.limit == limitDraw {
			return false, 0, whyUnavailable, nil
		}
		return true, 0, "", nil
	}
	addr := addrKey(id.addr)
	if ok, retry, err := h.address.allow(addr, now); err != nil {
		return failed("address limit", err)
	} else if !ok {
		return false, retry, "address limit", nil
	}
	switch rt.limit {
	case limitAccount:
		if ok, retry, err := h.account.allow("a|"+addr, now); err != nil {
			return failed("account limit", err)
		} else if !ok {
			return false, retry, "account limit per address", nil
		}
		if id.guid != "" {
			if ok, retry, err := h.account.allow("g|"+id.guid, now); err != nil {
				return failed("account limit", err)
			} else if !ok {
				return false, retry, "account limit per guid", nil
			}
		}
	case limitEnrol, limitDraw:
		l, what := h.enrol, "enrol limit per token"
		if rt.limit == limitDraw {
			l, what = h.draw, "draw limit per token"
		}
		if id.token != "" {
			ok, retry, known, err := l.allowKnown(id.tokenKey(), now)
			if err != nil {
				return failed(what, err)
			}
			if !ok {
				return false, retry, what, nil
			}
			if !known {
				return true, 0, "", l
			}
		}
	}
	return true, 0, "", nil
}

// whyUnavailable is checkLimits' reason when the shared store failed a call that
// fails closed.
const whyUnavailable = "shared state unavailable"

// sharedFailed logs a failure of the shared store.
func (h *Handler) sharedFailed(what string, err error) {
	h.cfg.Logger.Warn("shared state unavailable", "what", what, "error", err)
}

// unavailable answers a call that fails closed because the shared store failed:
// 503, the call did not reach the upstream, the page may retry.
func (h *Handler) unavailable(w http.ResponseWriter, c *call, what string, err error) {
	if err != nil {
		h.sharedFailed(what, err)
	}
	c.err = "shared state unavailable: " + what
	w.Header().Set("Retry-After", "1")
	writeError(w, http.StatusServiceUnavailable, codeSystem, "service unavailable, try again")
}

// reply is an upstream answer that passed the envelope check.
type reply struct {
	status  int
	body    []byte
	code    int64
	hasCode bool
}

// succeeded is the envelope check of DESIGN §4: HTTP 200 and ret_code 0.
func (up *reply) succeeded() bool {
	return up.status == http.StatusOK && up.hasCode && up.code == 0
}

// Upstream failures, told apart for the answer the page gets (DESIGN §4).
var (
	errTimeout   = errors.New("upstream timeout")
	errMalformed = errors.New("upstream answered something other than a JSON envelope")
)

// forward makes one exchange with the upstream. The request is built from
// nothing: method, the route's own path, the filtered query, the header set
// of upstreamHeader and the checked body. It goes through RoundTrip, so a
// redirect is an answer (and not JSON), never a request somewhere else.
func (h *Handler) forward(ctx context.Context, method, path, query string, body []byte, hdr http.Header, c *call) (*reply, error) {
	ctx, cancel := context.WithTimeout(ctx, h.cfg.Timeout)
	defer cancel()
	u := *h.base
	u.Path = h.base.Path + path
	u.RawQuery = query
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, "", rd)
	if err != nil {
		return nil, err
	}
	req.URL, req.Host, req.Header = &u, u.Host, hdr
	start := time.Now()
	defer func() { c.upstream = time.Since(start) }()
	resp, err := h.rt.RoundTrip(req)
	if err != nil {
		return nil, classify(ctx, err)
	}
	defer resp.Body.Close()
	limit := h.cfg.Limits.MaxUpstreamBody
	b, err := readAll(resp, limit)
	if err != nil {
		return nil, classify(ctx, err)
	}
	if int64(len(b)) > limit {
		return nil, fmt.Errorf("%w (over %d bytes)", errMalformed, limit)
	}
	if resp.StatusCode < 200 || (resp.StatusCode >= 300 && resp.StatusCode < 400) || resp.StatusCode > 599 {
		return nil, fmt.Errorf("%w (HTTP %d)", errMalformed, resp.StatusCode)
	}
	code, hasCode, ok := parseReply(b)
	if !ok {
		return nil, fmt.Errorf("%w (HTTP %d)", errMalformed, resp.StatusCode)
	}
	c.retCode, c.hasRet = code, hasCode
	return &reply{status: resp.StatusCode, body: b, code: code, hasCode: hasCode}, nil
}

// classify maps a transport error: the function's own deadline is a timeout
// (504); anything else means the upstream could not be reached or hung up (502).
func classify(ctx context.Context, err error) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return fmt.Errorf("%w: %v", errTimeout, err)
	}
	return err
}

// upstreamFailed answers for an upstream that gave no usable envelope:
// 504 after the product timeout, 502 otherwise, both with ret_code -1 (seed §8).
func (h *Handler) upstreamFailed(w http.ResponseWriter, r *http.Request, c *call, err error) {
	c.err = err.Error()
	switch {
	case errors.Is(err, errTimeout):
		writeError(w, http.StatusGatewayTimeout, codeNetwork, "upstream timeout")
	case r.Context().Err() != nil:
		c.err = "client went away: " + c.err
		writeError(w, http.StatusBadGateway, codeNetwork, "request cancelled")
	case errors.Is(err, errMalformed):
		writeError(w, http.StatusBadGateway, codeNetwork, "bad upstream response")
	default:
		writeError(w, http.StatusBadGateway, codeNetwork, "upstream unreachable")
	}
}

// readAll reads a response body of at most limit bytes (one more tells that
// it was longer), in one allocation when the length is announced.
func readAll(resp *http.Response, limit int64) ([]byte, error) {
	if n := resp.ContentLength; n >= 0 && n <= limit {
		b := make([]byte, n)
		if _, err := io.ReadFull(resp.Body, b); err != nil {
			return nil, err
		}
		return b, nil
	}
	return io.ReadAll(io.LimitReader(resp.Body, limit+1))
}
