package serve

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/promohq/promo/generator"
	"github.com/promohq/promo/internal/cmd/cmdtest"
	"github.com/promohq/promo/internal/cmd/factory"
	"github.com/promohq/promo/internal/sitetest"
)

const testSite = `
-- campaigns/one/campaign.yaml --
id: "1"
namespace: one
schedule: {start: 2026-11-01T00:00:00Z, end: 2099-12-01T00:00:00Z}
-- locales/en/one.json --
{"hero": {"title": "One", "subtitle": "First"}}
`

// built writes and builds a site, returning its root.
func built(t *testing.T) string {
	t.Helper()
	sitetest.RequireNodeModules(t)
	root := sitetest.Write(t, sitetest.LibraryTexts(t)+testSite)
	repo := sitetest.RepoRoot()
	if _, err := generator.Build(context.Background(), generator.Options{Root: root, Components: filepath.Join(repo, "components"), NodeModules: filepath.Join(repo, "node_modules")}); err != nil {
		t.Fatal(err)
	}
	return root
}

// options are the serve command's options for the site at root, as
// `promo serve --source root` parses them, with env as the environment.
func options(t *testing.T, root string, env map[string]string, args ...string) *Options {
	t.Helper()
	var opts *Options
	newCmd := func(f *factory.Factory) *cobra.Command {
		f.Getenv = func(k string) string { return env[k] }
		return NewCmdServe(f, func(_ context.Context, o *Options) error {
			opts = o
			return nil
		})
	}
	if _, _, err := cmdtest.Run(t, newCmd, append([]string{"--source", root}, args...)...); err != nil {
		t.Fatal(err)
	}
	return opts
}

func handler(t *testing.T, root string, env map[string]string) http.Handler {
	t.Helper()
	h, closeFn, err := Handler(options(t, root, env), slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(closeFn)
	return h
}

func get(h http.Handler, method, target string) *httptest.ResponseRecorder {
	return send(h, method, target, "")
}

func send(h http.Handler, method, target, body string) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	req := httptest.NewRequest(method, target, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	h.ServeHTTP(rec, req)
	return rec
}

func TestServesPagesFunctionAndMockOnOnePort(t *testing.T) {
	h := handler(t, built(t), nil)
	page := get(h, "GET", "/one/")
	if page.Code != 200 || !strings.Contains(page.Body.String(), "<h1 class=\"promo-hero__title\">One</h1>") {
		t.Fatalf("page: %d", page.Code)
	}
	if csp := page.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") {
		t.Errorf("page lacks the CSP of _headers: %q", csp)
	}
	if r := get(h, "GET", "/en/one/?ref=A1"); r.Code != 301 || r.Header().Get("Location") != "/one/?ref=A1" {
		t.Errorf("/en/one/ → %d %q", r.Code, r.Header().Get("Location"))
	}
	if r := get(h, "GET", "/ja-JP/nothing/"); r.Code != 404 || !strings.Contains(r.Body.String(), `lang="ja-JP"`) {
		t.Errorf("unknown ja-JP path → %d", r.Code)
	}
	if r := get(h, "GET", "/api/healthz"); r.Code != 200 {
		t.Errorf("healthz → %d", r.Code)
	}
	if r := send(h, "POST", "/api/fht/growth/activity-api/v1/info", `{"campaignId":""}`); r.Code != 400 {
		t.Errorf("info with an empty id → %d, want 400 from the function", r.Code)
	}
	rec := send(h, "POST", "/api/fht/growth/activity-api/v1/info", `{"campaignId":"1"}`)
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"status":5`) {
		t.Errorf("info from the mock: %d %s", rec.Code, rec.Body)
	}
	if r := get(h, "GET", "/api/__mock/state"); r.Code != 200 {
		t.Errorf("mock control in local → %d", r.Code)
	}
}

func TestMockControlIsAbsentOutsideLocal(t *testing.T) {
	h := handler(t, built(t), map[string]string{"PROMO_ENV": "test"})
	if r := get(h, "GET", "/api/__mock/state"); r.Code != 404 {
		t.Errorf("mock control in test → %d, want 404", r.Code)
	}
	// The tests' token route opens a session for any seeded account: never outside local.
	if r := send(h, "POST", "/api/__mock/token", `{"email": "demo@example.com"}`); r.Code != 404 || strings.Contains(r.Body.String(), "userToken") {
		t.Errorf("mock token in test → %d %s, want 404", r.Code, r.Body.String())
	}
}

func TestServeNeedsABuild(t *testing.T) {
	root := sitetest.Write(t, sitetest.LibraryTexts(t)+testSite)
	if _, _, err := Handler(options(t, root, nil), slog.New(slog.NewTextHandler(io.Discard, nil))); err == nil || !strings.Contains(err.Error(), "run `promo build` first") {
		t.Errorf("serving an unbuilt site: %v", err)
	}
}

// TestNowStartsTheMockClock: with --now the mock answers as on that day, so a campaign
// that has not started yet reads "not started" (status 4) whatever today's date.
func TestNowStartsTheMockClock(t *testing.T) {
	root := built(t)
	opts := options(t, root, nil, "--now", "2026-10-01T00:00:00Z")
	h, closeFn, err := Handler(opts, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	defer closeFn()
	rec := send(h, "POST", "/api/fht/growth/activity-api/v1/info", `{"campaignId": "1"}`)
	if !strings.Contains(rec.Body.String(), `"status":4`) {
		t.Errorf("info on 1 October: %s", rec.Body.String())
	}
	if rec := send(handler(t, root, nil), "POST", "/api/fht/growth/activity-api/v1/info", `{"campaignId": "1"}`); !strings.Contains(rec.Body.String(), `"status":5`) {
		t.Errorf("info today: %s", rec.Body.String())
	}
	newCmd := func(f *factory.Factory) *cobra.Command {
		return NewCmdServe(f, func(context.Context, *Options) error { return nil })
	}
	if _, _, err := cmdtest.Run(t, newCmd, "--source", root, "--now", "1 December"); err == nil || !strings.Contains(err.Error(), "write a time like 2026-12-01T00:00:00Z") {
		t.Errorf("a malformed --now: %v", err)
	}
}
