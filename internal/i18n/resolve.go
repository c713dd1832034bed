package i18n

import (
	"regexp"
	"strings"

	"github.com/promohq/promo/internal/diag"
)

// Use is a translation key that a source file or configuration uses.
type Use struct {
	File         string
	Line, Column int
	Namespace    string // "" means the page's own (campaign) namespace
	Key          string
	Prefix       bool // a dynamic key: every key starting with Key is used
}

// Matches reports whether the bundle key k is covered by this use: the key itself,
// its plural and context forms (k_one, k_other, k_male), the keys nested under it
// (k.x), or for a prefix use anything that starts with it.
func (u Use) Matches(k string) bool {
	if u.Prefix {
		return strings.HasPrefix(k, u.Key)
	}
	if k == u.Key {
		return true
	}
	rest, ok := strings.CutPrefix(k, u.Key)
	return ok && (rest[0] == '_' || rest[0] == '.')
}

// Resolve merges namespace along chain key by key: for every key of the bundles that
// uses match, the first locale of the chain that has it wins (DESIGN §2). A plural
// family (k_one, k_few, …) is one key: it comes whole from the first locale that has
// any of its forms, so English's k_one never mixes into Japanese. The result is flat;
// from names, for every key, the locale whose bundle gave its text (a page marks texts
// that are not in its own language with lang, DESIGN §6).
func (c *Catalog) Resolve(chain []string, namespace string, uses []Use) (texts, from map[string]string) {
	texts, from = map[string]string{}, map[string]string{}
	for i := len(chain) - 1; i >= 0; i-- { // last wins below, so walk from the end
		b := c.Bundle(chain[i], namespace)
		if b == nil {
			continue
		}
		replaced := map[string]bool{}
		for k, e := range b.Keys {
			for _, u := range uses {
				if u.Matches(k) {
					if base, ok := PluralBase(k); ok && !replaced[base] {
						replaced[base] = true
						for _, cat := range pluralCategories {
							delete(texts, base+"_"+cat)
							delete(from, base+"_"+cat)
						}
					}
					texts[k], from[k] = e.Value, chain[i]
					break
				}
			}
		}
	}
	return texts, from
}

var pluralCategories = []string{"zero", "one", "two", "few", "many", "other"}

// PluralBase returns k without its i18next plural suffix, and whether it had one.
func PluralBase(k string) (string, bool) {
	i := strings.LastIndexByte(k, '_')
	if i <= 0 {
		return k, false
	}
	for _, cat := range pluralCategories {
		if k[i+1:] == cat {
			return k[:i], true
		}
	}
	return k, false
}

// Has reports whether some key of locale's bundle of namespace is covered by u.
func (c *Catalog) Has(locale, namespace string, u Use) bool {
	b := c.Bundle(locale, namespace)
	if b == nil {
		return false
	}
	if !u.Prefix {
		if _, ok := b.Keys[u.Key]; ok {
			return true
		}
	}
	for k := range b.Keys {
		if u.Matches(k) {
			return true
		}
	}
	return false
}

// Nest turns dotted keys back into nested objects, the shape i18next resources take.
func Nest(flat map[string]string) map[string]any {
	out := map[string]any{}
	for k, v := range flat {
		parts := strings.Split(k, ".")
		m := out
		for _, p := range parts[:len(parts)-1] {
			next, ok := m[p].(map[string]any)
			if !ok {
				next = map[string]any{}
				m[p] = next
			}
			m = next
		}
		m[parts[len(parts)-1]] = v
	}
	return out
}

// keyCall finds t("key"), t('key'), t(`key`) and t(`prefix${…}`) calls, and
// i18nKey="key" props. Keys may carry a namespace: t("gmp-lib:apply.label").
var keyCall = regexp.MustCompile("\\bt\\(\\s*(?:\"([^\"\\\\\\n]*)\"|'([^'\\\\\\n]*)'|`([^`\\\\$]*)(\\$\\{)?)|\\bi18nKey=(?:\"([^\"]*)\"|'([^']*)'|\\{\\s*\"([^\"]*)\"\\s*\\})")

var nsShape = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)

// Extract finds the translation keys that a TypeScript/TSX source uses. Keys written
// as "namespace:key" name their namespace; others belong to the page's namespace.
func Extract(file string, src []byte) []Use {
	var out []Use
	for _, m := range keyCall.FindAllSubmatchIndex(src, -1) {
		var key string
		prefix := false
		for g := 1; g <= 7; g++ {
			if m[2*g] >= 0 && g != 4 {
				key = string(src[m[2*g]:m[2*g+1]])
				break
			}
		}
		if m[8] >= 0 { // ${ inside a template literal
			prefix = true
		}
		if key == "" && !prefix {
			continue
		}
		u := Use{File: file, Key: key, Prefix: prefix}
		if ns, k, ok := strings.Cut(key, ":"); ok && nsShape.MatchString(ns) {
			u.Namespace, u.Key = ns, k
		}
		if u.Key == "" { // t(`${ns}:…`) and the like: nothing static to go on
			continue
		}
		u.Line, u.Column = diag.LineCol(src, int64(m[0]))
		out = append(out, u)
	}
	return out
}
