package check

import (
	"encoding/json"
	"maps"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/promohq/promo/internal/content"
	"github.com/promohq/promo/internal/sitetest"
)

// The CLDR cardinal categories each of the site's 23 locales must write for a plural
// key (required | optional), and its ordinal categories. "zero" is optional wherever
// CLDR does not require it (i18next's count-0 form); "many" is optional in es and pt.
var pinned = map[string]string{
	"en":     "one other | zero | one two few other",
	"id-ID":  "other | zero | other",
	"es-ES":  "one other | zero many | other",
	"es-MX":  "one other | zero many | other",
	"es-AR":  "one other | zero many | other",
	"fil-PH": "one other | zero | one other",
	"kk-KZ":  "one other | zero | many other",
	"pt-BR":  "one other | zero many | other",
	"pt-PT":  "one other | zero many | other",
	"ru-RU":  "one few many other | zero | other",
	"vi-VN":  "other | zero | one other",
	"tr-TR":  "one other | zero | other",
	"th-TH":  "other | zero | other",
	"uk-UA":  "one few many other | zero | few other",
	"ar-SA":  "zero one two few many other |  | other",
	"hi-IN":  "one other | zero | one two few many other",
	"ja-JP":  "other | zero | other",
	"zh-MY":  "other | zero | other",
	"zh-TW":  "other | zero | other",
	"zh-HK":  "other | zero | other",
	"en-HK":  "one other | zero | one two few other",
	"nl-NL":  "one other | zero | other",
	"pl-PL":  "one few many other | zero | other",
}

func TestPluralTableIsPinnedForTheSitesLocales(t *testing.T) {
	locales := content.DefaultConfig().Locales
	if got, want := slices.Sorted(maps.Keys(pinned)), slices.Sorted(slices.Values(locales)); !slices.Equal(got, want) {
		t.Fatalf("the pinned table must cover exactly the site's locales:\n got %v\nwant %v", got, want)
	}
	for _, l := range locales {
		p, ok := PluralFor(l)
		if !ok {
			t.Errorf("%s: no plural rules", l)
			continue
		}
		got := strings.Join(p.Cardinal, " ") + " | " + strings.Join(p.Optional, " ") + " | " + strings.Join(p.Ordinal, " ")
		if got != pinned[l] {
			t.Errorf("%s: %q, want %q", l, got, pinned[l])
		}
	}
	if _, ok := PluralFor("xx-YY"); ok {
		t.Error("an unknown language must be reported as unknown")
	}
}

// TestPluralTableMatchesNodesIntl compares the table with the CLDR data of the
// pinned Node (what i18next uses in the browser and in the prerender): every
// category Intl.PluralRules lists is required, except the optional "many" of
// es/pt/fr/it/ca (see Plural.Optional).
func TestPluralTableMatchesNodesIntl(t *testing.T) {
	sitetest.RequireNodeModules(t)
	node := filepath.Join(sitetest.RepoRoot(), "node_modules", "node", "bin", "node")
	locales := slices.Collect(maps.Keys(pinned))
	for lang := range pluralRules {
		locales = append(locales, lang)
	}
	sort.Strings(locales)
	script := `const out = {};
for (const l of JSON.parse(process.argv[1])) out[l] = {
  cardinal: new Intl.PluralRules(l).resolvedOptions().pluralCategories,
  ordinal: new Intl.PluralRules(l, {type: "ordinal"}).resolvedOptions().pluralCategories };
console.log(JSON.stringify(out));`
	arg, _ := json.Marshal(locales)
	raw, err := exec.Command(node, "-e", script, string(arg)).Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var intl map[string]struct{ Cardinal, Ordinal []string }
	if err := json.Unmarshal(raw, &intl); err != nil {
		t.Fatal(err)
	}
	for _, l := range locales {
		p, _ := PluralFor(l)
		want := append([]string(nil), p.Cardinal...)
		for _, o := range p.Optional {
			if o == "many" {
				want = append(want, o)
			}
		}
		if got := intl[l].Cardinal; !sameSet(got, want) {
			t.Errorf("%s cardinal: Intl says %v, the table %v (+ optional many)", l, got, p.Cardinal)
		}
		if got := intl[l].Ordinal; !sameSet(got, p.Ordinal) {
			t.Errorf("%s ordinal: Intl says %v, the table %v", l, got, p.Ordinal)
		}
	}
}

func sameSet(a, b []string) bool {
	return slices.Equal(slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b)))
}

func TestSplitPlural(t *testing.T) {
	for key, want := range map[string]form{
		"items":                 {Base: "items"},
		"items_few":             {Base: "items", Category: "few"},
		"a.b_other":             {Base: "a.b", Category: "other"},
		"rank_ordinal_two":      {Base: "rank", Category: "two", Ordinal: true},
		"rank_ordinal":          {Base: "rank_ordinal"},
		"_one":                  {Base: "_one"},
		"status_male":           {Base: "status_male"}, // a context, not a plural
		"status_male_one":       {Base: "status_male", Category: "one"},
		"x_ordinal_ordinal_one": {Base: "x_ordinal", Category: "one", Ordinal: true},
	} {
		if got := splitPlural(key); got != want {
			t.Errorf("splitPlural(%q) = %+v, want %+v", key, got, want)
		}
		if got := splitPlural(key).key(); got != key {
			t.Errorf("key() of %q = %q", key, got)
		}
	}
}

func TestPlaceholderSet(t *testing.T) {
	got := slices.Sorted(maps.Keys(placeholderSet(`{{name}} {{ count }} {{- html}} {{amount, number}} $t(gmp-lib:apply.apply) $t(other, {"count": 2}) {single}`)))
	want := []string{"$t(gmp-lib:apply.apply)", "$t(other)", "{{amount}}", "{{count}}", "{{html}}", "{{name}}"}
	if !slices.Equal(got, want) {
		t.Errorf("placeholders %v, want %v", got, want)
	}
}
