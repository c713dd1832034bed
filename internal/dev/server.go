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
	"github.com/promohq/promo/generator"
	"github.com/promohq/promo/internal/cdn"
	"github.com/promohq/promo/internal/content"
	"github.com/promohq/promo/internal/mock"
)

//go:embed client
var clientFiles embed.FS

// Options configure the dev server. The zero value serves the site in the current
// folder with every locale and the real clock.
type Options struct {
	Root        string
	Components  string // default <Root>/components
	NodeModules string // default <Root>/node_modules
	Locales     []string
	Now         time.Time     // the dev clock starts here; zero: the real clock
	Quiet       time.Duration // how long the tree must be still before a rebuild; default 10 ms
	Log         io.Writer     // progress lines; default stderr
}

// Server is a running dev server. It implements PreviewEnv for the preview matrix.
type Server struct {
	opts     Options
	out      string // where the pages are written, in place
	builder  *generator.Builder
	watcher  *watcher
	events   *hub
	instance string
	logger   *slog.Logger

	mu        sync.Mutex
	site      *content.Site
	build     int
	lastErr   *errorPayload
	fn        *function.Handler
	fnKey     string // API base and cookie the function was made with
	mock      *mock.Mock
	mockKey   string // the campaigns the mock was given
	pages     atomic.Pointer[http.Handler]
	nowOffset atomic.Int64 // dev clock minus real clock, in ns

	rebuilt chan buildReport // for tests: every finished rebuild
	stop    chan struct{}
	stopped chan struct{}
}

// buildReport is what one rebuild did.
type buildReport struct {
	Build    int
	Changed  []string
	Rendered []string
	Err      error
	Took     time.Duration
}

