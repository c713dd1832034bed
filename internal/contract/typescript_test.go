package contract

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// genFile is the page runtime's side of this package (DESIGN §2, §4).
const genFile = "../../components/runtime/contract.gen.ts"

const genHeader = "// Code generated from internal/contract; DO NOT EDIT. Regenerate: PROMO_UPDATE=1 go test ./internal/contract\n"

// TestTypeScriptIsCurrent regenerates contract.gen.ts in memory and fails when
// the file in the tree differs, so neither the Go values nor the generated
// TypeScript can be edited alone. PROMO_UPDATE=1 rewrites the file instead.
func TestTypeScriptIsCurrent(t *testing.T) {
	want, err := typeScript()
	if err != nil {
		t.Fatal(err)
	}
	if os.Getenv("PROMO_UPDATE") == "1" {
		if err := os.WriteFile(genFile, want, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s", genFile)
		return
	}
	got, err := os.ReadFile(genFile)
	if err != nil {
		t.Fatalf("%v\nGenerate it: PROMO_UPDATE=1 go test ./internal/contract", err)
	}
	if !bytes.Equal(got, want) {
		line, g, w := firstDiff(got, want)
		t.Fatalf("components/runtime/contract.gen.ts is not what internal/contract generates (first difference at line %d):\n  file:      %q\n  generated: %q\n"+
			"Edit the Go side (internal/contract) and regenerate: PROMO_UPDATE=1 go test ./internal/contract", line, g, w)
	}
}

func firstDiff(a, b []byte) (line int, la, lb string) {
	al, bl := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := 0; ; i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y || i >= len(al) || i >= len(bl) {
			return i + 1, x, y
		}
	}
}

// source is what the generator reads from this package's Go files: the doc
// comments (reflection has none) and the constants in declaration order.
type source struct {
	docs   map[string]string // "Type", "Type.Field", "Const" → doc text
	consts []constant
}

type constant struct {
	name    string
	value   int
	doc     string
	section string // doc of the const ( … ) block
}

func parseSource() (*source, error) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		return nil, err
	}
	src := &source{docs: map[string]string{}}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err != nil {
			return nil, err
		}
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok {
				continue
			}
			switch g.Tok {
			case token.TYPE:
				for _, s := range g.Specs {
					ts := s.(*ast.TypeSpec)
					src.docs[ts.Name.Name] = docOf(ts.Doc, nil, g.Doc)
					st, ok := ts.Type.(*ast.StructType)
					if !ok {
						continue
					}
					for _, fl := range st.Fields.List {
						for _, n := range fl.Names {
							src.docs[ts.Name.Name+"."+n.Name] = docOf(fl.Doc, fl.Comment, nil)
						}
					}
				}
			case token.CONST:
				section := ""
				if g.Lparen.IsValid() {
					section = g.Doc.Text()
				}
				for _, s := range g.Specs {
					vs := s.(*ast.ValueSpec)
					for i, n := range vs.Names {
						var blockDoc *ast.CommentGroup
						if !g.Lparen.IsValid() {
							blockDoc = g.Doc
						}
						doc := docOf(vs.Doc, vs.Comment, blockDoc)
						src.docs[n.Name] = doc
						if i >= len(vs.Values) {
							continue
						}
						v, ok := intValue(vs.Values[i], src.consts)
						if ok {
							src.consts = append(src.consts, constant{name: n.Name, value: v, doc: doc, section: section})
						}
					}
				}
			}
		}
	}
	return src, nil
}

func docOf(groups ...*ast.CommentGroup) string {
	var parts []string
	for _, g := range groups {
		if t := strings.TrimSpace(g.Text()); t != "" {
			parts = append(parts, t)
		}
	}
	return strings.Join(parts, "\n")
}

// intValue evaluates the integer constant expressions this package uses: a
// literal, a negated one, or an earlier constant.
func intValue(e ast.Expr, known []constant) (int, bool) {
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind != token.INT {
			return 0, false
		}
		v, err := strconv.Atoi(e.Value)
		return v, err == nil
	case *ast.UnaryExpr:
		v, ok := intValue(e.X, known)
		if !ok || e.Op != token.SUB {
			return 0, false
		}
		return -v, true
	case *ast.ParenExpr:
		return intValue(e.X, known)
	case *ast.Ident:
		for _, c := range known {
			if c.name == e.Name {
				return c.value, true
			}
		}
	}
	return 0, false
}

