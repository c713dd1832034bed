package generator_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/promohq/promo/generator"
	"github.com/promohq/promo/internal/diag"
	"github.com/promohq/promo/internal/sitetest"
)

// baseSite is the smallest complete site: the library texts, error codes, and one
// campaign in English, Arabic (with a key left untranslated) and Japanese.
const baseSite = `
-- locales/ar-SA/gmp-lib.json --
{"schedule": {"title": "الجدول الزمني", "activity": "فترة الحملة", "enrolment": "فترة التسجيل"},
 "rules": {"title": "الشروط والأحكام"},
 "notFound": {"title": "الصفحة غير موجودة", "body": "جرّب هذه الحملات:"}}
-- locales/en/error-code.json --
{"error": {"retry": "Please try again later."}, "errorCode": {"2009": "Wrong code."}}
-- locales/ja-JP/error-code.json --
{"errorCode": {"2009": "認証コードが違います。"}}
-- campaigns/blast/campaign.yaml --
id: "1001"
namespace: blast
schedule:
  start: 2026-11-01T00:00:00Z
  end: 2026-12-01T00:00:00Z
image: hero.png
widgets:
  quickApply:
    popup:
      title: popup.title
-- campaigns/blast/hero.png --
PNGDATA
-- campaigns/blast/rules/en.md --
1. Deposit **100 USDT**. <script>alert(1)</script>
2. See [terms](/terms/).
-- campaigns/blast/rules/ja-JP.md --
1. **100 USDT**を入金してください。
-- locales/en/blast.json --
{"meta": {"title": "Blast <Off>", "description": "Deposit & earn"},
 "hero": {"title": "Blast off", "subtitle": "Earn 20%"},
 "popup": {"title": "You're in"},
 "unused": {"campaign": "never shipped"}}
-- locales/ar-SA/blast.json --
{"hero": {"title": "انطلاقة"}}
-- locales/ja-JP/blast.json --
{"hero": {"title": "ブラスト", "subtitle": "20%獲得"}, "popup": {"title": "</script><script>alert(1)</script>"}}
-- public/robots-extra.txt --
hello
`

// writeSite writes baseSite with the library's texts (plus a key no component uses) and extra.
func writeSite(t *testing.T, extra string) string {
	return sitetest.Write(t, sitetest.LibraryTexts(t, `"unused": {"library": "never shipped"}`)+baseSite+extra)
}

func build(t *testing.T, root string) (*generator.Result, error) {
	t.Helper()
	sitetest.RequireNodeModules(t)
	return generator.Build(context.Background(), siteOptions(root))
}

// siteOptions builds the site at root with the repository's components and packages.
func siteOptions(root string) generator.Options {
	repo := sitetest.RepoRoot()
	return generator.Options{Root: root, Components: filepath.Join(repo, "components"), NodeModules: filepath.Join(repo, "node_modules")}
}

