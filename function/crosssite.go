package function

import (
	"net/http"
	"net/url"
	"strings"
)

// crossSite tells a request that a page of another origin made its browser send
// (DESIGN §4): a form posted from elsewhere would otherwise log the visitor out or
// drive the mock. Pages call the function on their own origin (apiBase is a path),
// so every state-changing call must come from the same origin. Browsers say where a
// request comes from in Sec-Fetch-Site; older ones send Origin, compared with the
// request's host ("null" is a sandboxed or opaque origin). A request with neither is
// not a browser's cross-site request (curl, the app's HTTP client, a server).
func crossSite(r *http.Request) bool {
	switch r.Header.Get("Sec-Fetch-Site") {
	case "same-origin", "none":
		return false
	case "cross-site", "same-site":
		return true
	}
	origin := r.Header.Get("Origin")
	if origin == "" {
		return false
	}
	u, err := url.Parse(origin)
	return err != nil || u.Host == "" || !strings.EqualFold(u.Host, r.Host)
}

// refuseCrossSite answers a cross-site state-changing call with 403 and reports
// whether it did; nothing else of the request is looked at, no cookie changes.
func refuseCrossSite(w http.ResponseWriter, r *http.Request, c *call) bool {
	if r.Method == http.MethodGet || r.Method == http.MethodHead || !crossSite(r) {
		return false
	}
	c.err = "cross-site request"
	writeError(w, http.StatusForbidden, codeParam, "cross-site request refused")
	return true
}
