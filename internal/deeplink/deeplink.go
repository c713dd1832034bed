// Package deeplink maps the exchange's web URLs to app links (spec §2 "Web-path to
// app deep-link mapping", §5 symbol patterns) with the one rule table of
// deeplinks.md, kept as data in rules.json. components/runtime/deeplink.ts is the
// same interpreter over the same file; testdata/vectors.json holds both to the same
// answers, so any change here must be made there too (and the vectors must say so).
//
// The URL is parsed by hand, not with net/url or the browser's URL: the two differ
// (dot segments, backslashes, percent-decoded paths, default ports), and the mapping
// must not.
package deeplink

import (
	"net/url"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/promohq/promo/internal/content"
)

// DefaultScheme is the app's scheme when the site names none (deeplinks.md).
const DefaultScheme = "exchange"

// Config is what a mapping depends on besides the table.
type Config struct {
	Scheme   string   // app.scheme; "" is DefaultScheme
	SiteHost string   // the host of baseURL: the site's own pages map too
	WebHosts []string // app.webHosts: the exchange's web hosts
}

// FromSite is the mapping configuration of a site.
func FromSite(c *content.Config) Config {
	host := ""
	if u, err := url.Parse(c.BaseURL); err == nil {
		host = u.Host
	}
	return Config{Scheme: c.App.Scheme, SiteHost: host, WebHosts: c.App.WebHosts}
}

var (
	schemeShape = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*://`)
	portSuffix  = regexp.MustCompile(`:[0-9]*$`)
	// localeShape: 2–3 letters and an optional region of 2 letters or 3 digits, in any
	// case (deeplinks.md "Input and normalisation" 2; DESIGN §2's locale codes).
	localeShape = regexp.MustCompile(`^[A-Za-z]{2,3}(-[A-Za-z]{2}|-[0-9]{3})?$`)
)

// Map returns the app link of rawURL (an absolute URL or a path starting with one
// "/") and the name of the rule that produced it; ok is false when nothing maps, and
// the plain web link should open.
func Map(rawURL string, cfg Config) (link string, rule string, ok bool) {
	segs, query, ok := segments(rawURL, cfg)
	if !ok {
		return "", "", false
	}
	for _, r := range table.Rules {
		if target, ok := r.apply(segs, query); ok {
			scheme := cfg.Scheme
			if scheme == "" {
				scheme = DefaultScheme
			}
			return scheme + "://" + target, r.Name, true
		}
	}
	return "", "", false
}

// segments are the path segments of rawURL that the rules match, without a locale
// prefix, and its raw query.
func segments(rawURL string, cfg Config) (segs []string, query string, ok bool) {
	path, query, ok := split(rawURL, cfg)
	if !ok {
		return nil, "", false
	}
	// path starts and ends with "/": an empty segment ("//") never matches.
	segs = strings.Split(strings.TrimSuffix(path[1:], "/"), "/")
	// A locale-shaped first segment is a locale prefix, unless it is a page of the
	// table itself (kyc, vip: three letters too).
	if localeShape.MatchString(segs[0]) && !table.firstSegments[segs[0]] {
		segs = segs[1:]
	}
	return segs, query, true
}

// split checks where rawURL points and returns its path with a trailing slash
// ensured, and its raw query. The fragment is dropped.
func split(rawURL string, cfg Config) (path, query string, ok bool) {
	// Browsers read "\" as "/": a link with one may open elsewhere than it reads.
	if strings.Contains(rawURL, `\`) {
		return "", "", false
	}
	rest, _, _ := strings.Cut(rawURL, "#")
	if m := schemeShape.FindString(rest); m != "" {
		scheme := asciiLower(m[:len(m)-3])
		if scheme != "http" && scheme != "https" {
			return "", "", false
		}
		rest = rest[len(m):]
		end := strings.IndexAny(rest, "/?")
		if end < 0 {
			end = len(rest)
		}
		if !ownHost(rest[:end], cfg) {
			return "", "", false
		}
		rest = rest[end:]
		if !strings.HasPrefix(rest, "/") {
			rest = "/" + rest
		}
	} else if !strings.HasPrefix(rest, "/") || strings.HasPrefix(rest, "//") {
		return "", "", false // relative, protocol-relative or another kind of URL
	}
	path, query, _ = strings.Cut(rest, "?")
	if !strings.HasSuffix(path, "/") {
		path += "/"
	}
	return path, query, true
}

// ownHost: the authority (no user info) names the site or one of the exchange's web
// hosts; the port and the case of the host do not matter.
func ownHost(authority string, cfg Config) bool {
	host := hostName(authority)
	if host == "" || strings.Contains(authority, "@") {
		return false
	}
	if host == hostName(cfg.SiteHost) {
		return true
	}
	for _, h := range cfg.WebHosts {
		if host == hostName(h) {
			return true
		}
	}
	return false
}

func hostName(authority string) string {
	return asciiLower(portSuffix.ReplaceAllString(authority, ""))
}

func (r *rule) apply(segs []string, rawQuery string) (string, bool) {
	for _, pattern := range r.patterns {
		captured, ok := matchPath(pattern, segs)
		if !ok {
			continue
		}
		target := placeholderShape.ReplaceAllStringFunc(r.Target, func(p string) string {
			return encode(captured[p[1:len(p)-1]])
		})
		sep := "?"
		if strings.Contains(target, "?") {
			sep = "&"
		}
		for _, name := range r.Query {
			v, ok := param(rawQuery, name)
			if !ok {
				if slices.Contains(r.Require, name) {
					return "", false
				}
				continue
			}
			target += sep + name + "=" + encode(v)
			sep = "&"
		}
		return target, true
	}
	return "", false
}

func matchPath(pattern []patternSegment, segs []string) (map[string]string, bool) {
	if len(pattern) != len(segs) {
		return nil, false
	}
	captured := map[string]string{}
	for i, p := range pattern {
		if p.kind == nil {
			if segs[i] != p.literal {
				return nil, false
			}
			continue
		}
		v, ok := p.kind.accept(segs[i])
		if !ok {
			return nil, false
		}
		captured[p.name] = v
	}
	return captured, true
}

// param is the first value of name in the raw query ("+" is a space). An empty
// value, or one that is not valid percent-encoded UTF-8, counts as absent.
func param(rawQuery, name string) (string, bool) {
	for _, pair := range strings.Split(rawQuery, "&") {
		k, v, _ := strings.Cut(pair, "=")
		key, ok := decode(k)
		if !ok || key != name {
			continue
		}
		value, ok := decode(v)
		return value, ok && value != ""
	}
	return "", false
}

func decode(s string) (string, bool) {
	d, err := url.QueryUnescape(s)
	return d, err == nil && utf8.ValidString(d)
}

// encode percent-encodes every byte of s but RFC 3986's unreserved characters:
// encodeURIComponent plus !'()*, which the runtime encodes alike.
func encode(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || strings.IndexByte("-._~", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return b.String()
}

// ASCII only, byte by byte: Unicode case mapping differs between Go and JavaScript
// ("ß"), and would let look-alike letters pass as symbols or hosts.
func asciiUpper(s string) string { return mapBytes(s, 'a', 'z', 'A'-'a') }

func asciiLower(s string) string { return mapBytes(s, 'A', 'Z', 'a'-'A') }

func mapBytes(s string, lo, hi byte, delta int) string {
	b := []byte(s)
	for i, c := range b {
		if lo <= c && c <= hi {
			b[i] = byte(int(c) + delta)
		}
	}
	return string(b)
}
