package criticalcss

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// tokenized is what the tokenizer itself gives for doc: AddHTML's reference.
func tokenized(doc string) Tokens {
	t := Tokens{}
	z := html.NewTokenizer(strings.NewReader(doc))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return t
		case html.StartTagToken, html.SelfClosingTagToken:
			name, more := z.TagName()
			t.Add(string(name))
			for more {
				var key, val []byte
				key, val, more = z.TagAttr()
				t.Add("[" + string(key))
				switch string(key) {
				case "class":
					for _, c := range bytes.Fields(val) {
						t.Add("." + string(c))
					}
				case "id":
					t.Add("#" + string(val))
				}
			}
		}
	}
}

func scanned(doc string) Tokens {
	t := Tokens{}
	t.AddHTML(doc)
	return t
}

// tricky are documents where reading tags takes care; on each AddHTML gives exactly
// the tokenizer's tokens.
var tricky = []string{
	`<div class="a b" id=x data-k='v>w'>text</div>`,
	`<DIV CLASS="Up"><Span ID="Mixed">x</Span></DIV>`,
	`<p a=/><br/><img src=x.png alt="a > b"/><input disabled readonly=>`,
	`<a href="?a=1&amp;b=2" class="q&amp;r &lt;s">x</a>`,
	`<i class="&#x61;b">x</i><b id='&quot;'>y</b>`,
	"<p class=\"a\r\nb\" id=\"c\rd\">x</p><q class=\"n\x00m\">",
	`<!-- <div class="in-comment"> --><p class="after">`,
	`<!--><p class=e1><!---><p class=e2><!-- a --!><p class=e3><!-- -- --><p class=e4>`,
	`<!DOCTYPE html><?xml version="1.0"?><![CDATA[<p class=cd>]]><p class=k>`,
	`</div class="x>y"><p class=after-end></><p class=z>`,
	`<script>if (a<b) document.write("<p class=in-script>")</script><p class=after-script>`,
	`<style>.x{content:"</p>"}</style ><p class=s><title><b class=t></title><textarea><i class=ta></TEXTAREA><u class=u>`,
	`<script/><p class=raw></script><p class=out>`,
	`<noscript><p class=ns></noscript><xmp><p class=x></xmp><iframe><p class=f></iframe><p class=done>`,
	`<p =a class= "b"  id = c >`,
	`<p class="a" class="b">`,
	`<svg viewBox="0 0 1 1"><path d="M0 0"/><foreignObject><div class=fo></div></foreignObject></svg>`,
	`< p class=text> <1 class=no> <p class=cut`,
	`<p class="unterminated>`,
	`<plaintext><p class=never>`,
	`<script><!--<script>x</script>y</script><p class=after>`,
}

func TestAddHTMLReadsTagsAsTheTokenizerDoes(t *testing.T) {
	for _, doc := range tricky {
		got, want := scanned(doc).List(), tokenized(doc).List()
		if doc == tricky[len(tricky)-1] || strings.Contains(doc, `class="a" class="b"`) {
			// A script's escapes and a repeated attribute: more tokens, never fewer.
			if missing := without(want, got); len(missing) > 0 {
				t.Errorf("%q: missing %q (got %q)", doc, missing, got)
			}
			continue
		}
		if !slices.Equal(got, want) {
			t.Errorf("%q:\n got  %q\n want %q", doc, got, want)
		}
	}
}

// Prerendered pages (the examples' build, when there is one) read exactly as the
// tokenizer reads them.
func TestAddHTMLOnBuiltPages(t *testing.T) {
	pages, _ := filepath.Glob(filepath.Join("..", "..", "dist", "*", "*", "index.html"))
	if len(pages) == 0 {
		t.Skip("no dist/ (run `promo build`)")
	}
	for _, p := range pages {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := scanned(string(b)).List(), tokenized(string(b)).List(); !slices.Equal(got, want) {
			t.Errorf("%s: got %d tokens, the tokenizer %d: missing %q, extra %q", p, len(got), len(want), without(want, got), without(got, want))
		}
	}
}

// FuzzAddHTML: whatever the input, AddHTML misses no token the tokenizer finds.
func FuzzAddHTML(f *testing.F) {
	for _, doc := range tricky {
		f.Add(doc)
	}
	f.Fuzz(func(t *testing.T, doc string) {
		if missing := without(tokenized(doc).List(), scanned(doc).List()); len(missing) > 0 {
			t.Errorf("%q: missing %q", doc, missing)
		}
	})
}

func without(a, b []string) []string {
	var out []string
	for _, s := range a {
		if !slices.Contains(b, s) {
			out = append(out, s)
		}
	}
	return out
}

func BenchmarkAddHTML(b *testing.B) {
	pages, _ := filepath.Glob(filepath.Join("..", "..", "dist", "*", "*", "index.html"))
	if len(pages) == 0 {
		b.Skip("no dist/ (run `promo build`)")
	}
	var docs []string
	var size int64
	for _, p := range pages {
		data, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		docs = append(docs, string(data))
		size += int64(len(data))
	}
	b.Run("scan", func(b *testing.B) {
		b.SetBytes(size)
		for b.Loop() {
			for _, d := range docs {
				scanned(d)
			}
		}
	})
	b.Run("tokenizer", func(b *testing.B) {
		b.SetBytes(size)
		for b.Loop() {
			for _, d := range docs {
				tokenized(d)
			}
		}
	})
}
