package generator

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promohq/promo/internal/sitetest"
)

// The worker sends each page's HTML as raw bytes after its answer's line: whatever
// the HTML holds (newlines, characters of several bytes, a lone surrogate, which
// UTF-8 writes as U+FFFD, a page of a megabyte), every answer reaches its request.
func TestWorkerAnswersArriveWhole(t *testing.T) {
	sitetest.RequireNodeModules(t)
	bundle := filepath.Join(t.TempDir(), "server.cjs")
	err := os.WriteFile(bundle, []byte(`exports.render = (req) => {
  if (req.slug === "throws") throw new Error("no page");
  if (req.slug === "warns") console.error("a warning", 1);
  return { html: req.data.html, stable: { slug: req.slug } };
};`), 0o644)
	if err != nil {
		t.Fatal(err)
	}
	r, err := StartNode(NodeBinary(filepath.Join(sitetest.RepoRoot(), "node_modules")), filepath.Join(sitetest.RepoRoot(), "node_modules"), bundle, 2)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	htmls := map[string]string{
		"plain":     "<p>hello</p>",
		"lines":     "<pre>a\nb\r\n\n</pre>\n",
		"wide":      "<p>新ブラスト 🚀 مرحبا</p>",
		"surrogate": `<p>\ud800 and \udc00</p>`, // JSON escapes: lone surrogates in JS
		"empty":     "",
		"large":     strings.Repeat("<li>項目</li>", 100_000),
		"throws":    "",
		"warns":     "<p>w</p>",
	}
	var reqs []RenderRequest
	var names []string
	for range 3 {
		for name, html := range htmls {
			data, _ := json.Marshal(map[string]string{"html": html})
			if name == "surrogate" {
				data = []byte(`{"html": "` + html + `"}`)
			}
			reqs = append(reqs, RenderRequest{Slug: name, Data: data, HTML: map[string]string{}})
			names = append(names, name)
		}
	}
	results, err := r.Render(context.Background(), reqs)
	if err != nil {
		t.Fatal(err)
	}
	for i, res := range results {
		name := names[i]
		want := htmls[name]
		if name == "surrogate" {
			want = "<p>\uFFFD and \uFFFD</p>"
		}
		switch {
		case name == "throws":
			if res.Err == nil || !strings.Contains(res.Err.Error(), "no page") {
				t.Errorf("%d (%s): error %v, want the page's", i, name, res.Err)
			}
		case res.Err != nil:
			t.Errorf("%d (%s): %v", i, name, res.Err)
		case res.HTML != want:
			t.Errorf("%d (%s): HTML of %d bytes, want %d", i, name, len(res.HTML), len(want))
		case string(res.Stable) != `{"slug":"`+name+`"}`:
			t.Errorf("%d (%s): stable %s", i, name, res.Stable)
		case name == "warns" && (len(res.Warnings) != 1 || res.Warnings[0] != "a warning 1"):
			t.Errorf("%d (%s): warnings %q", i, name, res.Warnings)
		case name != "warns" && len(res.Warnings) != 0:
			t.Errorf("%d (%s): warnings %q", i, name, res.Warnings)
		}
	}
}