// constGroup is one kind of named number: its constants (by name prefix, in
// declaration order) and the package's table of their texts.
type constGroup struct {
	prefix string
	text   func(int) string
	all    func() []int
	what   string // for messages
	table  string // the Go table a new constant needs an entry in
}

var constGroups = []constGroup{
	{"Code", CodeText, Codes, "error code", "codeText"},
	{"Campaign", CampaignStatusText, CampaignStatuses, "campaign status", "campaignStatusText"},
	{"Activity", ActivityStatusText, ActivityStatuses, "activity status", "activityStatusText"},
	{"DrawOrder", DrawOrderText, DrawOrders, "draw order", "drawOrderText"},
}

// members picks the group's constants and checks them against its table: a
// constant without a text, or a text without a constant, is an error.
func (g constGroup) members(src *source) ([]constant, error) {
	var out []constant
	seen := map[int]string{}
	for _, c := range src.consts {
		if !strings.HasPrefix(c.name, g.prefix) {
			continue
		}
		if g.text(c.value) == "" {
			return nil, fmt.Errorf("%s %s = %d has no text: add it to %s", g.what, c.name, c.value, g.table)
		}
		if prev, dup := seen[c.value]; dup {
			return nil, fmt.Errorf("%s %d is named twice: %s and %s", g.what, c.value, prev, c.name)
		}
		seen[c.value] = c.name
		out = append(out, c)
	}
	for _, v := range g.all() {
		if _, ok := seen[v]; !ok {
			return nil, fmt.Errorf("%s %d is in %s but no constant %s… names it", g.what, v, g.table, g.prefix)
		}
	}
	return out, nil
}

// typeScript renders components/runtime/contract.gen.ts.
func typeScript() ([]byte, error) {
	src, err := parseSource()
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString(genHeader)
	b.WriteString("// The contract between the Go side (the function, the mock upstream, the generator)\n")
	b.WriteString("// and the page runtime, written once in Go.\n")

	if err := writeRoutes(&b); err != nil {
		return nil, err
	}
	for _, g := range constGroups {
		cs, err := g.members(src)
		if err != nil {
			return nil, err
		}
		writeConstants(&b, g, cs)
	}
	b.WriteString("\n// The HTML shell around a prerendered page (generator/shell.go).\n")
	for _, c := range []struct{ name, value string }{{"ROOT_ID", RootID}, {"DATA_ID", DataID}, {"SHEET_ATTR", SheetAttr}} {
		b.WriteString("export const " + c.name + " = " + strconv.Quote(c.value) + ";\n")
	}
	b.WriteString("\n/** The codes the message helper of spec §8 answers with error.retry. */\n")
	b.WriteString("export const RETRY_CODES: readonly number[] = [")
	for i, c := range RetryCodes() {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(c))
	}
	b.WriteString("];\n")
	if err := writeTypes(&b, src, reflect.TypeFor[PageData]()); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// tsKey is a route's key in PATHS and ROUTES: the camel-cased name, with the
// two API families ("info-new", "info-old") as members of one object.
func tsKey(name string) (key, family string) {
	parts := strings.Split(name, "-")
	if n := len(parts); n > 1 && (parts[n-1] == "new" || parts[n-1] == "old") {
		family, parts = parts[n-1], parts[:n-1]
	}
	for i := 1; i < len(parts); i++ {
		parts[i] = strings.ToUpper(parts[i][:1]) + parts[i][1:]
	}
	return strings.Join(parts, ""), family
}