func read(t *testing.T, root, rel string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, "dist", filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// pageData extracts and decodes the page-data script of an HTML page.
func pageData(t *testing.T, html string) map[string]any {
	t.Helper()
	m := regexp.MustCompile(`<script id="promo-data" type="application/json">(.*?)</script>`).FindStringSubmatch(html)
	if m == nil {
		t.Fatal("page has no page-data script")
	}
	var data map[string]any
	if err := json.Unmarshal([]byte(m[1]), &data); err != nil {
		t.Fatalf("page data is not JSON: %v", err)
	}
	return data
}

func TestBuildWritesEveryPageOfEveryLocale(t *testing.T) {
	root := writeSite(t, "")
	res, err := build(t, root)
	if err != nil {
		t.Fatal(err)
	}
	if res.Pages != 23 || res.Locales != 23 || res.Campaigns != 1 {
		t.Fatalf("built %d pages in %d locales of %d campaigns, want 23, 23, 1", res.Pages, res.Locales, res.Campaigns)
	}
	for _, rel := range []string{"blast/index.html", "ar-SA/blast/index.html", "nl-NL/blast/index.html", "404.html", "ja-JP/404.html",
		"sitemap.xml", "robots.txt", "_headers", "_redirects", "manifest.json", "favicon.svg", "robots-extra.txt"} {
		if _, err := os.Stat(filepath.Join(root, "dist", rel)); err != nil {
			t.Errorf("missing output %s", rel)
		}
	}
	if _, err := os.Stat(filepath.Join(root, "dist", "en", "blast", "index.html")); err == nil {
		t.Error("English must be unprefixed, found dist/en/blast/")
	}
}

func TestPageHeadAndBody(t *testing.T) {
	root := writeSite(t, "")
	if _, err := build(t, root); err != nil {
		t.Fatal(err)
	}
	en := read(t, root, "blast/index.html")
	for _, want := range []string{
		`<html lang="en" dir="ltr">`,
		`<title>Blast &lt;Off&gt;</title>`,
		`<meta name="description" content="Deposit &amp; earn">`,
		`<link rel="canonical" href="http://127.0.0.1:8080/blast/">`,
		`<link rel="alternate" hreflang="en" href="http://127.0.0.1:8080/blast/">`,
		`<link rel="alternate" hreflang="ar-SA" href="http://127.0.0.1:8080/ar-SA/blast/">`,
		`<link rel="alternate" hreflang="x-default" href="http://127.0.0.1:8080/blast/">`,
		`<meta property="og:locale" content="en_US">`,
		`<meta name="apple-itunes-app" content="app-id=`,
		`<h1 class="promo-hero__title">Blast off</h1>`,
		`<strong>100 USDT</strong>`,
		`data-slot="quick-apply"`,
	} {
		if !strings.Contains(en, want) {
			t.Errorf("English page lacks %s", want)
		}
	}
	if strings.Contains(en, "<script>alert") {
		t.Error("raw HTML of the rules reached the page")
	}
	if strings.Contains(en, `hreflang="nl-NL"`) {
		t.Error("an untranslated locale is advertised as an alternate")
	}

	ar := read(t, root, "ar-SA/blast/index.html")
	if !strings.Contains(ar, `<html lang="ar-SA" dir="rtl">`) {
		t.Error("Arabic page is not right-to-left")
	}
	// Key by key fallback: the title is Arabic, the missing subtitle English.
	if !strings.Contains(ar, "انطلاقة</h1>") || !strings.Contains(ar, "Earn 20%</p>") {
		t.Error("Arabic page does not merge its texts with English key by key")
	}
	// ar-SA has no rules: English ones.
	if !strings.Contains(ar, "<strong>100 USDT</strong>") {
		t.Error("Arabic page lacks the English rules it falls back to")
	}

	nl := read(t, root, "nl-NL/blast/index.html")
	if !strings.Contains(nl, `<link rel="canonical" href="http://127.0.0.1:8080/blast/">`) {
		t.Error("an untranslated page must name the English page as canonical")
	}

	ja := read(t, root, "ja-JP/blast/index.html")
	if strings.Contains(ja, "</script><script>alert(1)") {
		t.Error("a translation closed the page-data script")
	}
	data := pageData(t, ja)
	if got := data["resources"].(map[string]any)["blast"].(map[string]any)["popup"].(map[string]any)["title"]; got != "</script><script>alert(1)</script>" {
		t.Errorf("page data popup.title = %v", got)
	}
}

func TestPageDataHoldsOnlyUsedKeys(t *testing.T) {
	root := writeSite(t, "")
	if _, err := build(t, root); err != nil {
		t.Fatal(err)
	}
	data := pageData(t, read(t, root, "blast/index.html"))
	res := data["resources"].(map[string]any)
	blast, _ := json.Marshal(res["blast"])
	lib, _ := json.Marshal(res["gmp-lib"])
	if strings.Contains(string(blast), "never shipped") || strings.Contains(string(lib), "never shipped") {
		t.Errorf("page data ships unused keys: %s %s", blast, lib)
	}
	for _, want := range []string{`"hero"`, `"popup"`} {
		if !strings.Contains(string(blast), want) {
			t.Errorf("page data lacks %s: %s", want, blast)
		}
	}
	if !strings.Contains(string(lib), `"schedule"`) {
		t.Errorf("page data lacks the library's schedule texts: %s", lib)
	}
	if data["dir"] != "ltr" || data["locale"] != "en" || data["apiBase"] != "/api" {
		t.Errorf("page data basics wrong: dir=%v locale=%v apiBase=%v", data["dir"], data["locale"], data["apiBase"])
	}
	stable := data["stable"].(map[string]any)
	if !strings.Contains(stable["schedule.activity"].(string), "2026") {
		t.Errorf("stable schedule text missing: %v", stable)
	}
}

// secondCampaign makes esbuild split the framework into a chunk both pages share.
const secondCampaign = `
-- campaigns/second/campaign.yaml --
id: "1002"
namespace: second
schedule: {start: 2026-11-01T00:00:00Z, end: 2026-12-01T00:00:00Z}
-- locales/en/second.json --
{"hero": {"title": "Second", "subtitle": "Another one"}}
`

func TestAssetsAndCDNFiles(t *testing.T) {
	root := writeSite(t, secondCampaign)
	if _, err := build(t, root); err != nil {
		t.Fatal(err)
	}
	en := read(t, root, "blast/index.html")
	var m struct {
		Pages []struct {
			Path    string   `json:"path"`
			Scripts []string `json:"scripts"`
		} `json:"pages"`
	}
	if err := json.Unmarshal([]byte(read(t, root, "manifest.json")), &m); err != nil {
		t.Fatal(err)
	}
	if len(m.Pages) != 46 {
		t.Fatalf("manifest lists %d pages", len(m.Pages))
	}
	// The boot script preloads exactly the statically imported chunks, each hashed.
	boot := regexp.MustCompile(`<script defer src="/assets/js/boot-[A-Z0-9]{8}\.js" data-entry="([^"]+)" data-preload="([^"]*)"></script>`).FindStringSubmatch(en)
	if boot == nil {
		t.Fatalf("no boot script in the page")
	}
	got := strings.Fields(boot[2])
	var want []string
	for _, p := range m.Pages {
		if p.Path == "/blast/" {
			want = p.Scripts[1:]
		}
	}
	if len(got) == 0 || !slices.Equal(got, want) {
		t.Errorf("modulepreload %v, manifest says %v", got, want)
	}
	hashed := regexp.MustCompile(`^/assets/js/[a-z0-9-]+-[A-Z0-9]{8}\.js$`)
	for _, p := range got {
		if !hashed.MatchString(p) {
			t.Errorf("chunk %s has no content hash", p)
		}
	}
	if !regexp.MustCompile(`<meta property="og:image" content="http://127.0.0.1:8080/assets/img/blast-hero-[0-9A-F]{8}\.png">`).MatchString(en) {
		t.Error("campaign image is not content-hashed in og:image")
	}
	sitemap := read(t, root, "sitemap.xml")
	if strings.Count(sitemap, "<url>") != 46 || !strings.Contains(sitemap, `<xhtml:link rel="alternate" hreflang="ar-SA" href="http://127.0.0.1:8080/ar-SA/blast/"/>`) {
		t.Errorf("sitemap lacks pages or alternates:\n%.600s", sitemap)
	}
	headers := read(t, root, "_headers")
	for _, want := range []string{"immutable", "Content-Security-Policy: default-src 'self'", "X-Content-Type-Options: nosniff", "Referrer-Policy:"} {
		if !strings.Contains(headers, want) {
			t.Errorf("_headers lacks %q", want)
		}
	}
	if strings.Contains(headers, "! ") {
		t.Errorf("_headers detaches a header, which Netlify does not understand:\n%s", headers)
	}
	if !strings.Contains(read(t, root, "_redirects"), "/pt-br/* /pt-BR/:splat 301") {
		t.Errorf("_redirects lacks the wrongly cased locale rule:\n%.400s", read(t, root, "_redirects"))
	}
	if !strings.Contains(read(t, root, "ar-SA/404.html"), `dir="rtl"`) || !strings.Contains(read(t, root, "ar-SA/404.html"), "الصفحة غير موجودة") {
		t.Error("the Arabic 404 page is not Arabic and right-to-left")
	}
	// Error dictionaries: per locale, merged along the chain.
	data := pageData(t, read(t, root, "ja-JP/blast/index.html"))
	dict := read(t, root, strings.TrimPrefix(data["errorCodesUrl"].(string), "/"))
	if !strings.Contains(dict, "認証コードが違います") || !strings.Contains(dict, "Please try again later.") {
		t.Errorf("ja-JP error dictionary not merged with English: %s", dict)
	}
}

func TestPageTSXReplacesTheTemplate(t *testing.T) {
	root := writeSite(t, `
-- campaigns/blast/page.tsx --
import { Hero, useT } from "@promo/components";
export default function Page() {
  const t = useT();
  return <main><Hero /><p className="custom">{t("custom.line")}</p></main>;
}
-- locales/en/blast.json --
{"hero": {"title": "Blast off", "subtitle": "Earn 20%"}, "popup": {"title": "You're in"}, "custom": {"line": "Designed by hand"}}
`)
	if _, err := build(t, root); err != nil {
		t.Fatal(err)
	}
	en := read(t, root, "blast/index.html")
	if !strings.Contains(en, `<p class="custom">Designed by hand</p>`) {
		t.Error("page.tsx did not render")
	}
	if strings.Contains(en, "promo-schedule") {
		t.Error("the template still rendered beside page.tsx")
	}
}

func TestEveryProblemIsReportedWithPosition(t *testing.T) {
	root := writeSite(t, `
-- campaigns/other/campaign.yaml --
id: "1001"
namespace: other
schedul:
  start: 2026-11-01T00:00:00Z
widgets:
  quickApply:
    popup:
      redirect: "javascript:alert(1)"
-- locales/en/other.json --
{"hero": {"title": "Other", "subtitle": 12}}
-- campaigns/broken/campaign.yaml --
id: "2002"
namespace: [oops
-- campaigns/nons/campaign.yaml --
id: "3003"
namespace: nothere
schedule: {start: 2026-11-01T00:00:00Z, end: 2026-12-01T00:00:00Z}
-- campaigns/blast/rules/xx-YY.md --
hi
-- campaigns/blast/rules/en.md --
See [this](ftp://files.example.com/x).
-- locales/ja-JP/blast.json --
{"hero": {"title": "ブラスト",
 "subtitle": }
`)
	_, err := build(t, root)
	var failure *diag.Failure
	if !errors.As(err, &failure) {
		t.Fatalf("want a content failure, got %v", err)
	}
	got := failure.Error()
	for _, want := range []string{
		`campaigns/other/campaign.yaml:1:5: error: campaign id "1001" is also used by campaigns/blast/campaign.yaml [duplicate-id]`,
		`campaigns/blast/campaign.yaml:1:5: error: campaign id "1001" is also used by campaigns/other/campaign.yaml [duplicate-id]`,
		`campaigns/other/campaign.yaml:3:1: error: unknown field "schedul" in the document [unknown-field] (hint: did you mean "schedule"?)`,
		`campaigns/other/campaign.yaml:1:1: error: schedule.start is missing [missing-field]`,
		`campaigns/other/campaign.yaml:1:1: error: schedule.end is missing [missing-field]`,
		`campaigns/other/campaign.yaml:8:17: error: redirect: link "javascript:alert(1)" is neither http(s) nor site-relative [bad-link]`,
		`locales/en/other.json:1:41: error: key "hero.subtitle" must be a text, not a number [wrong-type]`,
		`campaigns/broken/campaign.yaml:2: error: malformed YAML:`,
		`campaigns/nons/campaign.yaml:2:12: error: namespace "nothere" has no en texts [missing-namespace]`,
		`campaigns/blast/rules/xx-YY.md: error: "xx-YY" is not a locale of the site [unknown-locale]`,
		`campaigns/blast/rules/en.md:1:12: error: link "ftp://files.example.com/x" is neither http(s) nor site-relative [bad-link]`,
		`locales/ja-JP/blast.json:2:14: error: malformed JSON:`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("diagnostics lack\n  %s\ngot:\n%s", want, got)
		}
	}
	if _, err := os.Stat(filepath.Join(root, "dist")); err == nil {
		t.Error("a failed build wrote dist/")
	}
}

