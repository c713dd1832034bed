// Package bundle configures esbuild for a site's pages and reads back what each page
// is made of. It is the one place that decides a page's sources (esbuild's metafile)
// and the texts they use: the generator builds with it, and `promo check` scans with
// the same options, so the two never disagree (DESIGN §2).
package bundle

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/evanw/esbuild/pkg/api"

	"github.com/promohq/promo/internal/content"
	"github.com/promohq/promo/internal/contract"
	"github.com/promohq/promo/internal/diag"
)

// Paths of the bundles inside the output folder. Everything under assets/ has a
// content hash in its name and is cached for a year (DESIGN §2).
const (
	AssetsDir   = contract.AssetsDir
	clientEntry = "promo-client:" // + slug: the virtual entry of a campaign's page
	serverEntry = "promo-server:pages"
	entryNS     = "promo-entry"
	baseCSS     = "styles/base.css" // in the components folder: shared by every page
)

// Bundle is what the client build produced.
type Bundle struct {
	Files map[string][]byte // output path relative to the output folder → contents
	Pages map[string]*PageAssets
	// BaseCSS is the site path of the shared style sheet (also used by 404 pages).
	BaseCSS string
}

// PageAssets are the files one campaign's page loads.
type PageAssets struct {
	Entry   string   // site path of the entry script
	Preload []string // site paths of the chunks the entry imports statically
	Lazy    []string // site paths of chunks loaded on demand
	CSS     []string // site paths of style sheets, the shared one first
	Sources []string // source files (site-root relative) of entry, preloads and lazy chunks
}

// Bundler holds what esbuild's options are made from. Campaigns may change between
// rebuilds of one context: the plugin reads them each time.
type Bundler struct {
	Root, Components, NodeModules string // absolute
	Campaigns                     []*content.Campaign
	Minify                        bool
	SourceMaps                    bool // linked source maps for the page scripts (generator.Options)
}

// Template is the standard campaign page, relative to the components folder: the page
// of every campaign without a page.tsx (DESIGN §3).
const Template = "template/CampaignPage.tsx"

// PageSource is the file a campaign's page is: its page.tsx or the standard template.
func (b *Bundler) PageSource(c *content.Campaign) string {
	if c.Page != "" {
		return filepath.Join(b.Root, filepath.FromSlash(c.Page))
	}
	return filepath.Join(b.Components, filepath.FromSlash(Template))
}

func (b *Bundler) pageImport(c *content.Campaign) string {
	return strconv.Quote(filepath.ToSlash(b.PageSource(c)))
}

// plugin resolves the virtual entries and the @promo/components alias, so a site
// outside this repository (or a test's temporary site) can use the components, and
// swr's React 17 shim to React's own hook. In the client build it also anchors lazy chunks
// to the first load (lazy.go).
func (b *Bundler) plugin(client bool) api.Plugin {
	return api.Plugin{Name: "promo", Setup: func(build api.PluginBuild) {
		build.OnResolve(api.OnResolveOptions{Filter: `^promo-(client|server):`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			return api.OnResolveResult{Path: a.Path, Namespace: entryNS}, nil
		})
		build.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: entryNS}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
			src := b.entrySource(a.Path)
			return api.OnLoadResult{Contents: &src, ResolveDir: b.Root, Loader: api.LoaderJS}, nil
		})
		if client {
			b.anchorLazyImports(build)
		}
		build.OnResolve(api.OnResolveOptions{Filter: `^use-sync-external-store/shim$`}, func(api.OnResolveArgs) (api.OnResolveResult, error) {
			return api.OnResolveResult{Path: filepath.Join(b.Components, "runtime", "syncExternalStore.ts")}, nil
		})
		build.OnResolve(api.OnResolveOptions{Filter: `^@promo/components(/.*)?$`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			sub := strings.TrimPrefix(strings.TrimPrefix(a.Path, "@promo/components"), "/")
			if sub == "" {
				sub = "index"
			}
			r := build.Resolve("./"+sub, api.ResolveOptions{ResolveDir: b.Components, Kind: a.Kind, Importer: a.Importer})
			if len(r.Errors) > 0 {
				return api.OnResolveResult{Errors: r.Errors}, nil
			}
			return api.OnResolveResult{Path: r.Path, Namespace: r.Namespace, External: r.External}, nil
		})
	}}
}

