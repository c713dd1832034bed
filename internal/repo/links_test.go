package repo

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/promohq/promo/internal/sitetest"
)

// mdLink is a Markdown link or image target: ](target).
var mdLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// codeSpan is a fenced block or an inline code span: examples, not links.
var codeSpan = regexp.MustCompile("(?s)```.*?```|`[^`\n]*`")

// The README and the guides link files of the repository (screenshots, the reference,
// each other): every relative link resolves, so a rename cannot leave them broken.
func TestDocsLinksResolve(t *testing.T) {
	root := sitetest.RepoRoot()
	docs, _ := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	for _, doc := range append(docs, filepath.Join(root, "README.md")) {
		data, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range mdLink.FindAllStringSubmatch(codeSpan.ReplaceAllString(string(data), ""), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "#") || strings.HasPrefix(target, "mailto:") || strings.HasPrefix(target, "/") {
				continue
			}
			target, _, _ = strings.Cut(target, "#")
			if _, err := os.Stat(filepath.Join(filepath.Dir(doc), filepath.FromSlash(target))); err != nil {
				rel, _ := filepath.Rel(root, doc)
				t.Errorf("%s links %s, which does not exist", rel, m[1])
			}
		}
	}
}
