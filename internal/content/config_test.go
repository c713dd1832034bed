package content

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/promohq/promo/internal/diag"
)

func TestDefaultsHaveTheSpecsLocales(t *testing.T) {
	c := DefaultConfig()
	if len(c.Locales) != 23 || c.Locales[0] != "en" || c.DefaultLocale != "en" {
		t.Fatalf("locales: %v", c.Locales)
	}
	if c.Dir("ar-SA") != "rtl" || c.Dir("ja-JP") != "ltr" {
		t.Error("only ar-SA is right-to-left")
	}
}

func TestChain(t *testing.T) {
	c := DefaultConfig()
	for locale, want := range map[string][]string{
		"zh-HK": {"zh-HK", "zh-TW", "en"},
		"nl-NL": {"nl-NL", "en"},
		"en":    {"en"},
		"ja-JP": {"ja-JP", "en"},
	} {
		if got := c.Chain(locale); !slices.Equal(got, want) {
			t.Errorf("Chain(%s) = %v, want %v", locale, got, want)
		}
	}
}

func TestPagePath(t *testing.T) {
	c := DefaultConfig()
	if c.PagePath("en", "x") != "/x/" || c.PagePath("id-ID", "x") != "/id-ID/x/" {
		t.Error("English is unprefixed and other locales use their code")
	}
}

func TestLoadOverridesAndValidates(t *testing.T) {
	root := t.TempDir()
	yaml := "baseURL: https://promo.example.com/\nenvironments:\n  test: {upstream: \"ftp://x\", cookie: c}\nlocales: [en, de-DE, xx_bad]\nfallback: {}\n"
	if err := os.WriteFile(filepath.Join(root, ConfigFile), []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	var d diag.List
	c := LoadConfig(root, &d)
	if c.BaseURL != "https://promo.example.com" {
		t.Errorf("baseURL = %q", c.BaseURL)
	}
	if c.Environments["production"].Cookie != "b_t_c_k" {
		t.Error("environments must merge with the defaults")
	}
	var msgs []string
	for _, x := range d.Items() {
		msgs = append(msgs, x.String())
	}
	all := strings.Join(msgs, "\n")
	for _, want := range []string{
		`site.yaml:5:1: error: unknown field "fallback" in the document [unknown-field] (hint: did you mean "fallbacks"?)`,
		`error: locale "xx_bad" is not a locale code`,
		`error: environment test: upstream "ftp://x" is not an https URL`,
		`error: rtl names "ar-SA", which is not in locales`,
	} {
		if !strings.Contains(all, want) {
			t.Errorf("missing %q in\n%s", want, all)
		}
	}
}

// An apiBase the function would refuse fails when the site loads, at its line, instead
// of when `promo serve` starts (one rule: contract.CheckAPIBase).
func TestAPIBaseTheFunctionRefusesFailsAtLoad(t *testing.T) {
	for _, base := range []string{"/api/v1.0", "/api//x", "/api/", "api"} {
		root := t.TempDir()
		yaml := "brand: x\napiBase: " + base + "\n"
		if err := os.WriteFile(filepath.Join(root, ConfigFile), []byte(yaml), 0o644); err != nil {
			t.Fatal(err)
		}
		var d diag.List
		LoadConfig(root, &d)
		err := d.Err()
		if err == nil || !strings.Contains(err.Error(), "site.yaml:2:10: error: apiBase: API base \""+base+"\" is not a site path") {
			t.Errorf("apiBase %s: got %v", base, err)
		}
	}
}

func loadConfigYAML(t *testing.T, yaml string) (*Config, *diag.List) {
	t.Helper()
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, ConfigFile), []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	var d diag.List
	return LoadConfig(root, &d), &d
}

// Analytics is off by default and carries the spec's project type (§3).
func TestAnalyticsDefaults(t *testing.T) {
	c := DefaultConfig()
	if c.Analytics.GTM != "" || c.GTMContainer() != "" {
		t.Errorf("analytics must be off by default: %+v", c.Analytics)
	}
	if c.Analytics.ProjectType != "growth-activity" {
		t.Errorf("projectType = %q, want growth-activity", c.Analytics.ProjectType)
	}
}

