package content

// A campaign's terms and rules (campaigns/<slug>/rules/*.md) are rendered to HTML at
// load time with goldmark. Raw HTML is not passed through (DESIGN §3) and every link
// must be http(s) or site-relative.

import (
	"bytes"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"

	"github.com/promohq/promo/internal/diag"
)

// goldmark's default renderer omits raw HTML (html.WithUnsafe is not set), so
// <script> in a rules file becomes an HTML comment, never markup.
var md = goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough, extension.Linkify))

// RenderRules converts src (the contents of file) to HTML. Links that are neither http(s)
// nor site-relative are reported with their line and column; the returned HTML is
// only meaningful when no error was reported.
func RenderRules(file string, src []byte, diags *diag.List) string {
	doc := md.Parser().Parse(text.NewReader(src))
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		var dest []byte
		switch l := n.(type) {
		case *ast.Link:
			dest = l.Destination
		case *ast.Image:
			dest = l.Destination
		case *ast.AutoLink:
			dest = l.URL(src)
		default:
			return ast.WalkContinue, nil
		}
		if err := CheckLink(string(dest)); err != nil {
			line, col := locate(n, src, dest)
			diags.Errorf(file, line, col, "bad-link", "write an https:// URL or a site path like /en/markets/", "%v", err)
		}
		return ast.WalkContinue, nil
	})
	var buf bytes.Buffer
	if err := md.Renderer().Render(&buf, src, doc); err != nil {
		diags.Errorf(file, 0, 0, "markdown", "", "cannot render: %v", err)
	}
	return buf.String()
}

// locate finds where an inline link's destination is written: goldmark keeps source
// positions for blocks only, so search from the start of the enclosing block.
func locate(n ast.Node, src, dest []byte) (int, int) {
	start := 0
	for p := n; p != nil; p = p.Parent() {
		if p.Type() == ast.TypeBlock && p.Lines().Len() > 0 {
			start = p.Lines().At(0).Start
			break
		}
	}
	off := start
	if i := bytes.Index(src[start:], dest); i >= 0 {
		off = start + i
	}
	return diag.LineCol(src, int64(off))
}
