package criticalcss

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// selector is what one complex selector of a list requires of a document: the
// tokens ".class", "#id", "element" and "[attribute" (names lowercased but classes
// and ids). Whatever a selector says inside a functional pseudo-class (:not(), :is(),
// :has(), :nth-child(… of …)) is not required: :not(.x) matches where .x is absent.
type selector []string

// parseSelectors splits a selector list at its top-level commas.
func parseSelectors(list string) []selector {
	var out []selector
	depth, start := 0, 0
	for i := 0; i < len(list); i++ {
		switch list[i] {
		case '\\':
			i++
		case '"', '\'':
			if j, err := skipString(list, i); err == nil {
				i = j
			}
		case '(', '[':
			depth++
		case ')', ']':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, tokensOf(list[start:i]))
				start = i + 1
			}
		}
	}
	return append(out, tokensOf(list[start:]))
}

// tokensOf reads one complex selector.
func tokensOf(sel string) selector {
	var out selector
	compoundStart := true // an element name can stand here
	for i := 0; i < len(sel); {
		c := sel[i]
		switch {
		case c == '.' || c == '#':
			name, n := ident(sel[i+1:])
			if name != "" {
				out = append(out, string(c)+name)
			}
			i += 1 + n
			compoundStart = false
		case c == '[':
			end := closing(sel, i, '[', ']')
			attr := strings.TrimSpace(sel[i+1 : end])
			if k := strings.IndexAny(attr, "=~|^$*] "); k >= 0 {
				if attr[k] == '|' && k+1 < len(attr) && attr[k+1] != '=' { // ns|attr
					attr = attr[k+1:]
					k = strings.IndexAny(attr, "=~|^$*] ")
				}
				if k >= 0 {
					attr = attr[:k]
				}
			}
			if attr != "" {
				out = append(out, "["+strings.ToLower(attr))
			}
			i = end + 1
			compoundStart = false
		case c == ':':
			i++
			for i < len(sel) && sel[i] == ':' {
				i++
			}
			_, n := ident(sel[i:])
			i += n
			if i < len(sel) && sel[i] == '(' {
				i = closing(sel, i, '(', ')') + 1
			}
			compoundStart = false
		case c == ' ' || c == '>' || c == '+' || c == '~' || c == '\t' || c == '\n':
			i++
			compoundStart = true
		case c == '*' || c == '&' || c == '|':
			i++
			compoundStart = false
		default:
			name, n := ident(sel[i:])
			if n == 0 {
				i++ // something this reading does not know: require nothing for it
				continue
			}
			if compoundStart {
				out = append(out, strings.ToLower(name))
			}
			i += n
			compoundStart = false
		}
	}
	return out
}

// closing returns the offset of the bracket closing the one at open (the end of s
// when there is none), skipping strings and nested pairs.
func closing(s string, open int, o, c byte) int {
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"', '\'':
			if j, err := skipString(s, i); err == nil {
				i = j
			}
		case o:
			depth++
		case c:
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return len(s) - 1
}

// ident reads a CSS identifier at the start of s, unescaping it, and returns it with
// the bytes it took.
func ident(s string) (string, int) {
	var b strings.Builder
	i := 0
	for i < len(s) {
		c := s[i]
		switch {
		case isNameChar(c):
			b.WriteByte(c)
			i++
		case c == '\\' && i+1 < len(s):
			j := i + 1
			for j < len(s) && j < i+7 && isHex(s[j]) {
				j++
			}
			if j > i+1 { // \31 or \00003a, then one optional space
				r, _ := strconv.ParseUint(s[i+1:j], 16, 32)
				b.WriteRune(rune(r))
				if j < len(s) && s[j] == ' ' {
					j++
				}
				i = j
				continue
			}
			r, n := utf8.DecodeRuneInString(s[i+1:])
			b.WriteRune(r)
			i += 1 + n
		default:
			return b.String(), i
		}
	}
	return b.String(), i
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}
