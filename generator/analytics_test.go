package generator_test

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promohq/promo/generator"
	"github.com/promohq/promo/internal/cdn"
	"github.com/promohq/promo/internal/sitetest"
)

// buildEnglish builds only the English pages of the site (enough for what the whole
// build shares: page data shape and _headers).
func buildEnglish(t *testing.T, root string) *generator.Result {
	t.Helper()
	sitetest.RequireNodeModules(t)
	opts := siteOptions(root)
	opts.Locales = []string{"en"}
	res, err := generator.Build(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func headersCSP(t *testing.T, root string) string {
	t.Helper()
	rules, err := cdn.ParseHeaders([]byte(read(t, root, "_headers")))
	if err != nil {
		t.Fatal(err)
	}
	return cdn.HeadersFor(rules, "/blast/").Get("Content-Security-Policy")
}

// A container configured for a non-local environment reaches the page data and the
// CSP of _headers, and `promo serve`'s static server answers with that CSP.
func TestAnalyticsConfiguredReachesPagesAndCSP(t *testing.T) {
	root := writeSite(t, "-- site.yaml --\nenvironment: production\nanalytics:\n  gtm: GTM-AB12CD3\n  projectType: spot-growth\n")
	buildEnglish(t, root)
	data := pageData(t, read(t, root, "blast/index.html"))
	a, _ := data["analytics"].(map[string]any)
	if a["gtm"] != "GTM-AB12CD3" || a["projectType"] != "spot-growth" {
		t.Errorf("page data analytics = %v", data["analytics"])
	}
	want := cdn.PageCSP(true, styleSource(t, read(t, root, "blast/index.html")))
	if got := headersCSP(t, root); got != want {
		t.Errorf("_headers CSP %q, want %q", got, want)
	}
	srv := cdn.NewServer(filepath.Join(root, "dist"), cdn.Site{Locales: []string{"en"}, Slugs: []string{"blast"}})
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, httptest.NewRequest("GET", "/blast/", nil))
	if rec.Code != 200 || rec.Header().Get("Content-Security-Policy") != want {
		t.Errorf("served /blast/: %d, CSP %q", rec.Code, rec.Header().Get("Content-Security-Policy"))
	}
}

// Off by default, and off in `local` even when configured (DESIGN §6): no container
// in the page data, the CSP unchanged, and a warning saying why.
func TestAnalyticsOffByDefaultAndInLocal(t *testing.T) {
	for name, yaml := range map[string]string{
		"default": "",
		"local":   "-- site.yaml --\nanalytics:\n  gtm: GTM-AB12CD3\n",
	} {
		t.Run(name, func(t *testing.T) {
			root := writeSite(t, yaml)
			res := buildEnglish(t, root)
			html := read(t, root, "blast/index.html")
			a, _ := pageData(t, html)["analytics"].(map[string]any)
			if _, ok := a["gtm"]; ok || a["projectType"] != "growth-activity" {
				t.Errorf("page data analytics = %v", a)
			}
			if strings.Contains(html, "googletagmanager") || strings.Contains(read(t, root, "_headers"), "googletagmanager") {
				t.Error("a local or unconfigured build mentions the tag manager")
			}
			if got := headersCSP(t, root); got != cdn.PageCSP(false, styleSource(t, html)) {
				t.Errorf("_headers CSP %q", got)
			}
			var warned bool
			for _, w := range res.Warnings {
				warned = warned || w.Code == "analytics-off-in-local"
			}
			if warned != (name == "local") {
				t.Errorf("warnings %v", res.Warnings)
			}
		})
	}
}
