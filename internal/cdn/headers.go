package cdn

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"

	"github.com/promohq/promo/internal/contract"
)

// Header is one response header of a HeaderRule.
type Header struct{ Name, Value string }

// HeaderRule is one block of a `_headers` file (Cloudflare Pages / Netlify).
//
// Pattern is a URL path. "*" matches any run of characters, "/" included,
// and a pattern may hold one; ":name" matches one non-empty path segment.
// Detach lists headers that earlier matching rules set and that this rule
// removes (the `! Name` lines of Cloudflare Pages) before adding its own.
// Netlify has no detach: there a header set by two matching rules carries
// both values, comma-joined.
type HeaderRule struct {
	Pattern string
	Headers []Header
	Detach  []string
}

// Cloudflare Pages limits; a file beyond them is rejected by the CDN, so the
// parser rejects it first, where the line can be named.
const (
	maxHeaderRules = 100
	maxHeaderLine  = 2000
)

// DefaultHeaders returns the site's response headers. Every response carries the
// security headers; hashed assets under /assets/ are cached for a year, which is safe
// because a changed file gets a new name. Everything else is revalidated (HTML must
// never outlive a deploy) by the hosts' own default (DefaultCacheControl): setting it
// in "/*" too would need Cloudflare's "! Cache-Control" under /assets/*, which Netlify
// does not know (it would join both values), so no header is set by two rules.
//
// Pages are never framed (not even by the app, which opens them in a web
// view), so framing is denied twice: X-Frame-Options for old browsers and
// frame-ancestors in the CSP, added to csp unless it sets its own.
func DefaultHeaders(csp string) []HeaderRule {
	return []HeaderRule{
		{Pattern: "/*", Headers: []Header{
			{"X-Content-Type-Options", "nosniff"},
			{"Referrer-Policy", "strict-origin-when-cross-origin"},
			{"X-Frame-Options", "DENY"},
			{"Content-Security-Policy", withFrameAncestors(csp)},
			// Only features every current browser knows: an unknown one is
			// logged as a console error on every page load.
			{"Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()"},
		}},
		{
			Pattern: "/" + contract.AssetsDir + "/*",
			Headers: []Header{{"Cache-Control", ImmutableCacheControl}},
		},
	}
}

// Cache-Control values. DefaultCacheControl is what Cloudflare Pages and Netlify send
// for a file no `_headers` rule gives one (revalidate with the ETag every time), and
// what `promo serve` sends then too.
const (
	DefaultCacheControl   = "public, max-age=0, must-revalidate"
	ImmutableCacheControl = "public, max-age=31536000, immutable"
)

func withFrameAncestors(csp string) string {
	csp = strings.TrimRight(strings.TrimSpace(csp), "; ")
	for _, d := range strings.Split(csp, ";") {
		name, _, _ := strings.Cut(strings.TrimSpace(d), " ")
		if strings.EqualFold(name, "frame-ancestors") {
			return csp
		}
	}
	if csp == "" {
		return "frame-ancestors 'none'"
	}
	return csp + "; frame-ancestors 'none'"
}

// FormatHeaders writes rules in the `_headers` format: the pattern on its own
// line, then the detached and the set headers indented, a blank line between
// rules. Control characters, which would break the line structure, become
// spaces.
func FormatHeaders(rules []HeaderRule) []byte {
	clean := strings.NewReplacer("\r", " ", "\n", " ", "\x00", " ")
	var b bytes.Buffer
	for i, r := range rules {
		if i > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "%s\n", clean.Replace(r.Pattern))
		for _, name := range r.Detach {
			fmt.Fprintf(&b, "  ! %s\n", clean.Replace(name))
		}
		for _, h := range r.Headers {
			fmt.Fprintf(&b, "  %s: %s\n", clean.Replace(h.Name), clean.Replace(h.Value))
		}
	}
	return b.Bytes()
}

// ParseError reports a bad line of a `_headers` file.
type ParseError struct {
	Line int
	Msg  string
}

func (e *ParseError) Error() string { return fmt.Sprintf("_headers:%d: %s", e.Line, e.Msg) }

