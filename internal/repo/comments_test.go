// Package repo holds checks of the repository as a whole.
package repo

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/promohq/promo/internal/sitetest"
)

// cited finds what a comment names as a file: a path with a folder and an extension.
var cited = regexp.MustCompile(`(?:^|[\s(\x60"'])((?:\.\.?/)?(?:[\w.@-]+/)+[\w.-]+\.(?:go|ts|tsx|js|cjs|mjs|json|yaml|md|css|html|sh|txt))\b`)

// header is a txtar-style file header of an example site.
var header = regexp.MustCompile(`(?m)^\s*-- \S+ --$`)

// scriptComment finds // and /* */ comments of TypeScript, JavaScript and CSS.
var scriptComment = regexp.MustCompile(`(?s)/\*.*?\*/|(?m)(?:^|[^:\\"'\x60])//[^\n]*`)

// Every file a comment cites exists: relative to the repository, to the commenting
// file's folder, or as the end of a path in the repository (runtime/types.ts). A
// comment that outlives a move or a rename misleads the next reader. Paths in
// examples are not citations: a txtar-style "-- file --" header, an example's
// "Output:", or a path whose first folder is none of the repository's (ja-JP/x/).
func TestCommentsCiteFilesThatExist(t *testing.T) {
	root := sitetest.RepoRoot()
	var all []string
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); p != root && (strings.HasPrefix(n, ".") || n == "node_modules" || n == "dist" || n == "bin" || n == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		all = append(all, filepath.ToSlash(rel))
		return nil
	})
	exists := func(from, name string) bool {
		if strings.ContainsAny(name, "<>*{}") {
			return true // a pattern, not a file
		}
		for _, p := range []string{name, filepath.ToSlash(filepath.Join(filepath.Dir(from), name))} {
			if _, err := os.Stat(filepath.Join(root, p)); err == nil {
				return true
			}
		}
		for _, f := range all {
			if strings.HasSuffix(f, "/"+strings.TrimPrefix(name, "./")) {
				return true
			}
		}
		return false
	}
	fset := token.NewFileSet()
	for _, f := range all {
		var comments []string
		switch filepath.Ext(f) {
		case ".go":
			file, err := parser.ParseFile(fset, filepath.Join(root, f), nil, parser.ParseComments|parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			for _, g := range file.Comments {
				comments = append(comments, g.Text())
			}
		case ".ts", ".tsx", ".js", ".cjs", ".mjs", ".css":
			data, err := os.ReadFile(filepath.Join(root, f))
			if err != nil {
				t.Fatal(err)
			}
			comments = scriptComment.FindAllString(string(data), -1)
		default:
			continue
		}
		for _, c := range comments {
			if i := strings.Index(c, "Output:"); i >= 0 && strings.HasSuffix(f, "_test.go") {
				c = c[:i]
			}
			c = header.ReplaceAllString(c, "")
			for _, m := range cited.FindAllStringSubmatch(c, -1) {
				top, _, _ := strings.Cut(strings.TrimPrefix(m[1], "./"), "/")
				if _, err := os.Stat(filepath.Join(root, top)); err != nil && !strings.HasPrefix(m[1], ".") {
					continue // not a path of the repository: an example of output
				}
				if !exists(f, m[1]) {
					t.Errorf("%s: a comment cites %s, which does not exist", f, m[1])
				}
			}
		}
	}
}