func TestMissingEnglishTextNamesTheSource(t *testing.T) {
	root := writeSite(t, `
-- campaigns/blast/page.tsx --
import { useT } from "@promo/components";
export default function Page() {
  const t = useT();
  return <main>
    <p>{t("hero.title")}</p>
    <p>{t("nowhere.key")}</p>
  </main>;
}
`)
	_, err := build(t, root)
	if err == nil || !strings.Contains(err.Error(), `campaigns/blast/page.tsx:6:9: error: text "nowhere.key" is missing from locales/en/blast.json (used by campaign blast) [missing-text]`) {
		t.Fatalf("want the missing English text reported at its use, got %v", err)
	}
}

func TestFailedBuildKeepsPreviousOutput(t *testing.T) {
	root := writeSite(t, "")
	if _, err := build(t, root); err != nil {
		t.Fatal(err)
	}
	before := read(t, root, "manifest.json")
	sitetest.WriteInto(t, root, "-- locales/en/blast.json --\n{\"hero\": \n")
	if _, err := build(t, root); err == nil {
		t.Fatal("broken JSON built")
	}
	if after := read(t, root, "manifest.json"); after != before {
		t.Error("a failed build changed dist/")
	}
	entries, _ := os.ReadDir(root)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".promo-") && e.Name() != generator.CacheDir { // the cache is kept on purpose
			t.Errorf("a failed build left %s behind", e.Name())
		}
	}
}

