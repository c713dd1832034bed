package generator_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/promohq/promo/generator"
	"github.com/promohq/promo/internal/sitetest"
)

// A repeat build into the same folder writes only what changed (unchanged files keep
// their modification time, so a sync to the CDN uploads only the changed ones) and
// still ends with exactly what a build into an empty folder makes: a file edited,
// deleted or added by hand in the output is put right.
func TestRepeatBuildWritesOnlyWhatChanged(t *testing.T) {
	sitetest.RequireNodeModules(t)
	root := writeSite(t, "")
	out := filepath.Join(t.TempDir(), "dist")
	opts := func(out string, noCache bool) generator.Options {
		o := siteOptions(root)
		o.Out, o.NoCache = out, noCache
		return o
	}
	buildWith := func(o generator.Options) {
		t.Helper()
		if _, err := generator.Build(context.Background(), o); err != nil {
			t.Fatal(err)
		}
	}
	modTime := func(rel string) time.Time {
		t.Helper()
		fi, err := os.Stat(filepath.Join(out, filepath.FromSlash(rel)))
		if err != nil {
			t.Fatal(err)
		}
		return fi.ModTime()
	}
	buildWith(opts(out, false))
	enPage, jaPage := modTime("blast/index.html"), modTime("ja-JP/blast/index.html")

	// By hand: a page edited, a file deleted, files and a folder added.
	sitetest.WriteInto(t, out, "-- blast/index.html --\nedited\n-- stray.txt --\nx\n-- stray/deep/x.txt --\nx\n")
	if err := os.Remove(filepath.Join(out, "robots.txt")); err != nil {
		t.Fatal(err)
	}
	buildWith(opts(out, false))
	cold := filepath.Join(t.TempDir(), "cold")
	buildWith(opts(cold, true))
	sameTree(t, "after edits by hand", tree(t, out), tree(t, cold))
	if _, err := os.Stat(filepath.Join(out, "stray")); !os.IsNotExist(err) {
		t.Errorf("the folder added by hand is still there (%v)", err)
	}
	if !modTime("ja-JP/blast/index.html").Equal(jaPage) {
		t.Error("a page nothing changed was written again")
	}

	enPage = modTime("blast/index.html")
	time.Sleep(10 * time.Millisecond) // a rewrite would show in the modification time
	sitetest.WriteInto(t, root, "-- locales/ja-JP/blast.json --\n{\"hero\": {\"title\": \"新ブラスト\", \"subtitle\": \"20%獲得\"}}\n")
	buildWith(opts(out, false))
	buildWith(opts(cold, true))
	sameTree(t, "a text changed", tree(t, out), tree(t, cold))
	if modTime("ja-JP/blast/index.html").Equal(jaPage) {
		t.Error("the page showing the changed text was not written")
	}
	if !modTime("blast/index.html").Equal(enPage) {
		t.Error("the English page, which the Japanese text does not change, was written again")
	}

	// Without the cache's record the build reads what is there: still nothing rewritten.
	buildWith(opts(out, true))
	sameTree(t, "--no-cache into the same folder", tree(t, out), tree(t, cold))
	if !modTime("blast/index.html").Equal(enPage) {
		t.Error("a --no-cache build rewrote a page whose content it did not change")
	}
}
