package criticalcss

import (
	"slices"
	"strings"
)

// Tokens is what documents hold that a selector can require: ".class", "#id",
// "element" and "[attribute".
type Tokens map[string]struct{}

// Add adds tokens held elsewhere (List of another set).
func (t Tokens) Add(tokens ...string) {
	for _, k := range tokens {
		t[k] = struct{}{}
	}
}

// List returns the tokens sorted: a compact form to keep between builds.
func (t Tokens) List() []string {
	out := make([]string, 0, len(t))
	for k := range t {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// Critical returns the rules of the sheet a document with these tokens can use, in
// the sheet's order, with the at-rules around them and the keyframes they name.
func (s *Sheet) Critical(t Tokens) string {
	var rules strings.Builder
	pick(&rules, s.items, t)
	kept := rules.String()
	var out strings.Builder
	emit(&out, s.items, t, kept)
	return out.String()
}

// pick writes the kept rules' text, to find the keyframes they name.
func pick(b *strings.Builder, items []item, t Tokens) {
	for _, it := range items {
		switch it.kind {
		case ruleItem:
			if it.matches(t) {
				b.WriteString(it.text)
			}
		case groupItem:
			pick(b, it.children, t)
		}
	}
}

func emit(b *strings.Builder, items []item, t Tokens, kept string) bool {
	wrote := false
	for _, it := range items {
		switch it.kind {
		case ruleItem:
			if !it.matches(t) {
				continue
			}
			b.WriteString(it.text)
		case keptItem:
			b.WriteString(it.text)
		case keyframesItem:
			if !namesWord(kept, it.name) {
				continue
			}
			b.WriteString(it.text)
		case groupItem:
			var inner strings.Builder
			if !emit(&inner, it.children, t, kept) {
				continue
			}
			b.WriteString(it.prefix)
			b.WriteString(inner.String())
			b.WriteString("}")
		}
		wrote = true
	}
	return wrote
}

// matches reports whether some selector of the rule may match.
func (it item) matches(t Tokens) bool {
	for _, sel := range it.selectors {
		all := true
		for _, tok := range sel {
			if _, ok := t[tok]; !ok {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// namesWord reports whether text holds name as a whole identifier.
func namesWord(text, name string) bool {
	for i := 0; name != ""; {
		j := strings.Index(text[i:], name)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(name)
		if (start == 0 || !isNameChar(text[start-1])) && (end == len(text) || !isNameChar(text[end])) {
			return true
		}
		i = start + 1
	}
	return false
}
