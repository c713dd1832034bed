package cdn

import (
	"net/url"
	"slices"
	"strings"
)

// Site describes the URL space of a built site.
type Site struct {
	// Locales lists the supported locale codes exactly cased. The first is
	// the default locale, served without a prefix.
	Locales []string
	// Slugs lists the known campaign slugs. A slug shaped like a locale code
	// (say "vip") is never taken for one.
	Slugs []string
}

// legacyDefaults are codes that mean the default locale. The specification's
// default was en-US and links in the wild still carry it.
var legacyDefaults = []string{"en-US"}

// reserved are top-level names that are never locales although they look
// like one: the assets folder and the function's default API base.
var reserved = []string{"assets", "api"}

// Redirect returns the 301 target for u, query string included, and whether
// u must be redirected at all. The rules, applied once to the first path
// segment:
//
//   - /en/… and /en-US/… (any casing) lose the segment: English is unprefixed;
//   - a supported locale cased wrongly (/pt-br/…) gets its canonical case;
//   - any other segment shaped like a locale (2–3 letters, optionally "-" and
//     a 2-letter or 3-digit region: de, fr-FR, fil, es-419) that is neither a
//     known slug nor a reserved name (assets, api) is dropped, sending the
//     visitor to English.
//
// Then a bare locale (/pt-BR) or a known page without its trailing slash
// (/referral-v2, /ja-JP/referral-v2) gets the slash, so that a wrongly cased
// link costs one hop, not two.
//
// Paths that are not plain (empty or dot segments, encoded slashes or
// backslashes, control characters, a NUL) are never redirected: the target
// is built from the request's own segments and always starts with exactly
// one "/", so it can never point at another host.
func (s Site) Redirect(u *url.URL) (target string, ok bool) {
	return s.redirect(u, nil)
}

// redirect is Redirect with one more fact: isTop reports whether a
// top-level entry of that name exists in the served directory. The server
// passes it so that a folder the build made for a slug the Site does not know
// is never mistaken for an unsupported locale. It may be nil.
func (s Site) redirect(u *url.URL, isTop func(string) bool) (string, bool) {
	if u == nil || u.Opaque != "" {
		return "", false
	}
	orig := u.EscapedPath()
	segs, slash, ok := splitPath(orig)
	if !ok || len(segs) == 0 {
		return "", false
	}
	first := segs[0]
	switch loc := s.locale(first); {
	case s.isDefault(first):
		segs = segs[1:]
	case loc != "":
		segs[0] = loc
		if len(segs) == 1 {
			slash = true
		}
	case localeShaped(first) && !slices.Contains(s.Slugs, first) &&
		!slices.Contains(reserved, first) && (isTop == nil || !isTop(first)):
		segs = segs[1:]
	}
	if !slash && s.isPage(segs) {
		slash = true
	}
	target := "/" + strings.Join(segs, "/")
	if slash && len(segs) > 0 {
		target += "/"
	}
	if target == orig || !safeTarget(target) {
		return "", false
	}
	if u.RawQuery != "" {
		target += "?" + u.RawQuery
	}
	return target, true
}

// defaultLocale is the locale served without a prefix.
func (s Site) defaultLocale() string {
	if len(s.Locales) == 0 {
		return ""
	}
	return s.Locales[0]
}

// isDefault reports whether seg names the default locale in any casing.
func (s Site) isDefault(seg string) bool {
	if def := s.defaultLocale(); def != "" && strings.EqualFold(seg, def) {
		return true
	}
	for _, l := range legacyDefaults {
		if strings.EqualFold(seg, l) {
			return true
		}
	}
	return false
}

// locale returns the canonical spelling of the non-default locale seg names
// in any casing, or "".
func (s Site) locale(seg string) string {
	for i, l := range s.Locales {
		if i > 0 && strings.EqualFold(seg, l) {
			return l
		}
	}
	return ""
}

// isPage reports whether segs (already canonical) name a page directory
// known without looking at the disk: a known slug, English or localized.
func (s Site) isPage(segs []string) bool {
	switch len(segs) {
	case 1:
		return slices.Contains(s.Slugs, segs[0])
	case 2:
		return s.locale(segs[0]) == segs[0] && slices.Contains(s.Slugs, segs[1])
	}
	return false
}

// localeShaped reports whether seg looks like a locale code: 2–3 ASCII
// letters, optionally followed by "-" and a 2-letter or 3-digit region.
func localeShaped(seg string) bool {
	lang, region, hasRegion := strings.Cut(seg, "-")
	if len(lang) < 2 || len(lang) > 3 || !allBytes(lang, isLetter) {
		return false
	}
	if !hasRegion {
		return true
	}
	return len(region) == 2 && allBytes(region, isLetter) ||
		len(region) == 3 && allBytes(region, isDigit)
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isDigit(c byte) bool  { return '0' <= c && c <= '9' }

func allBytes(s string, f func(byte) bool) bool {
	for i := 0; i < len(s); i++ {
		if !f(s[i]) {
			return false
		}
	}
	return true
}

// splitPath splits an escaped path into its segments and whether it ends
// with a slash. It refuses anything but a plain path, because a redirect
// built from a strange path is how open redirects happen: "//host" and
// "/\host" are read by browsers as another host, and the encoded forms of
// "/", "\" and "." become those characters again in some hop down the line.
func splitPath(p string) (segs []string, slash, ok bool) {
	if p == "" || p[0] != '/' {
		return nil, false, false
	}
	for i := 0; i < len(p); i++ {
		if c := p[i]; c == '\\' || c <= ' ' || c == 0x7f {
			return nil, false, false
		}
	}
	lower := strings.ToLower(p)
	for _, bad := range []string{"%2f", "%5c", "%00"} {
		if strings.Contains(lower, bad) {
			return nil, false, false
		}
	}
	segs = strings.Split(p[1:], "/")
	if segs[len(segs)-1] == "" {
		slash = true
		segs = segs[:len(segs)-1]
	}
	for _, seg := range segs {
		dec, err := url.PathUnescape(seg)
		if seg == "" || err != nil || dec == "." || dec == ".." {
			return nil, false, false
		}
	}
	return segs, slash, true
}

// safeTarget is the last guard before a Location header: a site-relative
// path with exactly one leading slash and nothing a browser would turn into
// a host.
func safeTarget(t string) bool {
	if t == "" || t[0] != '/' || len(t) > 1 && (t[1] == '/' || t[1] == '\\') {
		return false
	}
	return !strings.ContainsAny(t, "\\\x00\r\n\t")
}
