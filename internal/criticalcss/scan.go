package criticalcss

import (
	"strings"

	"golang.org/x/net/html"
)

// AddHTML adds the tokens of an HTML document or fragment: the names of its start
// tags and their attributes, and the values of class and id.
//
// It reads start tags as golang.org/x/net/html's tokenizer does, without the rest of
// its work (text, end tags, entities): every prerendered page of a build passes
// through here, and the tokenizer took a tenth of a cold build's CPU. A tag that holds
// '&' or NUL, whose values the tokenizer would decode, is handed to the tokenizer
// itself. FuzzAddHTML holds the two to the same tokens, or more (a token too many only
// keeps a rule; one missing would unstyle an element until the sheets apply).
func (t Tokens) AddHTML(doc string) {
	s := &scanner{t: t}
	for i := 0; ; {
		lt := strings.IndexByte(doc[i:], '<')
		if lt < 0 || i+lt+1 >= len(doc) {
			return
		}
		i += lt + 1
		switch c := doc[i]; {
		case c == '!' && strings.HasPrefix(doc[i:], "!--"):
			i = htmlCommentEnd(doc, i+3)
		case c == '/' && i+1 < len(doc) && isLetter(doc[i+1]):
			// An end tag: read like a start tag (a quoted value may hold '>'), nothing kept.
			end, _, ok := s.readTag(doc, i+1, false)
			if !ok {
				return
			}
			i = end
		case c == '!' || c == '?' || c == '/':
			// A doctype or a bogus comment ("</>" too): it ends at the next '>'.
			end := strings.IndexByte(doc[i:], '>')
			if end < 0 {
				return
			}
			i += end + 1
		case isLetter(c):
			end, name, ok := s.readTag(doc, i, true)
			if !ok {
				return // the document ends inside the tag: the tokenizer drops it too
			}
			i = end
			if name = strings.ToLower(name); name == "plaintext" {
				return
			} else if rawText[name] {
				i = rawTextEnd(doc, i, name)
			}
		}
	}
}

// scanner is AddHTML's state, reused from tag to tag.
type scanner struct {
	t     Tokens
	buf   []byte
	attrs []attr
}

type attr struct{ key, val string }

// add adds prefix+name, lowercased if lower, allocating only for a token not seen yet.
func (s *scanner) add(prefix, name string, lower bool) {
	s.buf = append(s.buf[:0], prefix...)
	for i := 0; i < len(name); i++ {
		c := name[i]
		if lower && 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		s.buf = append(s.buf, c)
	}
	if _, ok := s.t[string(s.buf)]; !ok {
		s.t[string(s.buf)] = struct{}{}
	}
}

// readTag reads the tag whose name begins at doc[i], adding its tokens when keep,
// and returns the index after its '>' and its name; ok is false when the document
// ends first. It follows the tokenizer's readTag, byte for byte.
func (s *scanner) readTag(doc string, i int, keep bool) (end int, name string, ok bool) {
	n := i
	for n < len(doc) && !isSpace(doc[n]) && doc[n] != '/' && doc[n] != '>' {
		n++
	}
	name = doc[i:n]
	// Tokens go out once the whole tag is read: the tokenizer drops a tag cut short.
	attrs := s.attrs[:0]
	defer func() { s.attrs = attrs }()
	a := n
	for {
		for a < len(doc) && (isSpace(doc[a]) || doc[a] == '/') {
			a++
		}
		if a >= len(doc) {
			return 0, "", false
		}
		if doc[a] == '>' {
			break
		}
		k := a + 1 // a '=' before a name begins is part of it (WHATWG 13.2.5.32)
		for k < len(doc) && !isSpace(doc[k]) && doc[k] != '/' && doc[k] != '>' && doc[k] != '=' {
			k++
		}
		key := doc[a:k]
		v := skipSpace(doc, k)
		if v >= len(doc) {
			return 0, "", false
		}
		if doc[v] != '=' {
			attrs, a = append(attrs, attr{key, ""}), v
			continue
		}
		v = skipSpace(doc, v+1)
		if v >= len(doc) {
			return 0, "", false
		}
		var val string
		switch q := doc[v]; q {
		case '"', '\'':
			close := strings.IndexByte(doc[v+1:], q)
			if close < 0 {
				return 0, "", false
			}
			val, a = doc[v+1:v+1+close], v+close+2
		case '>':
			a = v
		default:
			e := v
			for e < len(doc) && !isSpace(doc[e]) && doc[e] != '>' {
				e++
			}
			val, a = doc[v:e], e
		}
		attrs = append(attrs, attr{key, val})
	}
	end = a + 1
	if !keep {
		return end, name, true
	}
	if strings.ContainsAny(doc[i:end], "&\r\x00") {
		// Values the tokenizer would decode (entities, CR LF, NUL): let it.
		s.addTokenized(doc[i-1 : end])
		return end, name, true
	}
	s.add("", name, true)
	for _, at := range attrs {
		s.add("[", at.key, true)
		switch {
		case strings.EqualFold(at.key, "class"):
			for c := range strings.FieldsSeq(at.val) {
				s.add(".", c, false)
			}
		case strings.EqualFold(at.key, "id"):
			s.add("#", at.val, false)
		}
	}
	return end, name, true
}

