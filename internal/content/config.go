// Package site is the site-wide configuration: locales and their fallbacks, writing
// direction, environments and the app. Every field has an embedded default
// (defaults.yaml), so a site without site.yaml works (DESIGN §1).
package content

import (
	_ "embed"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/promohq/promo/internal/contract"
	"github.com/promohq/promo/internal/diag"
	"github.com/promohq/promo/internal/yamlpos"
)

//go:embed defaults.yaml
var defaultsYAML []byte

// ConfigFile is the optional site configuration file at the site root.
const ConfigFile = "site.yaml"

// Config is the site configuration.
type Config struct {
	BaseURL       string                 `yaml:"baseURL"`
	DefaultLocale string                 `yaml:"defaultLocale"`
	Locales       []string               `yaml:"locales"`
	RTL           []string               `yaml:"rtl"`
	LocaleNames   map[string]string      `yaml:"localeNames"` // each locale by its own name
	Fallbacks     map[string][]string    `yaml:"fallbacks"`
	APIBase       string                 `yaml:"apiBase"`
	Environment   string                 `yaml:"environment"`
	Environments  map[string]Environment `yaml:"environments"`
	Brand         string                 `yaml:"brand"`
	App           App                    `yaml:"app"`
	Analytics     Analytics              `yaml:"analytics"`
	At            yamlpos.At             `yaml:"-"`
}

// Analytics configures the tag manager the pages load after the window's load event
// and the project type every tracking event carries (spec §3, §4). GTM "" (the
// default) turns it off, and the local environment always has it off (DESIGN §6);
// GTMContainer says what a build uses.
type Analytics struct {
	GTM         string     `yaml:"gtm"`         // Google Tag Manager container id, GTM-XXXXXXX
	ProjectType string     `yaml:"projectType"` // spec §3: defaults to growth-activity
	At          yamlpos.At `yaml:"-"`
}

// Environment is one exchange API the function can forward to.
type Environment struct {
	Upstream string `yaml:"upstream"` // empty for local: the embedded mock
	Cookie   string `yaml:"cookie"`   // token cookie name (DESIGN §4)
}

// App describes the exchange's mobile app.
type App struct {
	Name            string `yaml:"name"`
	IOSAppID        string `yaml:"iosAppId"`
	UserAgentMarker string `yaml:"userAgentMarker"`
	Scheme          string `yaml:"scheme"`
	// Bridge is the global the app injects for the pages (DESIGN §8: window[bridge]);
	// BridgeLogin sends login and sign-up in the app through it (spec §4).
	Bridge      string `yaml:"bridge"`
	BridgeLogin bool   `yaml:"bridgeLogin"`
	// WebHosts are the exchange's web hosts: links to them (and to baseURL's host)
	// may open app screens (deeplinks.md, internal/deeplink).
	WebHosts []string `yaml:"webHosts"`
	// Stores are the app's store pages by platform, for the smart banner (DESIGN §8).
	Stores AppStores `yaml:"stores"`
	// IOS and Android identify the app to the operating systems: with them the build
	// writes /.well-known/apple-app-site-association and assetlinks.json (deeplinks.md).
	IOS     AppIOS     `yaml:"ios"`
	Android AppAndroid `yaml:"android"`
	At      yamlpos.At `yaml:"-"`
}

// AppStores are the https URLs of the app's store pages.
type AppStores struct {
	IOS     string     `yaml:"ios"`     // App Store
	Android string     `yaml:"android"` // Google Play
	At      yamlpos.At `yaml:"-"`
}

// AppIOS identifies the iOS app for universal links.
type AppIOS struct {
	AppID string     `yaml:"appID"` // <team id>.<bundle id>, e.g. ABCDE12345.com.exchange.app
	At    yamlpos.At `yaml:"-"`
}

// AppAndroid identifies the Android app for app links.
type AppAndroid struct {
	Package string     `yaml:"package"` // e.g. com.exchange.app
	SHA256  []string   `yaml:"sha256"`  // signing certificate fingerprints, AA:BB:…
	At      yamlpos.At `yaml:"-"`
}

