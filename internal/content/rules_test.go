package content

import (
	"strings"
	"testing"

	"github.com/promohq/promo/internal/diag"
)

func TestRenderDropsRawHTMLAndChecksLinks(t *testing.T) {
	var d diag.List
	src := "# Rules\n\n<script>alert(1)</script>\n\n1. Deposit [here](/deposit/) or <https://ok.example/x>.\n2. Not [this](javascript:alert(1)) nor ![img](data:image/png;base64,AA).\n"
	html := RenderRules("r.md", []byte(src), &d)
	if strings.Contains(html, "<script>") {
		t.Errorf("raw HTML passed through: %s", html)
	}
	if !strings.Contains(html, `<a href="/deposit/">here</a>`) || !strings.Contains(html, "<h1>Rules</h1>") {
		t.Errorf("markdown not rendered: %s", html)
	}
	var got []string
	for _, x := range d.Items() {
		got = append(got, x.String())
	}
	if len(got) != 2 || !strings.HasPrefix(got[0], `r.md:6:15: error: link "javascript:alert(1)"`) || !strings.HasPrefix(got[1], `r.md:6:47: error: link "data:image/png;base64,AA"`) {
		t.Errorf("diagnostics: %q", got)
	}
}
