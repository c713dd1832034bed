package check

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/promohq/promo/internal/cmd/cmdtest"
	"github.com/promohq/promo/internal/cmd/factory"
	"github.com/promohq/promo/internal/sitetest"
)

const site = `
-- campaigns/one/campaign.yaml --
id: "1"
namespace: one
schedule: {start: 2026-11-01T00:00:00Z, end: 2026-12-01T00:00:00Z}
-- locales/en/one.json --
{"hero": {"title": "One", "subtitle": "Win {{amount}} USDT"}}
-- locales/en/gmp-lib.json --
{"apply": {"apply": "Apply"}, "notFound": {"title": "Not found", "body": "Gone"}}
-- components/template/CampaignPage.tsx --
export default function CampaignPage() {
  return <h1>{t("hero.title")} {t("hero.subtitle")} {t("gmp-lib:apply.apply")}</h1>;
}
-- components/entry/client.tsx --
export function hydrate(page: unknown) { return page; }
-- components/styles/base.css --
body { margin: 0 }
`

func run(t *testing.T, root string, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	// The pages bundle with the repository's packages, as `promo build` would.
	_ = os.Symlink(filepath.Join(sitetest.RepoRoot(), "node_modules"), filepath.Join(root, "node_modules"))
	newCmd := func(f *factory.Factory) *cobra.Command { return NewCmdCheck(f, nil) }
	return cmdtest.Run(t, newCmd, append([]string{"--source", root}, args...)...)
}

func TestCheckPrintsTheMatrixOnStdoutAndDiagnosticsOnStderr(t *testing.T) {
	root := sitetest.Write(t, site+"-- locales/ja-JP/one.json --\n{\"hero\": {\"title\": \"ワン\"}}\n")
	stdout, stderr, err := run(t, root)
	if err != nil {
		t.Fatalf("warnings only must pass: %v\n%s", err, stderr)
	}
	if !strings.HasPrefix(stdout, "namespace  keys    en  id-ID") || !strings.Contains(stdout, "\none           2  100%") || !strings.Contains(stdout, "  50%  ") {
		t.Errorf("stdout:\n%s", stdout)
	}
	for _, want := range []string{
		"locales/ja-JP/one.json: warning: key \"hero.subtitle\" is missing: pages show the en text [missing-key] (hint: add it, translated from locales/en/one.json:1:27)\n",
		"locales/zh-HK/gmp-lib.json: warning: zh-HK has no gmp-lib texts: its pages show the en texts [missing-bundle]",
		"check passed: 0 errors, 22 warnings\n",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if strings.Contains(stdout, "warning:") {
		t.Error("diagnostics belong on stderr")
	}

	_, stderr, err = run(t, root, "--strict")
	if err == nil || err.Error() != "check failed: 0 errors, 22 warnings" {
		t.Errorf("--strict fails on warnings: %v", err)
	}
	_, stderr, err = run(t, root, "--quiet")
	if err != nil || strings.Contains(stderr, "warning:") || !strings.Contains(stderr, "check passed: 0 errors, 22 warnings") {
		t.Errorf("--quiet prints only errors and the count: %v\n%s", err, stderr)
	}
}

func TestCheckFailsOnErrors(t *testing.T) {
	root := sitetest.Write(t, site+"-- locales/ja-JP/one.json --\n{\"hero\": {\"title\": \"ワン\", \"subtitle\": \"{{amt}} USDT\", \"extra\": \"x\"}}\n")
	stdout, stderr, err := run(t, root, "--quiet")
	if err == nil || err.Error() != "check failed: 2 errors, 21 warnings" {
		t.Fatalf("want 2 errors, got %v\n%s", err, stderr)
	}
	want := `locales/ja-JP/one.json:1:26: error: "hero.subtitle" lacks {{amount}} and has {{amt}}, which English does not [placeholder-mismatch] (hint: keep the placeholders of locales/en/one.json:1:27 as they are; translate only the text around them)
locales/ja-JP/one.json:1:54: error: key "hero.extra" is not in English (locales/en/one.json) [extra-key] (hint: remove it, or add it to locales/en/one.json first)
`
	if stderr != want {
		t.Errorf("stderr:\n%s\nwant:\n%s", stderr, want)
	}
	if !strings.Contains(stdout, "namespace") {
		t.Error("the matrix is printed even when the check fails")
	}
}

func TestCheckJSON(t *testing.T) {
	root := sitetest.Write(t, site+"-- locales/ja-JP/one.json --\n{\"hero\": {\"title\": \"ワン\",}}\n")
	stdout, stderr, err := run(t, root, "--json")
	if err == nil || err.Error() != "check failed: 1 error, 21 warnings" {
		t.Errorf("a malformed file fails the check: %v", err)
	}
	if stderr != "" {
		t.Errorf("--json prints nothing on stderr: %q", stderr)
	}
	var doc struct {
		Errors, Warnings int
		Diagnostics      []struct{ Severity, File, Code, Message string }
		Matrix           struct {
			Locales    []string
			Namespaces []struct {
				Namespace string
				Coverage  map[string]struct {
					File, Broken bool
					Percent      *int
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatalf("stdout is not one JSON document: %v\n%s", err, stdout)
	}
	if doc.Errors != 1 || doc.Warnings != 21 || len(doc.Diagnostics) != 22 || len(doc.Matrix.Locales) != 23 {
		t.Errorf("document: %+v", doc)
	}
	found := false
	for _, d := range doc.Diagnostics {
		if d.Severity == "error" {
			found = d.File == "locales/ja-JP/one.json" && d.Code == "json-syntax" && strings.HasPrefix(d.Message, "malformed JSON: ")
		}
	}
	if !found {
		t.Errorf("the error is the loader's json-syntax: %+v", doc.Diagnostics)
	}
	for _, ns := range doc.Matrix.Namespaces {
		if ja := ns.Coverage["ja-JP"]; ns.Namespace == "one" && (!ja.File || !ja.Broken || ja.Percent != nil) {
			t.Errorf("ja-JP/one: %+v", ja)
		}
	}
}

func TestCheckRefusesAMissingFolder(t *testing.T) {
	_, _, err := run(t, filepath.Join(t.TempDir(), "nowhere"))
	if err == nil || !strings.Contains(err.Error(), "is not a site folder") {
		t.Errorf("err = %v", err)
	}
}