// EnvironmentNames are the spec's environments (§9), in order.
var EnvironmentNames = []string{"production", "testnet", "test", "dev", "local"}

// gtmShape is a Tag Manager container id as its web interface shows it.
var gtmShape = regexp.MustCompile(`^GTM-[A-Z0-9]+$`)

// projectTypeShape keeps the project type a plain name: it travels in every event.
var projectTypeShape = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$`)

// localeShape is a language of 2–3 letters with an optional region (DESIGN §2).
var localeShape = regexp.MustCompile(`^[a-z]{2,3}(-[A-Z]{2}|-[0-9]{3})?$`)

// Defaults returns the embedded configuration.
func DefaultConfig() *Config {
	var c Config
	var d diag.List
	if !yamlpos.Decode("internal/content/defaults.yaml", defaultsYAML, &c, &d) || d.HasErrors() {
		panic("site: embedded defaults are invalid: " + d.Err().Error())
	}
	return &c
}

// Load reads root/site.yaml over the embedded defaults. A missing file is not an
// error; every problem in it is reported to diags.
func LoadConfig(root string, diags *diag.List) *Config {
	c := DefaultConfig()
	data, err := os.ReadFile(filepath.Join(root, ConfigFile))
	switch {
	case errors.Is(err, os.ErrNotExist):
		return c
	case err != nil:
		diags.Errorf(ConfigFile, 0, 0, "read", "", "cannot read: %v", err)
		return c
	}
	if !yamlpos.Decode(ConfigFile, data, c, diags) {
		return c
	}
	c.validate(diags)
	return c
}

func (c *Config) validate(diags *diag.List) {
	at := func(field string) (int, int) { p := c.At.Field(field); return p.Line, p.Column }
	if u, err := url.Parse(c.BaseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || (u.Path != "" && u.Path != "/") {
		l, col := at("baseURL")
		diags.Errorf(ConfigFile, l, col, "bad-base-url", "write an origin like https://promo.example.com", "baseURL %q is not an absolute http(s) origin", c.BaseURL)
	}
	c.BaseURL = strings.TrimSuffix(c.BaseURL, "/")
	c.warnLoopbackBaseURL(diags)
	seen := map[string]bool{}
	for _, code := range c.Locales {
		l, col := at("locales")
		if !localeShape.MatchString(code) {
			diags.Errorf(ConfigFile, l, col, "bad-locale", "write a language of 2–3 lower-case letters with an optional upper-case region, like pt-BR", "locale %q is not a locale code", code)
		}
		if seen[strings.ToLower(code)] {
			diags.Errorf(ConfigFile, l, col, "duplicate-locale", "list each locale once", "locale %q is listed twice", code)
		}
		seen[strings.ToLower(code)] = true
	}
	if !slices.Contains(c.Locales, c.DefaultLocale) {
		l, col := at("defaultLocale")
		diags.Errorf(ConfigFile, l, col, "unknown-locale", "add it to locales", "defaultLocale %q is not in locales", c.DefaultLocale)
	}
	for _, code := range c.Locales {
		if strings.TrimSpace(c.LocaleNames[code]) == "" {
			l, col := at("localeNames")
			diags.Errorf(ConfigFile, l, col, "missing-locale-name", "add "+code+": <the language's own name> under localeNames", "locale %q has no name for the language switcher", code)
		}
	}
	for _, code := range c.RTL {
		if !slices.Contains(c.Locales, code) {
			l, col := at("rtl")
			diags.Errorf(ConfigFile, l, col, "unknown-locale", "add it to locales or remove it from rtl", "rtl names %q, which is not in locales", code)
		}
	}
	for from, chain := range c.Fallbacks {
		for _, code := range append([]string{from}, chain...) {
			if !slices.Contains(c.Locales, code) {
				l, col := at("fallbacks")
				diags.Errorf(ConfigFile, l, col, "unknown-locale", "fallbacks may name only locales listed in locales", "fallbacks name %q, which is not in locales", code)
			}
		}
	}
	if _, ok := c.Environments[c.Environment]; !ok {
		l, col := at("environment")
		diags.Errorf(ConfigFile, l, col, "unknown-environment", "use one of "+strings.Join(EnvironmentNames, ", "), "environment %q is not configured", c.Environment)
	}
	for name, env := range c.Environments {
		l, col := at("environments")
		if !slices.Contains(EnvironmentNames, name) {
			diags.Errorf(ConfigFile, l, col, "unknown-environment", "use one of "+strings.Join(EnvironmentNames, ", "), "unknown environment %q", name)
		}
		if name != "local" {
			if u, err := url.Parse(env.Upstream); err != nil || u.Scheme != "https" || u.Host == "" {
				diags.Errorf(ConfigFile, l, col, "bad-upstream", "write the exchange API origin, like https://api.example.com", "environment %s: upstream %q is not an https URL", name, env.Upstream)
			}
		}
		if env.Cookie == "" {
			diags.Errorf(ConfigFile, l, col, "missing-cookie", "name the token cookie, e.g. b_t_c_k_"+name, "environment %s has no cookie name", name)
		}
	}
	if err := contract.CheckAPIBase(c.APIBase); err != nil {
		l, col := at("apiBase")
		diags.Errorf(ConfigFile, l, col, "bad-api-base", "write a site path like /api", "apiBase: %v", err)
	}
	c.validateAnalytics(diags)
	c.validateApp(diags)
}

// appSchemeShape is a URI scheme (RFC 3986 §3.1) in lower case.
var appSchemeShape = regexp.MustCompile(`^[a-z][a-z0-9+.-]*$`)

// bridgeShape is a plain JavaScript identifier: the page reads window[bridge] and
// listens for the event "<bridge>Ready" (DESIGN §8).
var bridgeShape = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]*$`)

