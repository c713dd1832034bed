package generator_test

import (
	"encoding/json"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promohq/promo/internal/cdn"
	"github.com/promohq/promo/internal/deeplink"
)

// linksCampaign carries one link of each kind deeplinks.md names: a link button that
// maps, one to an exchange page the table lacks, one to the site's own campaign, and a
// pop-up redirect that maps.
const linksCampaign = `
-- campaigns/links/campaign.yaml --
id: "1002"
namespace: links
schedule:
  start: 2026-11-01T00:00:00Z
  end: 2026-12-01T00:00:00Z
widgets:
  quickApply:
    afterEnroll: links
    links:
      - text: cta.deposit
        href: https://www.exchange.example/en-US/fiat/deposit
      - text: cta.nowhere
        href: https://www.exchange.example/nowhere/
      - text: cta.blast
        href: /blast/
    popup:
      redirect: /trade/spot/btc/usdt/
-- locales/en/links.json --
{"meta": {"title": "Links"}, "hero": {"title": "Links", "subtitle": "All kinds"},
 "cta": {"deposit": "Deposit", "nowhere": "Elsewhere", "blast": "Blast"}}
`

// The page data carries the page's own app link (the web view of its canonical URL
// when the page maps to no screen) and the app links of its config's mapped links.
func TestPageDataAppLinks(t *testing.T) {
	root := writeSite(t, linksCampaign)
	buildEnglish(t, root)
	data := pageData(t, read(t, root, "links/index.html"))
	if got, want := data["appLink"], "exchange://webview?url=http%3A%2F%2F127.0.0.1%3A8080%2Flinks%2F"; got != want {
		t.Errorf("appLink = %v, want %s", got, want)
	}
	links, _ := data["appLinks"].(map[string]any)
	want := map[string]any{
		"https://www.exchange.example/en-US/fiat/deposit": "exchange://recharge",
		"/trade/spot/btc/usdt/":                           "exchange://home?tab=3&symbol=BTCUSDT",
	}
	if len(links) != len(want) {
		t.Errorf("appLinks = %v, want %v", links, want)
	}
	for k, v := range want {
		if links[k] != v {
			t.Errorf("appLinks[%q] = %v, want %v", k, links[k], v)
		}
	}
	app, _ := data["app"].(map[string]any)
	if app["siteHost"] != "127.0.0.1:8080" || app["storeIos"] == "" || app["storeAndroid"] == "" {
		t.Errorf("page data app = %v", app)
	}
	if hosts, _ := app["webHosts"].([]any); len(hosts) != 1 || hosts[0] != "www.exchange.example" {
		t.Errorf("webHosts = %v", app["webHosts"])
	}
}

// A page whose own URL is in the table opens that screen, not the web view.
func TestPageAppLinkMapsWhenTheSlugIsAScreen(t *testing.T) {
	root := writeSite(t, strings.ReplaceAll(linksCampaign, "campaigns/links/", "campaigns/giveaway/"))
	buildEnglish(t, root)
	if got := pageData(t, read(t, root, "giveaway/index.html"))["appLink"]; got != "exchange://giveaway" {
		t.Errorf("appLink = %v", got)
	}
}

// An exchange link no rule maps is a warning with its place in campaign.yaml, not an
// error; links to the site's own campaigns pass silently.
func TestUnmappedExchangeLinkWarnsWithPosition(t *testing.T) {
	root := writeSite(t, linksCampaign)
	res := buildEnglish(t, root)
	var found []string
	for _, w := range res.Warnings {
		if w.Code == "unmapped-app-link" {
			found = append(found, w.Message)
			if w.File != "campaigns/links/campaign.yaml" || w.Line != 13 || w.Column != 15 || w.Hint == "" {
				t.Errorf("warning at %s:%d:%d (hint %q)", w.File, w.Line, w.Column, w.Hint)
			}
			if !strings.Contains(w.Message, "https://www.exchange.example/nowhere/") {
				t.Errorf("warning message %q", w.Message)
			}
		}
	}
	if len(found) != 1 {
		t.Errorf("unmapped-app-link warnings: %v", found)
	}
}

