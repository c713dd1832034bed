package generator

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/evanw/esbuild/pkg/api"

	"github.com/promohq/promo/internal/bundle"
	"github.com/promohq/promo/internal/content"
	"github.com/promohq/promo/internal/diag"
	"github.com/promohq/promo/internal/i18n/check"
)

// Builder is a build context in esbuild's sense: it keeps esbuild's incremental
// contexts, the Node prerender workers and the last build's pages, so a rebuild
// re-bundles incrementally and re-renders only the pages whose inputs changed (a
// page's fingerprint covers its page data, its rules and the code it runs). Close
// releases everything.
type Builder struct {
	opts   Options
	work   string // holds the server bundle the workers run
	mu     sync.Mutex
	slugs  []string // the campaigns the esbuild contexts were made for
	client api.BuildContext
	server api.BuildContext
	bd     *bundle.Bundler

	renderer    Renderer
	ownRenderer bool
	serverSum   [32]byte

	pages map[string]renderedPage // output file → last render
	sums  map[string][32]byte     // WriteInPlace: what the last flush wrote
	last  *bundle.Bundle          // the last bundle, reused while no code changed
	// lastPages is slug and page.tsx of each campaign of the last bundle.
	lastPages []string
	variants  artVariants // the scaled raster art of the last build
	// lazyServer is the server bundle the workers are started with when a page must be
	// rendered, after the bundles came from the build cache (cache.go).
	lazyServer string
	cacheKey   [32]byte
	// written is what the last build wrote into the output folder (written.go).
	written *writtenOutput
}

// renderedPage is one page's prerender, kept between builds under the fingerprint of
// its inputs; the shell around it is written anew each build (its inline style depends
// on every page).
type renderedPage struct {
	sum    [32]byte
	body   string          // the prerendered HTML
	stable json.RawMessage // what the render computed for the client's first render
	tokens []string        // what the body offers selectors (firstpaint.go)
}

// NewBuilder checks the tool chain and prepares a builder; nothing is built yet.
func NewBuilder(opts Options) (*Builder, error) {
	if err := opts.defaults(); err != nil {
		return nil, err
	}
	if _, err := os.Stat(filepath.Join(opts.NodeModules, "react", "package.json")); err != nil {
		return nil, fmt.Errorf("%s has no React: run `npm install` where package.json is (the pages are built with its pinned packages)", opts.NodeModules)
	}
	if _, err := os.Stat(filepath.Join(opts.Components, "entry", "client.tsx")); err != nil {
		return nil, fmt.Errorf("%s is not Promo's components folder (no entry/client.tsx): pages are made of those components", opts.Components)
	}
	work, err := os.MkdirTemp("", "promo-build-")
	if err == nil {
		work, err = filepath.Abs(work) // the workers require the bundle by this path
	}
	if err != nil {
		return nil, err
	}
	return &Builder{opts: opts, work: work, renderer: opts.Renderer, pages: map[string]renderedPage{}}, nil
}

// Build runs a whole build once: the zero-configuration entry point of `promo build`.
// It loads the site at opts.Root (content.Load) and builds it. Content problems come
// back as a *Failure listing all of them; dist/ is replaced only when the build
// succeeded.
func Build(ctx context.Context, opts Options) (*Result, error) {
	b, err := NewBuilder(opts)
	if err != nil {
		return nil, err
	}
	defer b.Close()
	start := time.Now()
	site, warnings, err := Load(b.opts.Root)
	if err != nil {
		return nil, err
	}
	loaded := time.Since(start)
	res, err := b.Build(ctx, Input{Site: site, Changes: content.Everything, Locales: opts.Locales})
	if err != nil {
		return nil, err
	}
	res.Phases = append([]Phase{{Name: "load", Duration: loaded}}, res.Phases...)
	res.Duration += loaded
	res.Warnings = append(warnings, res.Warnings...)
	return res, nil
}

// Input is what one build of a Builder is made from.
type Input struct {
	// Site is the loaded, valid content (content.Load).
	Site *content.Site
	// Changes says what changed since the builder's last build: the bundles are made
	// again only for code and styles; pages are re-rendered only where their inputs
	// differ, whatever it says.
	Changes content.Changes
	// Locales limits the build to these locales and the default one; empty: all.
	Locales []string
}

// Close stops the workers and disposes of esbuild's contexts.
func (bl *Builder) Close() error {
	bl.mu.Lock()
	defer bl.mu.Unlock()
	bl.dispose()
	var err error
	if bl.ownRenderer && bl.renderer != nil {
		err = bl.renderer.Close()
		bl.renderer = nil
	}
	_ = os.RemoveAll(bl.work)
	return err
}