// writeRoutes declares one constant per route, so a page bundle keeps only the
// routes it calls (the first-load budget of DESIGN §7), and PATHS, all paths by
// key.
func writeRoutes(b *bytes.Buffer) error {
	type entry struct {
		key      string
		side     Side
		route    Route
		families []Route // for a family pair
	}
	var entries []*entry
	byKey := map[string]*entry{}
	for _, r := range Routes() {
		if r.Side == MockControl {
			continue // never called by a page
		}
		key, fam := tsKey(r.Name)
		e := byKey[key]
		switch {
		case e == nil:
			e = &entry{key: key, side: r.Side}
			byKey[key] = e
			entries = append(entries, e)
		case fam == "" || len(e.families) == 0:
			return fmt.Errorf("route %q: its key %q is taken", r.Name, key)
		}
		if fam == "" {
			e.route = r
		} else {
			e.families = append(e.families, r)
		}
	}
	// value writes an entry with value(route) for each route, its families as
	// members of one object.
	value := func(e *entry, v func(Route) string) string {
		if len(e.families) == 0 {
			return v(e.route)
		}
		var parts []string
		fams := slices.Clone(e.families)
		slices.SortFunc(fams, func(a, b Route) int { return strings.Compare(a.Name, b.Name) })
		for _, r := range fams {
			_, fam := tsKey(r.Name)
			parts = append(parts, fam+": "+v(r))
		}
		return "{ " + strings.Join(parts, ", ") + " }"
	}
	route := func(r Route) string {
		q := r.Query()
		if len(q) == 0 {
			return fmt.Sprintf("{ method: %q, path: %q }", r.Method, r.Path)
		}
		names := make([]string, len(q))
		for i, n := range q {
			names[i] = strconv.Quote(n)
		}
		return fmt.Sprintf("{ method: %q, path: %q, query: [%s] }", r.Method, r.Path, strings.Join(names, ", "))
	}

	b.WriteString("\n// Routes (spec §7, DESIGN §4): every call goes to `<apiBase><path>` with its method;\n")
	b.WriteString("// `query` lists the only query parameters a route takes (the function drops others).\n")
	var side Side
	for _, e := range entries {
		if e.side != side {
			side = e.side
			switch side {
			case Upstream:
				b.WriteString("// Forwarded by the function to the exchange API, and nothing else is.\n")
			case Function:
				b.WriteString("// Answered by the function itself.\n")
			}
		}
		fmt.Fprintf(b, "export const ROUTE_%s = %s as const;\n", screaming(e.key), value(e, route))
	}
	b.WriteString("\n/** The path of every route by key: PATHS.login, PATHS.info.new. */\nexport const PATHS = {\n")
	for _, e := range entries {
		fmt.Fprintf(b, "  %s: %s,\n", e.key, value(e, func(r Route) string { return strconv.Quote(r.Path) }))
	}
	b.WriteString("} as const;\n")
	return nil
}

// screaming turns a Go name into the TypeScript constant's: CodeAuthFailed →
// CODE_AUTH_FAILED, CodeParentIDFail → CODE_PARENT_ID_FAIL.
func screaming(name string) string {
	rs := []rune(name)
	var out []rune
	for i, r := range rs {
		if i > 0 && unicode.IsUpper(r) && (unicode.IsLower(rs[i-1]) || i+1 < len(rs) && unicode.IsLower(rs[i+1])) {
			out = append(out, '_')
		}
		out = append(out, unicode.ToUpper(r))
	}
	return string(out)
}

func writeConstants(b *bytes.Buffer, g constGroup, cs []constant) {
	b.WriteString("\n")
	if len(cs) > 0 && cs[0].section != "" {
		writeLineComment(b, "", cs[0].section)
	}
	for _, c := range cs {
		if d := constDoc(c.name, c.doc); d != "" {
			writeDoc(b, "", d)
		}
		fmt.Fprintf(b, "export const %s = %d;\n", screaming(c.name), c.value)
	}
	typeName := strings.ReplaceAll(cases(g.what), " ", "")
	var values []string
	for _, v := range g.all() {
		values = append(values, strconv.Itoa(v))
	}
	fmt.Fprintf(b, "export type %s = %s;\n", typeName, strings.Join(values, " | "))
	fmt.Fprintf(b, "/** What each %s means, in words. */\n", g.what)
	fmt.Fprintf(b, "export const %s_TEXT: Readonly<Record<%s, string>> = {\n", screaming(typeName), typeName)
	for _, v := range g.all() {
		k := strconv.Itoa(v)
		if v < 0 {
			k = strconv.Quote(k)
		}
		fmt.Fprintf(b, "  %s: %q,\n", k, g.text(v))
	}
	b.WriteString("};\n")
}

func cases(s string) string {
	w := strings.Fields(s)
	for i := range w {
		w[i] = strings.ToUpper(w[i][:1]) + w[i][1:]
	}
	return strings.Join(w, " ")
}

func writeLineComment(b *bytes.Buffer, indent, text string) {
	for _, l := range wrap(strings.Fields(text), 100-len(indent)-3) {
		fmt.Fprintf(b, "%s// %s\n", indent, l)
	}
}

