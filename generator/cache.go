package generator

import (
	"bytes"
	"crypto/sha256"
	"encoding/gob"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/promohq/promo/internal/bundle"
	"github.com/promohq/promo/internal/content"
)

// The build cache (DESIGN §7): what one `promo build` process made, for the next one.
// It holds the bundles, under a key of everything they are made from, and every page's
// HTML under its fingerprint (the page's own inputs and its code), so a build with
// nothing changed bundles and renders nothing, and one with a text changed renders only
// the pages showing it. The output is the same bytes as a build without the cache.
// It lives in <site>/.promo-cache (ignored by git, safe to keep between CI runs);
// `promo build --no-cache` neither reads nor writes it. Watch mode keeps its own, in
// memory.

// cacheVersion changes whenever what the cache holds changes shape or meaning.
const cacheVersion = "promo-build-cache-2"

const cacheFile = "build.gob"

type diskCache struct {
	Key       [32]byte // bundleKey of the bundles held
	Bundle    *bundle.Bundle
	Server    []byte // server.cjs, which the workers run
	ServerMap []byte // its source map
	Pages     map[string]cachedPage
	Written   *writtenOutput
}

type cachedPage struct {
	Sum    [32]byte
	Body   string
	Stable []byte
	Tokens []string
}

// bundleKey hashes everything the bundles are made from: this promo binary and the
// Node it runs (by path, size and modification time), the bundler's settings, the
// campaigns and their page files, every file of the components and of the campaign
// folders but their content (campaign.yaml, rules), and the installed packages.
func (bl *Builder) bundleKey(site *content.Site) ([32]byte, error) {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00minify=%v sourcemaps=%v\x00", cacheVersion, !bl.opts.NoMinify, bl.opts.SourceMaps)
	exe, _ := os.Executable()
	for _, f := range []string{exe, NodeBinary(bl.opts.NodeModules)} {
		if fi, err := os.Stat(f); err == nil {
			fmt.Fprintf(h, "%s %d %d\x00", f, fi.Size(), fi.ModTime().UnixNano())
		}
	}
	for _, c := range site.Campaigns {
		fmt.Fprintf(h, "campaign %s %s\x00", c.Slug, c.Page)
	}
	hashFile := func(label, file string) error {
		f, err := os.Open(file)
		if err != nil {
			return err
		}
		defer f.Close()
		fmt.Fprintf(h, "%s\x00", label)
		_, err = io.Copy(h, f)
		return err
	}
	if err := hashFile("lock", filepath.Join(bl.opts.NodeModules, ".package-lock.json")); err != nil && !os.IsNotExist(err) {
		return [32]byte{}, err
	}
	walk := func(dir string, skip func(rel string) bool) error {
		real, err := filepath.EvalSymlinks(dir)
		if err != nil {
			return nil // no such folder: nothing to hash
		}
		return filepath.WalkDir(real, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(real, p)
			if d.IsDir() {
				if d.Name() == "node_modules" || (strings.HasPrefix(d.Name(), ".") && p != real) {
					return filepath.SkipDir
				}
				return nil
			}
			if skip(filepath.ToSlash(rel)) {
				return nil
			}
			return hashFile(filepath.Join(dir, rel), p)
		})
	}
	if err := walk(bl.opts.Components, func(string) bool { return false }); err != nil {
		return [32]byte{}, err
	}
	err := walk(filepath.Join(site.Root, content.CampaignsDir), func(rel string) bool {
		// Content is the pages' fingerprints' business, not the bundles'.
		return strings.HasSuffix(rel, "/campaign.yaml") || strings.Contains(rel, "/rules/")
	})
	var key [32]byte
	h.Sum(key[:0])
	return key, err
}

func (bl *Builder) cachePath() string {
	return filepath.Join(bl.opts.Root, CacheDir, cacheFile)
}

// loadCache reads the cache; a missing, unreadable or old one is an empty cache.
func (bl *Builder) loadCache() *diskCache {
	data, err := os.ReadFile(bl.cachePath())
	if err != nil {
		return nil
	}
	var c diskCache
	if gob.NewDecoder(bytes.NewReader(data)).Decode(&c) != nil || c.Bundle == nil {
		return nil
	}
	return &c
}

// saveCache writes the cache for the next process, atomically; a cache that cannot be
// written only costs the next build its time.
func (bl *Builder) saveCache(key [32]byte, b *bundle.Bundle, serverJS string) {
	c := diskCache{Key: key, Bundle: b, Pages: make(map[string]cachedPage, len(bl.pages)), Written: bl.written}
	var err error
	if c.Server, err = os.ReadFile(serverJS); err != nil {
		return
	}
	c.ServerMap, _ = os.ReadFile(serverJS + ".map")
	for f, p := range bl.pages {
		c.Pages[f] = cachedPage{Sum: p.sum, Body: p.body, Stable: p.stable, Tokens: p.tokens}
	}
	var buf bytes.Buffer
	if gob.NewEncoder(&buf).Encode(&c) != nil {
		return
	}
	dir := filepath.Dir(bl.cachePath())
	if os.MkdirAll(dir, 0o755) != nil {
		return
	}
	tmp, err := os.CreateTemp(dir, ".tmp-")
	if err != nil {
		return
	}
	_, werr := tmp.Write(buf.Bytes())
	_ = tmp.Chmod(0o644) // a CI cache restores it for any user
	if cerr := tmp.Close(); werr != nil || cerr != nil || os.Rename(tmp.Name(), bl.cachePath()) != nil {
		_ = os.Remove(tmp.Name())
	}
}

// restore takes the cached bundles when their key is the site's, writing the server
// bundle where the workers will find it; the workers themselves start only if a page
// must be rendered (render). It also gives the builder the cached pages.
func (bl *Builder) restore(c *diskCache, key [32]byte, b *build) bool {
	bl.written = c.Written
	if len(bl.pages) == 0 {
		bl.pages = map[string]renderedPage{}
		for f, p := range c.Pages {
			bl.pages[f] = renderedPage{sum: p.Sum, body: p.Body, stable: p.Stable, tokens: p.Tokens}
		}
	}
	if c.Key != key {
		return false
	}
	serverJS := filepath.Join(bl.work, "server.cjs")
	if os.WriteFile(serverJS, c.Server, 0o644) != nil {
		return false
	}
	if len(c.ServerMap) > 0 {
		_ = os.WriteFile(serverJS+".map", c.ServerMap, 0o644)
	}
	b.bundle = c.Bundle
	bl.serverSum = sha256.Sum256(c.Server)
	bl.lazyServer = serverJS
	bl.last = c.Bundle
	bl.lastPages = nil
	for _, cp := range b.site.Campaigns {
		bl.lastPages = append(bl.lastPages, cp.Slug+"\x00"+cp.Page)
	}
	return true
}

// cached reports whether this builder keeps the build cache: one-shot builds do,
// watch mode keeps its own in memory, --no-cache neither.
func (bl *Builder) cached() bool {
	return !bl.opts.WriteInPlace && !bl.opts.NoCache
}
