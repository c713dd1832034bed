package generator

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/promohq/promo/internal/bundle"
)

// output collects a build's files in memory, then writes them out in one of two ways:
// atomically (a temporary folder swapped in only when everything succeeded, so a failed
// or interrupted build leaves the previous dist/ intact, DESIGN §2), or in place,
// touching only the files that changed (watch mode, where the last good pages must
// keep being served and a save must reach the browser in milliseconds).
type output struct {
	mu    sync.Mutex
	files map[string][]byte
}

func newOutput() *output { return &output{files: map[string][]byte{}} }

// write records data at rel (slash-separated). Writing the same path twice is a bug in
// the build (two things claim one URL), so it is refused.
func (o *output) write(rel string, data []byte) error {
	rel = path.Clean(rel)
	if strings.HasPrefix(rel, "../") || path.IsAbs(rel) || rel == ".." {
		return fmt.Errorf("output path %q leaves the output folder", rel)
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if prev, dup := o.files[rel]; dup {
		if bytes.Equal(prev, data) && strings.HasPrefix(rel, bundle.AssetsDir+"/") {
			return nil // one content-hashed asset used twice (the image and the hero's art)
		}
		return fmt.Errorf("two outputs claim %s", rel)
	}
	o.files[rel] = data
	return nil
}

// get returns the data recorded at rel, nil when none.
func (o *output) get(rel string) []byte {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.files[path.Clean(rel)]
}

func (o *output) has(rel string) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	_, ok := o.files[path.Clean(rel)]
	return ok
}

// list returns the files, sorted, with their sizes.
func (o *output) list() []fileEntry {
	o.mu.Lock()
	defer o.mu.Unlock()
	out := make([]fileEntry, 0, len(o.files))
	for p, data := range o.files {
		out = append(out, fileEntry{Path: p, Bytes: len(data)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

type fileEntry struct {
	Path  string `json:"path"`
	Bytes int    `json:"bytes"`
}

const tmpPrefix = ".promo-tmp-"

// writeAll writes files under dir with a few goroutines: file creation dominates and
// overlaps well.
func writeAll(dir string, files map[string][]byte, byRename bool) error {
	rels := make([]string, 0, len(files))
	dirs := map[string]bool{}
	for rel := range files {
		rels = append(rels, rel)
		dirs[path.Dir(rel)] = true
	}
	for d := range dirs {
		if err := os.MkdirAll(filepath.Join(dir, filepath.FromSlash(d)), 0o755); err != nil {
			return err
		}
	}
	return eachAtOnce(rels, 4, func(rel string) error {
		return writeFile(filepath.Join(dir, filepath.FromSlash(rel)), files[rel], byRename)
	})
}

// flushAtomic writes everything into a temporary folder beside final and swaps it in.
// On Linux the two folders are exchanged in one atomic rename (RENAME_EXCHANGE), so a
// server reading dist/ never sees it missing; elsewhere the old folder moves aside first.
func (o *output) flushAtomic(final string) error {
	parent := filepath.Dir(final)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return err
	}
	removeStale(parent, filepath.Base(final))
	tmp, err := os.MkdirTemp(parent, tmpPrefix+filepath.Base(final)+"-")
	if err != nil {
		return err
	}
	if err := os.Chmod(tmp, 0o755); err == nil {
		err = writeAll(tmp, o.files, false)
	}
	if err == nil {
		err = swap(tmp, final)
	}
	if err != nil {
		_ = os.RemoveAll(tmp)
		return fmt.Errorf("replacing %s: %w", final, err)
	}
	return nil
}

func swap(tmp, final string) error {
	if _, err := os.Stat(final); errors.Is(err, os.ErrNotExist) {
		return os.Rename(tmp, final)
	}
	if err := exchange(tmp, final); err == nil {
		return os.RemoveAll(tmp) // now holds the previous build
	}
	old := filepath.Join(filepath.Dir(final), ".promo-old-"+filepath.Base(final)+"-"+filepath.Base(tmp))
	if err := os.Rename(final, old); err != nil {
		return err
	}
	if err := os.Rename(tmp, final); err != nil {
		_ = os.Rename(old, final)
		return err
	}
	return os.RemoveAll(old)
}

// removeStale deletes temporary folders that a killed build left behind.
func removeStale(parent, base string) {
	entries, _ := os.ReadDir(parent)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), tmpPrefix+base+"-") || strings.HasPrefix(e.Name(), ".promo-old-"+base+"-") {
			_ = os.RemoveAll(filepath.Join(parent, e.Name()))
		}
	}
}

