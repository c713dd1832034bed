package dev

import (
	"bufio"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/promohq/promo/internal/sitetest"
)

const testSite = `
-- campaigns/blast/campaign.yaml --
id: "1001"
namespace: blast
schedule: {start: 2026-11-01T00:00:00Z, end: 2099-12-01T00:00:00Z}
widgets:
  quickApply: {}
-- campaigns/blast/rules/en.md --
1. Deposit **100 USDT**.
-- campaigns/blast/page.tsx --
import { Hero, Rules } from "@promo/components";
import "./page.css";
export default function Page() { return <main><Hero /><Rules /></main>; }
-- campaigns/blast/page.css --
.x { color: red; }
-- locales/en/blast.json --
{"hero": {"title": "Blast off", "subtitle": "Earn 20%"}}
-- locales/ja-JP/blast.json --
{"hero": {"title": "ブラスト", "subtitle": "20%獲得"}}
-- campaigns/other/campaign.yaml --
id: "1002"
namespace: other
schedule: {start: 2026-11-01T00:00:00Z, end: 2099-12-01T00:00:00Z}
-- locales/en/other.json --
{"hero": {"title": "Other", "subtitle": "Second"}}
`

// start runs a dev server on a new site and returns it with a channel of its events.
func start(t *testing.T, locales ...string) (*Server, string, chan event) {
	t.Helper()
	sitetest.RequireNodeModules(t)
	root := sitetest.Write(t, sitetest.LibraryTexts(t)+testSite)
	s, err := New(Options{Root: root, NewBuilder: repoBuilder(root), Locales: locales, Log: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	<-s.rebuilt // the first build
	events := s.events.subscribe()
	return s, root, events
}

// edit writes files and waits for the rebuild they cause.
func edit(t *testing.T, s *Server, root, archive string) buildReport {
	t.Helper()
	sitetest.WriteInto(t, root, archive)
	select {
	case r := <-s.rebuilt:
		return r
	case <-time.After(20 * time.Second):
		t.Fatal("no rebuild after an edit")
		return buildReport{}
	}
}

func next(t *testing.T, events chan event, name string) map[string]any {
	t.Helper()
	for {
		select {
		case e := <-events:
			if e.Name == name {
				if m, ok := e.Data.(map[string]any); ok {
					return m
				}
				return map[string]any{"payload": e.Data}
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("no %s event", name)
		}
	}
}

func get(t *testing.T, h http.Handler, path string) (int, string) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
	return rec.Code, rec.Body.String()
}

func TestATextEditReloadsOnlyItsPage(t *testing.T) {
	s, root, events := start(t)
	r := edit(t, s, root, "-- locales/ja-JP/blast.json --\n{\"hero\": {\"title\": \"新ブラスト\", \"subtitle\": \"20%獲得\"}}\n")
	if r.Err != nil || !slices.Equal(r.Rendered, []string{"/ja-JP/blast/"}) {
		t.Fatalf("re-rendered %v (err %v), want only /ja-JP/blast/", r.Rendered, r.Err)
	}
	e := next(t, events, "reload")
	if pages, _ := e["pages"].([]string); !slices.Equal(pages, []string{"/ja-JP/blast/"}) || e["cssOnly"] != false || e["hot"] != true {
		t.Errorf("reload event %v", e)
	}
	if code, body := get(t, s.Handler(), "/ja-JP/blast/"); code != 200 || !strings.Contains(body, "新ブラスト") || !strings.Contains(body, clientTag+"</head>") {
		t.Errorf("page after the edit: %d, client injected: %v", code, strings.Contains(body, clientTag))
	}
}

// Content edits (texts, rules, campaign.yaml) are swapped into open pages in place
// (DESIGN §7); an edit of code makes them reload.
func TestContentEditsAreHotAndCodeEditsReload(t *testing.T) {
	s, root, events := start(t)
	for _, tc := range []struct {
		archive string
		hot     bool
	}{
		{"-- campaigns/blast/rules/en.md --\n1. Deposit **200 USDT**.\n", true},
		{"-- campaigns/other/campaign.yaml --\nid: \"1002\"\nnamespace: other\nschedule: {start: 2026-11-01T00:00:00Z, end: 2099-12-02T00:00:00Z}\n", true},
		{"-- campaigns/blast/page.tsx --\nexport default function Page() { return <main>edited</main>; }\n", false},
	} {
		if r := edit(t, s, root, tc.archive); r.Err != nil {
			t.Fatalf("%s: %v", tc.archive, r.Err)
		}
		if e := next(t, events, "reload"); e["hot"] != tc.hot {
			t.Errorf("%s: reload event %v, want hot %v", tc.archive, e, tc.hot)
		}
	}
}

func TestAStyleEditSwapsInPlace(t *testing.T) {
	s, root, events := start(t)
	r := edit(t, s, root, "-- campaigns/blast/page.css --\n.x { color: blue; }\n")
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	if e := next(t, events, "reload"); e["cssOnly"] != true {
		t.Errorf("a style edit must swap sheets, got %v", e)
	}
}

// TestBreakThenFix breaks each kind of file, expects the overlay's error with file and
// line while the last good pages are still served, then fixes it.
func TestBreakThenFix(t *testing.T) {
	s, root, events := start(t)
	for _, c := range []struct{ kind, broken, fixed, file string }{
		{"YAML", "-- campaigns/blast/campaign.yaml --\nid: \"1001\"\nnamespace: blast\nschedul: {}\n", "-- campaigns/blast/campaign.yaml --\nid: \"1001\"\nnamespace: blast\nschedule: {start: 2026-11-01T00:00:00Z, end: 2099-12-01T00:00:00Z}\nwidgets:\n  quickApply: {}\n", "campaigns/blast/campaign.yaml"},
		{"JSON", "-- locales/en/blast.json --\n{\"hero\": {\"title\": \"Blast off\",\n \"subtitle\": }}\n", "-- locales/en/blast.json --\n{\"hero\": {\"title\": \"Blast off\", \"subtitle\": \"Earn 20%\"}}\n", "locales/en/blast.json"},
		{"Markdown", "-- campaigns/blast/rules/en.md --\n1. See [this](javascript:alert(1)).\n", "-- campaigns/blast/rules/en.md --\n1. Deposit **100 USDT**.\n", "campaigns/blast/rules/en.md"},
		{"TSX", "-- campaigns/blast/page.tsx --\nimport { Hero } from \"@promo/components\";\nexport default function Page() { return <main><Hero /></mian>; }\n", "-- campaigns/blast/page.tsx --\nimport { Hero, Rules } from \"@promo/components\";\nimport \"./page.css\";\nexport default function Page() { return <main><Hero /><Rules /></main>; }\n", "campaigns/blast/page.tsx"},
	} {
		r := edit(t, s, root, c.broken)
		if r.Err == nil {
			t.Fatalf("%s: the broken file built", c.kind)
		}
		p := next(t, events, "error")["payload"].(*errorPayload)
		if len(p.Errors) == 0 || p.Errors[0].File != c.file || p.Errors[0].Line == 0 || len(p.Errors[0].Excerpt) == 0 {
			t.Errorf("%s: overlay payload %+v", c.kind, p.Errors)
		}
		if code, body := get(t, s.Handler(), "/blast/"); code != 200 || !strings.Contains(body, "Blast off") {
			t.Errorf("%s: the last good page is not served during the error: %d", c.kind, code)
		}
		if r := edit(t, s, root, c.fixed); r.Err != nil {
			t.Fatalf("%s: the fix did not build: %v", c.kind, r.Err)
		}
		next(t, events, "reload")
		if s.hello().Data.(map[string]any)["error"].(*errorPayload) != nil {
			t.Errorf("%s: the error is still reported after the fix", c.kind)
		}
	}
}

func TestNewCampaignFolderIsPickedUp(t *testing.T) {
	s, root, _ := start(t)
	r := edit(t, s, root, "-- campaigns/third/campaign.yaml --\nid: \"1003\"\nnamespace: third\nschedule: {start: 2026-11-01T00:00:00Z, end: 2099-12-01T00:00:00Z}\n-- locales/en/third.json --\n{\"hero\": {\"title\": \"Third\", \"subtitle\": \"New\"}}\n")
	for r.Err != nil || !slices.Contains(r.Rendered, "/third/") {
		// The folder and its files may arrive in two batches.
		r = edit(t, s, root, "")
	}
	if code, body := get(t, s.Handler(), "/third/"); code != 200 || !strings.Contains(body, "Third") {
		t.Errorf("new campaign: %d", code)
	}
}

func TestOtherLocalesBuildOnFirstRequest(t *testing.T) {
	s, _, _ := start(t, "ja-JP")
	if code, _ := get(t, s.Handler(), "/ja-JP/blast/"); code != 200 {
		t.Fatalf("ja-JP: %d", code)
	}
	if _, err := os.Stat(filepath.Join(s.out, "ar-SA", "blast", "index.html")); err == nil {
		t.Fatal("ar-SA was built up front")
	}
	if code, body := get(t, s.Handler(), "/ar-SA/blast/"); code != 200 || !strings.Contains(body, `dir="rtl"`) {
		t.Errorf("ar-SA on first request: %d", code)
	}
}

func TestEventStreamSaysHelloThenReloads(t *testing.T) {
	s, root, _ := start(t)
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	res, err := http.Get(srv.URL + "/__promo/events")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	lines := bufio.NewScanner(res.Body)
	want := func(prefix string) string {
		for lines.Scan() {
			if strings.HasPrefix(lines.Text(), prefix) {
				return lines.Text()
			}
		}
		t.Fatalf("stream ended before %q", prefix)
		return ""
	}
	want("event: hello")
	if d := want("data: "); !strings.Contains(d, `"instance":"`+s.instance+`"`) {
		t.Errorf("hello data %s", d)
	}
	sitetest.WriteInto(t, root, "-- locales/en/other.json --\n{\"hero\": {\"title\": \"Other 2\", \"subtitle\": \"Second\"}}\n")
	want("event: reload")
	if d := want("data: "); !strings.Contains(d, `"/other/"`) {
		t.Errorf("reload data %s", d)
	}
}

// TestSaveByRename: editors write a temporary file and rename it over the original; the
// watched folder sees a create, and the rebuild picks the new text up.
func TestSaveByRename(t *testing.T) {
	s, root, _ := start(t)
	tmp := filepath.Join(root, "locales", "en", ".other.json.swp")
	if err := os.WriteFile(tmp, []byte(`{"hero": {"title": "Renamed", "subtitle": "Second"}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, filepath.Join(root, "locales", "en", "other.json")); err != nil {
		t.Fatal(err)
	}
	select {
	case r := <-s.rebuilt:
		if r.Err != nil || !slices.Contains(r.Rendered, "/other/") {
			t.Fatalf("rebuild after a save by rename: %v %v", r.Rendered, r.Err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("no rebuild after a save by rename")
	}
}

// A campaign.yaml edit reaches the running mock: the designer's preview login and
// enrolment survive it, and the edited schedule is what the API now answers.
func TestCampaignEditKeepsThePreviewLogin(t *testing.T) {
	s, root, _ := start(t)
	h := s.Handler()
	call := func(path, body string, cookies []*http.Cookie) *httptest.ResponseRecorder {
		req := httptest.NewRequest("POST", path, strings.NewReader(body))
		if body == "" {
			req.Method = "GET"
		}
		req.Header.Set("Content-Type", "application/json")
		for _, c := range cookies {
			req.AddCookie(c)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	login := call("/api/user/public/login", `{"email":"demo@example.com","password":"Demo1234!"}`, nil)
	cookies := login.Result().Cookies()
	if login.Code != 200 || len(cookies) == 0 {
		t.Fatalf("login: %d %s", login.Code, login.Body)
	}
	if rec := call("/api/fht/growth/activity-api/v1/enroll", `{"campaignId":"1001"}`, cookies); !strings.Contains(rec.Body.String(), `"retCode":0`) {
		t.Fatalf("enrol: %s", rec.Body)
	}
	r := edit(t, s, root, "-- campaigns/blast/campaign.yaml --\nid: \"1001\"\nnamespace: blast\nschedule: {start: 2098-11-01T00:00:00Z, end: 2099-12-01T00:00:00Z}\nwidgets:\n  quickApply: {}\n")
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	if rec := call("/api/v2/private/user/profile", "", cookies); !strings.Contains(rec.Body.String(), `"ret_code":0`) {
		t.Fatalf("the login did not survive the edit: %s", rec.Body)
	}
	info := call("/api/fht/growth/activity-api/v1/info", `{"campaignId":"1001"}`, cookies).Body.String()
	if !strings.Contains(info, `"enrolled":true`) || !strings.Contains(info, `"status":4`) {
		t.Fatalf("info after the edit: want enrolled and not started (4): %s", info)
	}
}

// The gallery shows every section and widget in English, Arabic and Japanese; it is
// added to what watch mode builds, never to the site on disk.
func TestGalleryShowsEverySection(t *testing.T) {
	s, root, _ := start(t)
	for path, want := range map[string][]string{
		"/promo-gallery/": {"Gallery of sections and widgets", "Prize pool", "Trading volume", "Who can take part?", "Rules are Markdown", "promo-section--countdown",
			"promo-section--prizeDraw", "promo-section--market", "promo-section--invitationCode", "promo-section--moreCampaigns"},
		"/ar-SA/promo-gallery/": {`dir="rtl"`, "معرض الأقسام والأدوات", "حجم التداول", "من يمكنه المشاركة؟"},
		"/ja-JP/promo-gallery/": {"セクションとウィジェットのギャラリー", "取引高", "誰が参加できますか？"},
	} {
		code, body := get(t, s.Handler(), path)
		if code != 200 {
			t.Errorf("%s: %d", path, code)
			continue
		}
		for _, w := range want {
			if !strings.Contains(body, w) {
				t.Errorf("%s lacks %q", path, w)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(root, "campaigns", GallerySlug)); err == nil {
		t.Error("the gallery was written into the site")
	}
}
