package content

import (
	"os"
	"path"
	"path/filepath"
	"slices"

	"github.com/promohq/promo/internal/diag"
	"github.com/promohq/promo/internal/i18n"
)

// LibraryNamespace holds the widgets' texts (DESIGN §3); ErrorNamespace the error
// dictionaries, shipped as separate files fetched on the first error (DESIGN §2).
const (
	LibraryNamespace = "gmp-lib"
	ErrorNamespace   = "error-code"
)

// Site is the content model: everything a build, a check, watch mode and the mock
// read from the site root, loaded and validated once (DESIGN §1).
type Site struct {
	Root      string
	Config    *Config
	Campaigns []*Campaign
	Catalog   *i18n.Catalog
	// Rules holds each campaign's rules rendered to HTML: slug → locale → HTML.
	Rules map[string]map[string]string
	// RulesImages lists the campaign-folder images the rules show, per slug: the
	// build publishes each at its hashed path.
	RulesImages map[string][]RulesImage
	// broken holds the files the loader reported errors in.
	broken map[string]bool
}

// Unreadable reports whether the bundle of namespace in locale exists but could not
// be loaded: its errors are reported already, and nothing can be compared with it.
func (s *Site) Unreadable(locale, namespace string) bool {
	return s.Catalog.Bundle(locale, namespace) == nil && s.broken[path.Join(i18n.Dir, locale, namespace+".json")]
}

// Campaign returns the campaign with the slug, or nil.
func (s *Site) Campaign(slug string) *Campaign {
	for _, c := range s.Campaigns {
		if c.Slug == slug {
			return c
		}
	}
	return nil
}

// Load reads and validates the site at root: site.yaml, campaigns, rules and
// translations. It returns every problem found, not only the first.
func Load(root string) (*Site, *diag.List) {
	var diags diag.List
	cfg := LoadConfig(root, &diags)
	s := &Site{Root: root, Config: cfg, Rules: map[string]map[string]string{}, RulesImages: map[string][]RulesImage{}, broken: map[string]bool{}}
	s.Campaigns = LoadCampaigns(root, cfg, &diags)
	s.Catalog = i18n.Load(root, cfg.Locales, &diags)
	en := cfg.DefaultLocale
	if s.Catalog.Bundle(en, LibraryNamespace) == nil {
		diags.Errorf(path.Join(i18n.Dir, en, LibraryNamespace+".json"), 0, 0, "missing-namespace", "the widgets' texts live there; copy it from a Promo site", "the library namespace %s has no %s bundle", LibraryNamespace, en)
	}
	for _, c := range s.Campaigns {
		s.checkTexts(c, &diags)
		s.renderRules(c, &diags)
	}
	for _, d := range diags.Errors() {
		s.broken[d.File] = true
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
		html, images := RenderRules(s.Root, file, src, diags)
		out[locale] = html
		for _, img := range images {
			if !slices.Contains(s.RulesImages[c.Slug], img) {
				s.RulesImages[c.Slug] = append(s.RulesImages[c.Slug], img)
			}
		}
	}
	s.Rules[c.Slug] = out
}

// RulesHTML returns the campaign's rules for locale, falling back along the chain,
// and the locale they are written in.
func (s *Site) RulesHTML(slug, locale string) (html, from string) {
	for _, l := range s.Config.Chain(locale) {
		if html, ok := s.Rules[slug][l]; ok {
			return html, l
		}
	}
	return "", ""
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

// Texts the generator reads itself rather than a component: a page's <title> and
// description (the first of each list that exists in the campaign's namespace) and the
// 404 pages' texts in the library namespace, which list the campaigns by hero title. They count as used (`promo check`).
var (
	TitleKeys       = []string{"meta.title", HeroTitleKey}
	DescriptionKeys = []string{"meta.description", "hero.subtitle"}
	NotFoundKeys    = []string{NotFoundTitleKey, NotFoundBodyKey}
)

const (
	HeroTitleKey     = "hero.title" // names the campaign in the 404 pages' lists
	NotFoundTitleKey = "notFound.title"
	NotFoundBodyKey  = "notFound.body"
)

// ShellKeys are those texts by namespace; "" is every campaign's own namespace.
func ShellKeys() map[string][]string {
	return map[string][]string{
		"":               slices.Concat(TitleKeys, DescriptionKeys),
		LibraryNamespace: NotFoundKeys,
	}
}
