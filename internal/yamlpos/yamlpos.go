// Package yamlpos decodes YAML into Go structs while keeping the line and column of every
// value, and reports every problem of a file at once (unknown fields with a "did you
// mean", wrong types, bad times) instead of stopping at the first, as yaml.v3's decoder does.
package yamlpos

import (
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/promohq/promo/internal/diag"
)

// Pos is a 1-based position in a file.
type Pos struct{ Line, Column int }

// At records where a struct and each of its fields were written. A struct that has a
// field of type At (tagged `yaml:"-"`) gets it filled in.
type At struct {
	Pos    Pos
	Fields map[string]Pos // YAML key → position of its value
}

// Field returns the position of key's value, or the struct's own position when the
// key was not written (so a "missing field" error points at the right mapping).
func (a At) Field(key string) Pos {
	if p, ok := a.Fields[key]; ok {
		return p
	}
	return a.Pos
}

var (
	atType   = reflect.TypeOf(At{})
	timeType = reflect.TypeOf(time.Time{})
)

// Decode parses data (the contents of file) into out, a pointer to a struct. Problems go
// to diags with codes "yaml-syntax", "unknown-field", "wrong-type", "bad-time" and
// "time-without-zone".
// It reports whether the document parsed at all.
func Decode(file string, data []byte, out any, diags *diag.List) bool {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		line, col := syntaxPos(err)
		diags.Errorf(file, line, col, "yaml-syntax", "check indentation and quoting around this line", "malformed YAML: %s", trimYAMLErr(err))
		return false
	}
	if len(doc.Content) == 0 { // empty file: zero value
		return true
	}
	d := decoder{file: file, diags: diags}
	d.value(doc.Content[0], reflect.ValueOf(out).Elem(), "")
	return true
}

type decoder struct {
	file  string
	diags *diag.List
}

func (d *decoder) errorf(n *yaml.Node, code, hint, format string, args ...any) {
	d.diags.Errorf(d.file, n.Line, n.Column, code, hint, format, args...)
}

func (d *decoder) value(n *yaml.Node, v reflect.Value, path string) {
	if n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		return // leave the zero value
	}
	if v.Kind() == reflect.Pointer {
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		d.value(n, v.Elem(), path)
		return
	}
	if v.Type() == timeType {
		d.time(n, v, path)
		return
	}
	switch v.Kind() {
	case reflect.Struct:
		d.structure(n, v, path)
	case reflect.Slice:
		if n.Kind != yaml.SequenceNode {
			d.wrongType(n, path, "a list")
			return
		}
		s := reflect.MakeSlice(v.Type(), len(n.Content), len(n.Content))
		for i, item := range n.Content {
			d.value(item, s.Index(i), fmt.Sprintf("%s[%d]", path, i))
		}
		v.Set(s)
	case reflect.Map:
		if n.Kind != yaml.MappingNode {
			d.wrongType(n, path, "a mapping")
			return
		}
		// Mappings merge into an existing map, so a user's file can override some
		// entries of embedded defaults and keep the rest.
		m := v
		if m.IsNil() {
			m = reflect.MakeMapWithSize(v.Type(), len(n.Content)/2)
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			key, val := n.Content[i], n.Content[i+1]
			elem := reflect.New(v.Type().Elem()).Elem()
			if old := m.MapIndex(reflect.ValueOf(key.Value).Convert(v.Type().Key())); old.IsValid() {
				elem.Set(old)
			}
			d.value(val, elem, join(path, key.Value))
			m.SetMapIndex(reflect.ValueOf(key.Value).Convert(v.Type().Key()), elem)
		}
		v.Set(m)
	case reflect.String:
		if n.Kind != yaml.ScalarNode {
			d.wrongType(n, path, "a text")
			return
		}
		v.SetString(n.Value)
	case reflect.Bool:
		b, err := strconv.ParseBool(n.Value)
		if n.Kind != yaml.ScalarNode || err != nil {
			d.wrongType(n, path, "true or false")
			return
		}
		v.SetBool(b)
	case reflect.Int, reflect.Int64, reflect.Int32:
		i, err := strconv.ParseInt(n.Value, 10, 64)
		if n.Kind != yaml.ScalarNode || err != nil {
			d.wrongType(n, path, "a whole number")
			return
		}
		v.SetInt(i)
	case reflect.Float64:
		f, err := strconv.ParseFloat(n.Value, 64)
		if n.Kind != yaml.ScalarNode || err != nil {
			d.wrongType(n, path, "a number")
			return
		}
		v.SetFloat(f)
	default:
		panic("yamlpos: unsupported kind " + v.Kind().String())
	}
}