func TestInterruptedBuildKeepsPreviousOutput(t *testing.T) {
	root := writeSite(t, "")
	if _, err := build(t, root); err != nil {
		t.Fatal(err)
	}
	before := read(t, root, "manifest.json")
	sitetest.WriteInto(t, root, "-- locales/en/blast.json --\n{\"hero\": {\"title\": \"Changed\", \"subtitle\": \"x\"}, \"popup\": {\"title\": \"y\"}}\n")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := generator.Build(ctx, siteOptions(root))
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("want context.Canceled, got %v", err)
	}
	if read(t, root, "manifest.json") != before || strings.Contains(read(t, root, "blast/index.html"), "Changed") {
		t.Error("an interrupted build changed dist/")
	}
}

// swr's use-sync-external-store shim polyfills React before 18; with React 19 it is
// dead weight on every page, so the bundle takes React's own hook instead. The licence
// notices list every package a script carries.
func TestPagesCarryNoSyncExternalStorePolyfill(t *testing.T) {
	root := writeSite(t, "")
	if _, err := build(t, root); err != nil {
		t.Fatal(err)
	}
	notices, err := filepath.Glob(filepath.Join(root, "dist", "assets", "js", "*.LEGAL.txt"))
	if err != nil || len(notices) == 0 {
		t.Fatalf("no licence notices (%v)", err)
	}
	named := false
	for _, f := range notices {
		data, _ := os.ReadFile(f)
		if strings.Contains(string(data), "use-sync-external-store") {
			t.Errorf("%s: the page scripts carry the use-sync-external-store shim", filepath.Base(f))
		}
		named = named || strings.Contains(string(data), "react")
	}
	if !named {
		t.Fatal("the notices name no package at all; the check would pass on anything")
	}
}

