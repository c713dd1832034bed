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
