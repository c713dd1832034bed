// Package generator builds the site: it loads and validates the content, bundles the
// pages' scripts with esbuild, prerenders every campaign page in every locale with
// React through a persistent Node worker, and writes a CDN-ready folder atomically.
package generator

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/evanw/esbuild/pkg/api"
	"github.com/promohq/promo/campaign"
	"github.com/promohq/promo/i18n"
	"github.com/promohq/promo/internal/diag"
)

// Options configure a build. The zero value builds the site in the current folder
// into dist/.
type Options struct {
	Root        string // site root; default "."
	Out         string // output folder; default <Root>/dist
	Components  string // the components library; default <Root>/components
	NodeModules string // default <Root>/node_modules
	Node        string // Node binary for prerendering; default the pinned one in NodeModules
	Workers     int    // prerender processes; default min(2, CPUs)
	Locales     []string
	NoMinify    bool
	// Renderer prerenders pages; default a NodeRenderer started (and closed) per build.
	Renderer Renderer
	// Progress, when set, is told how many pages are rendered so far.
	Progress func(done, total int)
}

// Result summarises a build.
type Result struct {
	Pages     int
	Locales   int
	Campaigns int
	// FirstLoadJS is the bytes of script each campaign's page loads up front (entry
	// plus preloaded chunks), by slug.
	FirstLoadJS map[string]int
	Warnings    []diag.Diagnostic
	Duration    time.Duration
	Out         string
	// Phases is how long each step took, in order, for `promo build --timings` and
	// the benchmarks.
	Phases []Phase
}

// Phase is one timed step of a build.
type Phase struct {
	Name     string
	Duration time.Duration
}

