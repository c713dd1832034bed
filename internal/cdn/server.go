package cdn

import (
	"errors"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// NewServer returns a handler that serves the built site in dir the way the
// CDN does with the same dist/: redirects first (Site.Redirect, plus the
// trailing slash of any directory holding an index.html), /x/ served from
// x/index.html, the headers of dir/_headers on every response, per-locale
// 404 pages, brotli or gzip for text, ETag revalidation, GET and HEAD only.
//
// The build replaces dir by renaming a new folder into place, so nothing is
// held across requests: each request opens dir afresh (os.Root, which also
// confines every lookup, symbolic links included, to dir), and _headers is
// re-read whenever the file found there is not the one read last.
func NewServer(dir string, site Site) http.Handler {
	return &server{dir: dir, site: site, cache: newCompCache(compCacheBytes)}
}

type server struct {
	dir   string
	site  Site
	cache *compCache
	rules rulesCache
}

// hidden are the CDN's control files: read by the CDN, never served.
var hidden = []string{"_headers", "_redirects", "_routes.json", "_worker.js"}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	// A build may replace dir between our opening it and opening a file in
	// it, and delete the old folder at once. A miss in a folder that is no
	// longer dir is therefore asked again of the new one, a few times, since
	// a slow request can see more than one build go by.
	for attempt := 1; ; attempt++ {
		root, err := s.openRoot()
		if err != nil {
			w.Header().Set("Retry-After", "1")
			http.Error(w, "site not available", http.StatusServiceUnavailable)
			return
		}
		done := s.serve(w, r, root, attempt < 4)
		root.Close()
		if done {
			return
		}
	}
}

// serve answers r from root. It returns false, having written nothing, when
// the file is missing, mayRetry is set and root is no longer the site
// directory.
func (s *server) serve(w http.ResponseWriter, r *http.Request, root *os.Root, mayRetry bool) bool {
	rules, whole := s.rules.get(root)
	if !whole && mayRetry && s.replaced(root) {
		// The build being deleted lost its _headers first: ask the new one
		// rather than answer without the security headers.
		return false
	}
	set := HeadersFor(rules, r.URL.EscapedPath())
	if set.Get("Cache-Control") == "" {
		set.Set("Cache-Control", DefaultCacheControl) // as the CDNs do (DefaultHeaders)
	}
	for k, v := range set {
		w.Header()[k] = v
	}
	miss := func() bool {
		if mayRetry && s.replaced(root) {
			for k := range set {
				w.Header().Del(k)
			}
			return false
		}
		s.notFound(w, r, root)
		return true
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return true
	}
	rel, ok := cleanPath(r.URL)
	if !ok {
		s.notFound(w, r, root)
		return true
	}
	isTop := func(name string) bool { _, err := root.Stat(name); return err == nil }
	if target, ok := s.site.redirect(r.URL, isTop); ok {
		redirect(w, target)
		return true
	}

	name := rel
	if name == "" || strings.HasSuffix(name, "/") {
		name += "index.html"
	}
	f, err := root.Open(name)
	if err != nil {
		return miss()
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return miss()
	}
	if fi.IsDir() {
		// A page directory asked for without its slash; any other directory
		// is not found: there are no listings.
		if _, err := root.Stat(rel + "/index.html"); err == nil {
			target := r.URL.EscapedPath() + "/"
			if r.URL.RawQuery != "" {
				target += "?" + r.URL.RawQuery
			}
			if safeTarget(target) {
				redirect(w, target)
				return true
			}
		}
		return miss()
	}
	if !fi.Mode().IsRegular() {
		return miss()
	}
	s.serveFile(w, r, root, f, fi, name)
	return true
}

// replaced reports whether root is no longer the folder at s.dir. A folder
// deleted under us may not even answer for itself: that counts as replaced.
func (s *server) replaced(root *os.Root) bool {
	cur, err := os.Stat(s.dir)
	if err != nil {
		return false
	}
	mine, err := root.Stat(".")
	return err != nil || !os.SameFile(cur, mine)
}

// openRoot opens the site directory. A build that swaps dist/ by two renames
// (old away, new in) leaves it missing for a moment, so a missing directory
// is retried briefly before the request is turned away.
func (s *server) openRoot() (*os.Root, error) {
	delay := time.Millisecond
	for {
		root, err := os.OpenRoot(s.dir)
		if err == nil || !errors.Is(err, fs.ErrNotExist) || delay > 32*time.Millisecond {
			return root, err
		}
		time.Sleep(delay)
		delay *= 2
	}
}

func redirect(w http.ResponseWriter, target string) {
	w.Header().Set("Location", target)
	w.WriteHeader(http.StatusMovedPermanently)
}

// cleanPath returns the file path that u names, relative to the site, or
// false when u is not a plain path: a NUL, a backslash, an encoded slash, an
// empty, "." or ".." segment, a dot file (except /.well-known/, which app
// links need) or one of the CDN's control files.
func cleanPath(u *url.URL) (string, bool) {
	p := u.Path
	if p == "" || p[0] != '/' || strings.ContainsAny(p, "\x00\\") {
		return "", false
	}
	raw := strings.ToLower(u.RawPath)
	if strings.Contains(raw, "%2f") || strings.Contains(raw, "%5c") {
		return "", false
	}
	rel := p[1:]
	segs := strings.Split(rel, "/")
	for i, seg := range segs {
		last := i == len(segs)-1
		switch {
		case seg == "" && !last, seg == "." || seg == "..":
			return "", false
		case strings.HasPrefix(seg, ".") && !(i == 0 && seg == ".well-known"):
			return "", false
		}
	}
	for _, h := range hidden {
		if strings.EqualFold(rel, h) { // case-insensitive file systems exist
			return "", false
		}
	}
	return rel, true
}