// New builds the site once and starts watching it. The first build's errors are not
// fatal: the server starts and shows them in the overlay until they are fixed.
func New(opts Options) (*Server, error) {
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
	b, err := generator.NewBuilder(generator.Options{Root: root, Out: out, Components: opts.Components, NodeModules: opts.NodeModules,
		Locales: opts.Locales, WriteInPlace: true, NoMinify: true})
	if err != nil {
		os.RemoveAll(out)
		return nil, err
	}
	id := make([]byte, 6)
	_, _ = rand.Read(id)
	s := &Server{opts: opts, out: out, builder: b, events: newHub(), instance: hex.EncodeToString(id),
		logger: slog.New(slog.NewTextHandler(io.Discard, nil)), rebuilt: make(chan buildReport, 64),
		stop: make(chan struct{}), stopped: make(chan struct{})}
	if !opts.Now.IsZero() {
		s.SetNow(opts.Now)
	}
	s.rebuild(nil)
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

// loop rebuilds on every batch of changes; batches that arrive during a rebuild are
// merged into the next one.
func (s *Server) loop() {
	defer close(s.stopped)
	for {
		var batch []string
		select {
		case <-s.stop:
			return
		case b, ok := <-s.watcher.batches:
			if !ok {
				return
			}
			batch = b
		}
	drain:
		for {
			select {
			case more := <-s.watcher.batches:
				batch = append(batch, more...)
			default:
				break drain
			}
		}
		if slices.Contains(batch, everything) {
			batch = nil
		}
		s.rebuild(batch)
	}
}

// rebuild runs the builder and publishes the outcome to open pages.
func (s *Server) rebuild(changed []string) {
	start := time.Now()
	if changed != nil {
		s.events.publish(event{"building", map[string]any{"changed": changed}})
	}
	res, err := s.builder.Rebuild(context.Background(), changed)
	s.mu.Lock()
	s.build++
	report := buildReport{Build: s.build, Changed: changed, Err: err, Took: time.Since(start)}
	if err != nil {
		s.lastErr = newErrorPayload(s.opts.Root, s.build, err)
		s.mu.Unlock()
		fmt.Fprintf(s.opts.Log, "rebuild failed in %d ms; the last good pages are still served\n%v\n", report.Took.Milliseconds(), err)
		s.events.publish(event{"error", s.lastErr})
	} else {
		recovered := s.lastErr != nil
		s.lastErr = nil
		s.mu.Unlock()
		report.Rendered = res.Rendered
		if e := s.refresh(res.Site); e != nil {
			fmt.Fprintf(s.opts.Log, "dev server: %v\n", e)
		}
		var pages any = res.Rendered
		if len(res.Rendered) == 0 && len(res.Changed) > 0 {
			pages = nil // something else changed (public/, 404 pages): every page reloads
		}
		// A fix that restores the last good output changes no file, but open pages must
		// still hear that the error is gone.
		if len(res.Rendered) > 0 || len(res.Changed) > 0 || changed == nil || recovered {
			s.events.publish(event{"reload", map[string]any{"build": report.Build, "pages": pages, "cssOnly": cssOnly(changed)}})
		}
		var phases []string
		for _, p := range res.Phases {
			phases = append(phases, fmt.Sprintf("%s %d", p.Name, p.Duration.Milliseconds()))
		}
		fmt.Fprintf(s.opts.Log, "rebuilt in %d ms (%s): %d pages re-rendered, %d files written\n",
			report.Took.Milliseconds(), strings.Join(phases, ", "), len(res.Rendered), len(res.Changed))
	}
	select {
	case s.rebuilt <- report:
	default:
	}
}

// cssOnly: every changed source is a style sheet, so pages can swap their sheets in
// place without reloading.
func cssOnly(changed []string) bool {
	if len(changed) == 0 {
		return false
	}
	for _, f := range changed {
		if !strings.HasSuffix(f, ".css") {
			return false
		}
	}
	return true
}

// refresh keeps the site the build was made from and brings the function, the mock
// and the static server (which knows the slugs) up to date with it. Campaign edits
// go to the running mock, so a preview login survives them; a new API base or
// cookie name needs a new function.
func (s *Server) refresh(site *content.Site) error {
	mc := mock.FromCampaigns(site.Campaigns)
	key, _ := json.Marshal(mc)
	local := site.Config.Environments["local"]
	fnKey := site.Config.APIBase + "\x00" + local.Cookie
	s.mu.Lock()
	defer s.mu.Unlock()
	s.site = site
	switch {
	case s.fn == nil || fnKey != s.fnKey:
		m := mock.New(mock.Options{Campaigns: mc, Now: s.Now, Seed: 1})
		fn, err := function.New(function.Config{Env: function.EnvLocal, APIBase: site.Config.APIBase, CookieName: local.Cookie,
			Local: m, Logger: s.logger, Now: s.Now})
		if err != nil {
			return err
		}
		if s.fn != nil {
			_ = s.fn.Close()
		}
		s.fn, s.fnKey, s.mock = fn, fnKey, m
	case string(key) != s.mockKey:
		s.mock.SetCampaigns(mc)
	}
	s.mockKey = string(key)
	cs := cdn.Site{Locales: site.Config.Locales}
	for _, c := range site.Campaigns {
		cs.Slugs = append(cs.Slugs, c.Slug)
	}
	var h http.Handler = s.fn.Mount(injectClient(cdn.NewServer(s.out, cs)))
	s.pages.Store(&h)
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
			s.ensureLocale(r.URL.Path)
			h := s.pages.Load()
			if h == nil {
				s.serveError(w)
				return
			}
			(*h).ServeHTTP(w, r)
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

// ensureLocale builds a locale left out by --locale when a page of it is asked for.
func (s *Server) ensureLocale(path string) {
	limited := s.builder.Locales()
	if len(limited) == 0 {
		return
	}
	seg, _, _ := strings.Cut(strings.TrimPrefix(path, "/"), "/")
	site := s.Site()
	if site == nil || !site.Config.IsLocale(seg) || slices.Contains(limited, seg) {
		return
	}
	s.builder.SetLocales(append(limited, seg))
	fmt.Fprintf(s.opts.Log, "building %s on first request\n", seg)
	s.rebuild([]string{})
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
	fn := s.fn
	s.mu.Unlock()
	if fn == nil {
		return nil, errors.New("the site has not been built yet")
	}
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
	if limited := s.builder.Locales(); len(limited) > 0 {
		return limited
	}
	if site := s.Site(); site != nil {
		return site.Config.Locales
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
	if s.fn != nil {
		_ = s.fn.Close()
	}
	s.mu.Unlock()
	err := s.builder.Close()
	_ = os.RemoveAll(s.out)
	return err
}
