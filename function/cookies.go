package function

import (
	"net"
	"net/http"
	"strings"
	"time"

	"golang.org/x/net/publicsuffix"
)

// sessionCookie is the readable companion of the token cookie: page scripts
// learn from it that a session exists without ever seeing the token (DESIGN §4).
const sessionCookie = "promo_session"

// cookieMaxAge is the token cookie's lifetime (spec §9: 7 days).
const cookieMaxAge = 7 * 24 * time.Hour

// setSession stores token in the HttpOnly token cookie and sets the companion.
func (h *Handler) setSession(w http.ResponseWriter, r *http.Request, token string) {
	h.writeCookies(w, r, token, int(cookieMaxAge/time.Second))
}

// clearSession expires both cookies (logout, or a token the upstream refused).
func (h *Handler) clearSession(w http.ResponseWriter, r *http.Request) {
	h.writeCookies(w, r, "", -1)
}

func (h *Handler) writeCookies(w http.ResponseWriter, r *http.Request, token string, maxAge int) {
	host := requestHost(r)
	// Only the local environment, on a loopback name, goes without Secure: the Host
	// header alone would let a proxy that forwards "Host: localhost" drop the flag.
	secure := !(h.cfg.Env == EnvLocal && isLocalhost(host))
	domain := cookieDomain(h.cfg.CookieDomain, host)
	companion := ""
	if maxAge > 0 {
		companion = "1"
	}
	for _, c := range []*http.Cookie{
		{Name: h.cfg.CookieName, Value: token, HttpOnly: true},
		{Name: sessionCookie, Value: companion},
	} {
		c.Path = "/"
		c.Domain = domain
		c.MaxAge = maxAge
		c.Secure = secure
		c.SameSite = http.SameSiteLaxMode
		if maxAge > 0 {
			c.Expires = h.cfg.Now().Add(cookieMaxAge).UTC()
		} else {
			c.Expires = time.Unix(0, 0).UTC()
		}
		w.Header().Add("Set-Cookie", c.String())
	}
}

// requestHost is the host name the browser used, without port or brackets.
func requestHost(r *http.Request) string {
	host := r.Host
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(strings.TrimSuffix(host, "]"), "["), ".")
	return strings.ToLower(host)
}

// isLocalhost: the only hosts where a cookie may go without Secure (DESIGN §4,
// in the local environment), because browsers treat them as secure contexts over
// plain http.
func isLocalhost(host string) bool {
	return host == "localhost" || host == "127.0.0.1" || host == "::1"
}

// cookieDomain is the Domain attribute for a request to host (spec §9: domain
// derived from host). Configured "host" means host-only; a configured domain
// applies when host is inside it, so a cookie is never offered for a domain
// the browser would reject.
func cookieDomain(configured, host string) string {
	if host == "" || net.ParseIP(host) != nil || !strings.Contains(host, ".") {
		return ""
	}
	switch configured {
	case "host":
		return ""
	case "":
		return registrableDomain(host)
	}
	if d, ok := withinDomain(host, configured); ok {
		return d
	}
	return ""
}

// withinDomain tells whether host is a configured cookie domain (".example.com"
// or "example.com") or a host below it, and gives the domain in its plain form.
func withinDomain(host, configured string) (string, bool) {
	d := strings.ToLower(strings.TrimPrefix(configured, "."))
	host = strings.ToLower(host)
	return d, d != "" && d != "host" && (host == d || strings.HasSuffix(host, "."+d))
}

// registrableDomain shares the cookie with the site's sibling hosts, as the
// exchange's own pages do: www.example.com and promo.example.com both get
// example.com, by the public suffix list (example.co.uk; hosts of shared hosting
// suffixes such as netlify.app or on.aws, which the list names, get a host-only
// cookie). A host that embeds an IP address (127.0.0.1.nip.io, 10-0-0-1.sslip.io)
// belongs to a wildcard DNS service whose other names are anyone's: host-only too.
func registrableDomain(host string) string {
	if _, icann := publicsuffix.PublicSuffix(host); !icann {
		return ""
	}
	d, err := publicsuffix.EffectiveTLDPlusOne(host)
	if err != nil {
		return ""
	}
	if embedsIP(strings.TrimSuffix(host, "."+d)) {
		return ""
	}
	return d
}

// embedsIP tells labels that spell an IPv4 address, with dots or dashes.
func embedsIP(labels string) bool {
	for _, sep := range []string{".", "-"} {
		parts := strings.Split(strings.ReplaceAll(labels, ".", sep), sep)
		for i := 0; i+4 <= len(parts); i++ {
			if ip := net.ParseIP(strings.Join(parts[i:i+4], ".")); ip != nil && ip.To4() != nil {
				return true
			}
		}
	}
	return false
}
