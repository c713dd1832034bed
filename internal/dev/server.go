// Package dev is `promo dev`: the designers' watch mode. It builds once, serves the
// pages, the function and the mock on one port, watches the site's files, rebuilds
// incrementally (only affected pages are re-rendered) and tells open pages over
// Server-Sent Events to reload, swap their style sheets or show the error overlay.
package dev

import (
	"bytes"
	"context"
	"crypto/rand"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/promohq/promo/function"
	"github.com/promohq/promo/internal/content"
	"github.com/promohq/promo/internal/stack"
)

//go:embed client
var clientFiles embed.FS

// Builder makes the pages of a loaded site into the server's output folder, writing
// only what changed: the generator's Builder, adapted by the dev command (this package
// does not import the generator). Build calls never overlap.
type Builder interface {
	// Build builds site after changes, in locales (and the default locale; empty:
	// all). It reports the site paths of the pages it re-rendered and the output files
	// it wrote or removed.
	Build(ctx context.Context, site *content.Site, changes content.Changes, locales []string) (Outcome, error)
	Close() error
}

// Outcome is what one Build did.
type Outcome struct {
	Rendered []string // site paths of the pages rendered again
	Written  []string // output files written or removed
	Phases   string   // how long each step took, for the log
}

// Options configure the dev server. Besides NewBuilder, the zero value serves the site
// in the current folder with every locale and the real clock.
type Options struct {
	Root string
	// NewBuilder makes the builder that writes the pages into out (required).
	NewBuilder func(out string) (Builder, error)
	Locales    []string      // build these (and the default locale) up front; the others on first request
	Now        time.Time     // the dev clock starts here; zero: the real clock
	Quiet      time.Duration // how long the tree must be still before a rebuild; default 10 ms
	Log        io.Writer     // progress lines; default stderr
}

// Server is a running dev server. It implements PreviewEnv for the preview matrix.
//
// Builds run one at a time on the server's own goroutine; requests never wait for one
// (the last good output is served meanwhile), except the first request of a locale
// not built yet, which waits for the build that adds it.
type Server struct {
	opts     Options
	out      string // where the pages are written, in place
	builder  Builder
	watcher  *watcher
	events   *hub
	instance string
	logger   *slog.Logger
	nudge    chan struct{} // a locale was asked for: build without waiting for a file change

	mu      sync.Mutex // never held during a build
	site    *content.Site
	build   int
	lastErr *errorPayload
	stack   *stack.Stack
	// locales are the locales built or being built; nil: every locale. waiting holds,
	// for each locale asked for and not built yet, what its first requests wait on.
	locales   []string
	waiting   map[string]chan struct{}
	nowOffset atomic.Int64 // dev clock minus real clock, in ns

	rebuilt chan buildReport // for tests: every finished rebuild
	stop    chan struct{}
	stopped chan struct{}
}

// buildReport is what one rebuild did.
type buildReport struct {
	Build    int
	Changes  content.Changes
	Locales  []string // nil: all
	Rendered []string
	Err      error
	Took     time.Duration
}

// New builds the site once and starts watching it. The first build's errors are not
// fatal: the server starts and shows them in the overlay until they are fixed.
func New(opts Options) (*Server, error) {
	if opts.NewBuilder == nil {
		return nil, errors.New("dev: Options.NewBuilder is required")
	}
	if opts.Root == "" {
		opts.Root = "."
	}
	root, err := filepath.Abs(opts.Root)
	if err != nil {
		return nil, err
	}
	opts.Root = root
	if opts.Quiet == 0 {
		opts.Quiet = 10 * time.Millisecond
	}
	if opts.Log == nil {
		opts.Log = os.Stderr
	}
	out, err := os.MkdirTemp("", "promo-dev-")
	if err != nil {
		return nil, err
	}
	b, err := opts.NewBuilder(out)
	if err != nil {
		os.RemoveAll(out)
		return nil, err
	}
	id := make([]byte, 6)
	_, _ = rand.Read(id)
	s := &Server{opts: opts, out: out, builder: b, events: newHub(), instance: hex.EncodeToString(id),
		logger: slog.New(slog.NewTextHandler(io.Discard, nil)), rebuilt: make(chan buildReport, 64),
		nudge: make(chan struct{}, 1), waiting: map[string]chan struct{}{},
		stop: make(chan struct{}), stopped: make(chan struct{})}
	if len(opts.Locales) > 0 {
		s.locales = slices.Clone(opts.Locales)
	}
	if !opts.Now.IsZero() {
		s.SetNow(opts.Now)
	}
	s.rebuild(content.Everything)
	if s.Site() == nil && s.lastErr == nil {
		return nil, errors.New("the first build neither succeeded nor reported why")
	}
	if s.watcher, err = newWatcher(root, opts.Quiet); err != nil {
		s.Close()
		return nil, err
	}
	go s.loop()
	return s, nil
}

