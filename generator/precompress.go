package generator

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/promohq/promo/internal/bundle"
	"github.com/promohq/promo/internal/cdn"
)

// CacheDir is the build's cache under the site root (ignored by git, safe to keep
// between CI runs): what a build computed from content alone, by content hash.
const CacheDir = ".promo-cache"

// precompress writes a brotli (quality 11) and a gzip (level 9) copy beside every
// text asset under assets/: `promo serve` sends them as they are, and a CDN that takes
// precompressed files (S3 + CloudFront) uploads them with their Content-Encoding.
// Quality 11 costs about 0.4 s for the framework's 280 KB chunk (brotli.go), so the
// copies are kept in the cache by the asset's content hash: an unchanged asset costs
// a read.
// Pages are left to the server's and the CDNs' own compression: at quality 11 every
// page would take about 50 ms, 38 s of CPU for 759 pages.
//
// precompress compresses the assets recorded so far that done (when not nil) does
// not hold, adding them to it: the bundle's files start beside the rendering, the rest
// follow at the end. `--no-cache` (Options.NoCache) compresses every one anew.
func (b *build) precompress(done map[string]bool) error {
	var files []fileEntry
	for _, f := range b.out.list() {
		if strings.HasPrefix(f.Path, bundle.AssetsDir+"/") && cdn.Precompressible(f.Path, f.Bytes) && !done[f.Path] {
			files = append(files, f)
			if done != nil {
				done[f.Path] = true
			}
		}
	}
	// The largest first: the framework chunk alone takes about 0.4 s at quality 11,
	// and started last it would be the build's tail.
	slices.SortStableFunc(files, func(a, b fileEntry) int { return b.Bytes - a.Bytes })
	names := make([]string, len(files))
	for i, f := range files {
		names[i] = f.Path
	}
	cache := ""
	if !b.opts.NoCache {
		cache = filepath.Join(b.site.Root, CacheDir, "compressed")
	}
	return eachAtOnce(names, runtime.GOMAXPROCS(0), func(name string) error {
		data := b.out.get(name)
		for enc, ext := range cdn.PrecompressedExt {
			body, err := cachedCompress(cache, data, enc, b.brotli.Compress)
			if err == nil && len(body) < len(data) {
				err = b.out.write(name+ext, body)
			}
			if err != nil {
				return err
			}
		}
		return nil
	})
}

// compressedInProcess remembers compressed copies by content hash for the process,
// beside the cache folder: one process building several sites (the tests, a server
// building previews) compresses the same framework chunk once.
var compressedInProcess sync.Map // hex hash + "." + enc → []byte

// cachedCompress compresses data for enc (brotli with br, gzip level 9 in Go),
// through the cache folder when it is given and can be used (a cache that cannot be
// written is skipped, never an error).
func cachedCompress(cache string, data []byte, enc string, br func([]byte) ([]byte, error)) ([]byte, error) {
	sum := sha256.Sum256(data)
	name := hex.EncodeToString(sum[:]) + "." + enc
	file := ""
	if cache != "" {
		file = filepath.Join(cache, name)
		if body, err := os.ReadFile(file); err == nil {
			return body, nil
		}
	}
	body, ok := compressedInProcess.Load(name)
	if !ok {
		compress := br
		if enc != "br" {
			compress = func(data []byte) ([]byte, error) { return cdn.CompressBest(data, enc) }
		}
		made, err := compress(data)
		if err != nil {
			return nil, err
		}
		body, _ = compressedInProcess.LoadOrStore(name, made)
	}
	if file != "" {
		writeCacheFile(cache, file, body.([]byte))
	}
	return body.([]byte), nil
}

// finishCompression waits for the compression started beside the rendering, then
// compresses the assets written since (images, error dictionaries).
func (b *build) finishCompression() error {
	if b.compressing != nil {
		if err := <-b.compressing; err != nil {
			return err
		}
		b.compressing = nil
	}
	if b.compressed == nil {
		b.compressed = map[string]bool{}
	}
	return b.precompress(b.compressed)
}

// stopCompression waits for a compression still running (a build that failed or was
// cancelled before finishCompression; its result no longer matters) and ends the
// compressor.
func (b *build) stopCompression() {
	if b.compressing != nil {
		<-b.compressing
		b.compressing = nil
	}
	b.brotli.Close()
}

// writeCacheFile stores body as file in the cache folder, atomically; a failure only
// costs a later build the compression.
func writeCacheFile(cache, file string, body []byte) {
	if os.MkdirAll(cache, 0o755) == nil {
		if tmp, err := os.CreateTemp(cache, ".tmp-"); err == nil {
			_, werr := tmp.Write(body)
			if cerr := tmp.Close(); werr == nil && cerr == nil {
				_ = os.Rename(tmp.Name(), file)
			} else {
				_ = os.Remove(tmp.Name())
			}
		}
	}
}
