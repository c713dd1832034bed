package generator_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/promohq/promo/generator"
	"github.com/promohq/promo/internal/content"
	"github.com/promohq/promo/internal/sitetest"
)

// TestRebuildRendersOnlyAffectedPages edits one file at a time and asserts exactly
// which pages the next build re-rendered (watch mode's promise, DESIGN §7).
func TestRebuildRendersOnlyAffectedPages(t *testing.T) {
	sitetest.RequireNodeModules(t)
	root := writeSite(t, secondCampaign+`
-- campaigns/second/page.tsx --
import { Hero } from "@promo/components";
export default function Page() { return <main><Hero /></main>; }
`)
	opts := siteOptions(root)
	opts.WriteInPlace = true
	b, err := generator.NewBuilder(opts)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	first, err := rebuild(b, root, content.Everything)
	if err != nil {
		t.Fatal(err)
	}
	if len(first.Rendered) != 46 {
		t.Fatalf("first build rendered %d pages, want 46", len(first.Rendered))
	}
	every := func(slug string, except ...string) []string {
		var out []string
		for _, l := range []string{"en", "id-ID", "es-ES", "es-MX", "es-AR", "fil-PH", "kk-KZ", "pt-BR", "pt-PT", "ru-RU", "vi-VN", "tr-TR",
			"th-TH", "uk-UA", "ar-SA", "hi-IN", "ja-JP", "zh-MY", "zh-TW", "zh-HK", "en-HK", "nl-NL", "pl-PL"} {
			if slices.Contains(except, l) {
				continue
			}
			if l == "en" {
				out = append(out, "/"+slug+"/")
			} else {
				out = append(out, "/"+l+"/"+slug+"/")
			}
		}
		slices.Sort(out)
		return out
	}
	for _, step := range []struct {
		name  string
		edit  string
		want  []string
		files []string // output files expected among the changed ones
	}{
		{name: "nothing changed", want: nil},
		{name: "a ja-JP text", edit: "-- locales/ja-JP/blast.json --\n{\"hero\": {\"title\": \"新ブラスト\", \"subtitle\": \"20%獲得\"}, \"popup\": {\"title\": \"x\"}}\n",
			want: []string{"/ja-JP/blast/"}, files: []string{"ja-JP/blast/index.html"}},
		{name: "the ja-JP rules", edit: "-- campaigns/blast/rules/ja-JP.md --\n1. 新しいルール。\n", want: []string{"/ja-JP/blast/"}},
		{name: "the English rules reach every locale falling back to them", edit: "-- campaigns/blast/rules/en.md --\n1. New rule.\n",
			want: every("blast", "ja-JP")},
		{name: "one campaign's page.tsx", edit: "-- campaigns/second/page.tsx --\nimport { Hero } from \"@promo/components\";\nexport default function Page() { return <main className=\"x\"><Hero /></main>; }\n",
			want: every("second")},
	} {
		if step.edit != "" {
			sitetest.WriteInto(t, root, step.edit)
		}
		var changed content.Changes
		for f := range sitetest.Parse(step.edit) {
			changed.Files = append(changed.Files, f)
		}
		res, err := rebuild(b, root, changed)
		if err != nil {
			t.Fatalf("%s: %v", step.name, err)
		}
		got := slices.Sorted(slices.Values(res.Rendered))
		if !slices.Equal(got, step.want) {
			t.Errorf("%s: re-rendered %v, want %v", step.name, got, step.want)
		}
		for _, f := range step.files {
			if !slices.Contains(res.Changed, f) {
				t.Errorf("%s: %s not among the written files %v", step.name, f, res.Changed)
			}
		}
		if step.edit == "" && len(res.Changed) != 0 {
			t.Errorf("%s: wrote %v", step.name, res.Changed)
		}
		if step.name == "a ja-JP text" && !strings.Contains(read(t, root, "ja-JP/blast/index.html"), "新ブラスト") {
			t.Error("the edited text is not in the page")
		}
	}
}

// TestRebuildSwapsServerCode edits a page.tsx again and again: the running workers
// load each rebuilt server bundle, a bundle that throws while loading is reported
// with its message, and the fix renders again.
func TestRebuildSwapsServerCode(t *testing.T) {
	sitetest.RequireNodeModules(t)
	page := func(body string) string {
		return "-- campaigns/second/page.tsx --\n" + body + "\nexport default function Page() { return <main><p>{label}</p></main>; }\n"
	}
	root := writeSite(t, secondCampaign+page(`const label = "version 1";`))
	opts := siteOptions(root)
	opts.WriteInPlace = true
	b, err := generator.NewBuilder(opts)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if _, err := rebuild(b, root, content.Everything, "en"); err != nil {
		t.Fatal(err)
	}
	changed := content.Changes{Files: []string{"campaigns/second/page.tsx"}}
	for i, step := range []struct {
		code, want, wantErr string
		text                bool
	}{
		{code: `const label = "version 2";`, want: "version 2"},
		{code: `const label = "version 3";`, want: "version 3"},
		{code: `const label = "version 4"; if (label) throw new Error("broken while loading");`, wantErr: "broken while loading"},
		// Still broken: now fresh workers meet it on start.
		{code: `const label = "version 4"; if (label) throw new Error("still broken");`, wantErr: "still broken"},
		// A text edit after that starts workers again rather than use the dead ones.
		{text: true, wantErr: "still broken"},
		{code: `const label = "version 5";`, want: "version 5"},
	} {
		edit, changed := page(step.code), changed
		if step.text {
			edit = "-- locales/en/second.json --\n{\"hero\": {\"title\": \"Second\", \"subtitle\": \"edited\"}}\n"
			changed = content.Changes{Files: []string{"locales/en/second.json"}}
		}
		sitetest.WriteInto(t, root, edit)
		_, err := rebuild(b, root, changed, "en")
		if step.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), step.wantErr) {
				t.Fatalf("step %d: error %v, want one saying %q", i, err, step.wantErr)
			}
			continue
		}
		if err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		if got := read(t, root, "second/index.html"); !strings.Contains(got, "<p>"+step.want+"</p>") {
			t.Fatalf("step %d: page does not say %q: %.300s", i, step.want, got)
		}
	}
}

// rebuild loads the site at root and builds it with b after changes, as watch mode does.
func rebuild(b *generator.Builder, root string, changes content.Changes, locales ...string) (*generator.Result, error) {
	site, diags := content.Load(root)
	if err := diags.Err(); err != nil {
		return nil, err
	}
	return b.Build(context.Background(), generator.Input{Site: site, Changes: changes, Locales: locales})
}
