// Package i18n is the narrow translation service of the build: it loads i18next JSON
// bundles (locales/<locale>/<namespace>.json) keeping the position of every key,
// resolves keys along a locale's fallback chain key by key, and finds which keys the
// page sources use.
package i18n

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/promohq/promo/internal/diag"
)

// Dir is the folder of translation bundles, relative to the site root.
const Dir = "locales"

// Entry is one translated text.
type Entry struct {
	Value        string
	Line, Column int
}

// Bundle is one namespace in one locale, flattened to dotted keys.
type Bundle struct {
	Locale, Namespace string
	File              string // locales/<locale>/<namespace>.json
	Keys              map[string]Entry
}

// Catalog holds every bundle of a site.
type Catalog struct {
	bundles map[string]map[string]*Bundle // locale → namespace → bundle
}

// Bundle returns the bundle of namespace in locale, or nil.
func (c *Catalog) Bundle(locale, namespace string) *Bundle {
	return c.bundles[locale][namespace]
}

// Namespaces lists the namespaces that locale has, sorted.
func (c *Catalog) Namespaces(locale string) []string {
	var out []string
	for ns := range c.bundles[locale] {
		out = append(out, ns)
	}
	sort.Strings(out)
	return out
}

// Add puts b in the catalog, replacing a bundle of the same locale and namespace.
func (c *Catalog) Add(b *Bundle) {
	if c.bundles == nil {
		c.bundles = map[string]map[string]*Bundle{}
	}
	if c.bundles[b.Locale] == nil {
		c.bundles[b.Locale] = map[string]*Bundle{}
	}
	c.bundles[b.Locale][b.Namespace] = b
}

// Load reads every bundle under root/locales. Folders must be named after the site's
// locales; every problem is reported with file, line and column.
func Load(root string, locales []string, diags *diag.List) *Catalog {
	cat := &Catalog{}
	entries, err := os.ReadDir(filepath.Join(root, Dir))
	if errors.Is(err, os.ErrNotExist) {
		diags.Errorf(Dir, 0, 0, "missing-locales", "create locales/en/gmp-lib.json and the campaigns' namespaces", "there is no locales folder")
		return cat
	}
	if err != nil {
		diags.Errorf(Dir, 0, 0, "read", "", "cannot read: %v", err)
		return cat
	}
	for _, e := range entries {
		locale := e.Name()
		if strings.HasPrefix(locale, ".") {
			continue
		}
		dir := path.Join(Dir, locale)
		if !e.IsDir() {
			diags.Errorf(dir, 0, 0, "bad-locale-folder", "bundles live in locales/<locale>/<namespace>.json", "unexpected file in locales/")
			continue
		}
		if !slices.Contains(locales, locale) {
			hint := "rename the folder after one of the site's locales or add the locale to site.yaml"
			if s := diag.DidYouMean(diag.SuggestLocales(locale, locales), ""); s != "" {
				hint = s
			}
			diags.Errorf(dir, 0, 0, "unknown-locale", hint, "%q is not a locale of the site", locale)
			continue
		}
		files, err := os.ReadDir(filepath.Join(root, filepath.FromSlash(dir)))
		if err != nil {
			diags.Errorf(dir, 0, 0, "read", "", "cannot read: %v", err)
			continue
		}
		for _, f := range files {
			ns, ok := strings.CutSuffix(f.Name(), ".json")
			if f.IsDir() || strings.HasPrefix(f.Name(), ".") {
				continue
			}
			file := path.Join(dir, f.Name())
			if !ok {
				diags.Errorf(file, 0, 0, "bad-bundle-file", "bundles are JSON files named <namespace>.json", "unexpected file in %s", dir)
				continue
			}
			data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(file)))
			if err != nil {
				diags.Errorf(file, 0, 0, "read", "", "cannot read: %v", err)
				continue
			}
			if b := ParseBundle(file, locale, ns, data, diags); b != nil {
				cat.Add(b)
			}
		}
	}
	return cat
}

