package cdn

import (
	"bytes"
	"compress/gzip"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
)

const revalidate = "public, max-age=0, must-revalidate"

func page(text string) string {
	return "<!doctype html><html><body><h1>" + text + "</h1>" +
		strings.Repeat("<p>Trade, earn and win rewards.</p>", 40) + "</body></html>\n"
}

// writeSite writes a dist/ as the build lays it out; version marks the pages
// so a swapped-in build can be told apart.
func writeSite(t testing.TB, dir, version string) {
	t.Helper()
	noise := make([]byte, 2048)
	for i := range noise {
		noise[i] = byte(i*7919 + i*i*31)
	}
	files := map[string]string{
		"referral-v2/index.html":        page("en referral-v2 " + version),
		"pt-BR/referral-v2/index.html":  page("pt-BR referral-v2 " + version),
		"ja-JP/referral-v2/index.html":  page("ja-JP referral-v2 " + version),
		"xyz/index.html":                page("a campaign folder the Site does not list"),
		"404.html":                      page("English 404"),
		"ja-JP/404.html":                page("ja-JP 404"),
		"assets/js/chunk-AB12CD34.js":   strings.Repeat("export const a=1;console.log(a);\n", 200),
		"assets/img/hero-1a2b3c4d.webp": string(noise),
		"robots.txt":                    "User-agent: *\nAllow: /\n",
		"favicon.ico":                   strings.Repeat("\x00\x01", 300),
		".well-known/assetlinks.json":   `[{"relation":["delegate_permission/common.handle_all_urls"]}]`,
		".git/config":                   "[core]\n",
		"_headers":                      string(FormatHeaders(DefaultHeaders(testCSP))),
		"_redirects":                    string(testSite.RedirectsFile()),
	}
	for name, body := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func newTestServer(t testing.TB) (http.Handler, string) {
	dir := filepath.Join(t.TempDir(), "dist")
	writeSite(t, dir, "v1")
	return NewServer(dir, testSite), dir
}

func do(h http.Handler, method, target string, hdr ...string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, target, nil)
	for i := 0; i+1 < len(hdr); i += 2 {
		r.Header.Set(hdr[i], hdr[i+1])
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

func readFile(t testing.TB, dir, name string) []byte {
	data, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestServerRoutes(t *testing.T) {
	h, _ := newTestServer(t)
	for _, c := range []struct {
		target, status, ctype, body, location, cache string
	}{
		{"/referral-v2/", "200", "text/html; charset=utf-8", "en referral-v2 v1", "", revalidate},
		{"/pt-BR/referral-v2/?ref=1", "200", "text/html", "pt-BR referral-v2", "", revalidate},
		{"/pt-br/referral-v2/?ref=1", "301", "", "", "/pt-BR/referral-v2/?ref=1", revalidate},
		{"/en/referral-v2/?ref=A&b=2", "301", "", "", "/referral-v2/?ref=A&b=2", ""},
		{"/en-us/referral-v2", "301", "", "", "/referral-v2/", ""},
		{"/ja-JP/referral-v2?ref=1", "301", "", "", "/ja-JP/referral-v2/?ref=1", ""},
		{"/de/referral-v2/", "301", "", "", "/referral-v2/", ""},
		{"/xyz", "301", "", "", "/xyz/", ""}, // shaped like a locale, but a folder
		{"/xyz/", "200", "text/html", "does not list", "", ""},
		{"/assets/js/chunk-AB12CD34.js", "200", "text/javascript; charset=utf-8", "export const", "", "public, max-age=31536000, immutable"},
		{"/assets/img/hero-1a2b3c4d.webp", "200", "image/webp", "", "", "public, max-age=31536000, immutable"},
		{"/robots.txt", "200", "text/plain; charset=utf-8", "User-agent", "", revalidate},
		{"/favicon.ico", "200", "image/x-icon", "", "", ""},
		{"/.well-known/assetlinks.json", "200", "application/json", "delegate_permission", "", ""},
		{"/assets", "404", "text/html", "English 404", "", ""},
		{"/assets/", "404", "text/html", "English 404", "", ""},
		{"/_headers", "404", "text/html", "English 404", "", revalidate},
		{"/_redirects", "404", "text/html", "English 404", "", ""},
		{"/_HEADERS", "404", "text/html", "English 404", "", ""},
		{"/.git/config", "404", "text/html", "English 404", "", ""},
		{"/referral-v2/index.html/", "404", "text/html", "English 404", "", ""},
	} {
		w := do(h, "GET", c.target)
		got := w.Result()
		switch {
		case got.Status[:3] != c.status:
			t.Errorf("%s: status %s; want %s", c.target, got.Status, c.status)
		case !strings.HasPrefix(got.Header.Get("Content-Type"), c.ctype):
			t.Errorf("%s: Content-Type %q; want %q", c.target, got.Header.Get("Content-Type"), c.ctype)
		case !strings.Contains(w.Body.String(), c.body):
			t.Errorf("%s: body lacks %q", c.target, c.body)
		case got.Header.Get("Location") != c.location:
			t.Errorf("%s: Location %q; want %q", c.target, got.Header.Get("Location"), c.location)
		case c.cache != "" && got.Header.Get("Cache-Control") != c.cache:
			t.Errorf("%s: Cache-Control %q; want %q", c.target, got.Header.Get("Cache-Control"), c.cache)
		case got.Header.Get("X-Content-Type-Options") != "nosniff" || got.Header.Get("Content-Security-Policy") == "":
			t.Errorf("%s: security headers missing: %v", c.target, got.Header)
		}
	}
}

func TestServerNotFound(t *testing.T) {
	h, dir := newTestServer(t)
	for target, want := range map[string]string{
		"/ja-JP/nope/":        "ja-JP 404",
		"/ja-JP/nope":         "ja-JP 404",
		"/ja-JP/../x":         "ja-JP 404", // refused path, still in its locale
		"/nope/":              "English 404",
		"/pt-BR/nope/":        "English 404", // pt-BR has no 404 page of its own
		"/zh-HK/referral-v2/": "English 404",
	} {
		w := do(h, "GET", target)
		if w.Code != 404 || !strings.Contains(w.Body.String(), want) {
			t.Errorf("%s: %d %.60q; want 404 with %q", target, w.Code, w.Body.String(), want)
		}
		if w.Header().Get("Cache-Control") != revalidate || w.Header().Get("X-Frame-Options") != "DENY" {
			t.Errorf("%s: _headers not applied: %v", target, w.Header())
		}
	}
	// Without any 404 page: plain text, still with the site's headers.
	os.Remove(filepath.Join(dir, "404.html"))
	w := do(h, "GET", "/nope/")
	if w.Code != 404 || !strings.HasPrefix(w.Header().Get("Content-Type"), "text/plain") ||
		w.Header().Get("Referrer-Policy") == "" {
		t.Errorf("fallback: %d %v", w.Code, w.Header())
	}
}

func TestServerTraversal(t *testing.T) {
	h, dir := newTestServer(t)
	secret := filepath.Join(filepath.Dir(dir), "secret.txt")
	os.WriteFile(secret, []byte("TOP-SECRET"), 0o644)
	os.Symlink("../secret.txt", filepath.Join(dir, "leak.txt"))
	os.Symlink("..", filepath.Join(dir, "parent-link"))
	for _, target := range []string{
		"/../secret.txt",
		"/%2e%2e/secret.txt",
		"/assets/..%2f..%2fsecret.txt",
		"/assets/%2e%2e/_headers",
		"/assets/js/../../_headers",
		"/./_headers",
		"/\\..\\secret.txt",
		"/%5c..%5csecret.txt",
		"/referral-v2/%00",
		"//secret.txt",
		"/leak.txt",
		"/parent-link/secret.txt",
		"/parent-link/dist/_headers",
	} {
		w := do(h, "GET", target)
		if w.Code != 404 || strings.Contains(w.Body.String(), "TOP-SECRET") || strings.Contains(w.Body.String(), "Cache-Control:") {
			t.Errorf("%s: %d %.80q", target, w.Code, w.Body.String())
		}
	}
}

func TestServerOpenRedirects(t *testing.T) {
	h, _ := newTestServer(t)
	for _, target := range []string{
		"//evil.com", "//evil.com/", "/\\evil.com", "/%2F%2Fevil.com", "/%5Cevil.com",
		"/en//evil.com", "/en/%2F%2Fevil.com", "/en/%5Cevil.com", "/de//evil.com",
		"/pt-br//evil.com", "//evil.com/..", "/%2Fevil.com/",
	} {
		w := do(h, "GET", target)
		if loc := w.Header().Get("Location"); w.Code != 404 || loc != "" {
			t.Errorf("%s: %d Location %q; want 404 without Location", target, w.Code, loc)
		}
	}
}

func TestServerMethods(t *testing.T) {
	h, _ := newTestServer(t)
	for _, m := range []string{"POST", "PUT", "DELETE", "PATCH", "OPTIONS"} {
		w := do(h, m, "/referral-v2/")
		if w.Code != 405 || w.Header().Get("Allow") != "GET, HEAD" || w.Header().Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: %d %v", m, w.Code, w.Header())
		}
	}
	get := do(h, "GET", "/referral-v2/")
	for _, ae := range []string{"", "br"} {
		w := do(h, "HEAD", "/referral-v2/", "Accept-Encoding", ae)
		want := get.Body.Len()
		if ae == "br" {
			want = do(h, "GET", "/referral-v2/", "Accept-Encoding", ae).Body.Len()
		}
		if w.Code != 200 || w.Body.Len() != 0 || w.Header().Get("Content-Length") != strconv.Itoa(want) {
			t.Errorf("HEAD %q: %d, body %d, Content-Length %q; want %d", ae, w.Code, w.Body.Len(), w.Header().Get("Content-Length"), want)
		}
	}
	if w := do(h, "HEAD", "/nope/"); w.Code != 404 || w.Body.Len() != 0 {
		t.Errorf("HEAD 404: %d with %d bytes", w.Code, w.Body.Len())
	}
}

func decode(t *testing.T, enc string, body []byte) []byte {
	t.Helper()
	var r io.Reader = bytes.NewReader(body)
	switch enc {
	case "br":
		r = brotli.NewReader(r)
	case "gzip":
		zr, err := gzip.NewReader(r)
		if err != nil {
			t.Fatal(err)
		}
		r = zr
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("decode %s: %v", enc, err)
	}
	return out
}

func TestServerCompression(t *testing.T) {
	h, dir := newTestServer(t)
	for _, c := range []struct{ target, file, accept, enc, vary string }{
		{"/referral-v2/", "referral-v2/index.html", "gzip, deflate, br", "br", "Accept-Encoding"},
		{"/referral-v2/", "referral-v2/index.html", "gzip", "gzip", "Accept-Encoding"},
		{"/referral-v2/", "referral-v2/index.html", "br;q=0, gzip", "gzip", "Accept-Encoding"},
		{"/referral-v2/", "referral-v2/index.html", "", "", "Accept-Encoding"},
		{"/assets/js/chunk-AB12CD34.js", "assets/js/chunk-AB12CD34.js", "br", "br", "Accept-Encoding"},
		{"/assets/img/hero-1a2b3c4d.webp", "assets/img/hero-1a2b3c4d.webp", "br, gzip", "", ""},
		{"/robots.txt", "robots.txt", "br", "", "Accept-Encoding"}, // too small to gain
		{"/ja-JP/nope/", "ja-JP/404.html", "br", "br", "Accept-Encoding"},
		{"/nope/", "404.html", "gzip", "gzip", "Accept-Encoding"},
	} {
		for range 2 { // the second round is served from the cache
			w := do(h, "GET", c.target, "Accept-Encoding", c.accept)
			if got := w.Header().Get("Content-Encoding"); got != c.enc {
				t.Errorf("%s %q: Content-Encoding %q; want %q", c.target, c.accept, got, c.enc)
			}
			if got := w.Header().Get("Vary"); got != c.vary {
				t.Errorf("%s: Vary %q; want %q", c.target, got, c.vary)
			}
			if got := w.Header().Get("Content-Length"); got != strconv.Itoa(w.Body.Len()) {
				t.Errorf("%s: Content-Length %q for %d bytes", c.target, got, w.Body.Len())
			}
			if !bytes.Equal(decode(t, c.enc, w.Body.Bytes()), readFile(t, dir, c.file)) {
				t.Errorf("%s %q: decoded body differs from %s", c.target, c.accept, c.file)
			}
		}
	}
}

func TestServerConditional(t *testing.T) {
	h, _ := newTestServer(t)
	for _, enc := range []string{"", "br", "gzip"} {
		first := do(h, "GET", "/referral-v2/", "Accept-Encoding", enc)
		etag := first.Header().Get("ETag")
		if etag == "" || first.Header().Get("Last-Modified") == "" {
			t.Fatalf("%q: no validators: %v", enc, first.Header())
		}
		for _, inm := range []string{etag, `"other", W/` + etag, "*"} {
			w := do(h, "GET", "/referral-v2/", "Accept-Encoding", enc, "If-None-Match", inm)
			if w.Code != 304 || w.Body.Len() != 0 || w.Header().Get("ETag") != etag ||
				w.Header().Get("Cache-Control") != revalidate || w.Header().Get("Content-Security-Policy") == "" {
				t.Errorf("%q If-None-Match %s: %d %v", enc, inm, w.Code, w.Header())
			}
		}
		w := do(h, "GET", "/referral-v2/", "Accept-Encoding", enc, "If-Modified-Since", first.Header().Get("Last-Modified"))
		if w.Code != 304 {
			t.Errorf("%q If-Modified-Since: %d", enc, w.Code)
		}
	}
	// Each encoding has its own tag: a gzip tag does not validate brotli.
	gz := do(h, "GET", "/referral-v2/", "Accept-Encoding", "gzip").Header().Get("ETag")
	if w := do(h, "GET", "/referral-v2/", "Accept-Encoding", "br", "If-None-Match", gz); w.Code != 200 {
		t.Errorf("gzip tag validated a brotli response: %d", w.Code)
	}
	// A Range is served from the identity bytes.
	w := do(h, "GET", "/referral-v2/", "Accept-Encoding", "br", "Range", "bytes=0-14")
	if w.Code != 206 || w.Body.String() != "<!doctype html>" || w.Header().Get("Content-Encoding") != "" {
		t.Errorf("range: %d %q %v", w.Code, w.Body.String(), w.Header())
	}
}

func TestServerHeadersReload(t *testing.T) {
	h, dir := newTestServer(t)
	if got := do(h, "GET", "/referral-v2/").Header().Get("X-Release"); got != "" {
		t.Fatalf("X-Release before: %q", got)
	}
	rules := append(DefaultHeaders(testCSP), HeaderRule{Pattern: "/*", Headers: []Header{{"X-Release", "2"}}})
	os.WriteFile(filepath.Join(dir, "_headers"), FormatHeaders(rules), 0o644)
	if got := do(h, "GET", "/referral-v2/").Header().Get("X-Release"); got != "2" {
		t.Fatalf("X-Release after rewrite: %q", got)
	}
	// A broken file keeps the last good rules rather than drop them, and is
	// reported once, naming the line.
	var logs bytes.Buffer
	prev := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&logs, nil)))
	defer slog.SetDefault(prev)
	os.WriteFile(filepath.Join(dir, "_headers"), []byte("/*\n  orphan header\n"), 0o644)
	for range 3 {
		if got := do(h, "GET", "/referral-v2/").Header().Get("X-Release"); got != "2" {
			t.Fatalf("X-Release after a broken file: %q", got)
		}
	}
	if n := strings.Count(logs.String(), "_headers:2:"); n != 1 {
		t.Fatalf("broken _headers reported %d times: %s", n, logs.String())
	}
	// No file, no rules: the hosts' default Cache-Control alone.
	os.Remove(filepath.Join(dir, "_headers"))
	if got := do(h, "GET", "/referral-v2/").Header(); got.Get("Cache-Control") != DefaultCacheControl || got.Get("X-Release") != "" {
		t.Fatalf("headers without _headers: %v", got)
	}
}