// webHostShape is a lower-case host name without scheme, port or path.
var webHostShape = regexp.MustCompile(`^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$`)

// validateApp checks what the app links are made of (deeplinks.md).
func (c *Config) validateApp(diags *diag.List) {
	a := &c.App
	at := func(field string) (int, int) {
		if _, ok := c.At.Fields["app"]; !ok {
			return c.At.Pos.Line, c.At.Pos.Column
		}
		p := a.At.Field(field)
		return p.Line, p.Column
	}
	if !appSchemeShape.MatchString(a.Scheme) || a.Scheme == "http" || a.Scheme == "https" {
		l, col := at("scheme")
		diags.Errorf(ConfigFile, l, col, "bad-app-scheme", "write the app's own URL scheme in lower case, like exchange",
			"app.scheme %q is not an app URL scheme", a.Scheme)
	}
	if !bridgeShape.MatchString(a.Bridge) {
		l, col := at("bridge")
		diags.Errorf(ConfigFile, l, col, "bad-app-bridge", "write the name of the global the app injects, like ExchangeBridge",
			"app.bridge %q is not a JavaScript identifier", a.Bridge)
	}
	for _, h := range a.WebHosts {
		if !webHostShape.MatchString(h) {
			l, col := at("webHosts")
			diags.Errorf(ConfigFile, l, col, "bad-web-host", "write a lower-case host name only, like www.exchange.example",
				"app.webHosts: %q is not a host name", h)
		}
	}
	c.validateAppIdentity(diags, at)
}