// flushInPlace writes only the files whose sum (sums, of every file: sumAll) differs
// from prev (the sums of what dir holds) and deletes the files no longer produced, and
// those of unknown (found in dir, of unknown content) this build does not make, with
// the folders that leaves empty. It returns the paths it changed.
func (o *output) flushInPlace(dir string, sums, prev map[string][32]byte, unknown []string) ([]string, error) {
	changed := map[string][]byte{}
	var touched []string
	for rel, data := range o.files {
		if old, ok := prev[rel]; !ok || old != sums[rel] {
			changed[rel] = data
			touched = append(touched, rel)
		}
	}
	// Pages are read while they are replaced (watch mode serves the last good output
	// during a rebuild): every file is swapped in whole by a rename, never seen half
	// written, and pages go last, once the new scripts and styles they name exist.
	pages, rest := map[string][]byte{}, map[string][]byte{}
	for rel, data := range changed {
		if strings.HasSuffix(rel, ".html") {
			pages[rel] = data
		} else {
			rest[rel] = data
		}
	}
	for _, files := range []map[string][]byte{rest, pages} {
		if err := writeAll(dir, files, true); err != nil {
			return nil, err
		}
	}
	var deleted []string
	for rel := range prev {
		if _, ok := sums[rel]; !ok {
			deleted = append(deleted, rel)
		}
	}
	for _, rel := range unknown {
		if _, ok := sums[rel]; !ok {
			deleted = append(deleted, rel)
		}
	}
	for _, rel := range deleted {
		if err := os.Remove(filepath.Join(dir, filepath.FromSlash(rel))); err != nil && !errors.Is(err, os.ErrNotExist) {
			return nil, err
		}
	}
	removeEmptyDirs(dir, deleted)
	touched = append(touched, deleted...)
	sort.Strings(touched)
	return touched, nil
}

// sumAll hashes every file, on every core: a repeat build hashes all its output.
func sumAll(files map[string][]byte) map[string][32]byte {
	rels := make([]string, 0, len(files))
	for rel := range files {
		rels = append(rels, rel)
	}
	sums := make([][32]byte, len(rels))
	forEachIndex(len(rels), func(i int) { sums[i] = sha256.Sum256(files[rels[i]]) })
	out := make(map[string][32]byte, len(rels))
	for i, rel := range rels {
		out[rel] = sums[i]
	}
	return out
}

// writeFile writes data to name; byRename writes a temporary file beside it first and
// renames it over name, so a reader sees the old file or the new one, never a part.
func writeFile(name string, data []byte, byRename bool) error {
	if !byRename {
		return os.WriteFile(name, data, 0o644)
	}
	tmp := name + ".promo-tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, name)
}

// eachAtOnce runs fn on every item with n goroutines and returns one of the errors.
func eachAtOnce(items []string, n int, fn func(string) error) error {
	work := make(chan string)
	errs := make(chan error, 1)
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for item := range work {
				if err := fn(item); err != nil {
					select {
					case errs <- err:
					default:
					}
				}
			}
		}()
	}
	for _, item := range items {
		work <- item
	}
	close(work)
	wg.Wait()
	select {
	case err := <-errs:
		return err
	default:
		return nil
	}
}

// forEachIndex calls fn(0) … fn(n-1) on every core; fn must be safe to run at once
// for different indexes.
func forEachIndex(n int, fn func(i int)) {
	workers := min(runtime.NumCPU(), n)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := w; i < n; i += workers {
				fn(i)
			}
		})
	}
	wg.Wait()
}
