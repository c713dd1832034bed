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

// serveProxy forwards one allowed call. The order matters: malformed requests
// are refused first, replays cost nothing, limits apply before the upstream.
func (h *Handler) serveProxy(w http.ResponseWriter, r *http.Request, rt *route, c *call) {
	var body []byte
	if rt.method == http.MethodPost {
		b, e := readBody(w, r, h.cfg.Limits.MaxBody, false)
		if e == nil {
			e = checkBody(rt.body, b)
		}
		if e != nil {
			if rt.kind == kindLogout {
				h.clearSession(w, r)
			}
			refuse(w, c, e)
			return
		}
		body = b
	}
	query, e := forwardQuery(rt, r)
	if e != nil {
		refuse(w, c, e)
		return
	}
	id := h.identify(r)
	if rt.kind == kindLogout {
		// Logging out always ends the session in this browser, whatever the
		// upstream says; without a token there is nothing to tell it.
		h.clearSession(w, r)
		if id.token == "" {
			writeJSON(w, http.StatusOK, envelope{RetMsg: "OK"})
			return
		}
	}

	idemKey := ""
	if rt.idempotent {
		idemKey = r.Header.Get(hdrIdempotency)
		if idemKey != "" && !validIdemKey(idemKey) {
			refuse(w, c, badRequest("Idempotency-Key must be 1-128 letters, digits or -_.:"))
			return
		}
	}
	storeKey := ""
	if idemKey != "" && id.token != "" {
		storeKey = id.tokenKey() + "|" + rt.name + "|" + idemKey
		state, status, stored := h.idem.begin(storeKey, fingerprint(rt.name, body), h.cfg.Now())
		switch state {
		case idemReplay:
			c.err = "idempotent replay"
			w.Header().Set("Idempotent-Replayed", "true")
			writeBody(w, status, stored)
			return
		case idemBusy:
			c.err = "idempotency key in use"
			writeError(w, http.StatusConflict, codeTooFrequent, "a request with this Idempotency-Key is still running")
			return
		case idemMismatch:
			refuse(w, c, &reqError{http.StatusUnprocessableEntity, codeParam, "Idempotency-Key was used for a different request"})
			return
		}
		// Unless finish stores an answer below, the reservation is freed so a
		// retry really runs (abort leaves a stored answer alone).
		defer h.idem.abort(storeKey)
	}

	if ok, retry, why := h.checkLimits(rt, &id); !ok {
		tooFrequent(w, c, why, retry)
		return
	}
	if rt.single && id.token != "" {
		k := id.tokenKey()
		if !h.draws.acquire(k) {
			tooFrequent(w, c, "draw already running", time.Second)
			return
		}
		defer h.draws.release(k)
	}

	hdr := upstreamHeader(rt, id, idemKey, body != nil)
	up, err := h.forward(r.Context(), rt.method, rt.path, query, body, hdr, c)
	if err != nil {
		h.upstreamFailed(w, r, c, err)
		return
	}
	token, err := scrubTokens(up)
	if err != nil {
		h.upstreamFailed(w, r, c, errMalformed)
		return
	}
	if rt.kind == kindLogin && !h.takeToken(w, r, c, up, token) {
		return
	}
	if id.token != "" && up.hasCode && up.code == codeAuthFailed && rt.kind != kindLogout {
		// The upstream no longer accepts this token: end the session here too,
		// so the page does not keep believing it is logged in.
		h.clearSession(w, r)
	}
	if rt.cache != cacheNone && up.status == http.StatusOK && up.hasCode && up.code == 0 {
		w.Header().Set("Cache-Control", rt.cache)
	}
	writeBody(w, up.status, up.body)
	if storeKey != "" && up.status >= 200 && up.status < 300 {
		h.idem.finish(storeKey, up.status, up.body)
	}
}

// checkLimits applies DESIGN §4's limits for the route's class. Every limited
// call also counts against the per-address ceiling, checked first so that
// made-up guids or tokens cannot grow the other tables without bound.
func (h *Handler) checkLimits(rt *route, id *identity) (bool, time.Duration, string) {
	if rt.limit == limitNone {
		return true, 0, ""
	}
	now := h.cfg.Now()
	addr := addrKey(id.addr)
	if ok, retry := h.address.allow(addr, now); !ok {
		return false, retry, "address limit"
	}
	switch rt.limit {
	case limitAccount:
		if ok, retry := h.account.allow("a|"+addr, now); !ok {
			return false, retry, "account limit per address"
		}
		if id.guid != "" {
			if ok, retry := h.account.allow("g|"+id.guid, now); !ok {
				return false, retry, "account limit per guid"
			}
		}
	case limitEnrol:
		if id.token != "" {
			if ok, retry := h.enrol.allow(id.tokenKey(), now); !ok {
				return false, retry, "enrol limit per token"
			}
		}
	case limitDraw:
		if id.token != "" {
			if ok, retry := h.draw.allow(id.tokenKey(), now); !ok {
				return false, retry, "draw limit per token"
			}
		}
	}
	return true, 0, ""
}

// reply is an upstream answer that passed the envelope check.
type reply struct {
	status  int
	body    []byte
	code    int64
	hasCode bool
	parsed  upstreamReply
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
	parsed, code, hasCode, ok := parseReply(b)
	if !ok {
		return nil, fmt.Errorf("%w (HTTP %d)", errMalformed, resp.StatusCode)
	}
	c.retCode, c.hasRet = code, hasCode
	return &reply{status: resp.StatusCode, body: b, code: code, hasCode: hasCode, parsed: parsed}, nil
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
