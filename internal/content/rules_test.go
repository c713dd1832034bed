package content

import (
	"regexp"
	"strings"
	"testing"

	"github.com/promohq/promo/internal/diag"
	"github.com/promohq/promo/internal/sitetest"
)

func render(t *testing.T, root, file, src string) (string, []RulesImage, []string) {
	t.Helper()
	var d diag.List
	html, images := RenderRules(root, file, []byte(src), &d)
	var got []string
	for _, x := range d.Items() {
		got = append(got, x.String())
	}
	return html, images, got
}

func TestRenderDropsRawHTMLAndChecksLinks(t *testing.T) {
	src := "# Rules\n\n<script>alert(1)</script>\n\n1. Deposit [here](/deposit/) or <https://ok.example/x>.\n2. Not [this](javascript:alert(1)) nor ![img](data:image/png;base64,AA).\n3. Write to [support](mailto:support@exchange.example?subject=Cup) or <b>bold</b>.\n4. Not [a list](mailto:a@x.example,b@x.example).\n"
	html, _, got := render(t, t.TempDir(), "campaigns/x/rules/en.md", src)
	if strings.Contains(html, "<script>") || strings.Contains(html, "<b>") {
		t.Errorf("raw HTML passed through: %s", html)
	}
	for _, want := range []string{`<a href="/deposit/">here</a>`, "<h1>Rules</h1>", `<a href="mailto:support@exchange.example?subject=Cup">support</a>`} {
		if !strings.Contains(html, want) {
			t.Errorf("missing %s in %s", want, html)
		}
	}
	want := []string{
		`campaigns/x/rules/en.md:3:1: warning: raw HTML is not shown on the page: "<script>alert(1)</script>" [raw-html] (hint: write it in Markdown (emphasis, lists, tables, links); for a line break end the line with a backslash)`,
		`campaigns/x/rules/en.md:6:15: error: link "javascript:alert(1)" is neither http(s) nor site-relative [bad-link]`,
		`campaigns/x/rules/en.md:6:47: error: image "data:image/png;base64,AA" is not a file of the campaign folder [bad-image]`,
		`campaigns/x/rules/en.md:7:71: warning: raw HTML is not shown on the page: "<b>" [raw-html]`,
		`campaigns/x/rules/en.md:8:17: error: link "mailto:a@x.example,b@x.example" is not a mailto: link with one address [bad-link]`,
	}
	if len(got) != len(want) {
		t.Fatalf("diagnostics:\n%s", strings.Join(got, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("diagnostic %d:\n got %s\nwant %s", i, got[i], want[i])
		}
	}
}

// An image of the campaign folder, written relative to the rules file, is published
// under a content-hashed name with its size and lazy loading; anything else is an
// error at its line.
func TestRulesImagesComeFromTheCampaignFolder(t *testing.T) {
	root := sitetest.Write(t, `
-- campaigns/cup/img/podium.svg --
<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360"></svg>
-- campaigns/other/secret.svg --
<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>
-- campaigns/cup/notes.txt --
hi
`)
	src := "# Prizes\n\n![The podium](../img/podium.svg)\n\nAgain: ![podium](../img/podium.svg)\n\n![x](../img/missing.png)\n![x](../../other/secret.svg)\n![x](https://cdn.example/a.png)\n![x](../notes.txt)\n"
	html, images, got := render(t, root, "campaigns/cup/rules/en.md", src)
	if len(images) != 1 || images[0].File != "campaigns/cup/img/podium.svg" || !regexp.MustCompile(`^/assets/img/cup-podium-[0-9A-F]{8}\.svg$`).MatchString(images[0].Src) {
		t.Fatalf("images: %+v", images)
	}
	if want := `<img src="` + images[0].Src + `" alt="The podium" width="640" height="360" loading="lazy" decoding="async">`; !strings.Contains(html, want) {
		t.Errorf("html %s\nwant %s", html, want)
	}
	want := []string{
		`campaigns/cup/rules/en.md:7:6: error: image "../img/missing.png" does not exist [missing-file] (hint: put the file at campaigns/cup/img/missing.png or fix the path (relative to the rules file))`,
		`campaigns/cup/rules/en.md:8:6: error: image "../../other/secret.svg" is outside the campaign folder campaigns/cup [bad-image]`,
		`campaigns/cup/rules/en.md:9:6: error: image "https://cdn.example/a.png" is not a file of the campaign folder [bad-image]`,
		`campaigns/cup/rules/en.md:10:6: error: image "../notes.txt" is not an image file [bad-image]`,
	}
	if len(got) != len(want) {
		t.Fatalf("diagnostics:\n%s", strings.Join(got, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("diagnostic %d:\n got %s\nwant %s", i, got[i], want[i])
		}
	}
}