func TestAnalyticsLoadsOutsideLocal(t *testing.T) {
	c, d := loadConfigYAML(t, "environment: production\nbaseURL: https://promo.example.com\nanalytics:\n  gtm: GTM-AB12CD3\n  projectType: spot-growth\n")
	if err := d.Err(); err != nil || len(d.Items()) != 0 {
		t.Fatalf("diagnostics: %v", d.Items())
	}
	if c.GTMContainer() != "GTM-AB12CD3" || c.Analytics.ProjectType != "spot-growth" {
		t.Errorf("analytics = %+v, container %q", c.Analytics, c.GTMContainer())
	}
	// Only the project type written: the container stays off.
	c, d = loadConfigYAML(t, "environment: test\nanalytics: {projectType: x}\n")
	if d.HasErrors() || c.GTMContainer() != "" || c.Analytics.ProjectType != "x" {
		t.Errorf("analytics = %+v, %v", c.Analytics, d.Items())
	}
}

// DESIGN §6: the local environment's pages load no third-party script, whatever
// site.yaml says; the build says so with a warning at the id's line.
func TestAnalyticsIsAlwaysOffInLocal(t *testing.T) {
	c, d := loadConfigYAML(t, "brand: x\nanalytics:\n  gtm: GTM-AB12CD3\n")
	if c.Environment != "local" || c.GTMContainer() != "" {
		t.Errorf("local container = %q", c.GTMContainer())
	}
	if d.HasErrors() || len(d.Warnings()) != 1 {
		t.Fatalf("want one warning, got %v", d.Items())
	}
	w := d.Warnings()[0].String()
	for _, want := range []string{"site.yaml:3:8: warning:", "GTM-AB12CD3 is not loaded", "[analytics-off-in-local]", "set environment to one of them"} {
		if !strings.Contains(w, want) {
			t.Errorf("warning %q lacks %q", w, want)
		}
	}
}

func TestAnalyticsRejectsBadValues(t *testing.T) {
	for _, tc := range []struct{ yaml, want string }{
		{"environment: dev\nanalytics:\n  gtm: gtm-ab12cd3\n",
			`site.yaml:3:8: error: analytics.gtm "gtm-ab12cd3" is not a Google Tag Manager container id [bad-gtm-id] (hint: copy the container id from Tag Manager (upper-case, like GTM-AB12CD3), or remove analytics.gtm to turn analytics off)`},
		{"environment: dev\nanalytics: {gtm: \"UA-1234-1\"}\n", `site.yaml:2:18: error: analytics.gtm "UA-1234-1"`},
		{"environment: dev\nanalytics: {gtm: \"GTM-\"}\n", `site.yaml:2:18: error: analytics.gtm "GTM-"`},
		{"environment: dev\nanalytics: {gtm: \"GTM-AB12 <x>\"}\n", `error: analytics.gtm "GTM-AB12 <x>"`},
		{"analytics:\n  projectType: \"growth activity\"\n", `site.yaml:2:16: error: analytics.projectType "growth activity" is not a project type name [bad-project-type]`},
		{"analytics:\n  projectType: \"\"\n", `site.yaml:2:16: error: analytics.projectType ""`},
		{"analytics:\n  gtms: GTM-1\n", `site.yaml:2:3: error: unknown field "gtms" in field "analytics" [unknown-field] (hint: did you mean "gtm"?)`},
	} {
		_, d := loadConfigYAML(t, tc.yaml)
		err := d.Err()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: got %v, want %q", tc.yaml, err, tc.want)
		}
	}
}