func (d *decoder) structure(n *yaml.Node, v reflect.Value, path string) {
	if n.Kind != yaml.MappingNode {
		d.wrongType(n, path, "a mapping")
		return
	}
	t := v.Type()
	fields := map[string]int{}
	var names []string
	atIndex := -1
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Type == atType {
			atIndex = i
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("yaml"), ",")
		if name == "-" || !f.IsExported() {
			continue
		}
		if name == "" {
			name = strings.ToLower(f.Name[:1]) + f.Name[1:]
		}
		fields[name] = i
		names = append(names, name)
	}
	sort.Strings(names)
	at := At{Pos: Pos{n.Line, n.Column}, Fields: map[string]Pos{}}
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		key, val := n.Content[i], n.Content[i+1]
		idx, ok := fields[key.Value]
		if !ok {
			hint := "remove it; allowed here: " + strings.Join(names, ", ")
			if s := diag.Suggest(key.Value, names); s != "" {
				hint = fmt.Sprintf("did you mean %q?", s)
			}
			d.errorf(key, "unknown-field", hint, "unknown field %q in %s", key.Value, describe(path))
			continue
		}
		if seen[key.Value] {
			d.errorf(key, "duplicate-field", "keep one of them", "field %q is written twice", key.Value)
		}
		seen[key.Value] = true
		at.Fields[key.Value] = Pos{val.Line, val.Column}
		d.value(val, v.Field(idx), join(path, key.Value))
	}
	if atIndex >= 0 {
		v.Field(atIndex).Set(reflect.ValueOf(at))
	}
}

func (d *decoder) time(n *yaml.Node, v reflect.Value, path string) {
	if t, err := time.Parse(time.RFC3339, n.Value); err == nil {
		v.Set(reflect.ValueOf(t))
		return
	}
	// A time without a zone would be read as UTC, which is rarely what an author in
	// another zone means (a date-only end would even drop its last day): ask for one.
	for _, layout := range []string{"2006-01-02T15:04:05", "2006-01-02 15:04:05", "2006-01-02T15:04", "2006-01-02"} {
		if t, err := time.Parse(layout, n.Value); err == nil {
			local := t.Format("2006-01-02T15:04:05")
			hint := fmt.Sprintf("write %sZ (UTC) or %s+08:00 (with the zone's offset)", local, local)
			if layout == "2006-01-02" {
				hint += fmt.Sprintf("; a day's end is %sT23:59:59 with its offset", t.Format("2006-01-02"))
			}
			d.errorf(n, "time-without-zone", hint, "%s has no time zone: %q", describe(path), n.Value)
			return
		}
	}
	d.errorf(n, "bad-time", "write a date and time like 2026-11-01T08:00:00Z (UTC) or 2026-11-01T16:00:00+08:00", "%s is not a date and time: %q", describe(path), n.Value)
}

func (d *decoder) wrongType(n *yaml.Node, path, want string) {
	d.errorf(n, "wrong-type", "", "%s must be %s", describe(path), want)
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func describe(path string) string {
	if path == "" {
		return "the document"
	}
	return "field " + strconv.Quote(path)
}

// syntaxPos extracts "line N" from a yaml.v3 error message; the library does not expose
// positions as data. Its parser errors (as opposed to scanner errors) count lines from
// 0 (decode.go, parser.fail: only scanner errors get line++), and all of them read "did
// not find expected …", so those are shifted by one.
func syntaxPos(err error) (int, int) {
	msg := err.Error()
	if i := strings.Index(msg, "line "); i >= 0 {
		if strings.Contains(msg, "did not find expected") {
			line, col := syntaxLine(msg[i+5:])
			return line + 1, col
		}
		return syntaxLine(msg[i+5:])
	}
	if strings.Contains(msg, "did not find expected") { // line 0, unprinted: the first line
		return 1, 0
	}
	return 0, 0
}

func syntaxLine(rest string) (int, int) {
	end := strings.IndexFunc(rest, func(r rune) bool { return r < '0' || r > '9' })
	if end < 0 {
		end = len(rest)
	}
	line, _ := strconv.Atoi(rest[:end])
	return line, 0
}

func trimYAMLErr(err error) string {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	// "line 3: did not find expected key" → the position is reported separately.
	if strings.HasPrefix(msg, "line ") {
		if _, after, ok := strings.Cut(msg, ": "); ok {
			return after
		}
	}
	return msg
}
