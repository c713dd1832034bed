package cdn

import "strings"

// GTMOrigin serves the Google Tag Manager container script, gtm.js.
const GTMOrigin = "https://www.googletagmanager.com"

// PageCSP is the Content-Security-Policy of every page of a build. Pages load only
// their own scripts, styles and images and talk only to their own origin (the
// function under apiBase); page data travels in a non-executable JSON script, so no
// inline script is needed. The one inline style a page carries, the rules of its first
// paint (generator/firstpaint.go), is allowed by its hash: styles lists the sha256 sources
// ("'sha256-…'") of the build's few distinct ones, so no other inline style applies.
//
// With a Tag Manager container (site.yaml analytics.gtm, never in the local
// environment) the policy allows what that container needs and nothing more:
//   - script-src GTMOrigin: gtm.js itself, and the Google tag (gtag/js) a container
//     fires from the same host. The runtime injects it as a script element, so no
//     nonce, hash or 'unsafe-inline' is needed (the usual GTM snippet is inline).
//   - connect-src GTMOrigin: the container's own requests (Google's CSP guide for
//     Tag Manager), and the Google Analytics 4 collection hosts its Google tag sends
//     hits to with fetch/sendBeacon (*.google-analytics.com, regional
//     region1.google-analytics.com included; *.analytics.google.com).
//   - img-src is unchanged: it already allows any https image, which covers the
//     pixels Tag Manager and Analytics fall back to.
//
// Deliberately not allowed: 'unsafe-eval' (Custom JavaScript variables and Custom
// HTML tags), Tag Manager's preview mode (tagmanager.google.com, its fonts and
// styles) and advertising hosts (doubleclick). A container that needs them must not
// run on these pages.
func PageCSP(gtm bool, styles ...string) string {
	script, connect := "'self'", "'self'"
	if gtm {
		script += " " + GTMOrigin
		connect += " " + strings.Join([]string{GTMOrigin, "https://*.google-analytics.com", "https://*.analytics.google.com"}, " ")
	}
	style := strings.Join(append([]string{"'self'"}, styles...), " ")
	return "default-src 'self'; script-src " + script + "; style-src " + style + "; img-src 'self' data: https:; " +
		"font-src 'self'; connect-src " + connect + "; manifest-src 'self'; object-src 'none'; base-uri 'self'; " +
		"form-action 'self'; frame-ancestors 'none'"
}
