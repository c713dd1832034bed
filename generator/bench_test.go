package generator_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/promohq/promo/generator"
	"github.com/promohq/promo/internal/content"
	"github.com/promohq/promo/internal/sitetest"
)

// specBundles are the campaign text bundles the spec names (§1), less the library's.
var specBundles = []string{"aboutus", "balance-booster", "bit-launch-event", "bit-starter-airdrop", "bitdao-airdrop",
	"bonusbash", "builder", "bybit-home", "depositblastoff", "donation", "email-subscription", "esports", "forex",
	"gamblers", "invite-v2", "jolly-jamboree", "launch-home", "leaderboard", "mine-cloud", "my-fee-rate",
	"referral-roll", "referral-v2", "series-game", "spot-activity", "stocks", "task-center", "trader",
	"tradercircle", "vip-v2", "welcomealpha", "wsot2021", "promo-extra-1", "promo-extra-2"}

// syntheticSite writes n campaigns (33 × k named after the spec's bundles), each with
// texts in every locale and rules in five, the shape of DESIGN §7's budget site.
func syntheticSite(b *testing.B, n int) string {
	var s strings.Builder
	s.WriteString(sitetest.LibraryTexts(b))
	locales := content.DefaultConfig().Locales
	for _, l := range locales {
		if l != "en" {
			fmt.Fprintf(&s, "-- locales/%s/gmp-lib.json --\n{\"schedule\": {\"title\": \"Schedule %s\", \"activity\": \"Period\", \"enrolment\": \"Registration\"}, \"rules\": {\"title\": \"Rules\"}, \"notFound\": {\"title\": \"Not found\", \"body\": \"Try:\"}}\n", l, l)
		}
		fmt.Fprintf(&s, "-- locales/%s/error-code.json --\n{\"errorCode\": {\"2009\": \"Wrong code %s\"}}\n", l, l)
	}
	for i := range n {
		slug := specBundles[i%len(specBundles)]
		if i >= len(specBundles) {
			slug = fmt.Sprintf("%s-%d", slug, i/len(specBundles))
		}
		fmt.Fprintf(&s, "-- campaigns/%s/campaign.yaml --\nid: \"%d\"\nnamespace: %s\nschedule: {start: 2026-11-01T00:00:00Z, end: 2026-12-01T00:00:00Z}\nwidgets:\n  quickApply: {}\n", slug, 10000+i, slug)
		for _, l := range locales {
			fmt.Fprintf(&s, "-- locales/%s/%s.json --\n{\"meta\": {\"title\": \"%s %s\", \"description\": \"Join %s and earn rewards in %s\"}, \"hero\": {\"title\": \"%s\", \"subtitle\": \"Trade and earn up to 500 USDT (%s)\"}}\n", l, slug, slug, l, slug, l, slug, l)
		}
		for _, l := range []string{"en", "ar-SA", "ja-JP", "ru-RU", "pt-BR"} {
			fmt.Fprintf(&s, "-- campaigns/%s/rules/%s.md --\n1. Register during the registration period.\n2. Deposit at least **100 USDT**.\n3. Rewards arrive within 7 days. See [terms](/terms/).\n\n| tier | reward |\n|---|---|\n| 1 | 20 USDT |\n| 2 | 150 USDT |\n", slug, l)
		}
	}
	// The site lives on the repository's disk, not in /tmp: on some machines /tmp is
	// several times slower to write, which would measure the disk, not the build.
	if err := os.MkdirAll(filepath.Join(sitetest.RepoRoot(), ".bench"), 0o755); err != nil {
		b.Fatal(err)
	}
	root, err := os.MkdirTemp(filepath.Join(sitetest.RepoRoot(), ".bench"), "site-")
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { os.RemoveAll(root) })
	sitetest.WriteInto(b, root, s.String())
	return root
}

func benchmarkBuild(b *testing.B, campaigns int) {
	sitetest.RequireNodeModules(b)
	root := syntheticSite(b, campaigns)
	opts := siteOptions(root)
	var pages int
	for b.Loop() {
		res, err := generator.Build(context.Background(), opts)
		if err != nil {
			b.Fatal(err)
		}
		pages = res.Pages
	}
	b.ReportMetric(float64(pages), "pages")
	b.ReportMetric(float64(pages*b.N)/b.Elapsed().Seconds(), "pages/s")
	b.ReportMetric(peakMB(), "peak-MB")
}

// BenchmarkBuild759 is DESIGN §7's budget: 33 campaigns × 23 locales, ≤ 1.3 s, ≤ 500 MB.
func BenchmarkBuild759(b *testing.B) { benchmarkBuild(b, 33) }

// BenchmarkBuild7590 checks the scaling budget: 10× the campaigns ≤ 11× the time.
func BenchmarkBuild7590(b *testing.B) { benchmarkBuild(b, 330) }

// peakMB is the build's peak resident memory: this process's high-water mark plus the
// largest prerender worker's, times the two workers a build runs.
func peakMB() float64 {
	self := 0.0
	if data, err := os.ReadFile("/proc/self/status"); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
				var kb float64
				fmt.Sscanf(strings.TrimSpace(v), "%f", &kb)
				self = kb / 1024
			}
		}
	}
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru)
	return self + 2*float64(ru.Maxrss)/1024
}

// BenchmarkRebuild759 is the 759-page site rebuilt by a live builder in watch mode:
// with nothing changed (DESIGN §7: ≤ 0.3 s) and after one ja-JP text edit.
func BenchmarkRebuild759(b *testing.B) {
	sitetest.RequireNodeModules(b)
	root := syntheticSite(b, 33)
	opts := siteOptions(root)
	opts.WriteInPlace = true
	bl, err := generator.NewBuilder(opts)
	if err != nil {
		b.Fatal(err)
	}
	defer bl.Close()
	if _, err := rebuild(bl, root, content.Everything); err != nil {
		b.Fatal(err)
	}
	b.Run("nothing-changed", func(b *testing.B) {
		for b.Loop() {
			if _, err := rebuild(bl, root, content.Changes{}); err != nil {
				b.Fatal(err)
			}
		}
	})
	n := 0 // across -count runs too: each edit must differ from the last
	b.Run("one-text", func(b *testing.B) {
		for b.Loop() {
			n++
			sitetest.WriteInto(b, root, fmt.Sprintf("-- locales/ja-JP/bonusbash.json --\n{\"hero\": {\"title\": \"ボーナス %d\", \"subtitle\": \"x\"}}\n", n))
			res, err := rebuild(bl, root, content.Changes{Files: []string{"locales/ja-JP/bonusbash.json"}})
			if err != nil {
				b.Fatal(err)
			}
			if len(res.Rendered) != 1 {
				b.Fatalf("rendered %d pages, want 1", len(res.Rendered))
			}
		}
	})
}
