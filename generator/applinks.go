package generator

import (
	"encoding/json"
	"net/url"
	"strings"

	"github.com/promohq/promo/internal/cdn"
	"github.com/promohq/promo/internal/content"
	"github.com/promohq/promo/internal/contract"
	"github.com/promohq/promo/internal/deeplink"
	"github.com/promohq/promo/internal/diag"
	"github.com/promohq/promo/internal/yamlpos"
)

// App links at build time (deeplinks.md "Where links are used"): the page data carries
// the page's own app link (the smart banner's "Open") and those of the links its
// config carries, the build warns about exchange links no rule maps, and with the
// app's identities in site.yaml it writes the OS link-association files.

// Well-known files (deeplinks.md): iOS universal links and Android app links.
const (
	aasaFile        = ".well-known/apple-app-site-association"
	assetLinksFile  = ".well-known/assetlinks.json"
	unmappedAppLink = "unmapped-app-link"
)

// withAppLinkConfig adds to the page data's app what the runtime maps links with and
// the banner's store links.
func withAppLinkConfig(a contract.AppConfig, cfg *content.Config) contract.AppConfig {
	m := deeplink.FromSite(cfg)
	a.SiteHost, a.WebHosts = m.SiteHost, append([]string{}, m.WebHosts...)
	a.StoreIOS, a.StoreAndroid = cfg.App.Stores.IOS, cfg.App.Stores.Android
	return a
}

// configLink is one link a campaign's config carries, with where it was written.
type configLink struct {
	href  string
	at    yamlpos.At
	field string
}

func configLinks(c *content.Campaign) []configLink {
	var out []configLink
	if qa := c.Widgets.QuickApply; qa != nil {
		for _, l := range qa.Links {
			out = append(out, configLink{l.Href, l.At, "href"})
		}
		out = append(out, configLink{qa.Popup.Redirect, qa.Popup.At, "redirect"})
	}
	if ql := c.Widgets.QuickLogin; ql != nil {
		out = append(out, configLink{ql.Redirect, ql.At, "redirect"})
	}
	kept := out[:0]
	for _, l := range out {
		if l.href != "" {
			kept = append(kept, l)
		}
	}
	return kept
}

// campaignAppLinks maps the links of c's config: href → app link, unmapped ones absent.
func campaignAppLinks(c *content.Campaign, m deeplink.Config) map[string]string {
	var out map[string]string
	for _, l := range configLinks(c) {
		if app, _, ok := deeplink.Map(l.href, m); ok {
			if out == nil {
				out = map[string]string{}
			}
			out[l.href] = app
		}
	}
	return out
}

// pageAppLink is the app link of the page at canonical: its mapping, else the app's
// web view of it (deeplinks.md, the smart banner's "Open").
func pageAppLink(canonical string, m deeplink.Config) string {
	if app, _, ok := deeplink.Map(canonical, m); ok {
		return app
	}
	scheme := m.Scheme
	if scheme == "" {
		scheme = deeplink.DefaultScheme
	}
	// encodeURIComponent's set, as the runtime's links are written.
	return scheme + "://webview?url=" + strings.ReplaceAll(url.QueryEscape(canonical), "+", "%20")
}

// warnUnmappedAppLinks warns (the page still works: the web link opens) about each
// link to the exchange's hosts or the site's host that no rule maps. Links to the
// site's own campaign pages are web pages by design and pass.
func warnUnmappedAppLinks(site *content.Site, diags *diag.List) {
	m := deeplink.FromSite(site.Config)
	slugs := map[string]bool{}
	for _, c := range site.Campaigns {
		slugs[c.Slug] = true
	}
	for _, c := range site.Campaigns {
		for _, l := range configLinks(c) {
			if _, _, ok := deeplink.Map(l.href, m); ok || !exchangeLink(l.href, m, slugs) {
				continue
			}
			p := l.at.Field(l.field)
			diags.Warnf(c.File, p.Line, p.Column, unmappedAppLink,
				"in the app it opens as a web page; link a path of the deep-link table (`promo deeplink URL` shows the mapping) if an app screen is meant",
				"%s %q is an exchange link that maps to no app screen", l.field, l.href)
		}
	}
}

