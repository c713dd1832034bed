package function

import (
	"net/http"
	"net/url"
	"strings"
)

// crossSite tells a request that a page of another site made its browser send
// (DESIGN §4): a form posted from elsewhere would otherwise log the visitor out or
// drive the mock. Browsers say where a request comes from in Sec-Fetch-Site: only
// "cross-site" is refused, since the exchange's sibling hosts (same-site) share the
// session cookie anyway. Older browsers send only Origin, which must then name the
// request's host, or a host within the configured cookie domain: behind a CDN that
// sends the function its own host (CloudFront to a Lambda Function URL) that setting
// is needed for the cookies already (docs/deploy.md). "null" is a sandboxed or opaque
// origin. A request with neither header is not a browser's cross-site request (curl,
// the app's HTTP client, a server).
func crossSite(r *http.Request, cookieDomain string) bool {
	switch r.Header.Get("Sec-Fetch-Site") {
	case "same-origin", "same-site", "none":
		return false
	case "cross-site":
		return true
	}
	origin := r.Header.Get("Origin")
	if origin == "" {
		return false
	}
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" {
		return true
	}
	if strings.EqualFold(u.Host, r.Host) {
		return false
	}
	_, ours := withinDomain(u.Hostname(), cookieDomain)
	return !ours
}

// refuseCrossSite answers a cross-site state-changing call with 403 and reports
// whether it did; nothing else of the request is looked at, no cookie changes.
func (h *Handler) refuseCrossSite(w http.ResponseWriter, r *http.Request, c *call) bool {
	if r.Method == http.MethodGet || r.Method == http.MethodHead || !crossSite(r, h.cfg.CookieDomain) {
		return false
	}
	c.err = "cross-site request"
	writeError(w, http.StatusForbidden, codeParam, "cross-site request refused")
	return true
}
