// Package stack assembles what answers a site's HTTP requests — the static server of
// the built pages (cdn), the API function mounted at the site's apiBase and, in the
// local environment, the mock upstream — once, for `promo serve` and `promo dev`, so
// the two serve a site the same way (DESIGN §1).
package stack

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"reflect"
	"sync"
	"sync/atomic"
	"time"

	"github.com/promohq/promo/function"
	"github.com/promohq/promo/internal/cdn"
	"github.com/promohq/promo/internal/content"
	"github.com/promohq/promo/internal/mock"
)

// Config says how to serve a site. The zero value of every field but Site and Dir
// works: the site's environment, the real clock, no logs.
type Config struct {
	Site *content.Site
	// Dir holds the built pages (dist/, or watch mode's output).
	Dir string
	// Env picks the environment; "" takes PROMO_ENV, then the site's.
	Env string
	// Getenv reads the PROMO_* overrides (function.ConfigFromEnv); nil reads none.
	Getenv func(string) string
	// Now is the clock of the mock and the function; nil is the real clock.
	Now    func() time.Time
	Logger *slog.Logger
	// Pages wraps the static server (watch mode injects its client script).
	Pages func(http.Handler) http.Handler
}

// Stack serves a site. Update brings it up to date with an edited site without
// dropping the mock's state; it is safe to serve requests meanwhile.
type Stack struct {
	cfg     Config
	handler atomic.Pointer[http.Handler]

	mu      sync.Mutex
	fn      *function.Handler
	mock    *mock.Mock // nil outside local
	fnKey   string     // what the function was made from: a change needs a new one
	mockKey []*content.Campaign
	// site is the last site Update took: the mock names campaigns with its texts.
	site atomic.Pointer[content.Site]
}

// New assembles the stack for cfg.Site.
func New(cfg Config) (*Stack, error) {
	if cfg.Site == nil || cfg.Dir == "" {
		return nil, errors.New("stack: a site and the folder of its pages are required")
	}
	if cfg.Getenv == nil {
		cfg.Getenv = func(string) string { return "" }
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	s := &Stack{cfg: cfg}
	if err := s.Update(cfg.Site); err != nil {
		return nil, err
	}
	return s, nil
}

// functionConfig resolves the environment: the flag wins over PROMO_ENV, which wins
// over site.yaml; the environment then picks its upstream and cookie from site config,
// and the PROMO_* variables may override those.
func (s *Stack) functionConfig(site *content.Site) (function.Config, error) {
	env := s.cfg.Env
	if env == "" {
		env = s.cfg.Getenv("PROMO_ENV")
	}
	if env == "" {
		env = site.Config.Environment
	}
	envCfg, ok := site.Config.Environments[env]
	if !ok {
		return function.Config{}, fmt.Errorf("environment %s is not one of the site's (production, testnet, test, dev or local)", env)
	}
	fc := function.Config{Env: env, Upstream: envCfg.Upstream, CookieName: envCfg.Cookie, APIBase: site.Config.APIBase,
		Logger: s.cfg.Logger, Now: s.cfg.Now}
	return function.ConfigFromEnv(fc, s.cfg.Getenv)
}

// Update serves site from now on. Campaign edits go to the running mock, so a preview
// login, enrolments and control overrides survive them; a new environment, API base or
// cookie name needs a new function (and mock).
func (s *Stack) Update(site *content.Site) error {
	fc, err := s.functionConfig(site)
	if err != nil {
		return err
	}
	camps := site.Campaigns
	key := fmt.Sprintf("%s\x00%s\x00%s\x00%s", fc.Env, fc.Upstream, fc.APIBase, fc.CookieName)
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.fn == nil || key != s.fnKey:
		var m *mock.Mock
		// The mock stands in only in local, decided after the environment variables.
		if fc.Env == function.EnvLocal {
			m = mock.New(mock.Options{Campaigns: camps, Now: s.cfg.Now, Seed: 1, Title: s.campaignTitle})
			fc.Local = m
		}
		fn, err := function.New(fc)
		if err != nil {
			return err
		}
		if s.fn != nil {
			_ = s.fn.Close()
		}
		s.fn, s.fnKey, s.mock = fn, key, m
	case s.mock != nil && !reflect.DeepEqual(camps, s.mockKey):
		s.mock.SetCampaigns(camps)
	}
	s.mockKey = camps
	s.site.Store(site)
	static := cdn.Site{Locales: site.Config.Locales}
	for _, c := range site.Campaigns {
		static.Slugs = append(static.Slugs, c.Slug)
	}
	var pages http.Handler = cdn.NewServer(s.cfg.Dir, static)
	if s.cfg.Pages != nil {
		pages = s.cfg.Pages(pages)
	}
	h := s.fn.Mount(pages)
	s.handler.Store(&h)
	return nil
}

// campaignTitle names a campaign for the mock's activity list: its hero title in lang
// along lang's fallback chain (as the 404 pages name it), with the locale it came from.
func (s *Stack) campaignTitle(c *content.Campaign, lang string) (string, string) {
	site := s.site.Load()
	if site == nil || site.Catalog == nil {
		return "", ""
	}
	for _, l := range site.Config.Chain(lang) {
		if b := site.Catalog.Bundle(l, c.Namespace); b != nil {
			if e, ok := b.Keys[content.HeroTitleKey]; ok && e.Value != "" {
				return e.Value, l
			}
		}
	}
	return "", ""
}

// ServeHTTP answers with the stack of the last successful Update.
func (s *Stack) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	(*s.handler.Load()).ServeHTTP(w, r)
}

// Function is the API function the stack mounts (watch mode's preview calls it in
// process).
func (s *Stack) Function() *function.Handler {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.fn
}

// Close releases the function's background work.
func (s *Stack) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.fn.Close()
}