// loop rebuilds on every batch of changes and on every locale asked for; what arrives
// during a rebuild is merged into the next one.
func (s *Server) loop() {
	defer close(s.stopped)
	for {
		var changes content.Changes
		select {
		case <-s.stop:
			return
		case <-s.nudge:
		case b, ok := <-s.watcher.batches:
			if !ok {
				return
			}
			changes = b
		}
	drain:
		for {
			select {
			case more, ok := <-s.watcher.batches:
				if !ok {
					return // the watcher closed: the server is closing
				}
				changes = changes.Merge(more)
			case <-s.nudge:
			default:
				break drain
			}
		}
		s.rebuild(changes)
	}
}

// rebuild loads the site, builds it and publishes the outcome to open pages. It runs
// on the loop's goroutine only (and once in New, before the loop starts).
func (s *Server) rebuild(changes content.Changes) {
	start := time.Now()
	s.mu.Lock()
	locales := slices.Clone(s.locales)
	var ready []chan struct{} // the first requests of these locales wait for this build
	for _, l := range locales {
		if ch, ok := s.waiting[l]; ok {
			ready = append(ready, ch)
			delete(s.waiting, l)
		}
	}
	s.mu.Unlock()
	defer func() {
		for _, ch := range ready {
			close(ch)
		}
	}()
	if !changes.All && len(changes.Files) > 0 {
		s.events.publish(event{"building", map[string]any{"changed": changes.Files}})
	}
	site, diags := content.Load(s.opts.Root)
	out, err := Outcome{}, diags.Err()
	if err == nil {
		err = addGallery(site)
	}
	if err == nil {
		out, err = s.builder.Build(context.Background(), site, changes, locales)
	}
	if err == nil {
		err = s.serve(site)
	}
	s.mu.Lock()
	s.build++
	report := buildReport{Build: s.build, Changes: changes, Locales: locales, Err: err, Took: time.Since(start), Rendered: out.Rendered}
	if err != nil {
		s.lastErr = newErrorPayload(s.opts.Root, s.build, err)
		s.mu.Unlock()
		fmt.Fprintf(s.opts.Log, "rebuild failed in %d ms; the last good pages are still served\n%v\n", report.Took.Milliseconds(), err)
		s.events.publish(event{"error", s.lastErr})
	} else {
		recovered := s.lastErr != nil
		s.lastErr = nil
		s.mu.Unlock()
		var pages any = out.Rendered
		if len(out.Rendered) == 0 && len(out.Written) > 0 {
			pages = nil // something else changed (public/, 404 pages): every page reloads
		}
		// A fix that restores the last good output changes no file, but open pages must
		// still hear that the error is gone.
		if len(out.Rendered) > 0 || len(out.Written) > 0 || changes.All || recovered {
			// hot: only content changed (texts, rules, YAML), so the scripts are the same
			// and an open page swaps in its new page data in place (DESIGN §7), keeping
			// its scroll, open dialogs and login; code and style edits reload as before.
			hot := !changes.Code() && !recovered
			s.events.publish(event{"reload", map[string]any{"build": report.Build, "pages": pages, "cssOnly": changes.StylesOnly(), "hot": hot}})
		}
		fmt.Fprintf(s.opts.Log, "rebuilt in %d ms (%s): %d pages re-rendered, %d files written\n",
			report.Took.Milliseconds(), out.Phases, len(out.Rendered), len(out.Written))
	}
	select {
	case s.rebuilt <- report:
	default:
	}
}

// serve keeps the site the build was made from and brings the function, the mock and
// the static server (which knows the slugs) up to date with it (package stack).
func (s *Server) serve(site *content.Site) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.site = site
	if s.stack != nil {
		return s.stack.Update(site)
	}
	st, err := stack.New(stack.Config{Site: site, Dir: s.out, Env: function.EnvLocal, Now: s.Now, Logger: s.logger, Pages: injectClient})
	if err != nil {
		return err
	}
	s.stack = st
	return nil
}

