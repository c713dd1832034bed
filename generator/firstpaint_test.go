package generator_test

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"regexp"
	"strings"
	"testing"

	"github.com/promohq/promo/generator"
	"github.com/promohq/promo/internal/sitetest"
)

// styleSource is the CSP source allowing the inline style of page.
func styleSource(t *testing.T, page string) string {
	t.Helper()
	m := regexp.MustCompile(`(?s)<style>(.*?)</style>`).FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("no inline style in %.300s", page)
	}
	sum := sha256.Sum256([]byte(m[1]))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}

// Every page carries the rules of its first paint inline, the same style on every page
// (one CSP hash), and preloads its sheets: a class of the prerendered HTML that a sheet
// styles is styled inline, a dialog's (closed at first paint) is left to the sheet.
func TestFirstPaintRulesAreInline(t *testing.T) {
	root := writeSite(t, "")
	if _, err := build(t, root); err != nil {
		t.Fatal(err)
	}
	en, ja := read(t, root, "blast/index.html"), read(t, root, "ja-JP/blast/index.html")
	style := regexp.MustCompile(`(?s)<style>(.*?)</style>`)
	inline := style.FindStringSubmatch(en)[1]
	if other := style.FindStringSubmatch(ja); other == nil || other[1] != inline {
		t.Error("the English and Japanese pages carry different inline styles")
	}
	if strings.Contains(en, `rel="stylesheet"`) && !strings.Contains(en, `<noscript><link rel="stylesheet"`) {
		t.Error("a sheet is linked render-blocking")
	}
	var sheets strings.Builder
	for _, m := range regexp.MustCompile(`<link rel="preload" as="style" href="/([^"]+)" data-promo-sheet`).FindAllStringSubmatch(en, -1) {
		sheets.WriteString(read(t, root, m[1]))
	}
	if sheets.Len() == 0 {
		t.Fatal("the page preloads no sheet")
	}
	all := sheets.String()
	body := regexp.MustCompile(`(?s)<div id="root">(.*)</div>\n<script id="promo-data"`).FindStringSubmatch(en)[1]
	styled := 0
	for _, m := range regexp.MustCompile(`class="([^"]+)"`).FindAllStringSubmatch(body, -1) {
		for _, class := range strings.Fields(m[1]) {
			if rule := "." + class + "{"; strings.Contains(all, rule) {
				styled++
				if !strings.Contains(inline, rule) {
					t.Errorf("the page shows .%s, which its sheet styles, but its inline style has no rule for it", class)
				}
			}
		}
	}
	if styled < 10 {
		t.Errorf("only %d classes of the page are styled by its sheets", styled)
	}
	if !strings.Contains(all, ".promo-dialog{") || strings.Contains(inline, ".promo-dialog{") {
		t.Error("the closed dialog's rules should be in the sheet and not inline")
	}
	if len(inline) > len(all)*3/4 {
		t.Errorf("the inline style is %d bytes of the sheets' %d: it should hold only the first paint's rules", len(inline), len(all))
	}
	if csp := headersCSP(t, root); !strings.Contains(csp, "style-src 'self' "+styleSource(t, en)+";") {
		t.Errorf("the CSP does not allow the inline style by its hash: %s", csp)
	}
}

// Watch mode links the sheets and the scripts (its client swaps the sheets on a style
// edit and compares the scripts): no inline style, no hash in the CSP, no boot script.
func TestPlainHeadLinksTheSheetsAndScripts(t *testing.T) {
	root := writeSite(t, "")
	sitetest.RequireNodeModules(t)
	opts := siteOptions(root)
	opts.PlainHead = true
	if _, err := generator.Build(context.Background(), opts); err != nil {
		t.Fatal(err)
	}
	page := read(t, root, "blast/index.html")
	if strings.Contains(page, "<style>") || strings.Count(page, `<link rel="stylesheet"`) != 2 {
		t.Errorf("the page should link its two sheets and inline nothing:\n%.3000s", page)
	}
	if !strings.Contains(page, `<script type="module" src="/assets/js/blast-`) || strings.Contains(page, "/boot-") {
		t.Errorf("the page should load its entry as a module script, without the boot script:\n%.3000s", page)
	}
	if csp := headersCSP(t, root); strings.Contains(csp, "sha256") {
		t.Errorf("CSP %s allows an inline style", csp)
	}
}