func (b *Bundler) entrySource(name string) string {
	if slug, ok := strings.CutPrefix(name, clientEntry); ok {
		for _, c := range b.Campaigns {
			if c.Slug == slug {
				return fmt.Sprintf("import { hydrate } from \"@promo/components/entry/client\";\nimport Page from %s;\nhydrate(Page);\n", b.pageImport(c))
			}
		}
	}
	var src strings.Builder
	src.WriteString("import { renderPage } from \"@promo/components/entry/server\";\n")
	var pages []string
	for i, c := range b.Campaigns {
		fmt.Fprintf(&src, "import P%d from %s;\n", i, b.pageImport(c))
		pages = append(pages, fmt.Sprintf("%s: P%d", strconv.Quote(c.Slug), i))
	}
	fmt.Fprintf(&src, "const pages = {%s};\nexport const render = (req) => renderPage(pages, req);\n", strings.Join(pages, ", "))
	return src.String()
}

func (b *Bundler) common() api.BuildOptions {
	return api.BuildOptions{
		AbsWorkingDir: b.Root,
		Bundle:        true,
		Write:         false,
		Metafile:      true,
		JSX:           api.JSXAutomatic,
		Define:        map[string]string{"process.env.NODE_ENV": `"production"`},
		NodePaths:     []string{b.NodeModules},
		Plugins:       []api.Plugin{b.plugin(false)},
		LogLevel:      api.LogLevelSilent,
		Charset:       api.CharsetUTF8,
		Target:        api.ES2022,
	}
}

// ClientOptions: one entry per campaign with code splitting, so the framework lands
// in a vendor chunk shared byte for byte by every page (DESIGN §2).
func (b *Bundler) ClientOptions(outDir string) api.BuildOptions {
	o := b.common()
	o.Plugins = []api.Plugin{b.plugin(true)}
	for _, c := range b.Campaigns {
		o.EntryPointsAdvanced = append(o.EntryPointsAdvanced, api.EntryPoint{InputPath: clientEntry + c.Slug, OutputPath: "js/" + c.Slug})
	}
	o.EntryPointsAdvanced = append(o.EntryPointsAdvanced, api.EntryPoint{InputPath: filepath.Join(b.Components, filepath.FromSlash(baseCSS)), OutputPath: "css/base"})
	o.Outdir = filepath.Join(outDir, AssetsDir)
	o.Splitting = true
	o.Format = api.FormatESModule
	o.Platform = api.PlatformBrowser
	o.EntryNames = "[dir]/[name]-[hash]"
	o.ChunkNames = "js/[name]-[hash]"
	o.AssetNames = "media/[name]-[hash]"
	o.PublicPath = "/" + AssetsDir
	o.MinifyWhitespace, o.MinifyIdentifiers, o.MinifySyntax = b.Minify, b.Minify, b.Minify
	// Licence notices go to a .LEGAL.txt beside each script rather than into the code
	// every visitor downloads (DESIGN §7's 90 KB first load).
	o.LegalComments = api.LegalCommentsExternal
	if b.SourceMaps {
		o.Sourcemap = api.SourceMapLinked
	}
	return o
}

// ServerOptions: one CommonJS bundle for the Node prerender worker (CommonJS because
// react-dom/server requires Node built-ins).
func (b *Bundler) ServerOptions(outFile string) api.BuildOptions {
	o := b.common()
	o.EntryPoints = []string{serverEntry}
	o.Outfile = outFile
	o.Format = api.FormatCommonJS
	o.Platform = api.PlatformNode
	o.Loader = map[string]api.Loader{".css": api.LoaderEmpty}
	// React stays out of the bundle: the worker finds it in node_modules (NODE_PATH),
	// loads it once and keeps it warm while watch mode swaps in rebuilt bundles.
	o.External = []string{"react", "react/*", "react-dom", "react-dom/*"}
	// Whitespace and syntax only: Node parses the bundle after each code edit, while
	// names stay readable in stacks.
	o.MinifyWhitespace, o.MinifySyntax = true, true
	// A source map beside the bundle (never in the output): the worker has Node map
	// its stacks, so a prerender error names the author's file and line (DESIGN §3).
	o.Sourcemap = api.SourceMapLinked
	o.SourcesContent = api.SourcesContentExclude
	o.Write = true
	o.Metafile = false
	return o
}