// campaign.yaml's sections reach the page data in order, with the hero's art published
// under a hashed name with its size and preloaded as the largest paint, and the texts
// the sections name shipped to the page.
func TestSectionsReachThePage(t *testing.T) {
	root := writeSite(t, `
-- campaigns/third/campaign.yaml --
id: "1003"
namespace: third
schedule: {start: 2026-11-01T00:00:00Z, end: 2026-12-01T00:00:00Z}
sections:
  - type: hero
    art: art/hero.svg
  - type: steps
    items: [steps.one]
  - type: tiers
    columns: [tiers.deposit]
    units: [USDT]
    rows: [[100]]
-- campaigns/third/art/hero.svg --
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 960 540"><rect width="960" height="540"/></svg>
-- locales/en/third.json --
{"hero": {"title": "Third", "subtitle": "x"}, "steps": {"one": {"title": "Sign up", "body": "With your email"}}, "tiers": {"deposit": "Deposit"}, "unused": "no"}
`)
	if _, err := build(t, root); err != nil {
		t.Fatal(err)
	}
	page := read(t, root, "third/index.html")
	data := pageData(t, page)
	sections := data["campaign"].(map[string]any)["sections"].([]any)
	if len(sections) != 3 || sections[1].(map[string]any)["type"] != "steps" {
		t.Fatalf("sections: %v", sections)
	}
	art := sections[0].(map[string]any)["art"].(map[string]any)
	src, _ := art["src"].(string)
	if !regexp.MustCompile(`^/assets/img/third-hero-[0-9A-F]{8}\.svg$`).MatchString(src) || art["width"] != 960.0 || art["height"] != 540.0 {
		t.Errorf("art: %v", art)
	}
	if !strings.Contains(page, `<link rel="preload" as="image" href="`+src+`" fetchpriority="high">`) {
		t.Error("the hero art is not preloaded")
	}
	third := data["resources"].(map[string]any)["third"].(map[string]any)
	steps, _ := third["steps"].(map[string]any)
	if steps == nil || steps["one"].(map[string]any)["body"] != "With your email" || third["tiers"] == nil || third["unused"] != nil {
		t.Errorf("shipped texts: %v", third)
	}
	if _, err := os.Stat(filepath.Join(root, "dist", filepath.FromSlash(src))); err != nil {
		t.Error("the art was not published")
	}
}

