package criticalcss

import (
	"strings"
	"testing"
)

func critical(t *testing.T, css, doc string) string {
	t.Helper()
	s, err := Parse(css)
	if err != nil {
		t.Fatal(err)
	}
	tok := Tokens{}
	tok.AddHTML(doc)
	return s.Critical(tok)
}

func TestKeepsWhatTheDocumentCanUse(t *testing.T) {
	doc := `<html dir="rtl"><body><main id="page" class="promo-hero promo-hero--wide"><h1 class="promo-title">Hi</h1><button type="button" aria-busy="true">Go</button><svg><path d=""/></svg></main></body></html>`
	for _, c := range []struct {
		css  string
		keep bool
	}{
		{`.promo-hero{color:red}`, true},
		{`.promo-hero.promo-hero--wide>.promo-title{margin:0}`, true},
		{`.promo-dialog{position:fixed}`, false},        // a class no page has: an open dialog
		{`.promo-hero .promo-dialog{color:red}`, false}, // every class of a selector is needed
		{`.promo-dialog,.promo-title{color:red}`, true}, // one selector of the list is enough
		{`#page{padding:0}`, true},
		{`#other{padding:0}`, false},
		{`h1{font-size:2rem}`, true},
		{`H1{font-size:2rem}`, true}, // element names are not case-sensitive
		{`table td{padding:0}`, false},
		{`svg path{fill:red}`, true},
		{`[dir=rtl] .promo-hero{text-align:right}`, true},
		{`button[aria-busy=true]{opacity:.5}`, true},
		{`button[aria-disabled=true]{opacity:.5}`, false},
		{`.promo-hero:not(.promo-open){display:block}`, true}, // :not() requires absence
		{`:is(.promo-dialog,.promo-title) span{color:red}`, false},
		{`:is(.promo-dialog,.promo-title){color:red}`, true},
		{`.promo-title:hover::after{content:"}"}`, true},
		{`:root{--c:#000}`, true},
		{`*,:before,:after{box-sizing:border-box}`, true},
		{`.promo-hero--wide\:x{color:red}`, false},
		{`.promo-hero\2d -wide{color:red}`, true}, // an escaped hyphen: .promo-hero--wide
	} {
		got := critical(t, c.css, doc)
		if keep := got == c.css; keep != c.keep || (!keep && got != "") {
			t.Errorf("%s: got %q, want kept=%v", c.css, got, c.keep)
		}
	}
}

func TestAtRules(t *testing.T) {
	doc := `<div class="a b"></div>`
	css := `@charset "utf-8";@layer base,widgets;@font-face{font-family:x;src:url(x.woff2)}` +
		`.a{animation:spin 1s}@keyframes spin{to{transform:rotate(1turn)}}@keyframes fade{to{opacity:0}}` +
		`@media (min-width:600px){.a{width:50%}.c{width:10%}}@media print{.c{display:none}}` +
		`@supports (display:grid){@media (min-width:1px){.b{display:grid}}}` +
		`/* a comment { } */.c{color:red}`
	want := `@charset "utf-8";@layer base,widgets;@font-face{font-family:x;src:url(x.woff2)}` +
		`.a{animation:spin 1s}@keyframes spin{to{transform:rotate(1turn)}}` +
		`@media (min-width:600px){.a{width:50%}}` +
		`@supports (display:grid){@media (min-width:1px){.b{display:grid}}}`
	if got := critical(t, css, doc); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestStringsAndEscapesDoNotEndABlock(t *testing.T) {
	css := `.a:after{content:"} .b{"}.a{background:url("x{y}.svg")}.b{color:red}`
	if got := critical(t, css, `<i class="a">`); got != `.a:after{content:"} .b{"}.a{background:url("x{y}.svg")}` {
		t.Errorf("got %q", got)
	}
}

func TestMalformedSheets(t *testing.T) {
	for _, css := range []string{`.a{color:red`, `.a{content:"x}`, `.a{}}`, `.a`} {
		if _, err := Parse(css); err == nil || !strings.Contains(err.Error(), "style sheet") {
			t.Errorf("%q: error %v, want one naming the style sheet", css, err)
		}
	}
}

func TestTokensOfADocument(t *testing.T) {
	tok := Tokens{}
	tok.AddHTML(`<DIV id="x" class=" a  b "><svg viewBox="0 0 1 1"><path/></svg><input disabled></DIV>`)
	got := strings.Join(tok.List(), " ")
	if want := "#x .a .b [class [disabled [id [viewbox div input path svg"; got != want {
		t.Errorf("tokens %q, want %q", got, want)
	}
}
