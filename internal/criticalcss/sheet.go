// Package criticalcss picks out of a style sheet the rules a set of prerendered
// documents can use, so a page can carry them inline and load its sheets without
// blocking its first paint (DESIGN §7: first paint). The choice errs on the side of
// keeping: a rule is dropped only when one of the classes, ids, element names or
// attribute names every selector of it requires appears in no document. State the
// scripts add later (an open dialog, a toast) is styled by the whole sheet, which
// follows shortly after.
//
// The sheets are the bundler's own output, minified and well formed; kept rules are
// copied byte for byte, so what a page inlines is exactly what its sheet says.
package criticalcss

import (
	"fmt"
	"strings"
)

// Sheet is a parsed style sheet.
type Sheet struct {
	items []item
}

type itemKind int

const (
	ruleItem      itemKind = iota // selector { declarations }
	groupItem                     // @media/@supports/@container/@layer … { rules }
	keyframesItem                 // @keyframes name { … }: kept when a kept rule names it
	keptItem                      // any other at-rule (@font-face, @property, @import …): always kept
)

type item struct {
	kind      itemKind
	text      string     // the whole rule, as in the sheet
	selectors []selector // ruleItem
	prefix    string     // groupItem: "@media …{"
	children  []item     // groupItem
	name      string     // keyframesItem
}

// groupRules are the at-rules whose block holds rules, which are filtered one by one.
var groupRules = map[string]bool{"media": true, "supports": true, "container": true, "layer": true, "scope": true, "starting-style": true, "document": true}

// Parse splits css into rules. It fails only on a sheet that is not well formed (an
// unclosed block or string), naming the byte offset.
func Parse(css string) (*Sheet, error) {
	p := &parser{s: css}
	items, err := p.block(false)
	if err != nil {
		return nil, err
	}
	return &Sheet{items: items}, nil
}

type parser struct {
	s string
	i int
}

// block reads items up to the end of the text or, when nested, up to and past the
// closing brace of the enclosing block.
func (p *parser) block(nested bool) ([]item, error) {
	var items []item
	for {
		p.skipSpace()
		if p.i >= len(p.s) {
			if nested {
				return nil, fmt.Errorf("a block is not closed at the end of the style sheet")
			}
			return items, nil
		}
		if p.s[p.i] == '}' {
			if !nested {
				return nil, fmt.Errorf("an unexpected } at byte %d of the style sheet", p.i)
			}
			p.i++
			return items, nil
		}
		start := p.i
		end, stop, err := p.prelude()
		if err != nil {
			return nil, err
		}
		prelude := strings.TrimSpace(p.s[start:end])
		if stop == ';' { // a statement at-rule (@import, @layer a, b;) or a stray declaration
			p.i = end + 1
			items = append(items, item{kind: keptItem, text: p.s[start : end+1]})
			continue
		}
		if strings.HasPrefix(prelude, "@") {
			name := strings.ToLower(atName(prelude))
			if groupRules[name] {
				p.i = end + 1
				children, err := p.block(true)
				if err != nil {
					return nil, err
				}
				items = append(items, item{kind: groupItem, prefix: p.s[start : end+1], children: children})
				continue
			}
			close, err := p.matching(end)
			if err != nil {
				return nil, err
			}
			p.i = close + 1
			it := item{kind: keptItem, text: p.s[start:p.i]}
			if strings.HasSuffix(name, "keyframes") { // @keyframes, @-webkit-keyframes
				it.kind, it.name = keyframesItem, strings.TrimSpace(prelude[len(name)+1:])
			}
			items = append(items, it)
			continue
		}
		close, err := p.matching(end)
		if err != nil {
			return nil, err
		}
		p.i = close + 1
		items = append(items, item{kind: ruleItem, text: p.s[start:p.i], selectors: parseSelectors(prelude)})
	}
}

// prelude scans from p.i to the first '{' or ';' outside strings, brackets and
// parentheses, returning its offset and which it was.
func (p *parser) prelude() (int, byte, error) {
	depth := 0
	for i := p.i; i < len(p.s); i++ {
		switch c := p.s[i]; c {
		case '"', '\'':
			j, err := skipString(p.s, i)
			if err != nil {
				return 0, 0, err
			}
			i = j
		case '\\':
			i++
		case '(', '[':
			depth++
		case ')', ']':
			depth--
		case '{', ';':
			if depth <= 0 {
				return i, c, nil
			}
		case '/':
			if strings.HasPrefix(p.s[i:], "/*") {
				i = commentEnd(p.s, i) - 1
			}
		}
	}
	return 0, 0, fmt.Errorf("a rule starting at byte %d of the style sheet has no block", p.i)
}

// matching returns the offset of the brace closing the one at open.
func (p *parser) matching(open int) (int, error) {
	depth := 0
	for i := open; i < len(p.s); i++ {
		switch p.s[i] {
		case '"', '\'':
			j, err := skipString(p.s, i)
			if err != nil {
				return 0, err
			}
			i = j
		case '\\':
			i++
		case '/':
			if strings.HasPrefix(p.s[i:], "/*") {
				i = commentEnd(p.s, i) - 1
			}
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return i, nil
			}
		}
	}
	return 0, fmt.Errorf("the block opened at byte %d of the style sheet is not closed", open)
}

func (p *parser) skipSpace() {
	for p.i < len(p.s) {
		switch {
		case strings.HasPrefix(p.s[p.i:], "/*"):
			p.i = commentEnd(p.s, p.i)
		case strings.HasPrefix(p.s[p.i:], "<!--"):
			p.i += len("<!--")
		case strings.HasPrefix(p.s[p.i:], "-->"):
			p.i += len("-->")
		case strings.ContainsRune(" \t\r\n\f", rune(p.s[p.i])):
			p.i++
		default:
			return
		}
	}
}

// skipString returns the offset of the quote closing the string opened at i.
func skipString(s string, i int) (int, error) {
	q := s[i]
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case q:
			return j, nil
		case '\n':
			return 0, fmt.Errorf("a string at byte %d of the style sheet is not closed on its line", i)
		}
	}
	return 0, fmt.Errorf("a string at byte %d of the style sheet is not closed", i)
}

// commentEnd returns the offset just past the comment opened at i (the end of s when
// it is not closed, as CSS reads it).
func commentEnd(s string, i int) int {
	if j := strings.Index(s[i+2:], "*/"); j >= 0 {
		return i + 2 + j + 2
	}
	return len(s)
}

// atName is the name of the at-rule a prelude starts: "media" for "@media (…)".
func atName(prelude string) string {
	end := 1
	for end < len(prelude) && (isNameChar(prelude[end])) {
		end++
	}
	return prelude[1:end]
}

func isNameChar(c byte) bool {
	return c == '-' || c == '_' || c >= 0x80 || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
