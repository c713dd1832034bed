package generator

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"html"
	"strings"

	"github.com/promohq/promo/internal/bundle"
	"github.com/promohq/promo/internal/contract"
)

// page is one prerendered campaign page: everything its HTML shell needs.
type page struct {
	Slug, Locale, Dir string
	Path              string // site path, "/ja-JP/referral-v2/"
	File              string // output file, "ja-JP/referral-v2/index.html"
	Title             string
	Description       string
	Canonical         string
	Alternates        []alternate // hreflang links, x-default last
	Image             string      // absolute URL of the Open Graph image, or ""
	ImagePath         string      // site path of the largest paint (hero art, else the image), preloaded
	ImageSrcSet       string      // its srcset and sizes when it is raster hero art, preloaded alike
	ImageSizes        string
	SiteName          string
	IOSAppID          string
	Assets            *bundle.PageAssets
	Data              json.RawMessage // page data without "stable"
	RulesHTML         string
}

type alternate struct{ HrefLang, Href string }

// fingerprint hashes code (what the page runs) with every field of the page, which
// holds every input of its render request and of shellHTML.
func (p *page) fingerprint(code [32]byte) [32]byte {
	h := sha256.New()
	h.Write(code[:])
	// The page data, most of the bytes, is hashed as it is: encoding it would copy it
	// through json's compaction for nothing (a tenth of a repeat build's time).
	q := *p
	q.Data = nil
	fmt.Fprintf(h, "%d\x00", len(p.Data))
	h.Write(p.Data)
	if err := json.NewEncoder(h).Encode(&q); err != nil {
		panic("generator: a page cannot be encoded: " + err.Error()) // plain strings and slices only
	}
	var sum [32]byte
	h.Sum(sum[:0])
	return sum
}

// shellHTML wraps a prerendered body in the page's document (DESIGN §2): language and
// direction, SEO and social metadata, exactly the page's chunks preloaded, and the
// page data as JSON (json.Marshal escapes <, > and &, so it cannot close the script).
// A first-paint head (firstpaint.go) carries the rules of the first paint inline,
// preloads the sheets and boots the scripts after the paint; a plain one links the
// sheets and the module scripts.
func shellHTML(p *page, body string, stable json.RawMessage, head pageHead) []byte {
	style := head.style
	var b strings.Builder
	b.Grow(len(body) + len(p.Data) + len(style) + 4096)
	esc := html.EscapeString
	b.WriteString("<!doctype html>\n<html lang=\"" + esc(p.Locale) + "\" dir=\"" + p.Dir + "\">\n<head>\n")
	b.WriteString("<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	b.WriteString("<title>" + esc(p.Title) + "</title>\n")
	b.WriteString("<meta name=\"description\" content=\"" + esc(p.Description) + "\">\n")
	b.WriteString("<link rel=\"canonical\" href=\"" + esc(p.Canonical) + "\">\n")
	for _, a := range p.Alternates {
		b.WriteString("<link rel=\"alternate\" hreflang=\"" + esc(a.HrefLang) + "\" href=\"" + esc(a.Href) + "\">\n")
	}
	meta := func(attr, name, content string) {
		if content != "" {
			b.WriteString("<meta " + attr + "=\"" + name + "\" content=\"" + esc(content) + "\">\n")
		}
	}
	meta("property", "og:type", "website")
	meta("property", "og:site_name", p.SiteName)
	meta("property", "og:title", p.Title)
	meta("property", "og:description", p.Description)
	meta("property", "og:url", p.Canonical)
	meta("property", "og:locale", ogLocale(p.Locale))
	meta("property", "og:image", p.Image)
	card := "summary"
	if p.Image != "" {
		card = "summary_large_image"
	}
	meta("name", "twitter:card", card)
	meta("name", "twitter:title", p.Title)
	meta("name", "twitter:description", p.Description)
	meta("name", "twitter:image", p.Image)
	if p.IOSAppID != "" {
		meta("name", "apple-itunes-app", "app-id="+p.IOSAppID+", app-argument="+p.Canonical)
	}
	b.WriteString("<meta name=\"theme-color\" content=\"#0b0e11\">\n")
	b.WriteString("<link rel=\"icon\" href=\"/favicon.svg\" type=\"image/svg+xml\">\n")
	if p.ImagePath != "" {
		// With a srcset the preload names the same candidates and sizes as the <img>,
		// so the browser fetches the one size it will show, once.
		b.WriteString("<link rel=\"preload\" as=\"image\" href=\"" + esc(p.ImagePath) + "\"")
		if p.ImageSrcSet != "" {
			b.WriteString(" imagesrcset=\"" + esc(p.ImageSrcSet) + "\" imagesizes=\"" + esc(p.ImageSizes) + "\"")
		}
		b.WriteString(" fetchpriority=\"high\">\n")
	}
	if style == "" {
		for _, css := range p.Assets.CSS {
			b.WriteString("<link rel=\"stylesheet\" href=\"" + esc(css) + "\">\n")
		}
	} else {
		// firstpaint.go escaped any "</" in it.
		b.WriteString("<style>" + style + "</style>\n")
		for _, css := range p.Assets.CSS {
			b.WriteString("<link rel=\"preload\" as=\"style\" href=\"" + esc(css) + "\" " + contract.SheetAttr + " fetchpriority=\"low\">\n")
		}
		b.WriteString("<noscript>")
		for _, css := range p.Assets.CSS {
			b.WriteString("<link rel=\"stylesheet\" href=\"" + esc(css) + "\">")
		}
		b.WriteString("</noscript>\n")
	}
	if head.boot != "" {
		b.WriteString("<script defer src=\"" + esc(head.boot) + "\" data-entry=\"" + esc(p.Assets.Entry) + "\" data-preload=\"" + esc(strings.Join(p.Assets.Preload, " ")) + "\"></script>\n")
	} else {
		b.WriteString("<script type=\"module\" src=\"" + esc(p.Assets.Entry) + "\"></script>\n")
		for _, js := range p.Assets.Preload {
			b.WriteString("<link rel=\"modulepreload\" href=\"" + esc(js) + "\">\n")
		}
	}
	b.WriteString("</head>\n<body>\n<div id=\"root\">")
	b.WriteString(body)
	b.WriteString("</div>\n<script id=\"promo-data\" type=\"application/json\">")
	b.Write(withStable(p.Data, stable))
	b.WriteString("</script>\n</body>\n</html>\n")
	return []byte(b.String())
}

// withStable appends "stable" to the page data object, which was marshalled once
// before prerendering.
func withStable(data, stable json.RawMessage) []byte {
	var out bytes.Buffer
	out.Grow(len(data) + len(stable) + 16)
	out.Write(data[:len(data)-1])
	out.WriteString(`,"` + contract.StableMember + `":`)
	if len(stable) == 0 {
		out.WriteString("{}")
	} else {
		// The worker's JSON.stringify leaves "<" as is; escape it like json.Marshal
		// does, so a translated text can never close the script element.
		json.HTMLEscape(&out, stable)
	}
	out.WriteByte('}')
	return out.Bytes()
}

// ogLocale is the Open Graph form of a locale: ar_SA; English is the spec's en-US.
func ogLocale(locale string) string {
	if !strings.Contains(locale, "-") {
		if locale == "en" {
			return "en_US"
		}
		return locale
	}
	return strings.Replace(locale, "-", "_", 1)
}