func (bl *Builder) dispose() {
	if bl.client != nil {
		bl.client.Dispose()
		bl.server.Dispose()
		bl.client, bl.server = nil, nil
	}
}

// Build builds in.Site, reusing what the builder's previous builds produced.
func (bl *Builder) Build(ctx context.Context, in Input) (*Result, error) {
	bl.mu.Lock()
	defer bl.mu.Unlock()
	start := time.Now()
	var diags diag.List
	b := &build{opts: bl.opts, site: in.Site, locales: in.Site.Config.Locales, mark: start, out: newOutput(),
		lastVariants: bl.variants, variants: artVariants{}, brotli: lazyBrotli{node: bl.opts.Node}}
	if err := b.limitLocales(in.Locales); err != nil {
		return nil, err
	}
	restored := false
	if bl.codeChanged(b, in.Changes) && bl.cached() && bl.last == nil {
		if key, err := bl.bundleKey(in.Site); err == nil {
			bl.cacheKey = key
			if c := bl.loadCache(); c != nil {
				restored = bl.restore(c, key, b)
			}
		}
	}
	if restored {
		// The bundles are the cache's.
	} else if bl.codeChanged(b, in.Changes) {
		if err := bl.bundle(ctx, b, &diags); err != nil {
			bl.last = nil
			return nil, err
		}
		bl.last = b.bundle
		bl.lastPages = nil
		for _, c := range b.site.Campaigns {
			bl.lastPages = append(bl.lastPages, c.Slug+"\x00"+c.Page)
		}
	} else {
		b.bundle = bl.last
	}
	b.phase("bundle")
	// A build that stops early still waits for the compression started beside the
	// rendering: nothing may write into the site's cache after Build returns.
	defer b.stopCompression()
	res, err := bl.assemble(ctx, b, &diags)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	// Watch mode leaves compression to the server: a code edit must reach the browser
	// in a fraction of a second.
	if !bl.opts.WriteInPlace {
		if err := b.finishCompression(); err != nil {
			return nil, err
		}
		b.phase("compress")
	}
	wrote, err := bl.flush(b, res)
	if err != nil {
		return nil, err
	}
	b.phase("write")
	if bl.cached() && (!restored || len(res.Rendered) > 0 || wrote) {
		bl.saveCache(bl.cacheKey, b.bundle, filepath.Join(bl.work, "server.cjs"))
		b.phase("cache")
	}
	bl.variants = b.variants
	res.Phases = b.phases
	res.Duration = time.Since(start)
	return res, nil
}

// flush writes the build's output: in watch mode only what changed since the last
// flush; in a one-shot build only what differs from what the output folder holds
// (written.go), or a whole new folder swapped in when there is none. It reports
// whether the record of the output changed.
func (bl *Builder) flush(b *build, res *Result) (bool, error) {
	out := bl.opts.Out
	sums := sumAll(b.out.files) // every file hashed once, on every core
	if bl.opts.WriteInPlace {
		changed, err := b.out.flushInPlace(out, sums, bl.sums, nil)
		if err != nil {
			return false, err
		}
		bl.sums, res.Changed = sums, changed
		return len(changed) > 0, nil
	}
	if held, read, unknown, ok := bl.written.current(out, b.out.files, sums); ok {
		changed, err := b.out.flushInPlace(out, sums, held, unknown)
		if err == nil && bl.cached() {
			bl.written, err = b.out.record(out, sums, bl.written, append(changed, read...))
		}
		return len(changed)+len(read) > 0, err
	}
	if err := b.out.flushAtomic(out); err != nil {
		return false, err
	}
	if bl.cached() {
		var err error
		bl.written, err = b.out.record(out, sums, nil, nil)
		return true, err
	}
	return true, nil
}

// codeChanged tells whether the bundles must be made again: on the first build, when
// the campaigns changed (entries come and go, page.tsx appears) or a changed file is
// code or style.
func (bl *Builder) codeChanged(b *build, ch content.Changes) bool {
	if bl.last == nil || ch.Code() {
		return true
	}
	var slugs []string
	for _, c := range b.site.Campaigns {
		slugs = append(slugs, c.Slug+"\x00"+c.Page)
	}
	return !slices.Equal(slugs, bl.lastPages)
}

