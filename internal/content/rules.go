package content

// A campaign's terms and rules (campaigns/<slug>/rules/*.md) are rendered to HTML at
// load time with goldmark. Raw HTML is not passed through (DESIGN §3: a warning says
// so); links must be http(s), site-relative or mailto:, and images are files of the
// campaign folder, published under content-hashed names (RulesImage).

import (
	"bytes"
	"fmt"
	"net/mail"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"

	"github.com/promohq/promo/internal/contract"
	"github.com/promohq/promo/internal/diag"
)

// goldmark's default renderer omits raw HTML (html.WithUnsafe is not set), so
// <script> in a rules file becomes an HTML comment, never markup.
var md = goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough, extension.Linkify))

// RulesImage is an image a rules file shows from its campaign folder: the build
// copies File (relative to the site root) to Src, a content-hashed site path.
type RulesImage struct {
	File, Src string
}

// RenderRules converts src (the contents of file, campaigns/<slug>/rules/<locale>.md
// under root) to HTML and lists the campaign-folder images it shows. Problems are
// reported with their line and column; the HTML is only meaningful when no error was.
func RenderRules(root, file string, src []byte, diags *diag.List) (string, []RulesImage) {
	doc := md.Parser().Parse(text.NewReader(src))
	var images []RulesImage
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch l := n.(type) {
		case *ast.Link:
			if err := checkRulesLink(string(l.Destination)); err != nil {
				line, col := locate(n, src, l.Destination)
				diags.Errorf(file, line, col, "bad-link", "write an https:// URL, a site path like /en/markets/ or mailto:support@example.com", "%v", err)
			}
		case *ast.AutoLink:
			if err := checkRulesLink(string(l.URL(src))); err != nil {
				line, col := locate(n, src, l.URL(src))
				diags.Errorf(file, line, col, "bad-link", "write an https:// URL, a site path like /en/markets/ or mailto:support@example.com", "%v", err)
			}
		case *ast.Image:
			if img, ok := publishRulesImage(root, file, src, l, diags); ok && !slices.Contains(images, img) {
				images = append(images, img)
			}
		case *ast.HTMLBlock, *ast.RawHTML:
			if strings.HasPrefix(htmlText(n, src), "</") {
				break // its opening tag has the warning
			}
			line, col := htmlPos(n, src)
			diags.Warnf(file, line, col, "raw-html", "write it in Markdown (emphasis, lists, tables, links); for a line break end the line with a backslash",
				"raw HTML is not shown on the page: %s", strconv.Quote(firstLine(htmlText(n, src))))
		}
		return ast.WalkContinue, nil
	})
	var buf bytes.Buffer
	if err := md.Renderer().Render(&buf, src, doc); err != nil {
		diags.Errorf(file, 0, 0, "markdown", "", "cannot render: %v", err)
	}
	return buf.String(), images
}

// checkRulesLink is CheckLink plus mailto: with one address (a support contact is
// common in terms and rules).
func checkRulesLink(link string) error {
	if rest, ok := strings.CutPrefix(link, "mailto:"); ok {
		addr, _, _ := strings.Cut(rest, "?")
		if _, err := mail.ParseAddress(addr); err != nil || strings.ContainsAny(link, "\\\x00\r\n\t <>") {
			return fmt.Errorf("link %q is not a mailto: link with one address", link)
		}
		return nil
	}
	return CheckLink(link)
}

// publishRulesImage resolves an image's destination against the rules file (as
// editors' Markdown previews do), checks it stays in the campaign folder and exists,
// and points the <img> at its hashed site path with its size (no layout shift) and
// lazy loading (rules sit below the fold).
func publishRulesImage(root, file string, src []byte, img *ast.Image, diags *diag.List) (RulesImage, bool) {
	dest := string(img.Destination)
	line, col := locate(img, src, img.Destination)
	fail := func(code, hint, format string, args ...any) (RulesImage, bool) {
		diags.Errorf(file, line, col, code, hint, format, args...)
		return RulesImage{}, false
	}
	campaignDir := path.Dir(path.Dir(file)) // campaigns/<slug>
	if strings.Contains(dest, ":") || strings.HasPrefix(dest, "/") || strings.ContainsAny(dest, "\\?#") {
		return fail("bad-image", "put the image in "+campaignDir+" and write its path relative to the rules file, like ../img/chart.png",
			"image %q is not a file of the campaign folder", dest)
	}
	rel := path.Join(path.Dir(file), dest)
	if !strings.HasPrefix(rel, campaignDir+"/") {
		return fail("bad-image", "put the image in "+campaignDir+" and write its path relative to the rules file, like ../img/chart.png",
			"image %q is outside the campaign folder %s", dest, campaignDir)
	}
	if !slices.Contains(imageExts, strings.ToLower(path.Ext(rel))) {
		return fail("bad-image", "use one of "+strings.Join(imageExts, ", "), "image %q is not an image file", dest)
	}
	data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
	if err != nil {
		return fail("missing-file", "put the file at "+rel+" or fix the path (relative to the rules file)", "image %q does not exist", dest)
	}
	w, h, err := ImageSize(rel, data)
	if err != nil {
		return fail("bad-image", "give the image a width and height", "image %q: %v", dest, err)
	}
	slug := path.Base(campaignDir)
	out := RulesImage{File: rel, Src: "/" + path.Join(contract.AssetsDir, "img", HashedName(slug+"-"+path.Base(rel), data))}
	img.Destination = []byte(out.Src)
	img.SetAttributeString("width", []byte(strconv.Itoa(w)))
	img.SetAttributeString("height", []byte(strconv.Itoa(h)))
	img.SetAttributeString("loading", []byte("lazy"))
	img.SetAttributeString("decoding", []byte("async"))
	return out, true
}

// htmlPos is where raw HTML starts: blocks keep their lines, inline HTML its segments.
func htmlPos(n ast.Node, src []byte) (int, int) {
	if r, ok := n.(*ast.RawHTML); ok && r.Segments.Len() > 0 {
		return diag.LineCol(src, int64(r.Segments.At(0).Start))
	}
	if n.Lines().Len() > 0 {
		return diag.LineCol(src, int64(n.Lines().At(0).Start))
	}
	return 0, 0
}

func htmlText(n ast.Node, src []byte) string {
	var b strings.Builder
	if r, ok := n.(*ast.RawHTML); ok {
		for i := 0; i < r.Segments.Len(); i++ {
			seg := r.Segments.At(i)
			b.Write(seg.Value(src))
		}
		return b.String()
	}
	for i := 0; i < n.Lines().Len(); i++ {
		seg := n.Lines().At(i)
		b.Write(seg.Value(src))
	}
	return b.String()
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	if len(s) > 60 {
		s = s[:57] + "…"
	}
	return s
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