// exchangeLink: href points at an exchange host or the site's own host, and not at
// one of the site's campaign pages.
func exchangeLink(href string, m deeplink.Config, slugs map[string]bool) bool {
	u, err := url.Parse(href)
	if err != nil {
		return false
	}
	if u.IsAbs() || u.Host != "" {
		host := strings.ToLower(u.Hostname())
		own := host == strings.ToLower(hostOnly(m.SiteHost))
		web := false
		for _, h := range m.WebHosts {
			web = web || host == strings.ToLower(h)
		}
		if web {
			return true
		}
		if !own {
			return false
		}
	} else if !strings.HasPrefix(href, "/") {
		return false
	}
	segs := strings.Split(strings.Trim(u.Path, "/"), "/")
	if len(segs) > 1 && deeplink.IsLocaleSegment(segs[0]) {
		segs = segs[1:]
	}
	return !slugs[segs[0]] && u.Path != "/" && u.Path != ""
}

func hostOnly(authority string) string {
	if h, _, ok := strings.Cut(authority, ":"); ok {
		return h
	}
	return authority
}

// wellKnownFiles are the link-association files of the site's app identities: none
// unless site.yaml names them (app.ios.appID; app.android.package and sha256).
func wellKnownFiles(cfg *content.Config) map[string][]byte {
	out := map[string][]byte{}
	if id := cfg.App.IOS.AppID; id != "" {
		type component struct {
			Path    string            `json:"/"`
			Query   map[string]string `json:"?,omitempty"`
			Comment string            `json:"comment"`
		}
		var comps []component
		for _, p := range deeplink.Paths() {
			var q map[string]string
			for _, name := range p.Require {
				if q == nil {
					q = map[string]string{}
				}
				q[name] = "?*" // a non-empty value (deeplinks.md: empty counts as absent)
			}
			// With and without the trailing slash, and under a locale prefix: the
			// mapping accepts all of them (deeplinks.md "Input and normalisation").
			base := strings.TrimSuffix(p.Path, "/")
			for _, path := range []string{p.Path, base, "/*" + p.Path, "/*" + base} {
				comps = append(comps, component{Path: path, Query: q, Comment: p.Rule})
			}
		}
		aasa := map[string]any{"applinks": map[string]any{
			"details": []any{map[string]any{"appIDs": []string{id}, "components": comps}},
		}}
		out[aasaFile] = mustJSON(aasa)
	}
	if a := cfg.App.Android; a.Package != "" && len(a.SHA256) > 0 {
		out[assetLinksFile] = mustJSON([]any{map[string]any{
			"relation": []string{"delegate_permission/common.handle_all_urls"},
			"target":   map[string]any{"namespace": "android_app", "package_name": a.Package, "sha256_cert_fingerprints": a.SHA256},
		}})
	}
	return out
}

func mustJSON(v any) []byte {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		panic(err) // maps and slices of strings always marshal
	}
	return append(data, '\n')
}

func (b *build) writeWellKnown() error {
	for rel, data := range wellKnownFiles(b.site.Config) {
		if err := b.out.write(rel, data); err != nil {
			return err
		}
	}
	return nil
}

// wellKnownHeaders serves the association files as JSON on the CDN too: iOS requires
// it, and apple-app-site-association has no extension to guess from.
func wellKnownHeaders(cfg *content.Config) []cdn.HeaderRule {
	var rules []cdn.HeaderRule
	files := wellKnownFiles(cfg)
	for _, rel := range []string{aasaFile, assetLinksFile} {
		if files[rel] != nil {
			rules = append(rules, cdn.HeaderRule{Pattern: "/" + rel, Headers: []cdn.Header{{Name: "Content-Type", Value: "application/json"}}})
		}
	}
	return rules
}