// serveFile answers with a file: compressed from the cache when the client
// and the type allow, else through http.ServeContent, which brings Range
// and the conditional requests.
func (s *server) serveFile(w http.ResponseWriter, r *http.Request, root *os.Root, f *os.File, fi fs.FileInfo, name string) {
	h := w.Header()
	ctype := contentType(name)
	if h.Get("Content-Type") == "" {
		h.Set("Content-Type", ctype)
	}
	ver := versionOf(fi)
	etag := ver.etag()
	if compressible(ctype) {
		h.Add("Vary", "Accept-Encoding")
		// A Range applies to the identity bytes: ranges of a compressed
		// stream are rarely what a client can use.
		enc := negotiate(r.Header.Get("Accept-Encoding"))
		if enc != "" && r.Header.Get("Range") == "" &&
			fi.Size() >= minCompressSize && fi.Size() <= maxCompressSize {
			key := compKey{name, ver, enc}
			body, err := s.cache.get(key, func() ([]byte, error) {
				// The build's own copy (name.br, name.gz: brotli at quality 11), else
				// the file, which the cache compresses.
				if pre, err := root.ReadFile(name + PrecompressedExt[enc]); err == nil {
					return pre, errPrecompressed
				}
				return io.ReadAll(f)
			})
			if err == nil && body != nil {
				// Each encoding is its own representation, with its own tag.
				h.Set("ETag", etag+"-"+enc+`"`)
				h.Set("Last-Modified", fi.ModTime().UTC().Format(http.TimeFormat))
				if notModified(r, h.Get("ETag"), fi.ModTime()) {
					h.Del("Content-Type")
					w.WriteHeader(http.StatusNotModified)
					return
				}
				h.Set("Content-Encoding", enc)
				writeBody(w, r, http.StatusOK, body)
				return
			}
		}
	}
	h.Set("ETag", etag+`"`)
	http.ServeContent(w, r, "", fi.ModTime(), f)
}

// notModified evaluates If-None-Match (weak comparison, as RFC 9110 asks for
// it) and, without it, If-Modified-Since.
func notModified(r *http.Request, etag string, mtime time.Time) bool {
	if inm := r.Header.Get("If-None-Match"); inm != "" {
		for _, t := range strings.Split(inm, ",") {
			t = strings.TrimSpace(t)
			if t == "*" || strings.TrimPrefix(t, "W/") == strings.TrimPrefix(etag, "W/") {
				return true
			}
		}
		return false
	}
	ims, err := http.ParseTime(r.Header.Get("If-Modified-Since"))
	return err == nil && !mtime.Truncate(time.Second).After(ims)
}

func writeBody(w http.ResponseWriter, r *http.Request, status int, body []byte) {
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}

// notFound answers 404 with the 404 page of the locale in the first path
// segment, else the English one, else plain text.
func (s *server) notFound(w http.ResponseWriter, r *http.Request, root *os.Root) {
	pages := []string{"404.html"}
	first, _, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/"), "/")
	if loc := s.site.locale(first); loc != "" && loc == first {
		pages = []string{loc + "/404.html", "404.html"}
	}
	h := w.Header()
	for _, page := range pages {
		fi, err := root.Stat(page)
		if err != nil || !fi.Mode().IsRegular() {
			continue
		}
		data, err := root.ReadFile(page)
		if err != nil {
			continue
		}
		h.Set("Content-Type", "text/html; charset=utf-8")
		h.Add("Vary", "Accept-Encoding")
		if enc := negotiate(r.Header.Get("Accept-Encoding")); enc != "" && len(data) >= minCompressSize {
			key := compKey{page, versionOf(fi), enc}
			body, err := s.cache.get(key, func() ([]byte, error) { return data, nil })
			if err == nil && body != nil {
				h.Set("Content-Encoding", enc)
				data = body
			}
		}
		writeBody(w, r, http.StatusNotFound, data)
		return
	}
	http.Error(w, "404 page not found", http.StatusNotFound)
}

// rulesCache holds the parsed _headers of the directory served last. The
// rules are reused while the file found is the same one (same inode, size
// and modification time), which a rename of the whole directory changes.
type rulesCache struct {
	mu  sync.Mutex // serialises reloads; readers use cur
	cur atomic.Pointer[rulesSnapshot]
}

type rulesSnapshot struct {
	fi    fs.FileInfo
	rules []HeaderRule
}

// get returns the rules of root's _headers. whole is false when the file is
// missing or could not be read: either the site has none, or root is a
// build being deleted under the request, which the caller tells apart.
func (c *rulesCache) get(root *os.Root) (rules []HeaderRule, whole bool) {
	fi, err := root.Stat("_headers")
	if err != nil {
		return nil, false
	}
	if snap := c.cur.Load(); snap != nil && sameFile(snap.fi, fi) {
		return snap.rules, true
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if snap := c.cur.Load(); snap != nil && sameFile(snap.fi, fi) {
		return snap.rules, true
	}
	data, err := root.ReadFile("_headers")
	if err != nil {
		return nil, false
	}
	rules, err = ParseHeaders(data)
	if err != nil {
		// Keep the previous headers rather than serve without security
		// headers; the snapshot records this file so the error is
		// reported once, not on every request.
		slog.Error("cdn: ignoring _headers; keeping the previous rules", "dir", root.Name(), "err", err)
		rules = nil
		if prev := c.cur.Load(); prev != nil {
			rules = prev.rules
		}
	}
	c.cur.Store(&rulesSnapshot{fi, rules})
	return rules, true
}

func sameFile(a, b fs.FileInfo) bool {
	return os.SameFile(a, b) && a.Size() == b.Size() && a.ModTime().Equal(b.ModTime())
}
