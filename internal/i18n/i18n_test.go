package i18n

import (
	"reflect"
	"strings"
	"testing"

	"github.com/promohq/promo/internal/diag"
)

func TestExtract(t *testing.T) {
	src := []byte("const a = t(\"hero.title\");\n" +
		"  t('gmp-lib:schedule.title'); t(`status.${s}`); t(`plain.key`)\n" +
		"<Trans i18nKey=\"rich.text\" /> <Trans i18nKey={\"braced\"} /> format(x); at(\"not.a.key\") t(variable)\n")
	got := Extract("x.tsx", src)
	want := []Use{
		{File: "x.tsx", Line: 1, Column: 11, Key: "hero.title"},
		{File: "x.tsx", Line: 2, Column: 3, Namespace: "gmp-lib", Key: "schedule.title"},
		{File: "x.tsx", Line: 2, Column: 32, Key: "status.", Prefix: true},
		{File: "x.tsx", Line: 2, Column: 50, Key: "plain.key"},
		{File: "x.tsx", Line: 3, Column: 8, Key: "rich.text"},
		{File: "x.tsx", Line: 3, Column: 38, Key: "braced"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Extract:\n got %+v\nwant %+v", got, want)
	}
}

func TestUseMatchesPluralsContextsAndNesting(t *testing.T) {
	u := Use{Key: "items"}
	for k, want := range map[string]bool{"items": true, "items_one": true, "items_few": true, "items.nested": true, "itemsx": false, "item": false} {
		if u.Matches(k) != want {
			t.Errorf("Use{items}.Matches(%q) = %v", k, !want)
		}
	}
}

func catalog(t *testing.T, bundles map[string]string) *Catalog {
	t.Helper()
	var d diag.List
	c := &Catalog{}
	for name, src := range bundles {
		locale, ns, _ := strings.Cut(name, "/")
		b := ParseBundle(name+".json", locale, ns, []byte(src), &d)
		if b == nil {
			t.Fatal(d.Err())
		}
		c.Add(b)
	}
	return c
}

// TestResolveFallsBackKeyByKey follows the spec's zh-HK → zh-TW → en chain.
func TestResolveFallsBackKeyByKey(t *testing.T) {
	c := catalog(t, map[string]string{
		"en/ns":    `{"a": "A", "b": "B", "c": "C", "unused": "U"}`,
		"zh-TW/ns": `{"a": "甲(TW)", "b": "乙(TW)"}`,
		"zh-HK/ns": `{"a": "甲(HK)"}`,
	})
	got, from := c.Resolve([]string{"zh-HK", "zh-TW", "en"}, "ns", []Use{{Key: "a"}, {Key: "b"}, {Key: "c"}})
	want := map[string]string{"a": "甲(HK)", "b": "乙(TW)", "c": "C"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Resolve = %v, want %v", got, want)
	}
	if wantFrom := map[string]string{"a": "zh-HK", "b": "zh-TW", "c": "en"}; !reflect.DeepEqual(from, wantFrom) {
		t.Errorf("Resolve's sources = %v, want %v", from, wantFrom)
	}
}

func TestParseBundleFlattensAndReportsPositions(t *testing.T) {
	var d diag.List
	b := ParseBundle("f.json", "en", "ns", []byte("{\n  \"a\": {\"b\": \"x\"},\n  \"n\": 1,\n  \"a\": {\"b\": \"y\"}\n}"), &d)
	if b == nil || b.Keys["a.b"].Value != "y" || b.Keys["a.b"].Line != 4 {
		t.Fatalf("flattened keys wrong: %+v", b)
	}
	got := d.Items()
	if len(got) != 2 || got[0].String() != `f.json:3:8: error: key "n" must be a text, not a number [wrong-type] (hint: quote it: translations are texts)` ||
		!strings.HasPrefix(got[1].String(), `f.json:4:9: error: key "a.b" is written twice`) {
		t.Errorf("diagnostics: %v", got)
	}
	d = diag.List{}
	if ParseBundle("g.json", "en", "ns", []byte("{\"a\": \"x\",\n\"b\" \"y\"}"), &d) != nil || !strings.HasPrefix(d.Items()[0].String(), "g.json:2:5: error: malformed JSON") {
		t.Errorf("syntax error: %v", d.Items())
	}
}

func TestNest(t *testing.T) {
	got := Nest(map[string]string{"a.b": "1", "a.c": "2", "d": "3"})
	want := map[string]any{"a": map[string]any{"b": "1", "c": "2"}, "d": "3"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Nest = %v", got)
	}
}

func TestResolveTakesAPluralFamilyWhole(t *testing.T) {
	c := catalog(t, map[string]string{
		"en/ns":    `{"n_one": "{{count}} item", "n_other": "{{count}} items"}`,
		"ja-JP/ns": `{"n_other": "{{count}}件"}`,
	})
	got, from := c.Resolve([]string{"ja-JP", "en"}, "ns", []Use{{Key: "n"}})
	if !reflect.DeepEqual(got, map[string]string{"n_other": "{{count}}件"}) || !reflect.DeepEqual(from, map[string]string{"n_other": "ja-JP"}) {
		t.Errorf("Resolve = %v: English forms leaked into Japanese", got)
	}
}
