package generator_test

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

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