// TestFallbackTextsCarryTheirLanguage: a text that fell back to the default language
// is marked with lang on the element that shows it (DESIGN §6), so an Arabic screen
// reader switches to English for it; the page's own texts are not marked.
func TestFallbackTextsCarryTheirLanguage(t *testing.T) {
	root := writeSite(t, "")
	if _, err := build(t, root); err != nil {
		t.Fatal(err)
	}
	ar := read(t, root, "ar-SA/blast/index.html")
	if !regexp.MustCompile(`<h1 class="promo-hero__title">انطلاقة</h1>`).MatchString(ar) {
		t.Error("ar-SA: the translated title is marked or missing")
	}
	if !strings.Contains(ar, `<p class="promo-hero__subtitle" lang="en">Earn 20%</p>`) {
		t.Error("ar-SA: the English subtitle does not carry lang=\"en\"")
	}
	if !regexp.MustCompile(`<div class="promo-rules__body" lang="en" data-promo-html="rules">`).MatchString(ar) {
		t.Error("ar-SA: the English rules do not carry lang=\"en\"")
	}
	langs := pageData(t, ar)["textLangs"].(map[string]any)
	if langs["blast"].(map[string]any)["hero.subtitle"] != "en" || langs["blast"].(map[string]any)["hero.title"] != nil {
		t.Errorf("ar-SA textLangs: %v", langs)
	}
	ja := read(t, root, "ja-JP/blast/index.html")
	if strings.Contains(ja, `class="promo-hero__subtitle" lang=`) || strings.Contains(ja, `class="promo-rules__body" lang=`) {
		t.Error("ja-JP: its own subtitle or rules are marked as another language")
	}
	en := read(t, root, "blast/index.html")
	if strings.Contains(en, `class="promo-hero__subtitle" lang=`) || pageData(t, en)["textLangs"] != nil {
		t.Error("en: the default language's own page marks its texts")
	}
}

