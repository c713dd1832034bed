// Package generator builds the site: it loads and validates the content, bundles the
// pages' scripts with esbuild, prerenders every campaign page in every locale with
// React through a persistent Node worker, and writes a CDN-ready folder atomically.
package generator

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/promohq/promo/internal/bundle"
	"github.com/promohq/promo/internal/content"
	"github.com/promohq/promo/internal/contract"
	"github.com/promohq/promo/internal/deeplink"
	"github.com/promohq/promo/internal/diag"
	"github.com/promohq/promo/internal/i18n"
)

// Options configure a build. The zero value builds the site in the current folder
// into dist/.
type Options struct {
	Root        string   // site root; default "."
	Out         string   // output folder; default <Root>/dist
	Components  string   // the components library; default <Root>/components
	NodeModules string   // default <Root>/node_modules
	Node        string   // Node binary for prerendering; default the pinned one in NodeModules
	Workers     int      // prerender processes; default min(2, CPUs)
	Locales     []string // Build (the function) makes only these and the default locale; empty: all
	NoMinify    bool
	// NoCache neither reads nor writes the build cache (cache.go).
	NoCache bool
	// SourceMaps gives the page scripts linked source maps with their sources, for
	// the browser's devtools (watch mode). Published builds go without: the maps would
	// publish the sources and add to every script.
	SourceMaps bool
	// Renderer prerenders pages; default Node workers started by the Builder and
	// closed with it.
	Renderer Renderer
	// Progress, when set, is told how many pages are rendered so far.
	Progress func(done, total int)
	// WriteInPlace writes only the changed files into Out, without the swap (watch
	// mode); the default replaces Out atomically.
	WriteInPlace bool
	// PlainHead links the style sheets as render-blocking sheets and the scripts as
	// module scripts, instead of inlining the rules the prerendered pages use and
	// loading the scripts after the first paint (firstpaint.go): watch mode, whose
	// client swaps the sheets on a style edit and compares the scripts.
	PlainHead bool
}

// Result summarises a build.
type Result struct {
	// Site is the content the build was made from (watch mode reuses it).
	Site      *content.Site
	Pages     int
	Locales   int
	Campaigns int
	// FirstLoadJS is the bytes of script each campaign's page loads up front (entry
	// plus preloaded chunks), by slug.
	FirstLoadJS map[string]int
	Warnings    []Diagnostic
	Duration    time.Duration
	Out         string
	// Phases is how long each step took, in order, for the benchmarks.
	Phases []Phase
	// Rendered lists the site paths of the pages prerendered by this build; pages
	// whose inputs did not change since the builder's last build are reused.
	Rendered []string
	// Changed lists the output files this build wrote or removed (WriteInPlace only).
	Changed []string
}

// Phase is one timed step of a build.
type Phase struct {
	Name     string
	Duration time.Duration
}

// build is the state of one run of a Builder.
type build struct {
	phases  []Phase
	mark    time.Time
	opts    Options
	site    *content.Site
	locales []string
	out     *output
	bundle  *bundle.Bundle
	// The scaled raster art of the builder's previous build, and of this one.
	lastVariants, variants artVariants
	// The assets given compressed copies so far, and the compression under way.
	compressed  map[string]bool
	compressing chan error
	brotli      lazyBrotli // started by the first copy to make, closed with the build
	// firstPaint is how the pages' heads load their styles and scripts (firstpaint.go).
	firstPaint *firstPaint
}

// phase ends the current step under name.
func (b *build) phase(name string) {
	now := time.Now()
	b.phases = append(b.phases, Phase{Name: name, Duration: now.Sub(b.mark)})
	b.mark = now
}

