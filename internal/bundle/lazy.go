package bundle

import (
	"path/filepath"
	"strconv"

	"github.com/evanw/esbuild/pkg/api"
)

// Lazy chunks and the first load (DESIGN §7). esbuild's code splitting puts each module
// in a chunk by the set of entry points that reach it, and every dynamic import() is an
// entry point of its own. A lazy widget importing a few first-load modules (the request
// helper, the page context, a formatter) therefore cuts them out of the shared first-load
// chunk into small chunks of their own, a different cut for each widget, and every page
// pays for the extra files and for what brotli cannot share across them: 14 first-load
// scripts where 2 do, about 4 KB brotli more (PageWeight bench).
//
// So each dynamic import of the site's own code loads a wrapper that re-exports the module
// and also imports the first load's roots: the client entry and, when a campaign uses it,
// the standard template. To the bundler every lazy chunk then reaches every first-load
// module, and those all share one chunk again; at run time the lazy chunk's import of that
// chunk costs nothing, the page has run it already. Lazy modules may thus import anything
// from the first load, instead of being lent it.
const lazyNS = "promo-lazy"

func (b *Bundler) anchorLazyImports(build api.PluginBuild) {
	build.OnResolve(api.OnResolveOptions{Filter: `.*`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
		if a.Kind != api.ResolveJSDynamicImport || a.PluginData == lazyNS {
			return api.OnResolveResult{}, nil // esbuild resolves it as usual
		}
		r := build.Resolve(a.Path, api.ResolveOptions{ResolveDir: a.ResolveDir, Kind: a.Kind, Importer: a.Importer, Namespace: a.Namespace, PluginData: lazyNS})
		if len(r.Errors) > 0 || r.External || r.Namespace != "file" {
			return api.OnResolveResult{Path: r.Path, Namespace: r.Namespace, External: r.External, Errors: r.Errors}, nil
		}
		return api.OnResolveResult{Path: r.Path, Namespace: lazyNS}, nil
	})
	build.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: lazyNS}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
		src := b.lazyWrapper(a.Path)
		return api.OnLoadResult{Contents: &src, ResolveDir: filepath.Dir(a.Path), Loader: api.LoaderJS}, nil
	})
}

// lazyWrapper is the module a dynamic import of path loads. The default export goes
// through the namespace: a module without one then exports undefined as before, where
// `export { default } from` would fail the build.
func (b *Bundler) lazyWrapper(path string) string {
	src := "import \"@promo/components/entry/client\";\n"
	for _, c := range b.Campaigns {
		if c.Page == "" {
			src += "import \"@promo/components/" + Template + "\";\n"
			break
		}
	}
	q := strconv.Quote(filepath.ToSlash(path))
	return src + "import * as lazy from " + q + ";\nexport * from " + q + ";\nexport default lazy.default;\n"
}
