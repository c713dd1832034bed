package dev

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/promohq/promo/internal/sitetest"
)

// BenchmarkSaveToReload measures, on a copy of the repository's example site, the time
// from a file write to the reload event for each kind of file, as medians over 20 edits
// (DESIGN §7: ≤ 100 ms for a text, Markdown or YAML edit, ≤ 300 ms for TSX).
func BenchmarkSaveToReload(b *testing.B) {
	sitetest.RequireNodeModules(b)
	repo := sitetest.RepoRoot()
	root := b.TempDir()
	if out, err := exec.Command("bash", filepath.Join(repo, "scripts", "dev-site.sh"), root).CombinedOutput(); err != nil {
		b.Fatalf("%v: %s", err, out)
	}
	s, err := New(Options{Root: root, NewBuilder: repoBuilder(root), Log: io.Discard})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	<-s.rebuilt
	events := s.events.subscribe()
	kinds := []struct {
		name, file, find string
	}{
		{"text", "locales/en/depositblastoff.json", `"title": "Deposit Blast-Off"`},
		{"markdown", "campaigns/depositblastoff/rules/en.md", "Deposit at least 100 USDT"},
		{"yaml", "campaigns/depositblastoff/campaign.yaml", "redirect: /spot-activity/"},
		{"tsx", "campaigns/referral-v2/page.tsx", `className="promo-page"`},
	}
	for b.Loop() {
		for _, k := range kinds {
			path := filepath.Join(root, filepath.FromSlash(k.file))
			original, err := os.ReadFile(path)
			if err != nil {
				b.Fatal(err)
			}
			var took []time.Duration
			for i := range 20 {
				changed := strings.Replace(string(original), k.find, variant(k.name, k.find, i), 1)
				start := time.Now()
				if err := os.WriteFile(path, []byte(changed), 0o644); err != nil {
					b.Fatal(err)
				}
				if err := waitReload(events); err != nil {
					b.Fatalf("%s edit %d: %v", k.name, i, err)
				}
				took = append(took, time.Since(start))
			}
			if err := os.WriteFile(path, original, 0o644); err != nil {
				b.Fatal(err)
			}
			_ = waitReload(events)
			slices.Sort(took)
			b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, k.name+"-median-ms")
		}
	}
}

// variant makes the i-th edit of each kind, always different from the last.
func variant(kind, find string, i int) string {
	switch kind {
	case "text":
		return fmt.Sprintf(`"title": "Deposit Blast-Off %d"`, i)
	case "markdown":
		return fmt.Sprintf("Deposit at least %d USDT", 200+i)
	case "yaml":
		return fmt.Sprintf("redirect: /spot-activity/?v=%d", i)
	default:
		return fmt.Sprintf(`className="promo-page v%d"`, i)
	}
}

func waitReload(events chan event) error {
	timeout := time.After(10 * time.Second)
	for {
		select {
		case e := <-events:
			switch e.Name {
			case "reload":
				return nil
			case "error":
				return fmt.Errorf("the edit failed to build: %+v", e.Data)
			}
		case <-timeout:
			return fmt.Errorf("no reload event")
		}
	}
}