func (o *Options) defaults() error {
	if o.Root == "" {
		o.Root = "."
	}
	root, err := filepath.Abs(o.Root)
	if err != nil {
		return err
	}
	o.Root = root
	if o.Out == "" {
		o.Out = filepath.Join(root, "dist")
	}
	if o.Out, err = filepath.Abs(o.Out); err != nil {
		return err
	}
	if o.Components == "" {
		o.Components = filepath.Join(root, "components")
	}
	// esbuild resolves the components' imports from absolute paths only.
	if o.Components, err = filepath.Abs(o.Components); err != nil {
		return err
	}
	if o.NodeModules == "" {
		o.NodeModules = filepath.Join(root, "node_modules")
	}
	// The workers find React through NODE_PATH, which must not depend on their folder.
	if o.NodeModules, err = filepath.Abs(o.NodeModules); err != nil {
		return err
	}
	if o.Node == "" {
		o.Node = NodeBinary(o.NodeModules)
	}
	if o.Workers <= 0 {
		o.Workers = min(2, runtime.NumCPU())
	}
	return nil
}

// NodeBinary is the Node the build runs: the LTS pinned in package.json (the `node`
// package installs it into node_modules), falling back to PATH only when the pinned
// one is not installed.
func NodeBinary(nodeModules string) string {
	pinned := filepath.Join(nodeModules, "node", "bin", "node")
	if _, err := os.Stat(pinned); err == nil {
		return pinned
	}
	return "node"
}

// plan lays out every page of every campaign in every locale and its render request.
func (b *build) plan(uses map[string][]i18n.Use, images, errorURLs map[string]string) ([]*page, []RenderRequest, error) {
	cfg := b.site.Config
	linkCfg := deeplink.FromSite(cfg)
	var pages []*page
	var reqs []RenderRequest
	var datas []pageData
	resolved := map[string]resolvedTexts{} // locale|namespace|use-set → texts
	for _, c := range b.site.Campaigns {
		var art *contract.Art
		for _, s := range c.Sections {
			if s.Type == contract.SectionHero && s.Art != "" {
				a, err := b.publishArt(c, s.Art)
				if err != nil {
					return nil, nil, err
				}
				art = a
			}
		}
		cd := newCampaignData(c, images[c.Slug], art)
		appLinks := campaignAppLinks(c, linkCfg)
		// The largest paint is preloaded: the hero's art, else the campaign image.
		preload, preloadSet, preloadSizes := images[c.Slug], "", ""
		if art != nil {
			preload, preloadSet, preloadSizes = art.Src, art.SrcSet, art.Sizes
		}
		byNS := map[string][]i18n.Use{}
		for _, u := range uses[c.Slug] {
			ns := u.Namespace
			if ns == "" {
				ns = c.Namespace
			}
			byNS[ns] = append(byNS[ns], u)
		}
		var translated []string
		for _, l := range cfg.Locales {
			if b.site.Translated(c, l) {
				translated = append(translated, l)
			}
		}
		var alternates []alternate
		for _, l := range translated {
			alternates = append(alternates, alternate{HrefLang: l, Href: cfg.BaseURL + cfg.PagePath(l, c.Slug)})
		}
		languages := func(locale string) []contract.Language {
			var out []contract.Language
			for _, l := range cfg.Locales {
				if l == locale || slices.Contains(translated, l) {
					out = append(out, contract.Language{Locale: l, Name: cfg.LocaleNames[l], Href: cfg.PagePath(l, c.Slug)})
				}
			}
			return out
		}
		alternates = append(alternates, alternate{HrefLang: "x-default", Href: cfg.BaseURL + cfg.PagePath(cfg.DefaultLocale, c.Slug)})
		image := ""
		if images[c.Slug] != "" {
			image = cfg.BaseURL + images[c.Slug]
		}
		for _, locale := range b.locales {
			chain := cfg.Chain(locale)
			resources := map[string]map[string]any{}
			var textLangs map[string]map[string]string
			for ns, nsUses := range byNS {
				key := locale + "|" + ns + "|" + useSetKey(nsUses)
				r, ok := resolved[key]
				if !ok {
					texts, from := b.site.Catalog.Resolve(chain, ns, nsUses)
					r = resolvedTexts{nested: i18n.Nest(texts), langs: fallbackTexts(from, locale, cfg.DefaultLocale)}
					resolved[key] = r
				}
				resources[ns] = r.nested
				if len(r.langs) > 0 {
					if textLangs == nil {
						textLangs = map[string]map[string]string{}
					}
					textLangs[ns] = r.langs
				}
			}
			rulesHTML, rulesFrom := b.site.RulesHTML(c.Slug, locale)
			if rulesFrom != cfg.DefaultLocale || locale == cfg.DefaultLocale {
				rulesFrom = ""
			}
			// A page that only falls back to the default language is a duplicate of it:
			// point search engines at the original.
			canonical := cfg.BaseURL + cfg.PagePath(locale, c.Slug)
			if !slices.Contains(translated, locale) {
				canonical = cfg.BaseURL + cfg.PagePath(cfg.DefaultLocale, c.Slug)
			}
			data := pageData{Locale: locale, DefaultLocale: cfg.DefaultLocale, Dir: cfg.Dir(locale), Campaign: cd,
				Resources: resources, TextLangs: textLangs, RulesLang: rulesFrom, ErrorCodesURL: errorURLs[locale], ErrorCodesFallbackURL: errorURLs[cfg.DefaultLocale], APIBase: cfg.APIBase, Env: cfg.Environment,
				Brand: cfg.Brand, App: withAppLinkConfig(newAppData(cfg), cfg), Home: "/", Languages: languages(locale),
				Analytics: contract.Analytics{GTM: cfg.GTMContainer(), ProjectType: cfg.Analytics.ProjectType},
				AppLink:   pageAppLink(canonical, linkCfg), AppLinks: appLinks}
			datas = append(datas, data)
			p := &page{Slug: c.Slug, Locale: locale, Dir: cfg.Dir(locale), Path: cfg.PagePath(locale, c.Slug),
				Title: b.firstText(chain, c.Namespace, content.TitleKeys...), Description: b.firstText(chain, c.Namespace, content.DescriptionKeys...),
				Alternates: alternates, Image: image, ImagePath: preload, ImageSrcSet: preloadSet, ImageSizes: preloadSizes, SiteName: cfg.App.Name, IOSAppID: cfg.App.IOSAppID,
				Assets: b.bundle.Pages[c.Slug], RulesHTML: rulesHTML}
			p.File = strings.TrimPrefix(p.Path, "/") + "index.html"
			p.Canonical = canonical
			pages = append(pages, p)
			html := map[string]string{}
			if p.RulesHTML != "" {
				html["rules"] = p.RulesHTML
			}
			reqs = append(reqs, RenderRequest{Slug: c.Slug, HTML: html})
		}
	}
	// Encoding the page data is most of planning: on every core.
	errs := make([]error, len(datas))
	forEachIndex(len(datas), func(i int) {
		raw, err := json.Marshal(datas[i])
		pages[i].Data, reqs[i].Data, errs[i] = raw, raw, err
	})
	return pages, reqs, errors.Join(errs...)
}

