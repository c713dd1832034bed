package cdn

import (
	"net/url"
	"strings"
	"testing"
)

var testLocales = []string{
	"en", "id-ID", "es-ES", "es-MX", "es-AR", "fil-PH", "kk-KZ", "pt-BR", "pt-PT",
	"ru-RU", "vi-VN", "tr-TR", "th-TH", "uk-UA", "ar-SA", "hi-IN", "ja-JP", "zh-MY",
	"zh-TW", "zh-HK", "en-HK", "nl-NL", "pl-PL",
}

// "vip" is a real slug shaped like a locale code.
var testSite = Site{Locales: testLocales, Slugs: []string{"referral-v2", "trader", "bonusbash", "vip"}}

// same marks a case where the CDN, reading RedirectsFile, answers exactly as
// Site.Redirect does.
const same = "\x00same"

// redirectCases is shared by the tests of Redirect and of RedirectsFile. in is
// a request target as a client sends it; want is Redirect's answer ("" for no
// redirect); cdn is what the `_redirects` file makes a CDN answer.
var redirectCases = []struct{ in, want, cdn string }{
	// Real pages, files and assets are left alone.
	{"/", "", same},
	{"/referral-v2/", "", same},
	{"/referral-v2/?ref=ABC", "", same},
	{"/pt-BR/referral-v2/", "", same},
	{"/ar-SA/trader/?ref=1", "", same},
	{"/en-HK/trader/", "", same},
	{"/ja-JP/unknown-page/", "", same},
	{"/assets/js/chunk-AB12CD34.js", "", same},
	{"/assets/img/hero-1a2b3c4d.webp", "", same},
	{"/favicon.ico", "", same},
	{"/robots.txt", "", same},
	{"/sitemap.xml?x=1", "", same},
	{"/vip/", "", same},
	{"/api/segw/sact/activity/enroll", "", same},
	{"/de-DEU/trader/", "", same},
	{"/deutsch/trader/", "", same},
	{"/d/trader/", "", same},

	// English is unprefixed.
	{"/en", "/", same},
	{"/en/", "/", same},
	{"/en?ref=1", "/?ref=1", same},
	{"/en/referral-v2/?ref=ABC", "/referral-v2/?ref=ABC", same},
	{"/EN/trader/", "/trader/", same},
	{"/En/trader/", "/trader/", ""},
	{"/en-US/referral-v2/?a=1&b=2", "/referral-v2/?a=1&b=2", same},
	{"/en-us/trader/", "/trader/", same},
	{"/EN-US/trader/", "/trader/", same},
	{"/en-Us/trader/", "/trader/", ""},
	{"/en-US", "/", same},
	{"/en/referral-v2", "/referral-v2/", "/referral-v2"},
	{"/en/robots.txt", "/robots.txt", same},
	{"/en/assets/js/chunk-AB12CD34.js", "/assets/js/chunk-AB12CD34.js", same},
	{"/en/vip/?ref=1", "/vip/?ref=1", same},
	{"/en/caf%C3%A9/", "/caf%C3%A9/", same},

	// Supported locales get their canonical case.
	{"/pt-br/referral-v2/?ref=X", "/pt-BR/referral-v2/?ref=X", same},
	{"/PT-BR/referral-v2/", "/pt-BR/referral-v2/", same},
	{"/Pt-Br/referral-v2/", "/pt-BR/referral-v2/", ""},
	{"/pt-br", "/pt-BR/", same},
	{"/pt-br/", "/pt-BR/", same},
	{"/pt-br?ref=1", "/pt-BR/?ref=1", same},
	{"/pt-BR", "/pt-BR/", same},
	{"/fil-ph/trader/", "/fil-PH/trader/", same},
	{"/en-hk/trader/", "/en-HK/trader/", same},
	{"/zh-hk/trader/", "/zh-HK/trader/", same},
	{"/ja-jp/referral-v2", "/ja-JP/referral-v2/", "/ja-JP/referral-v2"},
	{"/ar-sa/assets/x.js", "/ar-SA/assets/x.js", same},

	// Known pages get their trailing slash (CDNs do it natively).
	{"/referral-v2?ref=1", "/referral-v2/?ref=1", ""},
	{"/ja-JP/referral-v2?ref=1", "/ja-JP/referral-v2/?ref=1", ""},
	{"/vip?x=1", "/vip/?x=1", ""},
	{"/ja-JP/unknown-page", "", same},

	// Unsupported locale-shaped segments go to English.
	{"/de/referral-v2/?ref=1", "/referral-v2/?ref=1", ""},
	{"/fr-FR/trader/", "/trader/", ""},
	{"/fil/trader/", "/trader/", ""},
	{"/es-419/trader/", "/trader/", ""},
	{"/DE/trader/", "/trader/", ""},
	{"/zh/trader/", "/trader/", ""},
	{"/de", "/", ""},
	{"/de/vip/", "/vip/", ""},
	{"/de/referral-v2", "/referral-v2/", ""},

	// Open-redirect attempts: never another host.
	{"//evil.com", "", same},
	{"//evil.com/", "", same},
	{"/\\evil.com", "", same},
	{"/%2F%2Fevil.com", "", same},
	{"/%5Cevil.com", "", same},
	{"/en//evil.com", "", same},
	{"/EN-US//evil.com/x", "", same},
	{"/de//evil.com", "", same},
	{"/en/%2F%2Fevil.com", "", "/%2F%2Fevil.com"},
	{"/en/%2f%2fevil.com", "", "/%2f%2fevil.com"},
	{"/en/%5Cevil.com", "", "/%5Cevil.com"},
	{"/en/\\evil.com", "", "/%5Cevil.com"},
	{"/en/..%2Fevil.com", "", "/..%2Fevil.com"},
	{"/en/%2e%2e/evil.com", "", "/%2e%2e/evil.com"},
	{"/en/../evil.com", "", "/../evil.com"},
	{"/en/./evil.com", "", "/./evil.com"},
	{"/en/%00/x", "", "/%00/x"},
	{"/en/https://evil.com", "", "/https://evil.com"},
	{"/pt-br//evil.com", "", "/pt-BR//evil.com"},
	{"/pt-br/%2F%2Fevil.com", "", "/pt-BR/%2F%2Fevil.com"},
	{"/de/%2F%2Fevil.com", "", same},
}