func (b *build) limitLocales(locales []string) error {
	if len(locales) == 0 {
		return nil
	}
	cfg := b.site.Config
	b.locales = nil
	for _, l := range locales {
		if !cfg.IsLocale(l) {
			return fmt.Errorf("--locale %s: not a locale of the site (%s)", l, strings.Join(cfg.Locales, ", "))
		}
		b.locales = append(b.locales, l)
	}
	if !slices.Contains(b.locales, cfg.DefaultLocale) {
		b.locales = append([]string{cfg.DefaultLocale}, b.locales...)
	}
	return nil
}

// bundle rebuilds the client and server bundles (in parallel) with esbuild's
// incremental contexts, made anew when the set of campaigns changed, and gives the Node
// workers the server bundle when it changed (startRenderer).
func (bl *Builder) bundle(ctx context.Context, b *build, diags *diag.List) error {
	var slugs []string
	for _, c := range b.site.Campaigns {
		slugs = append(slugs, c.Slug)
	}
	if bl.bd == nil {
		bl.bd = &bundle.Bundler{Root: bl.opts.Root, Components: bl.opts.Components, NodeModules: bl.opts.NodeModules, Minify: !bl.opts.NoMinify, SourceMaps: bl.opts.SourceMaps}
	}
	bl.bd.Campaigns = b.site.Campaigns // the plugin reads them on every rebuild
	virtualOut := filepath.Join(bl.opts.Root, ".promo-out")
	serverJS := filepath.Join(bl.work, "server.cjs")
	if bl.client == nil || !slices.Equal(slugs, bl.slugs) {
		bl.dispose()
		client, cerr := api.Context(bl.bd.ClientOptions(virtualOut))
		if cerr != nil {
			return cerr
		}
		server, serr := api.Context(bl.bd.ServerOptions(serverJS))
		if serr != nil {
			client.Dispose()
			return serr
		}
		bl.client, bl.server, bl.slugs = client, server, slugs
	}
	// The server bundle and the workers that run it get ready while the client bundle
	// builds. (package.json has no "type": "module" on purpose: with it, esbuild marked
	// the components' CommonJS interop as "node mode" in some builds and not in others
	// when two builds ran at once, so chunk hashes changed with nothing edited.)
	started := make(chan error, 1)
	go func() {
		res := bl.server.Rebuild()
		if len(res.Errors) > 0 {
			var d diag.List
			bundle.Messages(bl.opts.Root, res.Errors, &d)
			started <- d.Err()
			return
		}
		started <- bl.startRenderer(ctx, serverJS)
	}()
	client := bl.client.Rebuild()
	startErr := <-started
	bundle.Messages(bl.opts.Root, client.Errors, diags)
	if err := diags.Err(); err != nil {
		return err
	}
	if startErr != nil {
		return startErr
	}
	bd, err := bl.bd.Analyse(virtualOut, client)
	if err != nil {
		return err
	}
	b.bundle = bd
	return nil
}

// reloadsPerProcess bounds how many rebuilt bundles a worker process loads before it
// is replaced: each load leaves the old bundle's code for the collector, and a fresh
// process now and then keeps a long watch session's memory from creeping.
const reloadsPerProcess = 50

// startRenderer starts the Node workers on the first build and, when the server bundle
// changed, has them load the new one; after many loads it starts new ones instead. A
// failed load closes them and is returned: the next build starts fresh workers.
func (bl *Builder) startRenderer(ctx context.Context, serverJS string) error {
	if bl.opts.Renderer != nil {
		return nil
	}
	code, err := os.ReadFile(serverJS)
	if err != nil {
		return err
	}
	sum := sha256.Sum256(code)
	if bl.renderer != nil && sum == bl.serverSum {
		return nil
	}
	if nr, ok := bl.renderer.(*NodeRenderer); ok && nr.loads < reloadsPerProcess {
		err := nr.Load(ctx, serverJS)
		if err == nil {
			bl.serverSum = sum
			return nil
		}
		// The workers may hold either bundle now: the next build starts fresh ones.
		_ = nr.Close()
		bl.renderer = nil
		return err
	}
	if bl.renderer != nil {
		_ = bl.renderer.Close()
		bl.renderer = nil
	}
	r, err := StartNode(bl.opts.Node, bl.opts.NodeModules, serverJS, bl.opts.Workers)
	if err != nil {
		return err
	}
	bl.renderer, bl.ownRenderer, bl.serverSum = r, true, sum
	return nil
}

