package check

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/promohq/promo/internal/i18n"
)

// Template is the standard campaign template, relative to the components folder:
// the page of every campaign without a page.tsx (DESIGN §3).
const Template = "template/CampaignPage"

// componentsAlias is how pages import the components library.
const componentsAlias = "@promo/components"

var scriptExts = []string{".tsx", ".ts", ".jsx", ".js", ".mts", ".mjs"}

// isScript reports whether name is a page source whose t() calls count: scripts,
// not declaration files and not tests (a test's keys are not a page's).
func isScript(name string) bool {
	base := path.Base(filepath.ToSlash(name))
	if !slices.Contains(scriptExts, path.Ext(base)) || strings.HasSuffix(base, ".d.ts") {
		return false
	}
	stem := strings.TrimSuffix(base, path.Ext(base))
	return !strings.HasSuffix(stem, ".test") && !strings.HasSuffix(stem, ".spec")
}

// skipDir: test helpers and packages are not page sources.
func skipDir(name string) bool {
	return name == "node_modules" || name == "__tests__" || name == "testing" || strings.HasPrefix(name, ".")
}

// source is one script: the keys it uses and what it imports.
type source struct {
	file    string // as diagnostics name it: relative to the site root
	uses    []i18n.Use
	imports []string // specifiers of its imports and re-exports
}

// sources reads scripts once and follows their imports without running esbuild.
type sources struct {
	root, components string // absolute
	cache            map[string]*source
}

func newSources(root, components string) *sources {
	return &sources{root: root, components: components, cache: map[string]*source{}}
}

// display is how diagnostics name an absolute path: relative to the site root when
// inside it, with forward slashes.
func (s *sources) display(abs string) string {
	if rel, err := filepath.Rel(s.root, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return filepath.ToSlash(rel)
	}
	return filepath.ToSlash(abs)
}

// read parses the script at abs (nil when it cannot be read).
func (s *sources) read(abs string) *source {
	if src, ok := s.cache[abs]; ok {
		return src
	}
	data, err := os.ReadFile(abs)
	var src *source
	if err == nil {
		file := s.display(abs)
		src = &source{file: file, uses: i18n.Extract(file, data), imports: parseImports(data)}
	}
	s.cache[abs] = src
	return src
}

// library lists every script of the components folder, sorted.
func (s *sources) library() []string {
	var out []string
	// Walk the folder through its real path so a symlinked components/ works, and
	// name the files by the path given.
	real, err := filepath.EvalSymlinks(s.components)
	if err != nil {
		return nil
	}
	_ = filepath.WalkDir(real, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if p != real && skipDir(d.Name()) {
				return filepath.SkipDir
			}
			return nil
		}
		if isScript(d.Name()) {
			rel, _ := filepath.Rel(real, p)
			out = append(out, filepath.Join(s.components, rel))
		}
		return nil
	})
	slices.Sort(out)
	return out
}

// resolve finds the script that spec names from the script at importer, or "" for a
// package or a non-script file.
func (s *sources) resolve(importer, spec string) string {
	var base string
	switch {
	case spec == componentsAlias:
		base = filepath.Join(s.components, "index")
	case strings.HasPrefix(spec, componentsAlias+"/"):
		base = filepath.Join(s.components, filepath.FromSlash(strings.TrimPrefix(spec, componentsAlias+"/")))
	case strings.HasPrefix(spec, "./") || strings.HasPrefix(spec, "../") || spec == "." || spec == "..":
		base = filepath.Join(filepath.Dir(importer), filepath.FromSlash(spec))
	default:
		return "" // a package
	}
	return resolveFile(base)
}

// resolveFile tries base as a file, with each script extension, then as a folder
// with an index, the way esbuild resolves TypeScript imports.
func resolveFile(base string) string {
	if slices.Contains(scriptExts, filepath.Ext(base)) {
		if fi, err := os.Stat(base); err == nil && !fi.IsDir() {
			return base
		}
	}
	for _, ext := range scriptExts {
		if fi, err := os.Stat(base + ext); err == nil && !fi.IsDir() {
			return base + ext
		}
	}
	for _, ext := range scriptExts {
		p := filepath.Join(base, "index"+ext)
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
			return p
		}
	}
	return ""
}

// reach lists the scripts a page is made of: entry and every script it imports,
// statically or lazily, or re-exports, whether or not the names are used. That is
// what the build reads keys from: esbuild lists every module of a page's graph among
// the inputs of its outputs, even one its tree shaking empties (0 bytes).
func (s *sources) reach(entry string) []string {
	seen := map[string]bool{entry: true}
	order := []string{entry}
	for i := 0; i < len(order); i++ {
		src := s.read(order[i])
		if src == nil {
			continue
		}
		for _, spec := range src.imports {
			target := s.resolve(order[i], spec)
			if target != "" && isScript(target) && !seen[target] {
				seen[target] = true
				order = append(order, target)
			}
		}
	}
	return order
}

var (
	// import X, { a, b as c } from "m"; import * as m from "m"; import type … (erased)
	importFrom = regexp.MustCompile(`(?m)^\s*import\s+(type\s+)?(?:[\w$]+\s*,\s*)?(?:\{[^}]*\}|\*\s+as\s+[\w$]+|[\w$]+)\s*from\s*["']([^"']+)["']`)
	// import "m";
	importBare = regexp.MustCompile(`(?m)^\s*import\s*["']([^"']+)["']`)
	// import("m")
	importLazy = regexp.MustCompile(`\bimport\(\s*["'` + "`" + `]([^"'` + "`" + `]+)["'` + "`" + `]\s*\)`)
	// export { a, b as c } from "m"; export * from "m"; export * as m from "m"
	exportFrom = regexp.MustCompile(`(?m)^\s*export\s+(type\s+)?(?:\{[^}]*\}|\*(?:\s+as\s+[\w$]+)?)\s*from\s*["']([^"']+)["']`)
)

// parseImports finds what a script imports or re-exports (type-only statements are
// erased by the build and left out).
func parseImports(src []byte) []string {
	var out []string
	for _, m := range importFrom.FindAllSubmatch(src, -1) {
		if len(m[1]) == 0 {
			out = append(out, string(m[2]))
		}
	}
	for _, m := range importBare.FindAllSubmatch(src, -1) {
		out = append(out, string(m[1]))
	}
	for _, m := range importLazy.FindAllSubmatch(src, -1) {
		out = append(out, string(m[1]))
	}
	for _, m := range exportFrom.FindAllSubmatch(src, -1) {
		if len(m[1]) == 0 {
			out = append(out, string(m[2]))
		}
	}
	return out
}
