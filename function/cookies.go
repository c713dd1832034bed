package function

import (
	"net"
	"net/http"
	"strings"
	"time"
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
	secure := !isLocalhost(host)
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

// isLocalhost: the only hosts where a cookie may go without Secure (DESIGN §4),
// because browsers treat them as secure contexts over plain http.
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
	d := strings.ToLower(strings.TrimPrefix(configured, "."))
	if host == d || strings.HasSuffix(host, "."+d) {
		return d
	}
	return ""
}

// secondLevel lists the generic second-level labels under which country-code
// domains are registered (example.co.uk, example.com.au): there the
// registrable domain has three labels.
var secondLevel = map[string]bool{
	"co": true, "com": true, "net": true, "org": true, "gov": true,
	"edu": true, "ac": true, "or": true, "ne": true, "go": true,
}

// sharedSuffixes are hosting domains whose subdomains belong to different
// owners (private entries of the public suffix list that deployments of the
// function meet). Browsers refuse a cookie for them, so hosts below get a
// host-only cookie instead.
var sharedSuffixes = []string{
	"on.aws", "amazonaws.com", "cloudfront.net", "vercel.app", "netlify.app", "pages.dev",
	"workers.dev", "github.io", "herokuapp.com", "web.app", "firebaseapp.com", "appspot.com",
	"azurewebsites.net", "azurestaticapps.net", "onrender.com", "fly.dev",
}

// registrableDomain shares the cookie with the site's sibling hosts, as the
// exchange's own pages do: www.example.com and promo.example.com both get
// example.com. It is a heuristic without the full public suffix list; other
// shared hosting domains need CookieDomain.
func registrableDomain(host string) string {
	for _, s := range sharedSuffixes {
		if strings.HasSuffix(host, "."+s) {
			return ""
		}
	}
	labels := strings.Split(host, ".")
	n := len(labels)
	if n < 2 {
		return ""
	}
	keep := 2
	if n >= 3 && len(labels[n-1]) == 2 && secondLevel[labels[n-2]] {
		keep = 3
	}
	if n < keep {
		return ""
	}
	return strings.Join(labels[n-keep:], ".")
}
