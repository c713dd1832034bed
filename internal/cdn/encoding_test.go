package cdn

import (
	"bytes"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
)

func TestNegotiate(t *testing.T) {
	for in, want := range map[string]string{
		"":                        "",
		"identity":                "",
		"br":                      "br",
		"gzip":                    "gzip",
		"gzip, deflate, br, zstd": "br",
		"BR;Q=1, GZIP":            "br",
		"br;q=0, gzip":            "gzip",
		"br;q=0.5, gzip;q=0.8":    "gzip",
		"br;q=0.8, gzip;q=0.8":    "br",
		"gzip;q=0":                "",
		"*":                       "br",
		"*;q=0.1, gzip":           "gzip",
		"br;q=bogus, x-gzip":      "gzip",
		"deflate":                 "",
	} {
		if got := negotiate(in); got != want {
			t.Errorf("negotiate(%q) = %q; want %q", in, got, want)
		}
	}
}

func TestContentType(t *testing.T) {
	for name, want := range map[string]string{
		"a/index.html":                           "text/html; charset=utf-8",
		"assets/js/c-1.js":                       "text/javascript; charset=utf-8",
		"assets/c.CSS":                           "text/css; charset=utf-8",
		"manifest.json":                          "application/json",
		"sitemap.xml":                            "application/xml; charset=utf-8",
		"robots.txt":                             "text/plain; charset=utf-8",
		"i.svg":                                  "image/svg+xml",
		"h.webp":                                 "image/webp",
		"h.png":                                  "image/png",
		"h.jpg":                                  "image/jpeg",
		"favicon.ico":                            "image/x-icon",
		"f.woff2":                                "font/woff2",
		"site.webmanifest":                       "application/manifest+json",
		"noext":                                  "application/octet-stream",
		".well-known/apple-app-site-association": "application/json",
	} {
		if got := contentType(name); got != want {
			t.Errorf("contentType(%q) = %q; want %q", name, got, want)
		}
	}
	for ctype, want := range map[string]bool{
		"text/html; charset=utf-8": true, "application/json": true, "image/svg+xml": true,
		"image/webp": false, "font/woff2": false, "application/octet-stream": false,
	} {
		if compressible(ctype) != want {
			t.Errorf("compressible(%q) != %v", ctype, want)
		}
	}
}

func TestCompCacheBounded(t *testing.T) {
	body := bytes.Repeat([]byte("campaign page "), 100) // compresses to well under 1 KB
	c := newCompCache(4 * 1024)
	for i := range 100 {
		key := compKey{fmt.Sprintf("p%d.html", i), fileVersion{size: int64(len(body)), mtime: 1}, "gzip"}
		if _, err := c.get(key, func() ([]byte, error) { return body, nil }); err != nil {
			t.Fatal(err)
		}
		if c.used > c.max {
			t.Fatalf("after %d entries: %d bytes used, budget %d", i+1, c.used, c.max)
		}
	}
	if len(c.items) == 0 || len(c.items) == 100 || c.lru.Len() != len(c.items) {
		t.Fatalf("%d items, %d in LRU", len(c.items), c.lru.Len())
	}
	// The most recent entry survives, the oldest is gone.
	if _, ok := c.items[compKey{"p99.html", fileVersion{size: int64(len(body)), mtime: 1}, "gzip"}]; !ok {
		t.Error("newest entry evicted")
	}
	if _, ok := c.items[compKey{"p0.html", fileVersion{size: int64(len(body)), mtime: 1}, "gzip"}]; ok {
		t.Error("oldest entry kept")
	}
	// Incompressible data is remembered as such (nil body), not stored.
	noise := make([]byte, 512)
	for i := range noise {
		noise[i] = byte(i*7919 + i*i)
	}
	got, err := c.get(compKey{"n.bin", fileVersion{size: 512, mtime: 1}, "br"}, func() ([]byte, error) { return noise, nil })
	if err != nil || (got != nil && len(got) >= len(noise)) {
		t.Fatalf("incompressible: %d bytes, %v", len(got), err)
	}
}

func TestCompCacheCompressesOnce(t *testing.T) {
	c := newCompCache(1 << 20)
	var reads atomic.Int32
	body := bytes.Repeat([]byte("x"), 4096)
	key := compKey{"a.js", fileVersion{size: 4096, mtime: 1}, "br"}
	var wg sync.WaitGroup
	for range 32 {
		wg.Go(func() {
			got, err := c.get(key, func() ([]byte, error) { reads.Add(1); return body, nil })
			if err != nil || len(got) == 0 {
				t.Errorf("get: %d bytes, %v", len(got), err)
			}
		})
	}
	wg.Wait()
	if n := reads.Load(); n != 1 {
		t.Fatalf("read %d times", n)
	}
}