func TestServerMissingDir(t *testing.T) {
	h := NewServer(filepath.Join(t.TempDir(), "never-built"), testSite)
	if w := do(h, "GET", "/referral-v2/"); w.Code != 503 || w.Header().Get("Retry-After") == "" {
		t.Fatalf("%d %v", w.Code, w.Header())
	}
}

// The build's own compressed copies (name.br, name.gz) are what the server sends.
func TestServerSendsPrecompressedCopies(t *testing.T) {
	dir := t.TempDir()
	writeSite(t, dir, "1")
	for enc, ext := range PrecompressedExt {
		if err := os.WriteFile(filepath.Join(dir, "assets/js/chunk-AB12CD34.js"+ext), []byte("the build's "+enc), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h := NewServer(dir, testSite)
	for _, enc := range []string{"br", "gzip"} {
		w := do(h, "GET", "/assets/js/chunk-AB12CD34.js", "Accept-Encoding", enc)
		if w.Code != 200 || w.Header().Get("Content-Encoding") != enc || w.Body.String() != "the build's "+enc || !strings.HasPrefix(w.Header().Get("Content-Type"), "text/javascript") {
			t.Errorf("%s: %d %v %q", enc, w.Code, w.Header(), w.Body.String())
		}
	}
	if w := do(h, "GET", "/assets/js/chunk-AB12CD34.js"); w.Header().Get("Content-Encoding") != "" || !strings.HasPrefix(w.Body.String(), "export const a=1") {
		t.Errorf("identity: %v %.40q", w.Header(), w.Body.String())
	}
}
