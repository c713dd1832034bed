package cdn

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// writeBuild writes a whole build whose pages and _headers both carry the
// version, so a response shows whether it mixed two builds.
func writeBuild(t testing.TB, dir, version string) {
	writeSite(t, dir, version)
	rules := append(DefaultHeaders(testCSP), HeaderRule{Pattern: "/*", Headers: []Header{{"X-Build", version}}})
	if err := os.WriteFile(filepath.Join(dir, "_headers"), FormatHeaders(rules), 0o644); err != nil {
		t.Fatal(err)
	}
}

var versionRe = regexp.MustCompile(`en referral-v2 (v\d+)`)

// swapIn puts the build in next in place of dir the way the build does: one
// atomic exchange where the system has it, else two renames (old folder
// away, new one in). The old build is deleted at once, requests in flight
// or not.
func swapIn(t *testing.T, mode, next, dir string) {
	switch mode {
	case "exchange":
		if err := exchangeDirs(next, dir); err != nil {
			t.Skipf("no atomic exchange here: %v", err)
		}
		os.RemoveAll(next)
	case "rename":
		old := dir + ".old"
		if err := os.Rename(dir, old); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(next, dir); err != nil {
			t.Fatal(err)
		}
		os.RemoveAll(old)
	}
}

// The build replaces dist/ while requests are in flight. Every response must
// succeed and come whole from one build, and the new build must be served
// once it is in place.
func TestServerSwap(t *testing.T) {
	for _, mode := range []string{"exchange", "rename"} {
		t.Run(mode, func(t *testing.T) {
			base := t.TempDir()
			dir := filepath.Join(base, "dist")
			writeBuild(t, dir, "v1")
			srv := httptest.NewServer(NewServer(dir, testSite))
			defer srv.Close()

			var stop atomic.Bool
			var requests atomic.Int64
			var wg sync.WaitGroup
			for i := range 8 {
				accept := []string{"", "br", "gzip"}[i%3]
				wg.Go(func() {
					for !stop.Load() {
						if err := checkPage(t, srv.URL, accept); err != nil {
							t.Error(err)
							return
						}
						requests.Add(1)
					}
				})
			}
			last := ""
			for i := 2; i <= 15; i++ {
				last = fmt.Sprintf("v%d", i)
				next := filepath.Join(base, "dist.new")
				writeBuild(t, next, last)
				swapIn(t, mode, next, dir)
				time.Sleep(5 * time.Millisecond)
			}
			stop.Store(true)
			wg.Wait()
			if requests.Load() < 50 {
				t.Errorf("only %d requests during the swaps", requests.Load())
			}

			resp, err := http.Get(srv.URL + "/referral-v2/")
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if !strings.Contains(string(body), "en referral-v2 "+last+"<") || resp.Header.Get("X-Build") != last {
				t.Fatalf("after the swaps: X-Build %q, body %.80q; want %s", resp.Header.Get("X-Build"), body, last)
			}
		})
	}
}

func TestReplaced(t *testing.T) {
	base := t.TempDir()
	dir := filepath.Join(base, "dist")
	writeSite(t, dir, "v1")
	s := &server{dir: dir}
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	if s.replaced(root) {
		t.Fatal("fresh root reported replaced")
	}
	writeSite(t, dir+".new", "v2")
	swapIn(t, "rename", dir+".new", dir)
	if !s.replaced(root) {
		t.Fatal("swapped and deleted root not reported replaced")
	}
}

func checkPage(t *testing.T, base, accept string) error {
	req, _ := http.NewRequest("GET", base+"/referral-v2/", nil)
	req.Header.Set("Accept-Encoding", accept)
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode != 200 {
		return fmt.Errorf("status %d during swap", resp.StatusCode)
	}
	m := versionRe.FindSubmatch(decode(t, resp.Header.Get("Content-Encoding"), raw))
	if m == nil || string(m[1]) != resp.Header.Get("X-Build") {
		return fmt.Errorf("mixed builds: X-Build %q, page %q", resp.Header.Get("X-Build"), m)
	}
	return nil
}

// BenchmarkServeCompressedHTML measures the steady state of a page request:
// brotli bytes from the cache, headers from the parsed _headers.
func BenchmarkServeCompressedHTML(b *testing.B) {
	dir := filepath.Join(b.TempDir(), "dist")
	writeSite(b, dir, "v1")
	h := NewServer(dir, testSite)
	req := httptest.NewRequest("GET", "/pt-BR/referral-v2/", nil)
	req.Header.Set("Accept-Encoding", "gzip, deflate, br, zstd")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	if w.Code != 200 || w.Header().Get("Content-Encoding") != "br" {
		b.Fatalf("warm-up: %d %v", w.Code, w.Header())
	}
	b.SetBytes(int64(w.Body.Len()))
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			w := httptest.NewRecorder()
			h.ServeHTTP(w, req)
			if w.Code != 200 {
				b.Errorf("status %d", w.Code)
				return
			}
		}
	})
}
