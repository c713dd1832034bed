package cdn

import (
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// cdnRule is one line of a `_redirects` file as Cloudflare Pages compiles it.
type cdnRule struct {
	re     *regexp.Regexp
	to     string
	static bool
}

var placeholder = regexp.MustCompile(`:([A-Za-z]\w*)`)

// parseRedirects reads a `_redirects` file the way Cloudflare Pages does:
// "*" becomes a greedy splat, ":name" one non-empty segment, matched against
// the whole escaped path, case-sensitively.
func parseRedirects(t *testing.T, data []byte) []cdnRule {
	t.Helper()
	var rules []cdnRule
	for n, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		if len(line) > 1000 {
			t.Errorf("line %d: longer than Cloudflare's 1,000 characters", n+1)
		}
		f := strings.Fields(line)
		if len(f) != 3 || f[2] != "301" {
			t.Fatalf("line %d: want \"from to 301\", got %q", n+1, line)
		}
		from, to := f[0], f[1]
		expr := strings.Join(strings.Split(regexp.QuoteMeta(from), `\*`), "(?P<splat>.*)")
		expr = placeholder.ReplaceAllString(expr, "(?P<$1>[^/]+)")
		re := regexp.MustCompile("^" + expr + "$")
		for _, m := range placeholder.FindAllStringSubmatch(to, -1) {
			if re.SubexpIndex(m[1]) < 0 {
				t.Errorf("line %d: %s is not captured by %s", n+1, m[0], from)
			}
		}
		rules = append(rules, cdnRule{re, to, !strings.ContainsAny(from, "*:")})
	}
	return rules
}

// applyRedirects answers a request as Cloudflare Pages would: static rules
// first, then dynamic ones, first match wins; the request's query string is
// carried over when the destination has none. Netlify, purely first match,
// agrees because the file lists its static rules first.
func applyRedirects(rules []cdnRule, u *url.URL) (string, bool) {
	path := u.EscapedPath()
	for _, static := range []bool{true, false} {
		for _, r := range rules {
			m := r.re.FindStringSubmatch(path)
			if r.static != static || m == nil {
				continue
			}
			to := r.to
			for i, name := range r.re.SubexpNames() {
				if name != "" {
					to = strings.ReplaceAll(to, ":"+name, m[i])
				}
			}
			if !strings.Contains(to, "?") && u.RawQuery != "" {
				to += "?" + u.RawQuery
			}
			return to, true
		}
	}
	return "", false
}

func TestRedirectsFileAgreesWithRedirect(t *testing.T) {
	rules := parseRedirects(t, testSite.RedirectsFile())
	for _, c := range redirectCases {
		want := c.cdn
		if want == same {
			want = c.want
		}
		u := parseTarget(t, c.in)
		got, ok := applyRedirects(rules, u)
		if ok != (want != "") || got != want {
			t.Errorf("_redirects on %q = %q, %v; want %q", c.in, got, ok, want)
			continue
		}
		if !ok {
			continue
		}
		assertSameSite(t, c.in, got)
		// Following the redirect settles: no rule sends a path to itself.
		next, err := url.ParseRequestURI(got)
		if err != nil {
			t.Errorf("%q → unparsable %q", c.in, got)
			continue
		}
		if again, ok := applyRedirects(rules, next); ok && again == got {
			t.Errorf("%q → %q redirects to itself", c.in, got)
		}
	}
}

// assertSameSite checks a Location the way a browser resolves it, which also
// reads "\" as "/": it must stay on the site's host.
func assertSameSite(t *testing.T, in, loc string) {
	t.Helper()
	if !strings.HasPrefix(loc, "/") || strings.HasPrefix(loc, "//") || strings.HasPrefix(loc, "/\\") {
		t.Errorf("%q → %q: not a site-relative path", in, loc)
		return
	}
	base, _ := url.Parse("https://promo.example" + "/")
	ref, err := url.Parse(strings.ReplaceAll(loc, "\\", "/"))
	if err != nil || base.ResolveReference(ref).Host != "promo.example" {
		t.Errorf("%q → %q leaves the site", in, loc)
	}
}

func TestRedirectsFileShape(t *testing.T) {
	data := string(testSite.RedirectsFile())
	var static, dynamic int
	for n, line := range strings.Split(strings.TrimSpace(data), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		if strings.ContainsAny(strings.Fields(line)[0], "*:") {
			dynamic++
		} else {
			if dynamic > 0 {
				t.Errorf("line %d: static rule after a dynamic one: %q", n+1, line)
			}
			static++
		}
	}
	// Cloudflare Pages: at most 2,000 static and 100 dynamic rules.
	if static > 2000 || dynamic > 100 {
		t.Errorf("%d static, %d dynamic rules: over Cloudflare's limits", static, dynamic)
	}
	for _, want := range []string{
		"/en / 301\n", "/en-US/ / 301\n", "/en/:page/* /:page/:splat 301\n",
		"/pt-br/* /pt-BR/:splat 301\n", "/PT-BR/* /pt-BR/:splat 301\n", "/fil-ph /fil-PH/ 301\n",
	} {
		if !strings.Contains(data, want) {
			t.Errorf("missing rule %q", want)
		}
	}
	for _, bad := range []string{"/en/* ", "/pt-BR/* "} {
		if strings.Contains(data, bad) {
			t.Errorf("unsafe or looping rule %q", bad)
		}
	}
}
