// Package cdn holds the URL rules and the response headers of the built site,
// in two forms that must agree: files a CDN reads (`_redirects`, `_headers`,
// in the Cloudflare Pages / Netlify formats) and a Go static server that
// applies the same rules to dist/ for `promo serve` and `promo dev`.
//
// URL space (DESIGN §2): English pages live at /<slug>/, every other locale at
// /<locale>/<slug>/ with the locale code exactly as listed. Site.Redirect is
// the one statement of the redirect rules; RedirectsFile expresses as much of
// it as the `_redirects` format can, and NewServer applies it in full.
package cdn
