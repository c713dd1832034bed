package generator_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/promohq/promo/generator"
	"github.com/promohq/promo/internal/sitetest"
)

// BenchmarkPageWeight builds the repository's own site and reports, per example
// campaign, the brotli size of the first-load JS (entry + preloaded chunks) and of the
// campaign's own entry, and the lazy chunks' sizes: DESIGN §7 budgets ≤ 90 KB and
// ≤ 6 KB.
func BenchmarkPageWeight(b *testing.B) {
	sitetest.RequireNodeModules(b)
	repo := sitetest.RepoRoot()
	out := b.TempDir()
	for b.Loop() {
		if _, err := generator.Build(context.Background(), generator.Options{Root: repo, Out: filepath.Join(out, "dist")}); err != nil {
			b.Fatal(err)
		}
	}
	var m struct {
		Pages []struct {
			Path    string   `json:"path"`
			Slug    string   `json:"slug"`
			Locale  string   `json:"locale"`
			Scripts []string `json:"scripts"`
			Lazy    []string `json:"lazy"`
		} `json:"pages"`
	}
	data, err := os.ReadFile(filepath.Join(out, "dist", "manifest.json"))
	if err != nil {
		b.Fatal(err)
	}
	if err := json.Unmarshal(data, &m); err != nil {
		b.Fatal(err)
	}
	size := func(p string) float64 {
		raw, err := os.ReadFile(filepath.Join(out, "dist", filepath.FromSlash(strings.TrimPrefix(p, "/"))))
		if err != nil {
			b.Fatal(err)
		}
		var buf bytes.Buffer
		w := brotli.NewWriterLevel(&buf, brotli.BestCompression)
		w.Write(raw)
		w.Close()
		return float64(buf.Len()) / 1024
	}
	lazy := map[string]float64{}
	for _, p := range m.Pages {
		if p.Locale != "en" {
			continue
		}
		total := 0.0
		for _, s := range p.Scripts {
			total += size(s)
		}
		b.ReportMetric(total, p.Slug+"-first-load-KB")
		b.ReportMetric(size(p.Scripts[0]), p.Slug+"-own-KB")
		for _, l := range p.Lazy {
			lazy[filepath.Base(l)] = size(l)
		}
	}
	for name, kb := range lazy {
		b.ReportMetric(kb, "lazy-"+strings.SplitN(name, "-", 2)[0]+"-KB")
	}
}
