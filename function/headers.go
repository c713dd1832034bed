package function

import (
	"net"
	"net/http"
	"strings"
)

// Upstream request headers. The outbound request is built from nothing and
// only these are ever set (DESIGN §4): a client header the function does not
// know about cannot leak, however new it is.
const (
	hdrUserToken   = "UserToken"
	hdrLang        = "Lang"
	hdrGuid        = "Guid"
	hdrGdfp        = "gdfp"
	hdrIdempotency = "Idempotency-Key"
	hdrContentType = "Content-Type"
)

// identity is what the function tells the upstream about the caller, taken
// from the request and checked so a malformed value is dropped, not passed on.
type identity struct {
	token string // from the token cookie
	lang  string
	guid  string
	gdfp  string
	addr  string // client address, for rate limits only
	tkey  string // tokenKey(token), computed once when needed
}

func (id *identity) tokenKey() string {
	if id.tkey == "" && id.token != "" {
		id.tkey = tokenKey(id.token)
	}
	return id.tkey
}

func (h *Handler) identify(r *http.Request) identity {
	id := identity{
		lang: validOr(r.Header.Get(hdrLang), validLang),
		guid: validOr(r.Header.Get(hdrGuid), validGuid),
		gdfp: validOr(r.Header.Get(hdrGdfp), validGdfp),
		addr: clientAddr(r, h.cfg.TrustedHops),
	}
	if c, err := r.Cookie(h.cfg.CookieName); err == nil && validToken(c.Value) {
		id.token = c.Value
	}
	return id
}

// upstreamHeader is the whole header set of an outbound request.
func upstreamHeader(rt *route, id identity, idemKey string, hasBody bool) http.Header {
	h := make(http.Header, 7)
	// An empty User-Agent stops the transport from adding its own: the
	// upstream learns nothing the list above does not say.
	h["User-Agent"] = noValue
	if !rt.public {
		// Public market data is cached by CDNs for everyone, so it must not
		// depend on who asked: no identity goes with it.
		if id.token != "" {
			h[hdrUserToken] = []string{id.token}
		}
		if id.lang != "" {
			h[hdrLang] = []string{id.lang}
		}
		if id.guid != "" {
			h[hdrGuid] = []string{id.guid}
		}
	}
	if rt.gdfp && id.gdfp != "" {
		h[hdrGdfp] = []string{id.gdfp}
	}
	if rt.idempotent && idemKey != "" {
		h[hdrIdempotency] = []string{idemKey}
	}
	if hasBody {
		h[hdrContentType] = jsonType
	}
	return h
}

// Constant header values of outbound requests, shared: only the transport
// reads these headers, and it never changes them.
var (
	noValue  = []string{""}
	jsonType = []string{"application/json"}
)

func validOr(v string, ok func(string) bool) string {
	if ok(v) {
		return v
	}
	return ""
}

// validLang accepts a locale code such as en, id-ID or fil-PH.
func validLang(s string) bool {
	if len(s) < 2 || len(s) > 16 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(isAlnum(c) || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// validGuid accepts the 36-character device guid of spec §3.
func validGuid(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(isAlnum(c) || c == '-') {
			return false
		}
	}
	return true
}

// validGdfp accepts a device fingerprint: printable ASCII without spaces.
func validGdfp(s string) bool { return printable(s, 1, 1024) }

// validIdemKey accepts an Idempotency-Key such as a UUID.
func validIdemKey(s string) bool {
	if len(s) == 0 || len(s) > 128 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(isAlnum(c) || c == '-' || c == '_' || c == '.' || c == ':') {
			return false
		}
	}
	return true
}

// validToken accepts what may travel as a cookie value and a header: base64,
// base64url or JWT characters, small enough for a browser's cookie jar.
func validToken(s string) bool {
	if len(s) == 0 || len(s) > 3800 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(isAlnum(c) || c == '-' || c == '_' || c == '.' || c == '~' || c == '+' || c == '/' || c == '=') {
			return false
		}
	}
	return true
}

func printable(s string, min, max int) bool {
	if len(s) < min || len(s) > max {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] <= ' ' || s[i] > '~' {
			return false
		}
	}
	return true
}

// clientAddr is the caller's address for rate limits. With hops proxies in
// front, the entry they appended to X-Forwarded-For is trusted; whatever the
// client wrote before it is not.
func clientAddr(r *http.Request, hops int) string {
	if hops > 0 {
		var parts []string
		for _, v := range r.Header.Values("X-Forwarded-For") {
			for _, p := range strings.Split(v, ",") {
				parts = append(parts, strings.TrimSpace(p))
			}
		}
		if len(parts) >= hops {
			if ip := net.ParseIP(parts[len(parts)-hops]); ip != nil {
				return ip.String()
			}
		}
	}
	host := r.RemoteAddr
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	if ip := net.ParseIP(host); ip != nil {
		return ip.String()
	}
	return host
}