// rendererNow returns how render gets the renderer: the one running, or the workers
// started then on the server bundle the build cache gave, only when a page needs them.
func (bl *Builder) rendererNow(ctx context.Context) func() (Renderer, error) {
	return func() (Renderer, error) {
		if bl.renderer == nil && bl.opts.Renderer == nil && bl.lazyServer != "" {
			if err := bl.startRenderer(ctx, bl.lazyServer); err != nil {
				return nil, err
			}
		}
		if bl.renderer == nil {
			return nil, errors.New("no renderer: the server bundle was not built")
		}
		return bl.renderer, nil
	}
}

// assemble lays out and renders the pages and writes everything else of the site into
// the build's output.
func (bl *Builder) assemble(ctx context.Context, b *build, diags *diag.List) (*Result, error) {
	for rel, data := range b.bundle.Files {
		if err := b.out.write(rel, data); err != nil {
			return nil, err
		}
	}
	if !bl.opts.WriteInPlace {
		// The bundle's compressed copies are made beside planning and rendering.
		b.compressed, b.compressing = map[string]bool{}, make(chan error, 1)
		go func() { b.compressing <- b.precompress(b.compressed) }()
	}
	uses := bundle.PageUses(b.site, b.bundle)
	// The texts are judged by `promo check`'s own checks on this build's bundle: what
	// check calls an error fails the build, its warnings are the build's too. They run
	// beside the planning (they only read), and are heard before any page is rendered.
	checked := make(chan *check.Report, 1)
	go func() {
		checked <- check.RunBundled(b.site, nil, check.Folders{Components: bl.opts.Components, NodeModules: bl.opts.NodeModules}, b.bundle)
	}()
	joinCheck := func() error {
		if checked == nil {
			return diags.Err()
		}
		for _, d := range (<-checked).Diagnostics {
			diags.Add(d)
		}
		checked = nil
		return diags.Err()
	}
	defer joinCheck() //nolint:errcheck // an early return still waits for the checks' goroutine
	images, err := b.copyImages()
	if err != nil {
		return nil, err
	}
	errorURLs, err := b.writeErrorDictionaries()
	if err != nil {
		return nil, err
	}
	warnUnmappedAppLinks(b.site, diags)
	pages, reqs, err := b.plan(uses, images, errorURLs)
	if err != nil {
		return nil, err
	}
	if err := joinCheck(); err != nil {
		return nil, err
	}
	b.phase("plan")
	cache, rendered, err := b.render(ctx, bl.rendererNow(ctx), pages, reqs, bl.fingerprints(b, pages), bl.pages, diags)
	if err != nil {
		if bl.ownRenderer {
			// The workers died or were stopped: the next build bundles again and
			// starts fresh ones.
			_ = bl.renderer.Close()
			bl.renderer, bl.last = nil, nil
		}
		return nil, err
	}
	bl.pages = cache
	b.phase("render")
	for _, step := range []func() error{
		func() error { return b.writeSitemap(pages) },
		b.writeRobots, b.writeCDNRules, b.writeNotFound, b.writeWellKnown,
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
	res := &Result{Pages: len(pages), Locales: len(b.locales), Campaigns: len(b.site.Campaigns),
		FirstLoadJS: map[string]int{}, Warnings: diags.Warnings(), Out: bl.opts.Out, Rendered: rendered}
	for slug, a := range b.bundle.Pages {
		res.FirstLoadJS[slug] = b.firstLoadBytes(a)
	}
	return res, nil
}

// fingerprints hash what each page's HTML depends on: the code it runs and every
// input of its render request and HTML shell, which are all fields of page (its data,
// rules, head and assets). The whole struct is hashed, so a field added to the shell is
// covered by construction (TestFingerprintCoversEveryPageField). The server bundle is
// one file for all campaigns, so its hash would make every page depend on every
// page.tsx; the campaign's client code stands in for it (both are bundled from the
// same sources), plus the one source only the server runs.
func (bl *Builder) fingerprints(b *build, pages []*page) [][32]byte {
	serverOnly, _ := os.ReadFile(filepath.Join(bl.opts.Components, "entry", "server.tsx"))
	code := map[string][32]byte{}
	for slug, a := range b.bundle.Pages {
		h := sha256.New()
		h.Write(serverOnly)
		for _, f := range append(append([]string{a.Entry}, a.Preload...), a.Lazy...) {
			h.Write(b.bundle.Files[strings.TrimPrefix(f, "/")])
		}
		var sum [32]byte
		h.Sum(sum[:0])
		code[slug] = sum
	}
	out := make([][32]byte, len(pages))
	forEachIndex(len(pages), func(i int) { out[i] = pages[i].fingerprint(code[pages[i].Slug]) })
	return out
}
