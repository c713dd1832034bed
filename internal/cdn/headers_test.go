package cdn

import (
	"errors"
	"net/http"
	"reflect"
	"strings"
	"testing"
)

const testCSP = "default-src 'self'; img-src 'self' data:"

func TestFormatHeadersDefault(t *testing.T) {
	want := `/*
  X-Content-Type-Options: nosniff
  Referrer-Policy: strict-origin-when-cross-origin
  X-Frame-Options: DENY
  Content-Security-Policy: default-src 'self'; img-src 'self' data:; frame-ancestors 'none'
  Permissions-Policy: camera=(), microphone=(), geolocation=(), payment=(), usb=()

/assets/*
  Cache-Control: public, max-age=31536000, immutable
`
	if got := string(FormatHeaders(DefaultHeaders(testCSP))); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

// The default rules mean the same on Cloudflare Pages and Netlify: no "!" detach
// (Netlify lacks it) and no header set by two rules that match one path (Netlify
// would join the values).
func TestDefaultHeadersMeanTheSameOnEveryHost(t *testing.T) {
	rules := DefaultHeaders(testCSP)
	for _, path := range []string{"/", "/ja-JP/referral-v2/", "/assets/js/chunk-AB12CD34.js", "/sitemap.xml"} {
		seen := map[string]string{}
		for _, r := range rules {
			if len(r.Detach) > 0 {
				t.Errorf("%s detaches %v: Netlify has no detach", r.Pattern, r.Detach)
			}
			if !matchPattern(r.Pattern, path) {
				continue
			}
			for _, h := range r.Headers {
				if other, ok := seen[h.Name]; ok {
					t.Errorf("%s: %s is set by %s and %s: Netlify would join them", path, h.Name, other, r.Pattern)
				}
				seen[h.Name] = r.Pattern
			}
		}
	}
}

func TestHeadersRoundTrip(t *testing.T) {
	for name, rules := range map[string][]HeaderRule{
		"default": DefaultHeaders(testCSP),
		"varied": {
			{Pattern: "/:locale/:slug/", Headers: []Header{{"X-Page", "localized"}}},
			{Pattern: "/assets/*.js", Detach: []string{"X-Page", "Link"}},
			{Pattern: "/empty"},
			{Pattern: "/a:1/*", Headers: []Header{{"Link", "</x.css>; rel=preload"}, {"Link", "</y.js>; rel=modulepreload"}}},
		},
	} {
		got, err := ParseHeaders(FormatHeaders(rules))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !reflect.DeepEqual(got, rules) {
			t.Errorf("%s: round trip\n got %#v\nwant %#v", name, got, rules)
		}
	}
}

func TestParseHeadersTolerates(t *testing.T) {
	in := "# site headers\r\n/*\r\n\tX-A:  1 \r\n  !X-B\r\n\n  # a comment inside\n/x/\n  X-C: a: b\n"
	got, err := ParseHeaders([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	want := []HeaderRule{
		{Pattern: "/*", Headers: []Header{{"X-A", "1"}}, Detach: []string{"X-B"}},
		{Pattern: "/x/", Headers: []Header{{"X-C", "a: b"}}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %#v", got)
	}
}

func TestParseHeadersErrors(t *testing.T) {
	long := "/*\n  X-Long: " + strings.Repeat("a", maxHeaderLine) + "\n"
	many := strings.Repeat("/x\n  X-A: 1\n", maxHeaderRules) + "/y\n"
	for _, c := range []struct {
		in   string
		line int
		msg  string
	}{
		{"  X-A: 1\n", 1, "before any URL pattern"},
		{"/*\n  X-A 1\n", 2, `expected "Name: value"`},
		{"/*\n  X A: 1\n", 2, "not a valid header name"},
		{"/*\n  : 1\n", 2, "not a valid header name"},
		{"/*\n  X-A:\n", 2, "has no value"},
		{"/*\n  X-A: a\x01b\n", 2, "control character"},
		{"/*\n  !\n", 2, "not a header name to detach"},
		{"# c\n\nassets/*\n", 3, `must start with "/"`},
		{"/*/*\n", 1, `more than one "*"`},
		{"https://x.example/*\n", 1, "names a host"},
		{"/a b\n", 1, "contains a space"},
		{long, 2, "longer than"},
		{many, 2*maxHeaderRules + 1, "more than 100 rules"},
	} {
		_, err := ParseHeaders([]byte(c.in))
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Line != c.line || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("ParseHeaders(%.40q) = %v; want line %d, %q", c.in, err, c.line, c.msg)
		}
	}
}

func TestHeadersFor(t *testing.T) {
	rules := append(DefaultHeaders(testCSP),
		HeaderRule{Pattern: "/:locale/:slug/", Headers: []Header{{"X-Page", "localized"}}},
		HeaderRule{Pattern: "/assets/*.js", Headers: []Header{{"x-kind", "script"}}},
		HeaderRule{Pattern: "/assets/js/*", Headers: []Header{{"X-Kind", "chunk"}}},
		HeaderRule{Pattern: "/assets/js/legacy-*", Detach: []string{"x-kind", "X-Never-Set"}},
		HeaderRule{Pattern: "/a:1", Headers: []Header{{"X-Colon", "literal"}}},
	)
	const immutable = ImmutableCacheControl
	for _, c := range []struct {
		path string
		want map[string]string // "" means absent
	}{
		// Pages get no Cache-Control from the rules: the host's default revalidates them.
		{"/referral-v2/", map[string]string{"Cache-Control": "", "X-Page": "", "X-Frame-Options": "DENY"}},
		{"/", map[string]string{"Cache-Control": "", "Referrer-Policy": "strict-origin-when-cross-origin"}},
		{"/pt-BR/referral-v2/", map[string]string{"X-Page": "localized", "Cache-Control": ""}},
		{"/pt-BR//", map[string]string{"X-Page": ""}},
		{"/pt-BR/referral-v2/x/", map[string]string{"X-Page": ""}},
		{"/assets/img/hero-1a2b3c4d.webp", map[string]string{"Cache-Control": immutable, "X-Content-Type-Options": "nosniff", "X-Kind": ""}},
		{"/assets/js/chunk-AB12CD34.js", map[string]string{"Cache-Control": immutable, "X-Kind": "script, chunk"}},
		{"/assets/js/legacy-1.js", map[string]string{"X-Kind": ""}},
		{"/assets/js/chunk.js.map", map[string]string{"X-Kind": "chunk"}},
		{"/a:1", map[string]string{"X-Colon": "literal"}},
		{"/a:2", map[string]string{"X-Colon": ""}},
	} {
		h := HeadersFor(rules, c.path)
		for name, want := range c.want {
			if got := h.Get(name); got != want || len(h.Values(name)) > 1 {
				t.Errorf("%s: %s = %q (%d values); want %q", c.path, name, got, len(h.Values(name)), want)
			}
		}
	}
	// Detaching and setting again in one later rule replaces the value.
	h := HeadersFor([]HeaderRule{
		{Pattern: "/*", Headers: []Header{{"X-A", "1"}, {"x-a", "2"}}},
		{Pattern: "/b", Detach: []string{"X-A"}, Headers: []Header{{"X-A", "3"}}},
	}, "/b")
	if !reflect.DeepEqual(h, http.Header{"X-A": {"3"}}) {
		t.Errorf("detach then set: %v", h)
	}
}

func TestDefaultHeadersCSP(t *testing.T) {
	for in, want := range map[string]string{
		"":                    "frame-ancestors 'none'",
		"default-src 'self';": "default-src 'self'; frame-ancestors 'none'",
		"default-src 'self'; Frame-Ancestors https://app.example": "default-src 'self'; Frame-Ancestors https://app.example",
	} {
		h := HeadersFor(DefaultHeaders(in), "/")
		if got := h.Get("Content-Security-Policy"); got != want {
			t.Errorf("csp %q → %q; want %q", in, got, want)
		}
	}
}