// Messages turns esbuild's errors into diagnostics with file, line, column and the
// source line, relative to the site root. A problem inside a generated entry (a page
// module that does not exist) has no file of the author's to point at: it is reported
// without a position, naming the missing file relative to the site.
func Messages(root string, msgs []api.Message, diags *diag.List) {
	for _, m := range msgs {
		d := diag.Diagnostic{Severity: diag.Error, Code: "bundle", Message: strings.ReplaceAll(m.Text, filepath.ToSlash(root)+"/", "")}
		if l := m.Location; l != nil && !strings.HasPrefix(l.File, entryNS+":") {
			d.File = relPath(root, l.File)
			d.Line, d.Column = l.Line, diag.ByteColumn(l.LineText, l.Column) // esbuild counts bytes
			if l.Suggestion != "" {
				d.Hint = "did you mean " + strconv.Quote(l.Suggestion) + "?"
			}
		}
		for _, n := range m.Notes {
			if d.Hint == "" {
				d.Hint = n.Text
			}
		}
		diags.Add(d)
	}
}

func relPath(root, file string) string {
	if !filepath.IsAbs(file) {
		file = filepath.Join(root, file)
	}
	if rel, err := filepath.Rel(root, file); err == nil && !strings.HasPrefix(rel, "..") {
		return filepath.ToSlash(rel)
	}
	return filepath.ToSlash(file)
}

type metafile struct {
	Outputs map[string]struct {
		EntryPoint string `json:"entryPoint"`
		CSSBundle  string `json:"cssBundle"`
		Imports    []struct {
			Path string `json:"path"`
			Kind string `json:"kind"`
		} `json:"imports"`
		Inputs map[string]struct{} `json:"inputs"`
	} `json:"outputs"`
}

// Analyse reads esbuild's metafile: which chunks each page imports statically (to
// preload exactly those) or lazily, and which sources it is made of (to find the
// translation keys it uses).
func (b *Bundler) Analyse(outDir string, res api.BuildResult) (*Bundle, error) {
	var meta metafile
	if err := json.Unmarshal([]byte(res.Metafile), &meta); err != nil {
		return nil, fmt.Errorf("reading esbuild metafile: %w", err)
	}
	bundle := &Bundle{Files: map[string][]byte{}, Pages: map[string]*PageAssets{}}
	for _, f := range res.OutputFiles {
		rel, err := filepath.Rel(outDir, f.Path)
		if err != nil {
			return nil, err
		}
		bundle.Files[filepath.ToSlash(rel)] = f.Contents
	}
	// Metafile output keys are relative to AbsWorkingDir; site paths start at outDir.
	sitePath := func(metaPath string) string {
		rel, _ := filepath.Rel(outDir, filepath.Join(b.Root, metaPath))
		return "/" + filepath.ToSlash(rel)
	}
	bundle.dropEmptyChunks(&meta, sitePath)
	byEntry := map[string]string{}
	for out, o := range meta.Outputs {
		if o.EntryPoint != "" && !strings.HasSuffix(out, ".map") {
			if strings.HasSuffix(o.EntryPoint, ".css") {
				bundle.BaseCSS = sitePath(out)
			} else if strings.HasPrefix(strings.TrimPrefix(o.EntryPoint, entryNS+":"), clientEntry) {
				byEntry[strings.TrimPrefix(strings.TrimPrefix(o.EntryPoint, entryNS+":"), clientEntry)] = out
			}
		}
	}
	for _, c := range b.Campaigns {
		out, ok := byEntry[c.Slug]
		if !ok {
			return nil, fmt.Errorf("esbuild produced no entry for campaign %s", c.Slug)
		}
		pa := &PageAssets{Entry: sitePath(out), CSS: []string{bundle.BaseCSS}}
		if css := meta.Outputs[out].CSSBundle; css != "" {
			pa.CSS = append(pa.CSS, sitePath(css))
		}
		// First the chunks the entry needs statically (preloaded), then everything it can
		// reach: a chunk shared by the entry and a lazy chunk is preloaded whichever
		// import the walk meets first.
		static := map[string]bool{}
		var walkStatic func(string)
		walkStatic = func(o string) {
			for _, imp := range meta.Outputs[o].Imports {
				if imp.Kind == "import-statement" && !static[imp.Path] && !strings.HasSuffix(imp.Path, ".css") {
					static[imp.Path] = true
					walkStatic(imp.Path)
				}
			}
		}
		walkStatic(out)
		sources := map[string]bool{}
		seen := map[string]bool{out: true}
		var walk func(string)
		walk = func(o string) {
			for in := range meta.Outputs[o].Inputs {
				sources[in] = true
			}
			for _, imp := range meta.Outputs[o].Imports {
				if seen[imp.Path] || strings.HasSuffix(imp.Path, ".css") {
					continue
				}
				seen[imp.Path] = true
				if static[imp.Path] {
					pa.Preload = append(pa.Preload, sitePath(imp.Path))
				} else {
					pa.Lazy = append(pa.Lazy, sitePath(imp.Path))
				}
				walk(imp.Path)
			}
		}
		walk(out)
		for in := range sources {
			if !strings.Contains(in, "node_modules/") && !strings.HasPrefix(in, entryNS+":") && !strings.HasPrefix(in, lazyNS+":") {
				pa.Sources = append(pa.Sources, in)
			}
		}
		sort.Strings(pa.Preload)
		sort.Strings(pa.Lazy)
		sort.Strings(pa.Sources)
		bundle.Pages[c.Slug] = pa
	}
	bundle.dropUnusedCSS()
	return bundle, nil
}

