package build

import (
	"os"
	"path/filepath"
	"regexp"
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
{"hero": {"title": "One", "subtitle": "First"}}
`

func run(t *testing.T, root string, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	// The test site borrows the repository's components and packages.
	repo := sitetest.RepoRoot()
	for _, l := range []string{"components", "node_modules"} {
		_ = os.Symlink(filepath.Join(repo, l), filepath.Join(root, l))
	}
	newCmd := func(f *factory.Factory) *cobra.Command { return NewCmdBuild(f, nil) }
	return cmdtest.Run(t, newCmd, append([]string{"--source", root}, args...)...)
}

func TestBuildPrintsSummaryOnStdout(t *testing.T) {
	sitetest.RequireNodeModules(t)
	root := sitetest.Write(t, sitetest.LibraryTexts(t)+site)
	stdout, stderr, err := run(t, root)
	if err != nil {
		t.Fatalf("build failed: %v\n%s", err, stderr)
	}
	if !strings.Contains(stdout, "built 23 pages (1 campaigns × 23 locales)") || !strings.Contains(stdout, "one") || !strings.Contains(stdout, " KB") {
		t.Errorf("summary: %q", stdout)
	}
	if strings.Contains(stderr, "rendering [") {
		t.Error("progress bar drawn although stderr is not a terminal")
	}
}

func TestBuildReportsEveryProblemOnStderrAndFails(t *testing.T) {
	sitetest.RequireNodeModules(t)
	root := sitetest.Write(t, sitetest.LibraryTexts(t)+site+"-- campaigns/two/campaign.yaml --\nid: \"1\"\nnamespce: two\n")
	stdout, stderr, err := run(t, root)
	if err == nil || !strings.Contains(err.Error(), "build failed with 6 error(s)") {
		t.Fatalf("want a failure counting 6 errors, got %v\n%s", err, stderr)
	}
	for _, want := range []string{
		`campaigns/two/campaign.yaml:2:1: error: unknown field "namespce" in the document [unknown-field] (hint: did you mean "namespace"?)`,
		`campaigns/two/campaign.yaml:1:5: error: campaign id "1" is also used by campaigns/one/campaign.yaml [duplicate-id]`,
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if stdout != "" {
		t.Errorf("a failed build printed data: %q", stdout)
	}
}

// --timings says where a build's time went, on stderr, step by step.
func TestBuildTimings(t *testing.T) {
	sitetest.RequireNodeModules(t)
	root := sitetest.Write(t, sitetest.LibraryTexts(t)+site)
	_, stderr, err := run(t, root, "--timings")
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^timings: load \d+ ms, bundle \d+ ms, plan \d+ ms, render \d+ ms, compress \d+ ms, write \d+ ms(, cache \d+ ms)?; build \d+ ms$`).MatchString(stderr) {
		t.Errorf("stderr:\n%s", stderr)
	}
}
