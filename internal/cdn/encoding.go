package cdn

import (
	"bytes"
	"compress/gzip"
	"container/list"
	"errors"
	"io"
	"path"
	"strconv"
	"strings"
	"sync"

	"github.com/andybalholm/brotli"
)

var contentTypes = map[string]string{
	".html":        "text/html; charset=utf-8",
	".js":          "text/javascript; charset=utf-8",
	".mjs":         "text/javascript; charset=utf-8",
	".css":         "text/css; charset=utf-8",
	".json":        "application/json",
	".map":         "application/json",
	".xml":         "application/xml; charset=utf-8",
	".txt":         "text/plain; charset=utf-8",
	".svg":         "image/svg+xml",
	".webp":        "image/webp",
	".avif":        "image/avif",
	".png":         "image/png",
	".jpg":         "image/jpeg",
	".jpeg":        "image/jpeg",
	".gif":         "image/gif",
	".ico":         "image/x-icon",
	".woff2":       "font/woff2",
	".woff":        "font/woff",
	".webmanifest": "application/manifest+json",
	".wasm":        "application/wasm",
}

// contentType maps a file name to its media type by extension; the table is
// fixed rather than the system's mime database so every machine serves the
// same bytes. Unknown types are octet streams: with nosniff that is the safe
// reading.
func contentType(name string) string {
	if path.Base(name) == "apple-app-site-association" {
		return "application/json" // iOS requires it and the file has no extension
	}
	if t, ok := contentTypes[strings.ToLower(path.Ext(name))]; ok {
		return t
	}
	return "application/octet-stream"
}

// compressible reports whether a media type is text-like; images and fonts
// in our formats are already compressed.
func compressible(ctype string) bool {
	mt, _, _ := strings.Cut(ctype, ";")
	switch mt {
	case "application/json", "application/xml", "application/manifest+json",
		"application/wasm", "image/svg+xml", "image/x-icon":
		return true
	}
	return strings.HasPrefix(mt, "text/")
}

// negotiate picks the response encoding from Accept-Encoding: "br" or "gzip"
// by q-value with brotli winning ties, "" for identity. A q of 0 refuses an
// encoding; "*" stands for those not named.
func negotiate(accept string) string {
	br, gz, star := -1.0, -1.0, -1.0
	for _, part := range strings.Split(accept, ",") {
		name, params, _ := strings.Cut(part, ";")
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
				if err != nil {
					f = 0
				}
				q = f
			}
		}
		switch strings.ToLower(strings.TrimSpace(name)) {
		case "br":
			br = q
		case "gzip", "x-gzip":
			gz = q
		case "*":
			star = q
		}
	}
	if br < 0 {
		br = star
	}
	if gz < 0 {
		gz = star
	}
	switch {
	case br > 0 && br >= gz:
		return "br"
	case gz > 0:
		return "gzip"
	}
	return ""
}

// Compression settings. The server compresses on a file's first request,
// in watch mode after every rebuild too, so brotli runs at quality 6: on
// react-dom's 610 KB client bundle it takes about 20 ms for 103 KB, where
// quality 11 takes 1.5 s for 90 KB.
const (
	brotliQuality   = 6
	minCompressSize = 256     // below this the encoding overhead eats the gain
	maxCompressSize = 8 << 20 // larger files are served as they are
	compCacheBytes  = 64 << 20
	entryOverhead   = 128 // rough bookkeeping cost of a cache entry
)

// PrecompressedExt is the suffix of the copies `promo build` writes beside a file,
// by encoding: name.br and name.gz are served for name when the client accepts them.
var PrecompressedExt = map[string]string{"br": ".br", "gzip": ".gz"}

// Precompressible reports whether the build should write compressed copies of the
// file name: a text-like type the server would compress anyway.
func Precompressible(name string, size int) bool {
	return compressible(contentType(name)) && size >= minCompressSize && size <= maxCompressSize
}

// errPrecompressed tells compCache.get that read returned the encoded body already.
var errPrecompressed = errors.New("precompressed")

func compress(data []byte, enc string) ([]byte, error) { return compressAt(data, enc, brotliQuality) }

// CompressBest compresses data for enc ("br" or "gzip") as tightly as each allows
// (brotli quality 11, gzip level 9): the build's copies of assets, made once.
func CompressBest(data []byte, enc string) ([]byte, error) {
	return compressAt(data, enc, brotli.BestCompression)
}

func compressAt(data []byte, enc string, brQuality int) ([]byte, error) {
	var b bytes.Buffer
	var w io.WriteCloser
	if enc == "br" {
		w = brotli.NewWriterLevel(&b, brQuality)
	} else {
		w, _ = gzip.NewWriterLevel(&b, gzip.BestCompression)
	}
	if _, err := w.Write(data); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// compKey names one encoded representation of one version of a file: a
// rebuilt file is another version, so stale entries are never hit and
// simply age out.
type compKey struct {
	name string
	ver  fileVersion
	enc  string
}

// compCache holds compressed bodies, least recently used evicted first,
// within a byte budget. Concurrent misses on one key compress once.
type compCache struct {
	mu       sync.Mutex
	max      int64
	used     int64
	lru      *list.List // of *compEntry, most recent first
	items    map[compKey]*list.Element
	inflight map[compKey]*compCall
}

type compEntry struct {
	key  compKey
	body []byte // nil: compression did not pay, serve the file as it is
}

type compCall struct {
	done chan struct{}
	body []byte
	err  error
}

func newCompCache(max int64) *compCache {
	return &compCache{
		max:      max,
		lru:      list.New(),
		items:    map[compKey]*list.Element{},
		inflight: map[compKey]*compCall{},
	}
}

// get returns the compressed body for k, reading the original with read on a
// miss. A nil body means the original should be served instead.
func (c *compCache) get(k compKey, read func() ([]byte, error)) ([]byte, error) {
	c.mu.Lock()
	if e, ok := c.items[k]; ok {
		c.lru.MoveToFront(e)
		body := e.Value.(*compEntry).body
		c.mu.Unlock()
		return body, nil
	}
	if call, ok := c.inflight[k]; ok {
		c.mu.Unlock()
		<-call.done
		return call.body, call.err
	}
	call := &compCall{done: make(chan struct{})}
	c.inflight[k] = call
	c.mu.Unlock()

	data, err := read()
	if errors.Is(err, errPrecompressed) {
		call.body, err = data, nil
	} else if err == nil {
		call.body, err = compress(data, k.enc)
		if err == nil && len(call.body) >= len(data) {
			call.body = nil
		}
	}
	call.err = err

	c.mu.Lock()
	delete(c.inflight, k)
	if err == nil {
		c.add(k, call.body)
	}
	c.mu.Unlock()
	close(call.done)
	return call.body, call.err
}

// add stores an entry and evicts the oldest ones over budget; c.mu is held.
func (c *compCache) add(k compKey, body []byte) {
	size := int64(len(body)) + entryOverhead
	if size > c.max {
		return
	}
	c.items[k] = c.lru.PushFront(&compEntry{k, body})
	c.used += size
	for c.used > c.max {
		e := c.lru.Back()
		old := e.Value.(*compEntry)
		c.lru.Remove(e)
		delete(c.items, old.key)
		c.used -= int64(len(old.body)) + entryOverhead
	}
}