func skipSpace(doc string, i int) int {
	for i < len(doc) && isSpace(doc[i]) {
		i++
	}
	return i
}

// addTokenized reads one start tag with the tokenizer, which decodes its values.
func (s *scanner) addTokenized(tag string) {
	z := html.NewTokenizer(strings.NewReader(tag))
	switch z.Next() {
	case html.StartTagToken, html.SelfClosingTagToken:
	default:
		return
	}
	name, more := z.TagName()
	s.add("", string(name), false)
	for more {
		var key, val []byte
		key, val, more = z.TagAttr()
		s.add("[", string(key), false)
		switch string(key) {
		case "class":
			for c := range strings.FieldsSeq(string(val)) {
				s.add(".", c, false)
			}
		case "id":
			s.add("#", string(val), false)
		}
	}
}

// rawText are the elements whose content the tokenizer reads as text up to their end
// tag (plaintext's, to the end of the document, is handled apart).
var rawText = map[string]bool{"iframe": true, "noembed": true, "noframes": true, "noscript": true,
	"script": true, "style": true, "textarea": true, "title": true, "xmp": true}

// rawTextEnd returns where the text of a raw element that begins at i ends: at its
// end tag ("</name" then a blank, '/' or '>', in any ASCII case), or the document's
// end. (A script's end can come later in the tokenizer, which knows script escapes;
// ending sooner only reads more of it as tags.)
func rawTextEnd(doc string, i int, name string) int {
	for {
		j := strings.Index(doc[i:], "</")
		if j < 0 {
			return len(doc)
		}
		i += j + 2
		if e := i + len(name); e < len(doc) && asciiLower(doc[i:e]) == name &&
			(isSpace(doc[e]) || doc[e] == '/' || doc[e] == '>') {
			return i - 2
		}
	}
}

// htmlCommentEnd returns the index after the comment whose text begins at i ("-->", or
// "--!>"; "<!-->" and "<!--->" are empty comments), or the document's end.
func htmlCommentEnd(doc string, i int) int {
	for _, empty := range []string{">", "->"} {
		if strings.HasPrefix(doc[i:], empty) {
			return i + len(empty)
		}
	}
	for j := i; ; j++ {
		k := strings.Index(doc[j:], "--")
		if k < 0 {
			return len(doc)
		}
		j += k
		if strings.HasPrefix(doc[j:], "-->") {
			return j + 3
		}
		if strings.HasPrefix(doc[j:], "--!>") {
			return j + 4
		}
	}
}

// asciiLower lowercases ASCII letters only, as the tokenizer compares raw end tags.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// isSpace is HTML's whitespace (the tokenizer's: space, tab, LF, CR, FF).
func isSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' }
