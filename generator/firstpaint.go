package generator

import (
	"crypto/sha256"
	"encoding/base32"
	"encoding/base64"
	"fmt"
	"slices"
	"strings"

	"github.com/promohq/promo/internal/bundle"
	"github.com/promohq/promo/internal/criticalcss"
)

// First paint (DESIGN §7). The page is prerendered, so what a visitor first sees needs
// nothing but the HTML; everything fetched before the first paint delays it on a
// phone's network.
//
//   - A linked style sheet blocks the paint until it has arrived. So each page carries
//     inline the rules its prerendered HTML can use (criticalcss) and only preloads its
//     sheets, which the runtime applies at start-up and before any lazy widget shows
//     (components/runtime/styles.ts). The rules are chosen from the elements, classes,
//     ids and attributes of every page of the build together: pages share one inline
//     style per set of sheets (usually one for the site), which the CSP allows by its
//     hash, and a text edit changes no other page's style.
//   - The scripts (about 75 KB brotli, React the most of it) would share the phone's
//     bandwidth with the HTML and the hero image, the page's largest paint. A deferred
//     boot script of a few hundred bytes starts loading them, with their module
//     preloads, once the first contentful paint is done and the hero image is in
//     (at most 3 s after the boot):
//     measured with Lighthouse's phone, first paint 1.41 s → 0.70 s, largest paint
//     1.56 s → 0.95 s; the page hydrates that much later on such a network.

// bootJS is the boot script. It reads the entry and the chunks to preload from its own
// element; it loads them at once in a hidden tab, where frames do not come.
const bootJS = `(()=>{const s=document.currentScript,go=()=>{for(const h of(s.dataset.preload||"").split(" "))if(h){const l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.append(l)}import(s.dataset.entry)};` +
	`if(document.visibilityState==="hidden")return go();let started=!1;const start=()=>{started||(started=!0,go())};setTimeout(start,3e3);` +
	// The first contentful paint (Paint Timing; two frames where it is missing)…
	`const painted=new Promise(r=>{try{new PerformanceObserver(l=>{l.getEntries().some(e=>e.name==="first-contentful-paint")&&r()}).observe({type:"paint",buffered:!0})}catch{requestAnimationFrame(()=>requestAnimationFrame(r))}}),` +
	// …and the hero image, the largest.
	`hero=document.querySelector("img[fetchpriority=high]"),heroIn=new Promise(r=>{hero&&!hero.complete?(hero.addEventListener("load",r),hero.addEventListener("error",r)):r()});Promise.all([painted,heroIn]).then(start)})();
`

// bootFile is where the boot script is published, named by its content like the
// bundler's files.
var bootFile = func() string {
	sum := sha256.Sum256([]byte(bootJS))
	return bundle.AssetsDir + "/js/boot-" + base32.StdEncoding.EncodeToString(sum[:5]) + ".js"
}()

// firstPaint is how the pages' heads load what they need: the inline style by set of
// sheets, the CSP sources that allow them, and the boot script. Its zero value is the
// plain head (PlainHead: linked sheets, module scripts).
type firstPaint struct {
	style   map[string]string // sheetsKey → inline CSS
	sources []string          // "'sha256-…'", sorted
	boot    string            // site path of the boot script
}

// head is what one page's head takes of it.
func (fp *firstPaint) head(p *page) pageHead {
	if fp == nil || fp.boot == "" {
		return pageHead{}
	}
	return pageHead{style: fp.style[sheetsKey(p.Assets.CSS)], boot: fp.boot}
}

// pageHead is one page's: with an empty boot, a plain head.
type pageHead struct{ style, boot string }

func sheetsKey(css []string) string { return strings.Join(css, "\x00") }

// pageTokens is what a selector can require of one prerendered body.
func pageTokens(body string) []string {
	t := criticalcss.Tokens{}
	t.AddHTML(body)
	return t.List()
}

// firstPaintHeads picks the inline style of every set of sheets the pages link and
// publishes the boot script.
func (b *build) firstPaintHeads(pages []*page, rendered map[string]renderedPage) (*firstPaint, error) {
	fp := &firstPaint{style: map[string]string{}}
	if b.opts.PlainHead || len(pages) == 0 {
		return fp, nil
	}
	fp.boot = "/" + bootFile
	if err := b.out.write(bootFile, []byte(bootJS)); err != nil {
		return nil, err
	}
	tokens := criticalcss.Tokens{}
	// The shell's own elements (html, body, #root…), from the shell itself.
	tokens.AddHTML(string(shellHTML(pages[0], "", nil, pageHead{})))
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