// Handler serves the dev server's routes: the event stream and client files, the
// preview matrix at /, and everything else as `promo serve` would, with the client
// script injected into pages.
func (s *Server) Handler() http.Handler {
	client, _ := fs.Sub(clientFiles, "client")
	static := http.StripPrefix("/__promo/", http.FileServer(http.FS(client)))
	preview := NewPreview(s)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/__promo/events":
			s.events.serveEvents(w, r, s.hello)
		case r.URL.Path == "/" || r.URL.Path == "/__promo/preview":
			preview.ServeHTTP(w, r)
		case strings.HasPrefix(r.URL.Path, "/__promo/"):
			w.Header().Set("Cache-Control", "no-store")
			static.ServeHTTP(w, r)
		default:
			s.ensureLocale(r)
			s.mu.Lock()
			st := s.stack
			s.mu.Unlock()
			if st == nil {
				s.serveError(w)
				return
			}
			st.ServeHTTP(w, r)
		}
	})
}

// serveError answers page requests before the first successful build: an empty page
// with the client script, which shows the overlay.
func (s *Server) serveError(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(http.StatusServiceUnavailable)
	fmt.Fprint(w, `<!doctype html><html lang="en" dir="ltr"><head><meta charset="utf-8"><title>Build failed</title>`+clientTag+`</head><body></body></html>`)
}

// ensureLocale has a locale left out by --locale built when a page of it is asked for,
// and holds that request until the build that adds it is done. Requests for locales
// built already, and for anything else, go straight on. Two new locales asked for at
// once are both built: each is added to the set under the lock.
func (s *Server) ensureLocale(r *http.Request) {
	seg, _, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/"), "/")
	s.mu.Lock()
	if s.locales == nil || s.site == nil || !s.site.Config.IsLocale(seg) {
		s.mu.Unlock()
		return
	}
	wait, pending := s.waiting[seg]
	if !pending && !slices.Contains(s.locales, seg) {
		s.locales = append(s.locales, seg)
		wait = make(chan struct{})
		s.waiting[seg] = wait
		pending = true
		fmt.Fprintf(s.opts.Log, "building %s on first request\n", seg)
		select {
		case s.nudge <- struct{}{}:
		default: // a nudge is queued already; that build will see this locale
		}
	}
	s.mu.Unlock()
	if pending {
		select {
		case <-wait:
		case <-r.Context().Done():
		case <-s.stop:
		}
	}
}

func (s *Server) hello() event {
	s.mu.Lock()
	defer s.mu.Unlock()
	return event{"hello", map[string]any{"instance": s.instance, "build": s.build, "error": s.lastErr}}
}

// Site returns the last successfully loaded site, or nil.
func (s *Server) Site() *content.Site {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.site
}

// API sends a request to the function in-process, as a page would.
func (s *Server) API(method, path string, body any) (*http.Response, error) {
	s.mu.Lock()
	st := s.stack
	s.mu.Unlock()
	if st == nil {
		return nil, errors.New("the site has not been built yet")
	}
	fn := st.Function()
	var payload io.Reader = http.NoBody
	if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			return nil, err
		}
		payload = bytes.NewReader(data)
	}
	req := httptest.NewRequest(method, path, payload)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	rec := httptest.NewRecorder()
	fn.ServeHTTP(rec, req)
	return rec.Result(), nil
}

// Now is the dev clock: the real clock shifted by --now or the preview's control.
func (s *Server) Now() time.Time { return time.Now().Add(time.Duration(s.nowOffset.Load())) }

// SetNow moves the dev clock to t; the zero time goes back to the real clock.
func (s *Server) SetNow(t time.Time) {
	if t.IsZero() {
		s.nowOffset.Store(0)
		return
	}
	s.nowOffset.Store(int64(time.Until(t)))
}

// BuiltLocales lists the locales built so far (all, without --locale).
func (s *Server) BuiltLocales() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.locales != nil {
		return slices.Clone(s.locales)
	}
	if s.site != nil {
		return s.site.Config.Locales
	}
	return nil
}

// Close stops watching and building and removes the pages written.
func (s *Server) Close() error {
	close(s.stop)
	if s.watcher != nil {
		_ = s.watcher.close()
		<-s.stopped
	}
	s.mu.Lock()
	if s.stack != nil {
		_ = s.stack.Close()
	}
	s.mu.Unlock()
	err := s.builder.Close()
	_ = os.RemoveAll(s.out)
	return err
}