// ParseHeaders reads a `_headers` file. A line starting without indentation
// is a URL pattern; indented lines under it are `Name: value` or `! Name`;
// blank lines and lines starting with "#" are ignored. Errors name the line.
func ParseHeaders(data []byte) ([]HeaderRule, error) {
	var rules []HeaderRule
	for i, line := range strings.Split(string(data), "\n") {
		n := i + 1
		line = strings.TrimSuffix(line, "\r")
		text := strings.TrimSpace(line)
		if text == "" || text[0] == '#' {
			continue
		}
		fail := func(format string, args ...any) ([]HeaderRule, error) {
			return nil, &ParseError{n, fmt.Sprintf(format, args...)}
		}
		if len(line) > maxHeaderLine {
			return fail("line longer than %d characters", maxHeaderLine)
		}
		if line[0] != ' ' && line[0] != '\t' {
			if msg := checkPattern(text); msg != "" {
				return fail("%s", msg)
			}
			if len(rules) == maxHeaderRules {
				return fail("more than %d rules", maxHeaderRules)
			}
			rules = append(rules, HeaderRule{Pattern: text})
			continue
		}
		if len(rules) == 0 {
			return fail("header %q comes before any URL pattern (patterns start at the beginning of the line)", text)
		}
		r := &rules[len(rules)-1]
		if name, ok := strings.CutPrefix(text, "!"); ok {
			name = strings.TrimSpace(name)
			if !validName(name) {
				return fail("%q is not a header name to detach", name)
			}
			r.Detach = append(r.Detach, name)
			continue
		}
		name, value, ok := strings.Cut(text, ":")
		name, value = strings.TrimSpace(name), strings.TrimSpace(value)
		switch {
		case !ok:
			return fail("expected \"Name: value\", got %q", text)
		case !validName(name):
			return fail("%q is not a valid header name", name)
		case value == "":
			return fail("header %s has no value", name)
		case !validValue(value):
			return fail("header %s has a control character in its value", name)
		}
		r.Headers = append(r.Headers, Header{name, value})
	}
	return rules, nil
}

// checkPattern explains what is wrong with a URL pattern, or returns "".
func checkPattern(p string) string {
	switch {
	case strings.Contains(p, "://"):
		return fmt.Sprintf("pattern %q names a host; only paths are supported", p)
	case p[0] != '/':
		return fmt.Sprintf("pattern %q must start with \"/\" (or indent it if it is a header)", p)
	case strings.ContainsAny(p, " \t"):
		return fmt.Sprintf("pattern %q contains a space", p)
	case strings.Count(p, "*") > 1:
		return fmt.Sprintf("pattern %q has more than one \"*\"", p)
	}
	return ""
}

// validName reports whether s is an HTTP token (RFC 9110 §5.6.2).
func validName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(isLetter(c) || isDigit(c) || strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0) {
			return false
		}
	}
	return true
}

func validValue(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < ' ' && c != '\t' || c == 0x7f {
			return false
		}
	}
	return true
}

// HeadersFor returns the headers the rules give to a request for path (the
// URL path as sent, percent-encoding kept), the way Cloudflare Pages applies
// `_headers`: every matching rule in file order first removes its detached
// headers, then sets its own; a header set again by a later rule (or twice in
// one rule) has the values joined with ", ", unless it was detached between.
func HeadersFor(rules []HeaderRule, path string) http.Header {
	h := http.Header{}
	for _, r := range rules {
		if !matchPattern(r.Pattern, path) {
			continue
		}
		for _, name := range r.Detach {
			h.Del(name)
		}
		for _, hd := range r.Headers {
			k := http.CanonicalHeaderKey(hd.Name)
			if v := h[k]; len(v) > 0 {
				v[0] += ", " + hd.Value
			} else {
				h[k] = []string{hd.Value}
			}
		}
	}
	return h
}

// matchPattern matches a whole path against a `_headers` pattern. Backtracking
// gives the same answers as the anchored regular expression a CDN compiles
// ("*" → ".*", ":name" → "[^/]+"); ":" not followed by a letter is literal.
func matchPattern(pat, path string) bool {
	for pat != "" {
		switch {
		case pat[0] == '*':
			for i := len(path); i >= 0; i-- {
				if matchPattern(pat[1:], path[i:]) {
					return true
				}
			}
			return false
		case pat[0] == ':' && len(pat) > 1 && isLetter(pat[1]):
			j := 2
			for j < len(pat) && (isLetter(pat[j]) || isDigit(pat[j]) || pat[j] == '_') {
				j++
			}
			for i := 1; i <= len(path) && path[i-1] != '/'; i++ {
				if matchPattern(pat[j:], path[i:]) {
					return true
				}
			}
			return false
		case path == "" || pat[0] != path[0]:
			return false
		}
		pat, path = pat[1:], path[1:]
	}
	return path == ""
}