// ParseBundle parses one i18next JSON file. Values must be texts or objects of texts;
// nested objects flatten to dotted keys.
func ParseBundle(file, locale, namespace string, data []byte, diags *diag.List) *Bundle {
	b := &Bundle{Locale: locale, Namespace: namespace, File: file, Keys: map[string]Entry{}}
	p := &parser{file: file, data: data, dec: json.NewDecoder(bytes.NewReader(data)), diags: diags, bundle: b}
	if err := p.object(""); err != nil {
		var se *json.SyntaxError
		off := p.dec.InputOffset()
		if errors.As(err, &se) {
			off = se.Offset
		}
		line, col := diag.LineCol(data, off)
		msg := err.Error()
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			msg = "unexpected end of file"
		}
		diags.Errorf(file, line, col, "json-syntax", "check for a missing comma, quote or brace near here", "malformed JSON: %s", msg)
		return nil
	}
	if _, err := p.dec.Token(); err != io.EOF {
		line, col := diag.LineCol(data, p.dec.InputOffset())
		diags.Errorf(file, line, col, "json-syntax", "a bundle is a single JSON object", "malformed JSON: text after the closing brace")
		return nil
	}
	return b
}

type parser struct {
	file   string
	data   []byte
	dec    *json.Decoder
	diags  *diag.List
	bundle *Bundle
	cursor diag.Cursor
}

// pos returns the position of the next token: the decoder's offset points just past
// the previous one, so skip separators.
func (p *parser) pos() (int, int) {
	off := p.dec.InputOffset()
	for off < int64(len(p.data)) && strings.IndexByte(" \t\r\n,:", p.data[off]) >= 0 {
		off++
	}
	return p.cursor.At(p.data, off)
}

func (p *parser) object(prefix string) error {
	line, col := p.pos()
	tok, err := p.dec.Token()
	if err != nil {
		return err
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		what := "the document"
		if prefix != "" {
			what = fmt.Sprintf("key %q", prefix)
		}
		p.diags.Errorf(p.file, line, col, "wrong-type", "", "%s must be an object of texts", what)
		return p.skip(tok)
	}
	for p.dec.More() {
		kl, kc := p.pos()
		tok, err := p.dec.Token()
		if err != nil {
			return err
		}
		key := prefix + tok.(string)
		vl, vc := p.pos()
		if _, dup := p.bundle.Keys[key]; dup {
			p.diags.Errorf(p.file, kl, kc, "duplicate-key", "keep one of them", "key %q is written twice", key)
		}
		// Peek: objects recurse, strings are texts, anything else is refused.
		if p.peek() == '{' {
			if err := p.object(key + "."); err != nil {
				return err
			}
			continue
		}
		val, err := p.dec.Token()
		if err != nil {
			return err
		}
		s, ok := val.(string)
		if !ok {
			p.diags.Errorf(p.file, vl, vc, "wrong-type", "quote it: translations are texts", "key %q must be a text, not %s", key, describeToken(val))
			if err := p.skip(val); err != nil {
				return err
			}
			continue
		}
		p.bundle.Keys[key] = Entry{Value: s, Line: kl, Column: kc}
	}
	_, err = p.dec.Token() // '}'
	return err
}

func (p *parser) peek() byte {
	off := p.dec.InputOffset()
	for off < int64(len(p.data)) && strings.IndexByte(" \t\r\n,:", p.data[off]) >= 0 {
		off++
	}
	if off < int64(len(p.data)) {
		return p.data[off]
	}
	return 0
}

// skip consumes the rest of a value whose first token was tok.
func (p *parser) skip(tok json.Token) error {
	d, ok := tok.(json.Delim)
	if !ok || (d != '[' && d != '{') {
		return nil
	}
	for depth := 1; depth > 0; {
		t, err := p.dec.Token()
		if err != nil {
			return err
		}
		if d, ok := t.(json.Delim); ok {
			if d == '[' || d == '{' {
				depth++
			} else {
				depth--
			}
		}
	}
	return nil
}

func describeToken(t json.Token) string {
	switch t.(type) {
	case json.Delim:
		return "a list"
	case bool:
		return "true/false"
	case float64:
		return "a number"
	case nil:
		return "null"
	}
	return fmt.Sprintf("%v", t)
}