// TestRasterArtIsPublishedInResponsiveSizes: a large PNG hero art is also published
// 480, 768 and 1,120 px wide (never wider than itself), and the page's <img> and its
// preload offer them with the same sizes, so a phone fetches a phone-sized image once.
func TestRasterArtIsPublishedInResponsiveSizes(t *testing.T) {
	root := writeSite(t, `
-- campaigns/wide/campaign.yaml --
id: "1004"
namespace: wide
schedule: {start: 2026-11-01T00:00:00Z, end: 2026-12-01T00:00:00Z}
sections:
  - type: hero
    art: hero.png
-- campaigns/narrow/campaign.yaml --
id: "1005"
namespace: narrow
schedule: {start: 2026-11-01T00:00:00Z, end: 2026-12-01T00:00:00Z}
sections:
  - type: hero
    art: hero.png
-- locales/en/wide.json --
{"hero": {"title": "Wide", "subtitle": "x"}}
-- locales/en/narrow.json --
{"hero": {"title": "Narrow", "subtitle": "x"}}
`)
	writePNG(t, filepath.Join(root, "campaigns", "wide", "hero.png"), 1600, 900)
	writePNG(t, filepath.Join(root, "campaigns", "narrow", "hero.png"), 400, 300)
	if _, err := build(t, root); err != nil {
		t.Fatal(err)
	}
	page := read(t, root, "wide/index.html")
	art := heroArt(t, page)
	srcset, _ := art["srcset"].(string)
	m := regexp.MustCompile(`^(/assets/img/wide-hero-480w-[0-9A-F]{8}\.png) 480w, (/assets/img/wide-hero-768w-[0-9A-F]{8}\.png) 768w, (/assets/img/wide-hero-1120w-[0-9A-F]{8}\.png) 1120w, (/assets/img/wide-hero-[0-9A-F]{8}\.png) 1600w$`).FindStringSubmatch(srcset)
	if m == nil || art["src"] != m[4] || art["sizes"] == "" {
		t.Fatalf("art: %v", art)
	}
	for i, w := range []int{480, 768, 1120} {
		f, err := os.Open(filepath.Join(root, "dist", filepath.FromSlash(m[i+1])))
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(f)
		f.Close()
		if err != nil || cfg.Width != w || cfg.Height != w*900/1600 {
			t.Errorf("%s: %d×%d %v, want %d wide in the source's ratio", m[i+1], cfg.Width, cfg.Height, err, w)
		}
	}
	esc := strings.NewReplacer(`"`, "&#34;").Replace
	if !strings.Contains(page, `<link rel="preload" as="image" href="`+m[4]+`" imagesrcset="`+srcset+`" imagesizes="`+esc(art["sizes"].(string))+`" fetchpriority="high">`) {
		t.Error("the preload does not offer the same sizes as the image")
	}
	if !strings.Contains(page, `srcSet="`+srcset+`"`) && !strings.Contains(page, `srcset="`+srcset+`"`) {
		t.Error("the hero <img> has no srcset")
	}
	narrow := heroArt(t, read(t, root, "narrow/index.html"))
	if narrow["srcset"] != nil {
		t.Errorf("a 400 px art is offered scaled: %v", narrow["srcset"])
	}
}

// heroArt is the page data's art of the page's first section, its hero.
func heroArt(t *testing.T, html string) map[string]any {
	t.Helper()
	first := pageData(t, html)["campaign"].(map[string]any)["sections"].([]any)[0].(map[string]any)
	art, _ := first["art"].(map[string]any)
	return art
}

func writePNG(t *testing.T, file string, w, h int) {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.NRGBA{R: uint8(x), G: uint8(y), B: 200, A: 255})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// An image a rules file shows from its campaign folder is in the output at the
// hashed path the page's rules name.
func TestRulesImagesArePublished(t *testing.T) {
	root := writeSite(t, "-- campaigns/blast/img/chart.svg --\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"320\" height=\"180\"></svg>\n-- campaigns/blast/rules/pt-BR.md --\n1. Veja o gráfico:\n\n![Gráfico](../img/chart.svg)\n")
	if _, err := build(t, root); err != nil {
		t.Fatal(err)
	}
	page := read(t, root, "pt-BR/blast/index.html")
	m := regexp.MustCompile(`<img src="(/assets/img/blast-chart-[0-9A-F]{8}\.svg)" alt="Gráfico" width="320" height="180" loading="lazy"`).FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("no published image in the pt-BR rules:\n%s", page)
	}
	if got := read(t, root, m[1]); !strings.Contains(got, `width="320"`) {
		t.Errorf("%s holds %q", m[1], got)
	}
}
