package dev

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"
	"github.com/promohq/promo/internal/content"
)

// watchedDirs and watchedFiles are what a site is made of (DESIGN §1).
var (
	watchedDirs  = []string{"campaigns", "components", "locales", "public"}
	watchedFiles = []string{"site.yaml"}
)

// watcher reports changed files (site-root relative, slash-separated) in batches: the
// events of a burst (an editor's save is often write + rename + chmod; a git checkout
// is hundreds) arrive as one batch once the tree has been quiet for `quiet`. A batch
// after lost events says All.
type watcher struct {
	root    string
	fs      *fsnotify.Watcher
	quiet   time.Duration
	batches chan content.Changes
	done    chan struct{}
}

func newWatcher(root string, quiet time.Duration) (*watcher, error) {
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	w := &watcher{root: root, fs: fw, quiet: quiet, batches: make(chan content.Changes, 1), done: make(chan struct{})}
	// The root itself is watched for site.yaml and for watched folders that appear.
	if err := fw.Add(root); err != nil {
		fw.Close()
		return nil, err
	}
	for _, d := range watchedDirs {
		if err := w.addTree(filepath.Join(root, d)); err != nil {
			fw.Close()
			return nil, err
		}
	}
	go w.loop()
	return w, nil
}

// addTree watches dir and every folder below it (fsnotify is not recursive).
func (w *watcher) addTree(dir string) error {
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); p != dir && (strings.HasPrefix(name, ".") || name == "node_modules") {
				return filepath.SkipDir
			}
			return w.fs.Add(p)
		}
		return nil
	})
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

// relevant reports whether a path matters to the build, and its site-relative form.
func (w *watcher) relevant(abs string) (string, bool) {
	rel, err := filepath.Rel(w.root, abs)
	if err != nil {
		return "", false
	}
	rel = filepath.ToSlash(rel)
	base := filepath.Base(abs)
	// Editors' backup and swap files, and the temporary names of save-by-rename.
	if strings.HasPrefix(base, ".") || strings.HasSuffix(base, "~") || strings.HasSuffix(base, ".swp") || strings.HasSuffix(base, ".tmp") || base == "4913" {
		return "", false
	}
	if slices.Contains(watchedFiles, rel) {
		return rel, true
	}
	top, _, _ := strings.Cut(rel, "/")
	return rel, slices.Contains(watchedDirs, top)
}

func (w *watcher) loop() {
	defer close(w.batches)
	pending := map[string]bool{}
	lost := false
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	for {
		select {
		case <-w.done:
			return
		case e, ok := <-w.fs.Events:
			if !ok {
				return
			}
			rel, ok := w.relevant(e.Name)
			if !ok {
				continue
			}
			// A new folder (a new campaign, a new locale) is watched from now on; its
			// files, possibly written before the watch began, count as changed.
			if e.Has(fsnotify.Create) {
				if info, err := os.Stat(e.Name); err == nil && info.IsDir() {
					_ = w.addTree(e.Name)
					_ = filepath.WalkDir(e.Name, func(p string, d fs.DirEntry, err error) error {
						if err == nil && !d.IsDir() {
							if r, ok := w.relevant(p); ok {
								pending[r] = true
							}
						}
						return nil
					})
				}
			}
			pending[rel] = true
			timer.Reset(w.quiet)
		case <-timer.C:
			batch := content.Changes{All: lost}
			for p := range pending {
				batch.Files = append(batch.Files, p)
			}
			slices.Sort(batch.Files)
			clear(pending)
			lost = false
			select {
			case w.batches <- batch:
			case <-w.done:
				return
			}
		case <-w.fs.Errors:
			// Overflow or a vanished folder: a full rebuild covers whatever was missed.
			lost = true
			timer.Reset(w.quiet)
		}
	}
}

func (w *watcher) close() error {
	close(w.done)
	return w.fs.Close()
}
