package check

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/promohq/promo/internal/sitetest"
)

// The repository's own content passes `promo check --strict`: no errors and no
// warnings (known fallbacks, like en-HK showing English, are not warnings).
func TestRepositoryPassesStrict(t *testing.T) {
	rep := Load(sitetest.RepoRoot(), Folders{})
	for _, d := range rep.Diagnostics {
		t.Error(d.String())
	}
	if len(rep.Matrix.Rows) == 0 || len(rep.Matrix.Locales) != 23 {
		t.Errorf("matrix: %d rows, %d locales", len(rep.Matrix.Rows), len(rep.Matrix.Locales))
	}
}

// Every script of the components folder counts for namespaced keys; tests, test
// helpers and styles do not.
func TestLibraryListsTheComponentsScripts(t *testing.T) {
	root := sitetest.Write(t, `
-- components/index.ts --
-- components/template/Hero.tsx --
-- components/template/hero.css --
-- components/template/Hero.test.tsx --
-- components/testing/render.tsx --
-- components/runtime/types.d.ts --
-- components/helper/index.ts --
`)
	var got []string
	for _, f := range library(filepath.Join(root, "components")) {
		got = append(got, relTo(root, f))
	}
	if want := []string{"components/helper/index.ts", "components/index.ts", "components/template/Hero.tsx"}; !slices.Equal(got, want) {
		t.Errorf("library:\n got %v\nwant %v", got, want)
	}
}