// app.webHosts and app.scheme make the app links (deeplinks.md): the defaults
// name the exchange's web host, and a value the links could not use fails at its line.
func TestAppWebHostsAndScheme(t *testing.T) {
	c := DefaultConfig()
	if c.App.Scheme != "exchange" || !slices.Equal(c.App.WebHosts, []string{"www.exchange.example"}) {
		t.Errorf("defaults: %+v", c.App)
	}
	load := func(yaml string) (*Config, *diag.List) {
		root := t.TempDir()
		if err := os.WriteFile(filepath.Join(root, ConfigFile), []byte(yaml), 0o644); err != nil {
			t.Fatal(err)
		}
		var d diag.List
		return LoadConfig(root, &d), &d
	}
	c, d := load("app:\n  webHosts: [web.example.org, exchange.example]\n")
	if d.HasErrors() || !slices.Equal(c.App.WebHosts, []string{"web.example.org", "exchange.example"}) || c.App.Scheme != "exchange" {
		t.Errorf("webHosts replace the default list, the rest of app stays: %+v %v", c.App, d.Items())
	}
	c, d = load("app:\n  webHosts: []\n")
	if d.HasErrors() || len(c.App.WebHosts) != 0 {
		t.Errorf("no web hosts: %+v %v", c.App, d.Items())
	}
	for yaml, want := range map[string]string{
		"app:\n  webHosts: [ok.example, \"https://x.example\"]\n": `site.yaml:2:13: error: app.webHosts: "https://x.example" is not a host name [bad-web-host]`,
		"app:\n  webHosts: [WWW.X.EXAMPLE]\n":                     `app.webHosts: "WWW.X.EXAMPLE" is not a host name`,
		"app:\n  webHosts: [x.example:443]\n":                     `app.webHosts: "x.example:443" is not a host name`,
		"app:\n  webHosts: [x.example/a]\n":                       `[bad-web-host]`,
		"app:\n  scheme: https\n":                                 `site.yaml:2:11: error: app.scheme "https" is not an app URL scheme [bad-app-scheme]`,
		"app:\n  scheme: \"my app\"\n":                            `app.scheme "my app" is not an app URL scheme`,
		"app:\n  scheme: \"\"\n":                                  `app.scheme "" is not an app URL scheme`,
		"app:\n  bridge: \"window.Bridge\"\n":                     `site.yaml:2:11: error: app.bridge "window.Bridge" is not a JavaScript identifier [bad-app-bridge]`,
		"app:\n  bridge: \"\"\n":                                  `app.bridge "" is not a JavaScript identifier`,
	} {
		_, d := load(yaml)
		if err := d.Err(); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: got %v, want %s", yaml, err, want)
		}
	}
}

// TestAppBridge: login through the app's bridge is on by default, under window.ExchangeBridge
// (DESIGN §8), and site.yaml can rename the bridge or turn the login off.
func TestAppBridge(t *testing.T) {
	c, d := loadConfigYAML(t, "")
	if d.HasErrors() || c.App.Bridge != "ExchangeBridge" || !c.App.BridgeLogin {
		t.Fatalf("defaults: %+v %v", c.App, d)
	}
	c, d = loadConfigYAML(t, "app:\n  bridge: MyBridge\n  bridgeLogin: false\n")
	if d.HasErrors() || c.App.Bridge != "MyBridge" || c.App.BridgeLogin {
		t.Fatalf("site.yaml: %+v %v", c.App, d)
	}
}

// A loopback baseURL is right for local; in a build for another environment it would
// publish canonical links, the sitemap and robots.txt no one can follow.
func TestLoopbackBaseURLOutsideLocalIsAWarning(t *testing.T) {
	for yaml, want := range map[string]string{
		"environment: production\n":                                     "site.yaml:1:1: warning: the default baseURL http://127.0.0.1:8080 is a loopback address, but environment is production: canonical links, the sitemap and robots.txt would point at it [loopback-base-url] (hint: set baseURL in site.yaml to the site's public origin, like https://promo.example.com)",
		"environment: test\nbaseURL: http://localhost:9000/\n":          "site.yaml:2:10: warning: baseURL http://localhost:9000 is a loopback address, but environment is test",
		"environment: dev\nbaseURL: http://[::1]:8080\n":                "site.yaml:2:10: warning: baseURL http://[::1]:8080 is a loopback address",
		"environment: production\nbaseURL: https://promo.example.com\n": "",
		"environment: local\n":                                          "",
	} {
		_, d := loadConfigYAML(t, yaml)
		var got []string
		for _, w := range d.Warnings() {
			if w.Code == "loopback-base-url" {
				got = append(got, w.String())
			}
		}
		if want == "" && len(got) != 0 || want != "" && (len(got) != 1 || !strings.HasPrefix(got[0], want)) {
			t.Errorf("%q: got %q, want %q", yaml, got, want)
		}
	}
}