type build struct {
	phases  []Phase
	mark    time.Time
	opts    Options
	site    *Site
	locales []string
	out     *output
	bundle  *Bundle
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
	if o.NodeModules == "" {
		o.NodeModules = filepath.Join(root, "node_modules")
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

// Build runs a whole build. Content problems come back as *diag.Failure listing all
// of them; dist/ is replaced only when the build succeeded.
func Build(ctx context.Context, opts Options) (*Result, error) {
	start := time.Now()
	if err := opts.defaults(); err != nil {
		return nil, err
	}
	if _, err := os.Stat(filepath.Join(opts.NodeModules, "react", "package.json")); err != nil {
		return nil, fmt.Errorf("%s has no React: run `npm ci` where package.json is (the pages are built with its pinned packages)", opts.NodeModules)
	}
	if _, err := os.Stat(filepath.Join(opts.Components, "entry", "client.tsx")); err != nil {
		return nil, fmt.Errorf("%s is not Promo's components folder (no entry/client.tsx): pages are made of those components", opts.Components)
	}
	s, diags := Load(opts.Root)
	if err := diags.Err(); err != nil {
		return nil, err
	}
	b := &build{opts: opts, site: s, locales: s.Config.Locales, mark: start}
	b.phase("load")
	if len(opts.Locales) > 0 {
		b.locales = nil
		for _, l := range opts.Locales {
			if !s.Config.IsLocale(l) {
				return nil, fmt.Errorf("--locale %s: not a locale of the site (%s)", l, strings.Join(s.Config.Locales, ", "))
			}
			b.locales = append(b.locales, l)
		}
		if !slices.Contains(b.locales, s.Config.DefaultLocale) {
			b.locales = append([]string{s.Config.DefaultLocale}, b.locales...)
		}
	}
	out, err := newOutput(opts.Out)
	if err != nil {
		return nil, err
	}
	b.out = out
	res, err := b.run(ctx, diags)
	if err != nil {
		out.abort()
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		out.abort()
		return nil, err
	}
	if err := out.commit(); err != nil {
		out.abort()
		return nil, fmt.Errorf("replacing %s: %w", opts.Out, err)
	}
	b.phase("commit")
	res.Phases = b.phases
	res.Duration = time.Since(start)
	return res, nil
}

func (b *build) run(ctx context.Context, diags *diag.List) (*Result, error) {
	work, err := os.MkdirTemp("", "promo-build-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(work)
	bd := &bundler{root: b.opts.Root, components: b.opts.Components, nodeModules: b.opts.NodeModules, campaigns: b.site.Campaigns, minify: !b.opts.NoMinify}

	// The client bundle, the server bundle and the Node workers' start-up overlap.
	serverJS := filepath.Join(work, "server.cjs")
	var wg sync.WaitGroup
	var renderer Renderer = b.opts.Renderer
	var serverErr error
	var serverDiags diag.List
	wg.Add(1)
	go func() {
		defer wg.Done()
		res := api.Build(bd.serverOptions(serverJS))
		if len(res.Errors) > 0 {
			messages(b.opts.Root, res.Errors, &serverDiags)
			return
		}
		if renderer == nil {
			renderer, serverErr = StartNode(b.opts.Node, serverJS, b.opts.Workers)
		}
	}()
	virtualOut := filepath.Join(b.opts.Root, ".promo-out")
	client := api.Build(bd.clientOptions(virtualOut))
	wg.Wait()
	if renderer != nil && b.opts.Renderer == nil {
		defer renderer.Close()
	}
	if len(client.Errors) > 0 {
		messages(b.opts.Root, client.Errors, diags)
		return nil, diags.Err()
	}
	if serverDiags.HasErrors() {
		return nil, serverDiags.Err()
	}
	if serverErr != nil {
		return nil, serverErr
	}
	b.phase("bundle")
	if b.bundle, err = bd.analyse(virtualOut, client); err != nil {
		return nil, err
	}
	for rel, data := range b.bundle.Files {
		if err := b.out.write(rel, data); err != nil {
			return nil, err
		}
	}
	uses := b.pageUses(diags)
	if err := diags.Err(); err != nil {
		return nil, err
	}
	images, err := b.copyImages()
	if err != nil {
		return nil, err
	}
	errorURLs, err := b.writeErrorDictionaries()
	if err != nil {
		return nil, err
	}
	pages, reqs, err := b.plan(uses, images, errorURLs)
	if err != nil {
		return nil, err
	}
	b.phase("plan")
	if err := b.render(ctx, renderer, pages, reqs, diags); err != nil {
		return nil, err
	}
	b.phase("render")
	for _, step := range []func() error{
		func() error { return b.writeSitemap(pages) },
		b.writeRobots, b.writeCDNRules, b.writeNotFound,
		func() error { return b.copyPublic(diags) },
	} {
		if err := step(); err != nil {
			return nil, err
		}
	}
	if err := diags.Err(); err != nil {
		return nil, err
	}
	if err := b.writeManifest(pages); err != nil {
		return nil, err
	}
	b.phase("write")
	res := &Result{Pages: len(pages), Locales: len(b.locales), Campaigns: len(b.site.Campaigns),
		FirstLoadJS: map[string]int{}, Warnings: diags.Warnings(), Out: b.opts.Out}
	for slug, a := range b.bundle.Pages {
		res.FirstLoadJS[slug] = b.firstLoadBytes(a)
	}
	return res, nil
}

// pageUses finds the translation keys each campaign's page uses: the keys its source
// files call t() with (components and page.tsx, lazy chunks included) and the keys its
// campaign.yaml names. Keys missing from the default locale are errors.
func (b *build) pageUses(diags *diag.List) map[string][]i18n.Use {
	cache := map[string][]i18n.Use{}
	out := map[string][]i18n.Use{}
	reported := map[string]bool{}
	en := b.site.Config.DefaultLocale
	for _, c := range b.site.Campaigns {
		var uses []i18n.Use
		for _, src := range b.bundle.Pages[c.Slug].Sources {
			found, ok := cache[src]
			if !ok {
				data, err := readSource(b.opts.Root, src)
				if err == nil && (strings.HasSuffix(src, ".tsx") || strings.HasSuffix(src, ".ts") || strings.HasSuffix(src, ".jsx") || strings.HasSuffix(src, ".js")) {
					found = i18n.Extract(src, data)
				}
				cache[src] = found
			}
			uses = append(uses, found...)
		}
		for _, k := range c.TextKeys() {
			uses = append(uses, i18n.Use{File: c.File, Line: k.Pos.Line, Column: k.Pos.Column, Key: k.Key})
		}
		for i := range uses {
			u := &uses[i]
			ns := u.Namespace
			if ns == "" {
				ns = c.Namespace
			}
			if u.Prefix || b.site.Catalog.Bundle(en, ns) == nil || b.site.Catalog.Has(en, ns, *u) {
				continue
			}
			id := fmt.Sprintf("%s:%s@%s:%d", ns, u.Key, u.File, u.Line)
			if reported[id] {
				continue
			}
			reported[id] = true
			file := path.Join(i18n.Dir, en, ns+".json")
			diags.Errorf(u.File, u.Line, u.Column, "missing-text", "add \""+u.Key+"\" to "+file, "text %q is missing from %s (used by campaign %s)", u.Key, file, c.Slug)
		}
		out[c.Slug] = uses
	}
	return out
}

// plan lays out every page of every campaign in every locale and its render request.
func (b *build) plan(uses map[string][]i18n.Use, images, errorURLs map[string]string) ([]*page, []RenderRequest, error) {
	cfg := b.site.Config
	var pages []*page
	var reqs []RenderRequest
	resolved := map[string]map[string]any{} // locale|namespace|use-set → resources
	for _, c := range b.site.Campaigns {
		cd := newCampaignData(c, images[c.Slug])
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
		alternates = append(alternates, alternate{HrefLang: "x-default", Href: cfg.BaseURL + cfg.PagePath(cfg.DefaultLocale, c.Slug)})
		image := ""
		if images[c.Slug] != "" {
			image = cfg.BaseURL + images[c.Slug]
		}
		for _, locale := range b.locales {
			chain := cfg.Chain(locale)
			resources := map[string]map[string]any{}
			for ns, nsUses := range byNS {
				key := locale + "|" + ns + "|" + useSetKey(nsUses)
				r, ok := resolved[key]
				if !ok {
					r = i18n.Nest(b.site.Catalog.Resolve(chain, ns, nsUses))
					resolved[key] = r
				}
				resources[ns] = r
			}
			data := pageData{Locale: locale, DefaultLocale: cfg.DefaultLocale, Dir: cfg.Dir(locale), Campaign: cd,
				Resources: resources, ErrorCodesURL: errorURLs[locale], ErrorCodesFallbackURL: errorURLs[cfg.DefaultLocale], APIBase: cfg.APIBase, Env: cfg.Environment,
				Brand: cfg.Brand, App: newAppData(cfg), Home: "/"}
			raw, err := json.Marshal(data)
			if err != nil {
				return nil, nil, err
			}
			p := &page{Slug: c.Slug, Locale: locale, Dir: cfg.Dir(locale), Path: cfg.PagePath(locale, c.Slug),
				Title: b.firstText(chain, c.Namespace, "meta.title", "hero.title"), Description: b.firstText(chain, c.Namespace, "meta.description", "hero.subtitle"),
				Alternates: alternates, Image: image, ImagePath: images[c.Slug], SiteName: cfg.App.Name, IOSAppID: cfg.App.IOSAppID,
				Assets: b.bundle.Pages[c.Slug], Data: raw, RulesHTML: b.site.RulesHTML(c.Slug, locale)}
			p.File = strings.TrimPrefix(p.Path, "/") + "index.html"
			// A page that only falls back to the default language is a duplicate of it:
			// point search engines at the original.
			p.Canonical = cfg.BaseURL + p.Path
			if !slices.Contains(translated, locale) {
				p.Canonical = cfg.BaseURL + cfg.PagePath(cfg.DefaultLocale, c.Slug)
			}
			pages = append(pages, p)
			html := map[string]string{}
			if p.RulesHTML != "" {
				html["rules"] = p.RulesHTML
			}
			reqs = append(reqs, RenderRequest{Slug: c.Slug, Data: raw, HTML: html})
		}
	}
	return pages, reqs, nil
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

// render prerenders the pages in batches (for progress) and writes their HTML.
func (b *build) render(ctx context.Context, r Renderer, pages []*page, reqs []RenderRequest, diags *diag.List) error {
	const batch = 128
	for start := 0; start < len(reqs); start += batch {
		end := min(start+batch, len(reqs))
		results, err := r.Render(ctx, reqs[start:end])
		if err != nil {
			return err
		}
		for i, res := range results {
			p := pages[start+i]
			src := path.Join(campaign.Dir, p.Slug, "campaign.yaml")
			if c := b.campaignBySlug(p.Slug); c != nil && c.Page != "" {
				src = c.Page
			}
			if res.Err != nil {
				diags.Errorf(src, 0, 0, "render", "fix the component; the stack above names the line", "rendering %s failed: %v", p.Path, res.Err)
				continue
			}
			for _, w := range res.Warnings {
				diags.Errorf(src, 0, 0, "render", "React reported this while prerendering; fix the component", "rendering %s: %s", p.Path, firstLine(w))
			}
			if err := b.out.write(p.File, shellHTML(p, res.HTML, res.Stable)); err != nil {
				return err
			}
		}
		if b.opts.Progress != nil {
			b.opts.Progress(end, len(reqs))
		}
	}
	return diags.Err()
}

func (b *build) campaignBySlug(slug string) *campaign.Campaign {
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
