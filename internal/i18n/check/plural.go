package check

import (
	"slices"
	"strings"
)

// PluralCategories are the CLDR plural categories in CLDR order; i18next (JSON v4)
// writes a plural key as key_<category> and an ordinal one as key_ordinal_<category>.
var PluralCategories = []string{"zero", "one", "two", "few", "many", "other"}

// Plural is what a language's translation of a plural key must contain.
type Plural struct {
	// Cardinal are the CLDR cardinal categories of the language: a translated plural
	// key has a form for each of them.
	Cardinal []string
	// Optional cardinal forms are accepted without being required:
	//   - "zero" in every language: i18next looks key_zero up first when count is 0.
	//   - "many" in es, pt, fr, it and ca: CLDR 42 added it for exact multiples of a
	//     million (1000000 → "1 millón de …"). It is not required because it only
	//     matters for those numbers and i18next (v22+) falls back to the same
	//     language's key_other when key_many is missing, never to another language.
	Optional []string
	// Ordinal are the CLDR ordinal categories (key_ordinal_<category>).
	Ordinal []string
}

// pluralRules is the table of CLDR plural categories by language (CLDR 48, the data of
// Node 24's ICU 78; plural_test.go pins it for the site's 23 locales and checks it
// against Node's Intl.PluralRules). A region never changes the categories of these
// languages (pt-PT differs from pt-BR in the rules for decimals, not in categories).
var pluralRules = map[string]Plural{
	// The site's 23 locales (DESIGN §2).
	"en":  {Cardinal: []string{"one", "other"}, Ordinal: []string{"one", "two", "few", "other"}},
	"id":  {Cardinal: []string{"other"}, Ordinal: []string{"other"}},
	"es":  {Cardinal: []string{"one", "other"}, Optional: []string{"many"}, Ordinal: []string{"other"}},
	"fil": {Cardinal: []string{"one", "other"}, Ordinal: []string{"one", "other"}},
	"kk":  {Cardinal: []string{"one", "other"}, Ordinal: []string{"many", "other"}},
	"pt":  {Cardinal: []string{"one", "other"}, Optional: []string{"many"}, Ordinal: []string{"other"}},
	"ru":  {Cardinal: []string{"one", "few", "many", "other"}, Ordinal: []string{"other"}},
	"vi":  {Cardinal: []string{"other"}, Ordinal: []string{"one", "other"}},
	"tr":  {Cardinal: []string{"one", "other"}, Ordinal: []string{"other"}},
	"th":  {Cardinal: []string{"other"}, Ordinal: []string{"other"}},
	"uk":  {Cardinal: []string{"one", "few", "many", "other"}, Ordinal: []string{"few", "other"}},
	"ar":  {Cardinal: []string{"zero", "one", "two", "few", "many", "other"}, Ordinal: []string{"other"}},
	"hi":  {Cardinal: []string{"one", "other"}, Ordinal: []string{"one", "two", "few", "many", "other"}},
	"ja":  {Cardinal: []string{"other"}, Ordinal: []string{"other"}},
	"zh":  {Cardinal: []string{"other"}, Ordinal: []string{"other"}},
	"nl":  {Cardinal: []string{"one", "other"}, Ordinal: []string{"other"}},
	"pl":  {Cardinal: []string{"one", "few", "many", "other"}, Ordinal: []string{"other"}},
	// Languages a site may add in site.yaml.
	"ca": {Cardinal: []string{"one", "other"}, Optional: []string{"many"}, Ordinal: []string{"one", "two", "few", "other"}},
	"cs": {Cardinal: []string{"one", "few", "many", "other"}, Ordinal: []string{"other"}},
	"de": {Cardinal: []string{"one", "other"}, Ordinal: []string{"other"}},
	"fr": {Cardinal: []string{"one", "other"}, Optional: []string{"many"}, Ordinal: []string{"one", "other"}},
	"it": {Cardinal: []string{"one", "other"}, Optional: []string{"many"}, Ordinal: []string{"many", "other"}},
	"ko": {Cardinal: []string{"other"}, Ordinal: []string{"other"}},
	"ms": {Cardinal: []string{"other"}, Ordinal: []string{"one", "other"}},
	"ro": {Cardinal: []string{"one", "few", "other"}, Ordinal: []string{"one", "other"}},
	"sv": {Cardinal: []string{"one", "other"}, Ordinal: []string{"one", "other"}},
	"he": {Cardinal: []string{"one", "two", "other"}, Ordinal: []string{"other"}},
	"fa": {Cardinal: []string{"one", "other"}, Ordinal: []string{"other"}},
	"ur": {Cardinal: []string{"one", "other"}, Ordinal: []string{"other"}},
	"bn": {Cardinal: []string{"one", "other"}, Ordinal: []string{"one", "two", "few", "many", "other"}},
	"el": {Cardinal: []string{"one", "other"}, Ordinal: []string{"other"}},
	"hu": {Cardinal: []string{"one", "other"}, Ordinal: []string{"one", "other"}},
	"lt": {Cardinal: []string{"one", "few", "many", "other"}, Ordinal: []string{"other"}},
	"lv": {Cardinal: []string{"zero", "one", "other"}, Ordinal: []string{"other"}},
	"uz": {Cardinal: []string{"one", "other"}, Ordinal: []string{"other"}},
	"az": {Cardinal: []string{"one", "other"}, Ordinal: []string{"one", "few", "many", "other"}},
	"mn": {Cardinal: []string{"one", "other"}, Ordinal: []string{"other"}},
	"my": {Cardinal: []string{"other"}, Ordinal: []string{"other"}},
	"km": {Cardinal: []string{"other"}, Ordinal: []string{"other"}},
	"lo": {Cardinal: []string{"other"}, Ordinal: []string{"one", "other"}},
}

// PluralFor returns the plural categories of locale's language, and false when the
// table does not know the language (its plural keys are then not checked).
func PluralFor(locale string) (Plural, bool) {
	lang, _, _ := strings.Cut(locale, "-")
	p, ok := pluralRules[strings.ToLower(lang)]
	if !ok {
		return Plural{}, false
	}
	if !slices.Contains(p.Cardinal, "zero") {
		p.Optional = append([]string{"zero"}, p.Optional...)
	}
	return p, true
}

// form is how a bundle key relates to i18next's plurals: key "items_few" is form
// "few" of base "items"; "rank_ordinal_two" is the ordinal form "two" of "rank".
type form struct {
	Base     string
	Category string // "" when the key is not a plural form
	Ordinal  bool
}

// splitPlural strips i18next's plural suffixes from a flat key.
func splitPlural(key string) form {
	i := strings.LastIndexByte(key, '_')
	if i <= 0 {
		return form{Base: key}
	}
	cat := key[i+1:]
	if !slices.Contains(PluralCategories, cat) {
		return form{Base: key}
	}
	base := key[:i]
	if b, ok := strings.CutSuffix(base, "_ordinal"); ok && b != "" {
		return form{Base: b, Category: cat, Ordinal: true}
	}
	return form{Base: base, Category: cat}
}

// key is the bundle key of a form.
func (f form) key() string {
	switch {
	case f.Category == "":
		return f.Base
	case f.Ordinal:
		return f.Base + "_ordinal_" + f.Category
	}
	return f.Base + "_" + f.Category
}
