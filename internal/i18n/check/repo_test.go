package check

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/evanw/esbuild/pkg/api"

	"github.com/promohq/promo/internal/content"
	"github.com/promohq/promo/internal/sitetest"
)

// The repository's own content has no errors (translations still being completed
// show as warnings).
func TestRepositoryHasNoErrors(t *testing.T) {
	rep := Load(sitetest.RepoRoot(), "")
	for _, d := range rep.Diagnostics {
		if d.Severity.String() == "error" {
			t.Error(d.String())
		}
	}
	if len(rep.Matrix.Rows) == 0 || len(rep.Matrix.Locales) != 23 {
		t.Errorf("matrix: %d rows, %d locales", len(rep.Matrix.Rows), len(rep.Matrix.Locales))
	}
	t.Logf("%d warnings", rep.Warnings())
}

// The static import walk must see every script the build extracts keys from: the
// inputs esbuild keeps in each page's output (after tree shaking).
func TestImportWalkCoversWhatEsbuildBundles(t *testing.T) {
	root := sitetest.RepoRoot()
	s, diags := content.Load(root)
	if diags.HasErrors() {
		t.Skipf("the repository's content does not load: %v", diags.Err())
	}
	components := filepath.Join(root, "components")
	src := newSources(root, components)
	for _, c := range s.Campaigns {
		entry := resolveFile(filepath.Join(components, Template))
		if c.Page != "" {
			entry = filepath.Join(root, filepath.FromSlash(c.Page))
		}
		var reached []string
		for _, f := range src.reach(entry) {
			reached = append(reached, src.display(f))
		}
		res := api.Build(api.BuildOptions{
			EntryPoints: []string{entry}, AbsWorkingDir: root, Bundle: true, Write: false, Metafile: true,
			Outdir: filepath.Join(t.TempDir(), "out"), Format: api.FormatESModule, JSX: api.JSXAutomatic,
			Packages: api.PackagesExternal, Alias: map[string]string{"@promo/components": "./components"},
			Loader: map[string]api.Loader{".css": api.LoaderEmpty}, LogLevel: api.LogLevelSilent, Splitting: true,
		})
		if len(res.Errors) > 0 {
			t.Fatalf("esbuild: %v", res.Errors[0].Text)
		}
		var meta struct {
			Outputs map[string]struct{ Inputs map[string]struct{} }
		}
		if err := json.Unmarshal([]byte(res.Metafile), &meta); err != nil {
			t.Fatal(err)
		}
		for _, o := range meta.Outputs {
			for in := range o.Inputs {
				if isScript(in) && !strings.Contains(in, "node_modules/") && !slices.Contains(reached, in) {
					t.Errorf("%s: esbuild bundles %s, the import walk misses it", c.Slug, in)
				}
			}
		}
	}
}
