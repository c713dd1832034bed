package content

import (
	"os"
	"path"
	"path/filepath"

	"github.com/promohq/promo/internal/diag"
	"github.com/promohq/promo/internal/i18n"
)

// LibraryNamespace holds the widgets' texts (DESIGN §3); ErrorNamespace the error
// dictionaries, shipped as separate files fetched on the first error (DESIGN §2).
const (
	LibraryNamespace = "gmp-lib"
	ErrorNamespace   = "error-code"
)

// Site is everything a build reads from the site root.
type Site struct {
	Root      string
	Config    *Config
	Campaigns []*Campaign
	Catalog   *i18n.Catalog
	// Rules holds each campaign's rules rendered to HTML: slug → locale → HTML.
	Rules map[string]map[string]string
}

// Load reads and validates the site at root: site.yaml, campaigns, rules and
// translations. It returns every problem found, not only the first.
func Load(root string) (*Site, *diag.List) {
	var diags diag.List
	cfg := LoadConfig(root, &diags)
	s := &Site{Root: root, Config: cfg, Rules: map[string]map[string]string{}}
	s.Campaigns = LoadCampaigns(root, cfg.Locales, &diags)
	s.Catalog = i18n.Load(root, cfg.Locales, &diags)
	en := cfg.DefaultLocale
	if s.Catalog.Bundle(en, LibraryNamespace) == nil {
		diags.Errorf(path.Join(i18n.Dir, en, LibraryNamespace+".json"), 0, 0, "missing-namespace", "the widgets' texts live there; copy it from a Promo site", "the library namespace %s has no %s bundle", LibraryNamespace, en)
	}
	for _, c := range s.Campaigns {
		s.checkTexts(c, &diags)
		s.renderRules(c, &diags)
	}
	return s, &diags
}

// checkTexts checks that the campaign's namespace exists in the default locale and
// has every key its campaign.yaml names.
func (s *Site) checkTexts(c *Campaign, diags *diag.List) {
	if c.Namespace == "" {
		return
	}
	en := s.Config.DefaultLocale
	file := path.Join(i18n.Dir, en, c.Namespace+".json")
	if s.Catalog.Bundle(en, c.Namespace) == nil {
		if _, err := os.Stat(filepath.Join(s.Root, filepath.FromSlash(file))); err == nil {
			return // it exists but is malformed: that error is reported already
		}
		p := c.At.Field("namespace")
		diags.Errorf(c.File, p.Line, p.Column, "missing-namespace", "create "+file+" with the page texts (hero.title, hero.subtitle)", "namespace %q has no %s texts", c.Namespace, en)
		return
	}
	for _, k := range c.TextKeys() {
		if !s.Catalog.Has(en, c.Namespace, i18n.Use{Key: k.Key}) {
			diags.Errorf(c.File, k.Pos.Line, k.Pos.Column, "missing-text", "add the key to "+file, "text %q is missing from %s", k.Key, file)
		}
	}
}

func (s *Site) renderRules(c *Campaign, diags *diag.List) {
	if len(c.Rules) == 0 {
		return
	}
	out := map[string]string{}
	for locale, file := range c.Rules {
		src, err := os.ReadFile(filepath.Join(s.Root, filepath.FromSlash(file)))
		if err != nil {
			diags.Errorf(file, 0, 0, "read", "", "cannot read: %v", err)
			continue
		}
		out[locale] = RenderRules(file, src, diags)
	}
	s.Rules[c.Slug] = out
}

// RulesHTML returns the campaign's rules for locale, falling back along the chain.
func (s *Site) RulesHTML(slug, locale string) string {
	for _, l := range s.Config.Chain(locale) {
		if html, ok := s.Rules[slug][l]; ok {
			return html
		}
	}
	return ""
}

// Translated reports whether the campaign's texts exist in locale itself or in a
// locale of its chain before the default (zh-HK is translated through zh-TW); pages of
// other locales show the default language and are not advertised as alternates.
func (s *Site) Translated(c *Campaign, locale string) bool {
	for _, l := range s.Config.Chain(locale) {
		if l == s.Config.DefaultLocale {
			return l == locale
		}
		if s.Catalog.Bundle(l, c.Namespace) != nil {
			return true
		}
	}
	return false
}
