package cdn

import (
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// directives splits a policy into name → sources.
func directives(csp string) map[string]string {
	out := map[string]string{}
	for _, d := range strings.Split(csp, ";") {
		name, value, _ := strings.Cut(strings.TrimSpace(d), " ")
		out[name] = value
	}
	return out
}

// Without analytics the policy is the one pages always had: own origin only.
func TestPageCSPWithoutAnalytics(t *testing.T) {
	const want = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https:; " +
		"font-src 'self'; connect-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'self'; " +
		"form-action 'self'; frame-ancestors 'none'"
	if got := PageCSP(false); got != want {
		t.Errorf("PageCSP(false) =\n%s\nwant\n%s", got, want)
	}
}

// With a container the policy adds its script host and the hosts it reports to, in
// exactly two directives; no inline script, eval or other host.
func TestPageCSPWithAnalytics(t *testing.T) {
	off, on := directives(PageCSP(false)), directives(PageCSP(true))
	if on["script-src"] != "'self' https://www.googletagmanager.com" {
		t.Errorf("script-src %q", on["script-src"])
	}
	if on["connect-src"] != "'self' https://www.googletagmanager.com https://*.google-analytics.com https://*.analytics.google.com" {
		t.Errorf("connect-src %q", on["connect-src"])
	}
	delete(on, "script-src")
	delete(on, "connect-src")
	delete(off, "script-src")
	delete(off, "connect-src")
	if !maps.Equal(on, off) {
		t.Errorf("other directives changed:\n%v\n%v", on, off)
	}
	if p := PageCSP(true); strings.Contains(p, "unsafe") || strings.Contains(p, "nonce") {
		t.Errorf("policy allows inline or eval: %s", p)
	}
}

// `promo serve` answers with the _headers the build wrote, analytics policy included,
// on pages and on assets alike.
func TestServerAppliesTheAnalyticsCSP(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "dist")
	writeSite(t, dir, "v1")
	rules := FormatHeaders(DefaultHeaders(PageCSP(true)))
	if err := os.WriteFile(filepath.Join(dir, "_headers"), rules, 0o644); err != nil {
		t.Fatal(err)
	}
	h := NewServer(dir, testSite)
	for _, target := range []string{"/referral-v2/", "/ja-JP/referral-v2/", "/assets/js/chunk-AB12CD34.js", "/ja-JP/nothing/"} {
		if got := do(h, "GET", target).Header().Get("Content-Security-Policy"); got != PageCSP(true) {
			t.Errorf("%s: CSP %q, want %q", target, got, PageCSP(true))
		}
	}
}
