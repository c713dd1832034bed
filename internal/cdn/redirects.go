package cdn

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
)

// RedirectsFile returns the site's `_redirects` file for Cloudflare Pages and
// Netlify. Both read it first match wins, match paths case-sensitively and
// carry the request's query string over to a destination that has none.
// Cloudflare Pages also tries every static rule before any dynamic one and
// allows 2,000 static and 100 dynamic rules; the file lists the static rules
// first so both CDNs agree, and it stays near 50 dynamic rules for 23 locales.
//
// What the format cannot express, and who covers it:
//
//   - Case folding. The file lists the lowercase and uppercase spelling of
//     every locale and of en / en-US; a mixed casing (/Pt-Br/) is redirected
//     by the Go server only and gets a 404 on a CDN.
//   - "Shaped like a locale". There is no pattern for "2–3 letters", so
//     unsupported codes (/de/x/ → /x/) are redirected by the Go server only.
//   - The trailing slash of page directories (/x → /x/). Both CDNs add it
//     themselves when x/index.html exists (Netlify 301, Cloudflare 308);
//     listing every page would not fit Cloudflare's limits.
//   - Refusing strange paths. English rules capture the first remaining
//     segment with a placeholder instead of a splat, because "/en/*" →
//     "/:splat" would turn "/en//evil.com" into "//evil.com", another host.
//     A placeholder never matches an empty segment, so every destination
//     starts with a non-empty segment.
func (s Site) RedirectsFile() []byte {
	var static, dynamic []string
	add := func(list *[]string, from, to string) {
		*list = append(*list, fmt.Sprintf("%s %s 301", from, to))
	}
	if def := s.defaultLocale(); def != "" {
		for _, code := range append([]string{def}, legacyDefaults...) {
			for _, v := range spellings(code) {
				add(&static, "/"+v, "/")
				add(&static, "/"+v+"/", "/")
				add(&dynamic, "/"+v+"/:page", "/:page")
				add(&dynamic, "/"+v+"/:page/*", "/:page/:splat")
			}
		}
	}
	for i, loc := range s.Locales {
		if i == 0 {
			continue
		}
		add(&static, "/"+loc, "/"+loc+"/")
		for _, v := range spellings(loc) {
			if v == loc {
				continue
			}
			add(&static, "/"+v, "/"+loc+"/")
			add(&dynamic, "/"+v+"/*", "/"+loc+"/:splat")
		}
	}
	var b bytes.Buffer
	b.WriteString("# Locale redirects: first match wins; the query string is kept.\n")
	b.WriteString("# English is unprefixed; other locales use their exact code.\n")
	for _, l := range static {
		b.WriteString(l + "\n")
	}
	for _, l := range dynamic {
		b.WriteString(l + "\n")
	}
	return b.Bytes()
}

// spellings returns code as written, all lowercase and all uppercase, without
// repeats: the casings people actually type.
func spellings(code string) []string {
	out := []string{code}
	for _, v := range []string{strings.ToLower(code), strings.ToUpper(code)} {
		if !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}