func (c *Config) validateAnalytics(diags *diag.List) {
	a := &c.Analytics
	at := func(field string) (int, int) {
		if _, ok := c.At.Fields["analytics"]; !ok { // analytics not written: point at the document
			return c.At.Pos.Line, c.At.Pos.Column
		}
		p := a.At.Field(field)
		return p.Line, p.Column
	}
	if a.GTM != "" && !gtmShape.MatchString(a.GTM) {
		l, col := at("gtm")
		diags.Errorf(ConfigFile, l, col, "bad-gtm-id",
			"copy the container id from Tag Manager (upper-case, like GTM-AB12CD3), or remove analytics.gtm to turn analytics off",
			"analytics.gtm %q is not a Google Tag Manager container id", a.GTM)
	}
	if !projectTypeShape.MatchString(a.ProjectType) {
		l, col := at("projectType")
		diags.Errorf(ConfigFile, l, col, "bad-project-type",
			"write a name of letters, digits, '.', '_' or '-' (at most 64), like growth-activity, or remove it for the default",
			"analytics.projectType %q is not a project type name", a.ProjectType)
	}
	// Not an error: a site may keep its container id while developing on the mock.
	// The note keeps a build that silently lacks analytics from surprising anyone.
	if a.GTM != "" && c.Environment == "local" {
		l, col := at("gtm")
		diags.Warnf(ConfigFile, l, col, "analytics-off-in-local",
			"pages built for production, testnet, test or dev load it; set environment to one of them",
			"analytics.gtm %s is not loaded: pages of the local environment load no third-party script", a.GTM)
	}
}

// GTMContainer is the Tag Manager container the built pages load, "" for none:
// analytics.gtm, except in the local environment, whose pages load no third-party
// script (DESIGN §6).
func (c *Config) GTMContainer() string {
	if c.Environment == "local" {
		return ""
	}
	return c.Analytics.GTM
}

// Chain is the fallback chain of locale: the locale itself, its configured fallbacks
// (recursively) and finally the default locale, without repeats (spec §1: zh-HK →
// zh-TW → en).
func (c *Config) Chain(locale string) []string {
	var out []string
	var walk func(string)
	walk = func(l string) {
		if slices.Contains(out, l) {
			return
		}
		out = append(out, l)
		for _, f := range c.Fallbacks[l] {
			walk(f)
		}
	}
	walk(locale)
	if !slices.Contains(out, c.DefaultLocale) {
		out = append(out, c.DefaultLocale)
	}
	return out
}

// Dir is the writing direction of locale: "rtl" or "ltr".
func (c *Config) Dir(locale string) string {
	if slices.Contains(c.RTL, locale) {
		return "rtl"
	}
	return "ltr"
}

// PagePath is the site path of a campaign page: English unprefixed, every other locale
// under its code exactly as listed (DESIGN §2).
func (c *Config) PagePath(locale, slug string) string {
	if locale == c.DefaultLocale {
		return "/" + slug + "/"
	}
	return "/" + locale + "/" + slug + "/"
}

// IsLocale reports whether code is a configured locale (exact case).
func (c *Config) IsLocale(code string) bool { return slices.Contains(c.Locales, code) }

// String describes the configuration briefly, for logs.
func (c *Config) String() string {
	return fmt.Sprintf("%d locales, environment %s", len(c.Locales), c.Environment)
}

// warnLoopbackBaseURL: baseURL goes into canonical links, hreflang, the sitemap and
// robots.txt. The default (a loopback origin, right for `local`) in a build for a real
// environment would publish links no visitor or crawler can follow.
func (c *Config) warnLoopbackBaseURL(diags *diag.List) {
	u, err := url.Parse(c.BaseURL)
	if err != nil || c.Environment == "local" {
		return
	}
	host := u.Hostname()
	if ip := net.ParseIP(host); !(host == "localhost" || strings.HasSuffix(host, ".localhost") || ip != nil && ip.IsLoopback()) {
		return
	}
	where := "the default baseURL"
	p := c.At.Field("baseURL")
	if _, written := c.At.Fields["baseURL"]; written {
		where = "baseURL"
	}
	diags.Warnf(ConfigFile, p.Line, p.Column, "loopback-base-url", "set baseURL in "+ConfigFile+" to the site's public origin, like https://promo.example.com",
		"%s %s is a loopback address, but environment is %s: canonical links, the sitemap and robots.txt would point at it", where, c.BaseURL, c.Environment)
}
