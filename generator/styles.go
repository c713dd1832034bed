package generator

import (
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"slices"
	"strings"

	"github.com/promohq/promo/internal/criticalcss"
)

// First paint (DESIGN §7). A linked style sheet blocks the first paint until it has
// arrived: on a phone's network that is a whole round trip after the HTML. So each page
// carries inline the rules its prerendered HTML can use (criticalcss) and only preloads
// its sheets, which the client applies at start-up and before any lazy widget shows
// (components/runtime/styles.ts).
//
// The inline rules are chosen from the elements, classes, ids and attributes of every
// page of the build together, not page by page: pages then share one inline style per
// set of sheets (usually one for the whole site), which the CSP allows by its hash, and
// a text edit changes no other page's style.

// firstPaint is what the build inlines: the style by set of sheets and the CSP sources
// that allow them.
type firstPaint struct {
	style   map[string]string // sheetsKey → inline CSS
	sources []string          // "'sha256-…'", sorted
}

func sheetsKey(css []string) string { return strings.Join(css, "\x00") }

// pageTokens is what a selector can require of one prerendered body.
func pageTokens(body string) []string {
	t := criticalcss.Tokens{}
	t.AddHTML(body)
	return t.List()
}

// firstPaintStyles picks the inline style of every set of sheets the pages link.
func (b *build) firstPaintStyles(pages []*page, rendered map[string]renderedPage) (*firstPaint, error) {
	fp := &firstPaint{style: map[string]string{}}
	if b.opts.LinkStyles || len(pages) == 0 {
		return fp, nil
	}
	tokens := criticalcss.Tokens{}
	// The shell's own elements (html, body, #root…), from the shell itself.
	tokens.AddHTML(string(shellHTML(pages[0], "", nil, "")))
	for _, p := range pages {
		tokens.Add(rendered[p.File].tokens...)
	}
	sheets := map[string]*criticalcss.Sheet{}
	for _, p := range pages {
		key := sheetsKey(p.Assets.CSS)
		if _, done := fp.style[key]; done {
			continue
		}
		var css strings.Builder
		for _, file := range p.Assets.CSS {
			s, ok := sheets[file]
			if !ok {
				var err error
				if s, err = criticalcss.Parse(string(b.bundle.Files[strings.TrimPrefix(file, "/")])); err != nil {
					return nil, fmt.Errorf("%s: %w", file, err)
				}
				sheets[file] = s
			}
			css.WriteString(s.Critical(tokens))
		}
		// "</" can stand in a sheet only inside a string, where "<\/" means the same
		// and cannot end the style element.
		style := strings.ReplaceAll(css.String(), "</", `<\/`)
		fp.style[key] = style
		sum := sha256.Sum256([]byte(style))
		fp.sources = append(fp.sources, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
	}
	slices.Sort(fp.sources)
	fp.sources = slices.Compact(fp.sources)
	return fp, nil
}
