package generator

import (
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"
)

// output writes a build into a temporary folder beside the real output folder and
// swaps it in only when everything succeeded, so a failed or interrupted build leaves
// the previous dist/ intact (DESIGN §2).
type output struct {
	final string // the real output folder, e.g. dist
	tmp   string
	mu    sync.Mutex
	dirs  map[string]bool
	files map[string]int // relative path → size
}

const tmpPrefix = ".promo-tmp-"

func newOutput(final string) (*output, error) {
	parent := filepath.Dir(final)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return nil, err
	}
	removeStale(parent, filepath.Base(final))
	tmp, err := os.MkdirTemp(parent, tmpPrefix+filepath.Base(final)+"-")
	if err != nil {
		return nil, err
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return nil, err
	}
	return &output{final: final, tmp: tmp, dirs: map[string]bool{}, files: map[string]int{}}, nil
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

// write puts data at rel (slash-separated) inside the build. Writing the same path
// twice is a bug in the build (two things claim one URL), so it is refused.
func (o *output) write(rel string, data []byte) error {
	rel = path.Clean(rel)
	if strings.HasPrefix(rel, "../") || path.IsAbs(rel) {
		return fmt.Errorf("output path %q leaves the output folder", rel)
	}
	o.mu.Lock()
	if _, dup := o.files[rel]; dup {
		o.mu.Unlock()
		return fmt.Errorf("two outputs claim %s", rel)
	}
	o.files[rel] = len(data)
	dir := path.Dir(rel)
	need := !o.dirs[dir]
	o.dirs[dir] = true
	o.mu.Unlock()
	full := filepath.Join(o.tmp, filepath.FromSlash(rel))
	if need {
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			return err
		}
	}
	return os.WriteFile(full, data, 0o644)
}

func (o *output) has(rel string) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	_, ok := o.files[path.Clean(rel)]
	return ok
}

// list returns the written files, sorted, with their sizes.
func (o *output) list() []fileEntry {
	o.mu.Lock()
	defer o.mu.Unlock()
	out := make([]fileEntry, 0, len(o.files))
	for p, n := range o.files {
		out = append(out, fileEntry{Path: p, Bytes: n})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

type fileEntry struct {
	Path  string `json:"path"`
	Bytes int    `json:"bytes"`
}

// commit swaps the new build in. On Linux the two folders are exchanged in one
// atomic rename (RENAME_EXCHANGE), so a server reading dist/ never sees it missing;
// elsewhere the old folder is moved aside first.
func (o *output) commit() error {
	if _, err := os.Stat(o.final); errors.Is(err, os.ErrNotExist) {
		return os.Rename(o.tmp, o.final)
	}
	if err := exchange(o.tmp, o.final); err == nil {
		return os.RemoveAll(o.tmp) // now holds the previous build
	}
	old := filepath.Join(filepath.Dir(o.final), ".promo-old-"+filepath.Base(o.final)+"-"+filepath.Base(o.tmp))
	if err := os.Rename(o.final, old); err != nil {
		return err
	}
	if err := os.Rename(o.tmp, o.final); err != nil {
		_ = os.Rename(old, o.final)
		return err
	}
	return os.RemoveAll(old)
}

// abort discards the unfinished build.
func (o *output) abort() { _ = os.RemoveAll(o.tmp) }