func wrap(words []string, width int) []string {
	var lines []string
	line := ""
	for _, w := range words {
		if line != "" && len(line)+1+len(w) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	return append(lines, line)
}

// constDoc is a constant's doc without the Go convention of starting with
// its name ("CodeAuthFailed: the token …" → "The token …").
func constDoc(name, doc string) string {
	for _, p := range []string{name + ":", name + " is", name} {
		if rest, ok := strings.CutPrefix(doc, p+" "); ok {
			doc = rest
			break
		}
	}
	doc = strings.TrimSpace(doc)
	if doc == "" {
		return ""
	}
	r := []rune(doc)
	return string(unicode.ToUpper(r[0])) + string(r[1:])
}

// writeDoc writes a doc comment, its words wrapped anew to the generated
// file's width.
func writeDoc(b *bytes.Buffer, indent, text string) {
	lines := wrap(strings.Fields(text), 100-len(indent)-3)
	if len(lines) == 1 && len(lines[0]) <= 100-len(indent)-7 {
		fmt.Fprintf(b, "%s/** %s */\n", indent, lines[0])
		return
	}
	fmt.Fprintf(b, "%s/**\n", indent)
	for _, l := range lines {
		fmt.Fprintf(b, "%s * %s\n", indent, l)
	}
	fmt.Fprintf(b, "%s */\n", indent)
}

// writeTypes declares root and every struct type it reaches as interfaces, in
// the order they are first reached.
func writeTypes(b *bytes.Buffer, src *source, root reflect.Type) error {
	b.WriteString("\n// The page data (DESIGN §2), generated from the Go types the generator fills.\n")
	queue := []reflect.Type{root}
	done := map[reflect.Type]bool{root: true}
	for len(queue) > 0 {
		t := queue[0]
		queue = queue[1:]
		b.WriteString("\n")
		if d := src.docs[t.Name()]; d != "" {
			writeDoc(b, "", d)
		}
		fmt.Fprintf(b, "export interface %s {\n", t.Name())
		for _, f := range reflect.VisibleFields(t) {
			if !f.IsExported() || f.Anonymous {
				continue
			}
			tag := f.Tag.Get("json")
			name, opts, _ := strings.Cut(tag, ",")
			if name == "-" && opts == "" {
				continue
			}
			if name == "" {
				name = f.Name
			}
			optional := slices.Contains(strings.Split(opts, ","), "omitempty") || f.Type.Kind() == reflect.Pointer
			ts := f.Tag.Get("ts")
			if ts == "" {
				var err error
				ts, err = tsType(f.Type, func(s reflect.Type) {
					if !done[s] {
						done[s] = true
						queue = append(queue, s)
					}
				})
				if err != nil {
					return fmt.Errorf("%s.%s: %w", t.Name(), f.Name, err)
				}
			}
			if d := src.docs[t.Name()+"."+f.Name]; d != "" {
				writeDoc(b, "  ", d)
			}
			q := ""
			if optional {
				q = "?"
			}
			fmt.Fprintf(b, "  %s%s: %s;\n", name, q, ts)
		}
		if t == root {
			writeDoc(b, "  ", constDoc("StableMember", src.docs["StableMember"]))
			fmt.Fprintf(b, "  %s: Record<string, string>;\n", StableMember)
		}
		b.WriteString("}\n")
	}
	return nil
}

// tsType is the TypeScript type of a Go type as encoding/json writes it.
func tsType(t reflect.Type, named func(reflect.Type)) (string, error) {
	switch t.Kind() {
	case reflect.String:
		return "string", nil
	case reflect.Bool:
		return "boolean", nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		return "number", nil
	case reflect.Interface:
		return "unknown", nil
	case reflect.Pointer:
		return tsType(t.Elem(), named)
	case reflect.Slice, reflect.Array:
		e, err := tsType(t.Elem(), named)
		if err != nil {
			return "", err
		}
		if strings.ContainsAny(e, " |") {
			e = "(" + e + ")"
		}
		return e + "[]", nil
	case reflect.Map:
		if t.Key().Kind() != reflect.String {
			return "", fmt.Errorf("map key %s: JSON object keys are strings", t.Key())
		}
		e, err := tsType(t.Elem(), named)
		if err != nil {
			return "", err
		}
		return "Record<string, " + e + ">", nil
	case reflect.Struct:
		if t.Name() == "" {
			return "", fmt.Errorf("an anonymous struct has no TypeScript name: declare a type")
		}
		named(t)
		return t.Name(), nil
	}
	return "", fmt.Errorf("no TypeScript type for %s", t)
}
