package content

import (
	"path"
	"slices"
	"strings"
)

// Changes says what changed in a site since it was last built: the one way watch mode
// and the generator speak of it. The zero value says nothing changed (a rebuild then
// only adds what else was asked for, such as a locale); All says anything may have
// (the first build, or a watcher that lost events).
type Changes struct {
	All   bool
	Files []string // site-root relative, slash-separated
}

// ScriptExts are the extensions esbuild loads as TypeScript or JavaScript: the sources
// a page is made of (package bundle reads their t("…") calls) and the edits that make
// the pages bundle again.
var ScriptExts = []string{".tsx", ".ts", ".jsx", ".js", ".mts", ".mjs", ".cts", ".cjs"}

// Everything is the Changes of a first build.
var Everything = Changes{All: true}

// Merge adds o's changes to c.
func (c Changes) Merge(o Changes) Changes {
	files := slices.Concat(c.Files, o.Files)
	slices.Sort(files)
	return Changes{All: c.All || o.All, Files: slices.Compact(files)}
}

// Code reports whether a changed file is code or style, so the pages must be bundled
// again: a script, a style sheet or JSON outside locales/ (translations are data), the
// components or the packages.
func (c Changes) Code() bool {
	if c.All {
		return true
	}
	for _, f := range c.Files {
		ext := strings.ToLower(path.Ext(f))
		if (slices.Contains(ScriptExts, ext) || ext == ".css" || ext == ".json") && !strings.HasPrefix(f, "locales/") {
			return true
		}
		if strings.HasPrefix(f, "components/") || f == "package.json" || f == "package-lock.json" {
			return true
		}
	}
	return false
}

// StylesOnly reports whether every changed file is a style sheet, so open pages can
// swap their sheets in place without reloading.
func (c Changes) StylesOnly() bool {
	if c.All || len(c.Files) == 0 {
		return false
	}
	for _, f := range c.Files {
		if !strings.HasSuffix(f, ".css") {
			return false
		}
	}
	return true
}
