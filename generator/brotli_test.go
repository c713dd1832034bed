package generator

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/promohq/promo/internal/cdn"
	"github.com/promohq/promo/internal/sitetest"
)

// Node's brotli gives the copies the Go port gives, several at once.
func TestBrotliCompressorGivesTheGoPortsBytes(t *testing.T) {
	sitetest.RequireNodeModules(t)
	c, err := startBrotli(NodeBinary(filepath.Join(sitetest.RepoRoot(), "node_modules")))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	inputs := [][]byte{{}, []byte("x"), bytes.Repeat([]byte("const a = 1;\n"), 5000)}
	for i := range 8 {
		inputs = append(inputs, []byte(strings.Repeat(fmt.Sprintf("<p class=\"promo-%d\">текст %d</p>\n", i, i), 300+i*97)))
	}
	var wg sync.WaitGroup
	for _, in := range inputs {
		wg.Go(func() {
			got, err := c.Compress(in)
			if err != nil {
				t.Error(err)
				return
			}
			if want, _ := cdn.CompressBest(in, "br"); !bytes.Equal(got, want) {
				t.Errorf("%d bytes: Node gave %d bytes, the Go port %d", len(in), len(got), len(want))
			}
			if back, err := io.ReadAll(brotli.NewReader(bytes.NewReader(got))); err != nil || !bytes.Equal(back, in) {
				t.Errorf("%d bytes: the copy does not decode to the input (%v)", len(in), err)
			}
		})
	}
	wg.Wait()
}

// A compressor that cannot start or stops says so to every caller, none waits forever.
func TestBrotliCompressorFailures(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no-node")
	if _, err := startBrotli(missing); err == nil || !strings.Contains(err.Error(), missing) || !strings.Contains(err.Error(), "npm install") {
		t.Errorf("a missing node: %v", err)
	}
	sitetest.RequireNodeModules(t)
	c, err := startBrotli(NodeBinary(filepath.Join(sitetest.RepoRoot(), "node_modules")))
	if err != nil {
		t.Fatal(err)
	}
	_ = c.cmd.Process.Kill()
	for range 3 {
		if _, err := c.Compress([]byte("after the end")); err == nil || !strings.Contains(err.Error(), "brotli compressor stopped") {
			t.Errorf("a killed compressor: %v", err)
		}
	}
	c.Close()
}
