package newcampaign

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/promohq/promo/generator"
	"github.com/promohq/promo/internal/cmd/cmdtest"
	"github.com/promohq/promo/internal/cmd/factory"
	"github.com/promohq/promo/internal/i18n/check"
	"github.com/promohq/promo/internal/sitetest"
)

var now = time.Date(2026, 11, 24, 15, 0, 0, 0, time.UTC)

// site copies the example site (content copied, components linked), as a new author
// would have it.
func site(t *testing.T) string {
	t.Helper()
	sitetest.RequireNodeModules(t)
	root := filepath.Join(t.TempDir(), "site")
	if out, err := exec.Command("bash", filepath.Join(sitetest.RepoRoot(), "scripts", "dev-site.sh"), root).CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	return root
}

func run(t *testing.T, root string, args ...string) (string, string, error) {
	t.Helper()
	newCmd := func(f *factory.Factory) *cobra.Command {
		return NewCmdNew(f, func(ctx context.Context, o *Options) error {
			o.Now = now
			return Run(ctx, o)
		})
	}
	return cmdtest.Run(t, newCmd, append([]string{"--source", root}, args...)...)
}

// A new campaign, of either template, builds and passes `promo check --strict` at once.
func TestNewCampaignBuildsAndChecksClean(t *testing.T) {
	root := site(t)
	for _, args := range [][]string{
		{"futures-trading-cup", "--locales", "ja-JP,ar-SA"},
		{"cup-page", "--template", "page", "--namespace", "cup"},
	} {
		stdout, stderr, err := run(t, root, args...)
		if err != nil {
			t.Fatalf("%v: %v\n%s", args, err, stderr)
		}
		if !strings.Contains(stdout, "campaigns/"+args[0]+"/campaign.yaml\n") || !strings.Contains(stderr, "promo dev") {
			t.Errorf("%v: stdout %q, stderr %q", args, stdout, stderr)
		}
	}
	yaml, _ := os.ReadFile(filepath.Join(root, "campaigns/futures-trading-cup/campaign.yaml"))
	for _, want := range []string{"$schema=../../", `id: "20261124001"`, "start: 2026-11-24T00:00:00Z", "# - type: prizeDraw", "# - type: tiers", "- type: faq"} {
		if !strings.Contains(string(yaml), want) {
			t.Errorf("campaign.yaml lacks %q", want)
		}
	}
	for _, f := range []string{"locales/ja-JP/futures-trading-cup.json", "campaigns/futures-trading-cup/rules/ar-SA.md", "campaigns/cup-page/page.tsx", "locales/en/cup.json"} {
		if _, err := os.Stat(filepath.Join(root, f)); err != nil {
			t.Error(err)
		}
	}
	rep := check.Load(root, check.Folders{})
	for _, d := range rep.Diagnostics {
		t.Errorf("check: %s", d)
	}
	res, err := generator.Build(context.Background(), generator.Options{Root: root, Out: filepath.Join(t.TempDir(), "dist")})
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	for _, w := range res.Warnings {
		t.Errorf("build: %s", w)
	}
	if res.Campaigns != 5 {
		t.Errorf("built %d campaigns, want the 3 examples and the 2 new ones", res.Campaigns)
	}
}

// Refusals say what is wrong and how to fix it, and write nothing.
func TestNewRefusesAndWritesNothing(t *testing.T) {
	root := site(t)
	before := tree(t, root)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"depositblastoff"}, "campaigns/depositblastoff exists already: choose another slug, or edit that campaign"},
		{[]string{"Futures_Cup"}, `"Futures_Cup" is not a campaign slug: use lower-case letters, digits and hyphens, like futures-trading-cup`},
		{[]string{"cup", "--template", "pages"}, `--template "pages" is not a template (did you mean page?)`},
		{[]string{"cup", "--locales", "ja"}, `--locales: "ja" is not a locale of the site (did you mean ja-JP?)`},
		{[]string{"cup", "--namespace", "spot-activity"}, "locales/en/spot-activity.json exists already: namespace spot-activity is taken; choose another with --namespace"},
	} {
		_, _, err := run(t, root, tc.args...)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%v: %v\nwant %s", tc.args, err, tc.want)
		}
	}
	if after := tree(t, root); after != before {
		t.Errorf("a refusal wrote files:\n%s", after)
	}
}

func tree(t *testing.T, root string) string {
	var b strings.Builder
	_ = filepath.Walk(root, func(p string, info os.FileInfo, err error) error {
		if err == nil && info.Mode()&os.ModeSymlink == 0 {
			b.WriteString(p + "\n")
		}
		return nil
	})
	return b.String()
}