// resolvedTexts is one namespace's texts for a page: nested as the page data ships
// them, and those not in the page's language (PageData.TextLangs).
type resolvedTexts struct {
	nested map[string]any
	langs  map[string]string // key → the default locale, for texts that fell back to it
}

// fallbackTexts picks the keys whose text fell back to the default language on a page
// of another locale, a plural family under its base key: what the page marks with
// lang (DESIGN §6). A text from an earlier locale of the chain (zh-HK's zh-TW) counts
// as translated, as it does for hreflang (content.Site.Translated).
func fallbackTexts(from map[string]string, locale, defaultLocale string) map[string]string {
	out := map[string]string{}
	if locale == defaultLocale {
		return out
	}
	for k, l := range from {
		if l == defaultLocale {
			base, _ := i18n.PluralBase(k)
			out[base] = l
		}
	}
	return out
}

func (b *build) firstText(chain []string, ns string, keys ...string) string {
	for _, k := range keys {
		if t := b.text(chain, ns, k); t != "" {
			return t
		}
	}
	return ""
}

func useSetKey(uses []i18n.Use) string {
	keys := make([]string, 0, len(uses))
	for _, u := range uses {
		k := u.Key
		if u.Prefix {
			k += "*"
		}
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return strings.Join(slices.Compact(keys), "\x00")
}

// render prerenders the pages whose fingerprint is not in cache, in batches (for
// progress), writes every page's HTML and returns the new cache and the site paths it
// rendered.
func (b *build) render(ctx context.Context, renderer func() (Renderer, error), pages []*page, reqs []RenderRequest, sums [][32]byte, cache map[string]renderedPage, diags *diag.List) (map[string]renderedPage, []string, error) {
	next := make(map[string]renderedPage, len(pages))
	var stale []int
	for i, p := range pages {
		if old, ok := cache[p.File]; ok && old.sum == sums[i] {
			next[p.File] = old
		} else {
			stale = append(stale, i)
		}
	}
	var r Renderer
	if len(stale) > 0 {
		var err error
		if r, err = renderer(); err != nil {
			return nil, nil, err
		}
	}
	var rendered []string
	var tokenizing sync.WaitGroup
	tokens := make([][]string, len(pages))
	problems := renderProblems{root: b.site.Root, components: b.opts.Components}
	const batch = 128
	for start := 0; start < len(stale); start += batch {
		idx := stale[start:min(start+batch, len(stale))]
		batchReqs := make([]RenderRequest, len(idx))
		for n, i := range idx {
			batchReqs[n] = reqs[i]
		}
		results, err := r.Render(ctx, batchReqs)
		if err != nil {
			return nil, nil, err
		}
		for n, res := range results {
			i := idx[n]
			p := pages[i]
			src := path.Join(content.CampaignsDir, p.Slug, "campaign.yaml")
			if c := b.campaignBySlug(p.Slug); c != nil && c.Page != "" {
				src = c.Page
			}
			if res.Err != nil {
				problems.add(p, src, true, res.Err.Error())
				continue
			}
			for _, w := range res.Warnings {
				problems.add(p, src, false, w)
			}
			next[p.File] = renderedPage{sum: sums[i], body: res.HTML, stable: res.Stable}
			rendered = append(rendered, p.Path)
		}
		// What the bodies offer selectors is read while the workers render the next
		// batch; a plain head (watch mode) inlines no rules and needs none of it.
		if !b.opts.PlainHead {
			tokenizing.Go(func() {
				for n, res := range results {
					tokens[idx[n]] = pageTokens(res.HTML)
				}
			})
		}
		if b.opts.Progress != nil {
			b.opts.Progress(min(start+batch, len(stale)), len(stale))
		}
	}
	tokenizing.Wait()
	for _, i := range stale {
		if r, ok := next[pages[i].File]; ok {
			r.tokens = tokens[i]
			next[pages[i].File] = r
		}
	}
	problems.report(diags)
	if err := diags.Err(); err != nil {
		return nil, nil, err
	}
	fp, err := b.firstPaintHeads(pages, next)
	if err != nil {
		return nil, nil, err
	}
	b.firstPaint = fp
	errs := make([]error, len(pages))
	forEachIndex(len(pages), func(i int) {
		p := pages[i]
		r := next[p.File]
		errs[i] = b.out.write(p.File, shellHTML(p, r.body, r.stable, b.firstPaint.head(p)))
	})
	if err := errors.Join(errs...); err != nil {
		return nil, nil, err
	}
	return next, rendered, nil
}

func (b *build) campaignBySlug(slug string) *content.Campaign {
	for _, c := range b.site.Campaigns {
		if c.Slug == slug {
			return c
		}
	}
	return nil
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// The content model and its diagnostics, named here so that callers outside this
// module can drive a Builder: Load reads a Site, Changes says what changed since the
// last build, a content problem comes back as a *Failure listing all of them and
// Result.Warnings holds the rest. Each Diagnostic has the file, line, column, a code
// and a hint, like esbuild's messages.
type (
	Site       = content.Site
	Changes    = content.Changes
	Diagnostic = diag.Diagnostic
	Failure    = diag.Failure
	Severity   = diag.Severity
)

// Load reads and validates the site at root (site.yaml, campaigns, rules, texts). Its
// error is a *Failure with every problem found; warnings come back either way.
func Load(root string) (*Site, []Diagnostic, error) {
	site, diags := content.Load(root)
	return site, diags.Warnings(), diags.Err()
}