// dropUnusedCSS removes the style sheets esbuild writes for lazy chunks. A page links
// only its entry's sheet, which already holds the CSS its lazy chunks import, so those
// copies would be dead files in the output (one per lazy chunk).
func (bundle *Bundle) dropUnusedCSS() {
	linked := map[string]bool{bundle.BaseCSS: true}
	for _, pa := range bundle.Pages {
		for _, css := range pa.CSS {
			linked[css] = true
		}
	}
	for f := range bundle.Files {
		if sheet := strings.TrimSuffix(f, ".map"); strings.HasSuffix(sheet, ".css") && !linked["/"+sheet] {
			delete(bundle.Files, f)
		}
	}
}

// Scan bundles the pages' client code in memory with the build's own options and
// reads which sources each page is made of: what `promo check` needs, found exactly
// as `promo build` finds it (tree shaking and minification decide which modules a page
// keeps). Bundling errors (a TSX syntax error, an import that does not resolve) go to
// diags; the result is nil then.
func (b *Bundler) Scan(diags *diag.List) *Bundle {
	outDir := filepath.Join(b.Root, ".promo-scan")
	res := api.Build(b.ClientOptions(outDir))
	Messages(b.Root, res.Errors, diags)
	if len(res.Errors) > 0 {
		return nil
	}
	out, err := b.Analyse(outDir, res)
	if err != nil {
		diags.Errorf("", 0, 0, "bundle", "", "%v", err)
		return nil
	}
	return out
}

// dropEmptyChunks removes the chunks whose modules compile to nothing, with the import
// statements that load them. esbuild makes a chunk for every set of entries that reach
// a module, code or not: a barrel of re-exports (components/index.ts) shared by two
// page.tsx campaigns became an empty script every such page loaded and preloaded.
func (bundle *Bundle) dropEmptyChunks(meta *metafile, sitePath func(string) string) {
	empty := map[string]bool{} // metafile paths
	for out, o := range meta.Outputs {
		if o.EntryPoint == "" && strings.HasSuffix(out, ".js") && blankScript(bundle.Files[strings.TrimPrefix(sitePath(out), "/")]) {
			empty[out] = true
		}
	}
	if len(empty) == 0 {
		return
	}
	for out, o := range meta.Outputs {
		kept := o.Imports[:0]
		for _, imp := range o.Imports {
			if !empty[imp.Path] {
				kept = append(kept, imp)
				continue
			}
			// An empty chunk exports nothing: only a bare `import "…";` can name it.
			file := strings.TrimPrefix(sitePath(out), "/")
			stmt := regexp.MustCompile(`import\s*"` + regexp.QuoteMeta(sitePath(imp.Path)) + `";?\n?`)
			bundle.Files[file] = stmt.ReplaceAll(bundle.Files[file], nil)
		}
		o.Imports = kept
		meta.Outputs[out] = o
	}
	for out := range empty {
		delete(meta.Outputs, out)
		for _, f := range []string{"", ".map", ".LEGAL.txt"} {
			delete(bundle.Files, strings.TrimPrefix(sitePath(out), "/")+f)
		}
	}
}

// blankScript: nothing but white space and line comments (a source-map URL).
func blankScript(src []byte) bool {
	for _, line := range bytes.Split(src, []byte("\n")) {
		if line = bytes.TrimSpace(line); len(line) > 0 && !bytes.HasPrefix(line, []byte("//")) {
			return false
		}
	}
	return true
}
