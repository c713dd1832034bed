package generator_test

import (
	"bytes"
	"compress/gzip"
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
// campaign, the size of the first-load JS (entry + preloaded chunks: raw, gzip and
// brotli, the budgeted one) and the brotli size of the campaign's own entry and of the
// lazy chunks: DESIGN §7 budgets ≤ 90 KB and ≤ 6 KB.
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
	// sizes returns a script's raw, gzip (level 9) and brotli (quality 11) sizes in KB.
	sizes := func(p string) (raw, gz, br float64) {
		data, err := os.ReadFile(filepath.Join(out, "dist", filepath.FromSlash(strings.TrimPrefix(p, "/"))))
		if err != nil {
			b.Fatal(err)
		}
		var gbuf, bbuf bytes.Buffer
		g, _ := gzip.NewWriterLevel(&gbuf, gzip.BestCompression)
		g.Write(data)
		g.Close()
		w := brotli.NewWriterLevel(&bbuf, brotli.BestCompression)
		w.Write(data)
		w.Close()
		return float64(len(data)) / 1024, float64(gbuf.Len()) / 1024, float64(bbuf.Len()) / 1024
	}
	brotliKB := func(p string) float64 { _, _, br := sizes(p); return br }
	lazy := map[string]float64{}
	for _, p := range m.Pages {
		if p.Locale != "en" {
			continue
		}
		var raw, gz, br float64
		for _, s := range p.Scripts {
			r, g, bz := sizes(s)
			raw, gz, br = raw+r, gz+g, br+bz
		}
		b.ReportMetric(br, p.Slug+"-first-load-KB")
		b.ReportMetric(gz, p.Slug+"-first-load-gzip-KB")
		b.ReportMetric(raw, p.Slug+"-first-load-raw-KB")
		b.ReportMetric(brotliKB(p.Scripts[0]), p.Slug+"-own-KB")
		for _, l := range p.Lazy {
			lazy[filepath.Base(l)] = brotliKB(l)
		}
	}
	for name, kb := range lazy {
		b.ReportMetric(kb, "lazy-"+strings.SplitN(name, "-", 2)[0]+"-KB")
	}
}
