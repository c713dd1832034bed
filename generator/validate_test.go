package generator_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"

	"github.com/promohq/promo/generator"
	"github.com/promohq/promo/internal/diag"
	"github.com/promohq/promo/internal/i18n/check"
	"github.com/promohq/promo/internal/sitetest"
)

// One validation path: what `promo check` calls an error fails the build, with the
// same text (an extra key and a placeholder that differs from English's, here).
func TestBuildFailsOnWhatCheckCallsAnError(t *testing.T) {
	root := writeSite(t, "-- locales/ja-JP/blast.json --\n{\"hero\": {\"title\": \"ブラスト\", \"subtitle\": \"{{pct}}獲得\", \"extra\": \"x\"}}\n")
	_, err := build(t, root)
	var failure *diag.Failure
	if !errors.As(err, &failure) {
		t.Fatalf("build error %v, want a content failure", err)
	}
	var built []string
	for _, d := range failure.Diagnostics {
		built = append(built, d.String())
	}
	var checked []string
	for _, d := range check.Load(root, check.Folders{Components: filepath.Join(sitetest.RepoRoot(), "components"), NodeModules: filepath.Join(sitetest.RepoRoot(), "node_modules")}).Diagnostics {
		if d.Severity == diag.Error {
			checked = append(checked, d.String())
		}
	}
	if len(built) != 2 || strings.Join(built, "\n") != strings.Join(checked, "\n") {
		t.Errorf("build:\n%s\ncheck:\n%s", strings.Join(built, "\n"), strings.Join(checked, "\n"))
	}
}

// Every text asset gets brotli (quality 11) and gzip copies that decode to it; the
// copies come from the cache in the site's .promo-cache on the next build.
func TestAssetsArePrecompressed(t *testing.T) {
	root := writeSite(t, "")
	if _, err := build(t, root); err != nil {
		t.Fatal(err)
	}
	scripts, _ := filepath.Glob(filepath.Join(root, "dist", "assets", "js", "*.js"))
	if len(scripts) == 0 {
		t.Fatal("no scripts")
	}
	for _, s := range scripts {
		plain, _ := os.ReadFile(s)
		br, err := os.ReadFile(s + ".br")
		if len(plain) < 256 {
			continue
		}
		if err != nil {
			t.Fatalf("%s has no .br: %v", s, err)
		}
		if got, err := io.ReadAll(brotli.NewReader(bytes.NewReader(br))); err != nil || !bytes.Equal(got, plain) {
			t.Errorf("%s.br does not decode to the script (%v)", s, err)
		}
		gz, err := os.Open(s + ".gz")
		if err != nil {
			t.Fatalf("%s has no .gz: %v", s, err)
		}
		zr, err := gzip.NewReader(gz)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := io.ReadAll(zr); err != nil || !bytes.Equal(got, plain) {
			t.Errorf("%s.gz does not decode to the script (%v)", s, err)
		}
		gz.Close()
	}
	if html, err := os.Stat(filepath.Join(root, "dist", "blast", "index.html.br")); err == nil {
		t.Errorf("a page got a compressed copy: %v", html.Name())
	}
	cached, _ := filepath.Glob(filepath.Join(root, ".promo-cache", "compressed", "*.br"))
	if len(cached) == 0 {
		t.Fatal("nothing cached")
	}
	// A second build reads the cache: a cache entry is what the output gets.
	marker := []byte("from the cache")
	for _, c := range cached {
		if err := os.WriteFile(c, marker, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := build(t, root); err != nil {
		t.Fatal(err)
	}
	var largest string
	var size int64
	for _, s := range scripts {
		if fi, err := os.Stat(s); err == nil && fi.Size() > size {
			largest, size = s, fi.Size()
		}
	}
	if got, _ := os.ReadFile(largest + ".br"); !bytes.Equal(got, marker) {
		t.Errorf("the second build compressed again instead of reading the cache")
	}
}

// tree reads every file under dir, by slash path.
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func sameTree(t *testing.T, what string, got, want map[string]string) {
	t.Helper()
	for f, data := range want {
		if got[f] != data {
			t.Errorf("%s: %s differs from a build without the cache", what, f)
		}
	}
	for f := range got {
		if _, ok := want[f]; !ok {
			t.Errorf("%s: %s is not in a build without the cache", what, f)
		}
	}
}

// The build cache (.promo-cache) gives the same bytes as a build without it: with
// nothing changed it renders no page, with one text changed only the pages showing it.
func TestBuildCacheGivesTheSameOutput(t *testing.T) {
	sitetest.RequireNodeModules(t)
	root := writeSite(t, "")
	opts := func(out string, noCache bool) generator.Options {
		o := siteOptions(root)
		o.Out, o.NoCache = filepath.Join(t.TempDir(), out), noCache
		return o
	}
	buildWith := func(o generator.Options) *generator.Result {
		t.Helper()
		res, err := generator.Build(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	cold := opts("cold", true)
	buildWith(cold)
	if _, err := os.Stat(filepath.Join(root, ".promo-cache")); err == nil {
		t.Fatal("--no-cache wrote into .promo-cache")
	}
	buildWith(opts("first", false)) // fills the cache
	warm := opts("warm", false)
	if res := buildWith(warm); len(res.Rendered) != 0 {
		t.Errorf("nothing changed, yet %d pages were rendered", len(res.Rendered))
	}
	sameTree(t, "nothing changed", tree(t, warm.Out), tree(t, cold.Out))

	sitetest.WriteInto(t, root, "-- locales/ja-JP/blast.json --\n{\"hero\": {\"title\": \"新ブラスト\", \"subtitle\": \"20%獲得\"}}\n")
	changed := opts("changed", false)
	res := buildWith(changed)
	if len(res.Rendered) == 0 || len(res.Rendered) > 2 || !slices.Contains(res.Rendered, "/ja-JP/blast/") {
		t.Errorf("one Japanese text changed; rendered %v", res.Rendered)
	}
	cold2 := opts("cold2", true)
	buildWith(cold2)
	sameTree(t, "a text changed", tree(t, changed.Out), tree(t, cold2.Out))

	// Code is part of the key: a page.tsx appearing bundles again.
	sitetest.WriteInto(t, root, "-- campaigns/blast/page.tsx --\nimport { Hero } from \"@promo/components\";\nexport default function Page() { return <main id=\"own\"><Hero /></main>; }\n")
	code := opts("code", false)
	buildWith(code)
	if !strings.Contains(tree(t, code.Out)["blast/index.html"], `<main id="own">`) {
		t.Error("a page.tsx added after the cache was filled is not in the page")
	}
}