func parseTarget(t testing.TB, in string) *url.URL {
	t.Helper()
	u, err := url.ParseRequestURI(in)
	if err != nil {
		t.Fatalf("parse %q: %v", in, err)
	}
	return u
}

func TestRedirect(t *testing.T) {
	for _, c := range redirectCases {
		got, ok := testSite.Redirect(parseTarget(t, c.in))
		if ok != (c.want != "") || got != c.want {
			t.Errorf("Redirect(%q) = %q, %v; want %q", c.in, got, ok, c.want)
		}
		if ok && !safeTarget(strings.SplitN(got, "?", 2)[0]) {
			t.Errorf("Redirect(%q) = %q: not a site-relative path", c.in, got)
		}
	}
}

// An absolute URL (a proxy-style request line) is reduced to its path: the
// host it names is never echoed into the target.
func TestRedirectDropsHost(t *testing.T) {
	u, _ := url.Parse("https://evil.com/en/trader/?ref=1")
	if got, _ := testSite.Redirect(u); got != "/trader/?ref=1" {
		t.Fatalf("got %q", got)
	}
	if _, ok := testSite.Redirect(&url.URL{Opaque: "evil.com"}); ok {
		t.Fatal("opaque URL redirected")
	}
	if _, ok := testSite.Redirect(nil); ok {
		t.Fatal("nil URL redirected")
	}
}

// The server also knows the folders of dist/: a campaign folder the Site was
// not told about is not an unsupported locale.
func TestRedirectTopLevelFolder(t *testing.T) {
	isTop := func(name string) bool { return name == "new" }
	if got, ok := testSite.redirect(parseTarget(t, "/new/"), isTop); ok {
		t.Fatalf("/new/ redirected to %q", got)
	}
	if got, _ := testSite.redirect(parseTarget(t, "/old/"), isTop); got != "/" {
		t.Fatalf("/old/ → %q, want /", got)
	}
}

func TestLocaleShaped(t *testing.T) {
	for s, want := range map[string]bool{
		"de": true, "fil": true, "fr-FR": true, "es-419": true, "EN-us": true,
		"d": false, "deut": false, "fr-F": false, "fr-FRA": false, "es-41": false,
		"fr_FR": false, "12": false, "fr-": false, "-FR": false, "": false,
	} {
		if got := localeShaped(s); got != want {
			t.Errorf("localeShaped(%q) = %v", s, got)
		}
	}
}

// FuzzRedirect checks the two promises that hold for every input: the target
// is a site-relative path, and following redirects ends. A hop may uncover
// another locale segment (/en/de/x/), so the bound is one hop per segment.
func FuzzRedirect(f *testing.F) {
	for _, c := range redirectCases {
		f.Add(c.in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		u, err := url.ParseRequestURI(in)
		if err != nil {
			return
		}
		limit := strings.Count(in, "/") + 1
		for hop := 0; ; hop++ {
			target, ok := testSite.Redirect(u)
			if !ok {
				return
			}
			path, _, _ := strings.Cut(target, "?")
			if !safeTarget(path) {
				t.Fatalf("%q → %q: not site-relative", in, target)
			}
			if hop == limit {
				t.Fatalf("%q still redirecting after %d hops (%q)", in, hop+1, target)
			}
			if u, err = url.ParseRequestURI(target); err != nil {
				t.Fatalf("%q → unparsable %q", in, target)
			}
		}
	})
}
