package stack

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/promohq/promo/internal/content"
	"github.com/promohq/promo/internal/i18n"
)

func site(t *testing.T, apiBase string) *content.Site {
	t.Helper()
	cfg := content.DefaultConfig()
	cfg.APIBase = apiBase
	start := time.Now().Add(-time.Hour)
	return &content.Site{Config: cfg, Campaigns: []*content.Campaign{{Slug: "blast", ID: "1001", API: content.APINew,
		Schedule: content.Schedule{Start: start, End: start.Add(48 * time.Hour)}}}}
}

func get(h http.Handler, method, path, body string) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	h.ServeHTTP(rec, req)
	return rec
}

// One stack serves the pages and, under apiBase, the function with the mock; an edit
// of the campaigns keeps the mock's state, a new apiBase moves the function.
func TestUpdateKeepsTheMockAndFollowsTheAPIBase(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "blast"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "blast", "index.html"), []byte("<!doctype html><title>Blast</title>"), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := New(Config{Site: site(t, "/api"), Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if rec := get(s, "GET", "/blast/", ""); rec.Code != 200 || !strings.Contains(rec.Body.String(), "Blast") {
		t.Fatalf("page: %d %s", rec.Code, rec.Body)
	}
	if rec := get(s, "POST", "/api/__mock/campaign", `{"id":"1001","status":6}`); rec.Code != 200 {
		t.Fatalf("mock control: %d %s", rec.Code, rec.Body)
	}
	edited := site(t, "/api")
	edited.Campaigns[0].Schedule.End = edited.Campaigns[0].Schedule.End.Add(time.Hour)
	if err := s.Update(edited); err != nil {
		t.Fatal(err)
	}
	if rec := get(s, "POST", "/api/fht/growth/activity-api/v1/info", `{"campaignId":"1001"}`); !strings.Contains(rec.Body.String(), `"status":6`) {
		t.Errorf("a campaign edit lost the mock's override: %s", rec.Body)
	}
	if err := s.Update(site(t, "/promo/api")); err != nil {
		t.Fatal(err)
	}
	if rec := get(s, "GET", "/promo/api/healthz", ""); rec.Code != 200 {
		t.Errorf("the new apiBase: %d", rec.Code)
	}
	if rec := get(s, "GET", "/api/healthz", ""); rec.Code == 200 {
		t.Error("the old apiBase still answers")
	}
}

// An environment the site does not configure is refused before anything is served.
func TestUnknownEnvironment(t *testing.T) {
	_, err := New(Config{Site: site(t, "/api"), Dir: t.TempDir(), Env: "staging"})
	if err == nil || !strings.Contains(err.Error(), "environment staging is not one of the site's") {
		t.Errorf("got %v", err)
	}
}

// The mock's activity list names each campaign with the site's texts in the caller's
// language along its fallback chain, and follows a text edit.
func TestActivityListTitlesFollowTheSite(t *testing.T) {
	withTitles := func(en string) *content.Site {
		st := site(t, "/api")
		st.Campaigns[0].Namespace = "blast"
		st.Catalog = &i18n.Catalog{}
		for locale, title := range map[string]string{"en": en, "ja-JP": "ブラスト", "zh-TW": "爆發"} {
			st.Catalog.Add(&i18n.Bundle{Locale: locale, Namespace: "blast", Keys: map[string]i18n.Entry{content.HeroTitleKey: {Value: title}}})
		}
		return st
	}
	s, err := New(Config{Site: withTitles("Blast"), Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	list := func(lang string) string {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest("POST", "/api/segw/sact/activity/list", strings.NewReader(`{}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Lang", lang)
		s.ServeHTTP(rec, req)
		return rec.Body.String()
	}
	for lang, want := range map[string]string{
		"ja-JP": `"slug":"blast","status":5,"title":"ブラスト","title_lang":"ja-JP"`,
		"zh-HK": `"title":"爆發","title_lang":"zh-TW"`,
		"nl-NL": `"title":"Blast","title_lang":"en"`,
	} {
		if got := list(lang); !strings.Contains(got, want) {
			t.Errorf("Lang %s: %s, want %s in it", lang, got, want)
		}
	}
	if err := s.Update(withTitles("Blast Off")); err != nil {
		t.Fatal(err)
	}
	if got := list("en"); !strings.Contains(got, `"title":"Blast Off"`) {
		t.Errorf("after a text edit: %s", got)
	}
}