// Without the app identities in site.yaml nothing is written.
func TestWellKnownAbsentWithoutIdentities(t *testing.T) {
	root := writeSite(t, "")
	buildEnglish(t, root)
	for _, f := range []string{".well-known/apple-app-site-association", ".well-known/assetlinks.json"} {
		if _, err := os.Stat(filepath.Join(root, "dist", f)); err == nil {
			t.Errorf("%s written without app identities", f)
		}
	}
	if strings.Contains(read(t, root, "_headers"), "well-known") {
		t.Error("_headers names well-known files that were not written")
	}
}

const identities = `-- site.yaml --
app:
  ios:
    appID: ABCDE12345.com.exchange.app
  android:
    package: com.exchange.app
    sha256: ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]
`

// With them, both files cover exactly the table's paths and are served as JSON by
// `promo serve` and by the CDN's _headers.
func TestWellKnownFiles(t *testing.T) {
	root := writeSite(t, identities)
	buildEnglish(t, root)
	var aasa struct {
		Applinks struct {
			Details []struct {
				AppIDs     []string `json:"appIDs"`
				Components []struct {
					Path  string            `json:"/"`
					Query map[string]string `json:"?"`
				} `json:"components"`
			} `json:"details"`
		} `json:"applinks"`
	}
	if err := json.Unmarshal([]byte(read(t, root, ".well-known/apple-app-site-association")), &aasa); err != nil {
		t.Fatal(err)
	}
	d := aasa.Applinks.Details
	if len(d) != 1 || len(d[0].AppIDs) != 1 || d[0].AppIDs[0] != "ABCDE12345.com.exchange.app" {
		t.Fatalf("details = %+v", d)
	}
	got := map[string]bool{}
	for _, c := range d[0].Components {
		got[c.Path] = true
		if strings.HasPrefix(c.Path, "/rewards-hub/reward") && c.Query["id"] != "?*" {
			t.Errorf("%s lacks its required id: %v", c.Path, c.Query)
		}
	}
	want := map[string]bool{}
	for _, p := range deeplink.Paths() {
		base := strings.TrimSuffix(p.Path, "/")
		for _, v := range []string{p.Path, base, "/*" + p.Path, "/*" + base} {
			want[v] = true
		}
	}
	if len(got) != len(want) {
		t.Errorf("AASA has %d paths, the table %d", len(got), len(want))
	}
	for p := range want {
		if !got[p] {
			t.Errorf("AASA lacks %s", p)
		}
	}
	for _, p := range []string{"/fiat/deposit/", "/*/trade/spot/*/*/", "/assets/funding/"} {
		if !got[p] {
			t.Errorf("AASA lacks %s", p)
		}
	}
	var links []struct {
		Relation []string `json:"relation"`
		Target   struct {
			Namespace    string   `json:"namespace"`
			Package      string   `json:"package_name"`
			Fingerprints []string `json:"sha256_cert_fingerprints"`
		} `json:"target"`
	}
	if err := json.Unmarshal([]byte(read(t, root, ".well-known/assetlinks.json")), &links); err != nil {
		t.Fatal(err)
	}
	if len(links) != 1 || links[0].Target.Package != "com.exchange.app" || links[0].Target.Namespace != "android_app" ||
		len(links[0].Target.Fingerprints) != 1 || links[0].Relation[0] != "delegate_permission/common.handle_all_urls" {
		t.Errorf("assetlinks = %+v", links)
	}
	rules, err := cdn.ParseHeaders([]byte(read(t, root, "_headers")))
	if err != nil {
		t.Fatal(err)
	}
	srv := cdn.NewServer(filepath.Join(root, "dist"), cdn.Site{Locales: []string{"en"}, Slugs: []string{"blast"}})
	for _, f := range []string{"/.well-known/apple-app-site-association", "/.well-known/assetlinks.json"} {
		if ct := cdn.HeadersFor(rules, f).Get("Content-Type"); ct != "application/json" {
			t.Errorf("_headers Content-Type of %s = %q", f, ct)
		}
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, httptest.NewRequest("GET", f, nil))
		if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
			t.Errorf("served %s: %d, Content-Type %q", f, rec.Code, rec.Header().Get("Content-Type"))
		}
	}
}
