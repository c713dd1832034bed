package generator

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"html"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/promohq/promo/internal/bundle"
	"github.com/promohq/promo/internal/cdn"
	"github.com/promohq/promo/internal/content"
	"github.com/promohq/promo/internal/diag"
	"github.com/promohq/promo/internal/i18n"
)

//go:embed defaults
var defaultFiles embed.FS

// writeErrorDictionaries writes each locale's error-code dictionary, merged along its
// fallback chain, as a hashed JSON file fetched on the first error (DESIGN §2). It
// returns the site path per locale.
func (b *build) writeErrorDictionaries() (map[string]string, error) {
	urls := map[string]string{}
	all := []i18n.Use{{Key: "", Prefix: true}}
	for _, locale := range b.locales {
		flat, _ := b.site.Catalog.Resolve(b.site.Config.Chain(locale), content.ErrorNamespace, all)
		data, err := json.Marshal(i18n.Nest(flat))
		if err != nil {
			return nil, err
		}
		rel := path.Join(bundle.AssetsDir, "i18n", content.HashedName(content.ErrorNamespace+"."+locale+".json", data))
		if err := b.out.write(rel, data); err != nil {
			return nil, err
		}
		urls[locale] = "/" + rel
	}
	return urls, nil
}

// copyImages copies each campaign's SEO image under a content-hashed name, and the
// images its rules show at the paths their HTML names (content.RenderRules).
func (b *build) copyImages() (map[string]string, error) {
	urls := map[string]string{}
	for _, c := range b.site.Campaigns {
		for _, img := range b.site.RulesImages[c.Slug] {
			data, err := os.ReadFile(filepath.Join(b.site.Root, filepath.FromSlash(img.File)))
			if err != nil {
				return nil, err
			}
			if err := b.out.write(strings.TrimPrefix(img.Src, "/"), data); err != nil {
				return nil, err
			}
		}
		if c.Image == "" {
			continue
		}
		data, err := os.ReadFile(filepath.Join(b.site.Root, "campaigns", c.Slug, filepath.FromSlash(c.Image)))
		if err != nil {
			return nil, err
		}
		rel := path.Join(bundle.AssetsDir, "img", content.HashedName(c.Slug+"-"+path.Base(c.Image), data))
		if err := b.out.write(rel, data); err != nil {
			return nil, err
		}
		urls[c.Slug] = "/" + rel
	}
	return urls, nil
}

// copyPublic copies public/ to the root of the output; a file that collides with a
// generated one is an error, not a silent overwrite. Embedded defaults (the icon)
// fill in what public/ lacks.
func (b *build) copyPublic(diags *diag.List) error {
	dir := filepath.Join(b.site.Root, "public")
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if os.IsNotExist(err) && p == dir {
				return nil
			}
			return err
		}
		if d.IsDir() {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		if b.out.has(rel) || strings.HasPrefix(rel, bundle.AssetsDir+"/") {
			diags.Errorf(path.Join("public", rel), 0, 0, "public-collision", "rename or remove the file", "public/%s would replace a file the build generates", rel)
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return b.out.write(rel, data)
	})
	if err != nil {
		return err
	}
	return fs.WalkDir(defaultFiles, "defaults", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel := strings.TrimPrefix(p, "defaults/")
		if b.out.has(rel) {
			return nil
		}
		data, err := defaultFiles.ReadFile(p)
		if err != nil {
			return err
		}
		return b.out.write(rel, data)
	})
}

// writeSitemap lists every page with its alternates (DESIGN §2).
func (b *build) writeSitemap(pages []*page) error {
	var s bytes.Buffer
	s.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	s.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">` + "\n")
	for _, p := range pages {
		s.WriteString("<url><loc>" + html.EscapeString(b.site.Config.BaseURL+p.Path) + "</loc>")
		for _, a := range p.Alternates {
			fmt.Fprintf(&s, `<xhtml:link rel="alternate" hreflang="%s" href="%s"/>`, html.EscapeString(a.HrefLang), html.EscapeString(a.Href))
		}
		s.WriteString("</url>\n")
	}
	s.WriteString("</urlset>\n")
	return b.out.write("sitemap.xml", s.Bytes())
}

func (b *build) writeRobots() error {
	robots := "User-agent: *\nAllow: /\nDisallow: " + b.site.Config.APIBase + "/\n\nSitemap: " + b.site.Config.BaseURL + "/sitemap.xml\n"
	return b.out.write("robots.txt", []byte(robots))
}

// writeCDNRules writes _headers and _redirects; `promo serve` reads the same rules.
// The CSP allows the tag manager only when this build's pages load it.
func (b *build) writeCDNRules() error {
	csp := cdn.PageCSP(b.site.Config.GTMContainer() != "", b.firstPaint.sources...)
	if err := b.out.write("_headers", cdn.FormatHeaders(append(cdn.DefaultHeaders(csp), wellKnownHeaders(b.site.Config)...))); err != nil {
		return err
	}
	return b.out.write("_redirects", b.cdnSite().RedirectsFile())
}

func (b *build) cdnSite() cdn.Site {
	s := cdn.Site{Locales: b.site.Config.Locales}
	for _, c := range b.site.Campaigns {
		s.Slugs = append(s.Slugs, c.Slug)
	}
	return s
}

// writeNotFound writes the 404 page of every locale: a short message in the
// locale's language and links to the campaigns of that locale.
func (b *build) writeNotFound() error {
	for _, locale := range b.locales {
		chain := b.site.Config.Chain(locale)
		text := func(key string) string { return b.text(chain, content.LibraryNamespace, key) }
		var s strings.Builder
		esc := html.EscapeString
		s.WriteString("<!doctype html>\n<html lang=\"" + esc(locale) + "\" dir=\"" + b.site.Config.Dir(locale) + "\">\n<head>\n<meta charset=\"utf-8\">\n")
		s.WriteString("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<meta name=\"robots\" content=\"noindex\">\n")
		s.WriteString("<title>" + esc(text(content.NotFoundTitleKey)) + "</title>\n<link rel=\"icon\" href=\"/favicon.svg\" type=\"image/svg+xml\">\n")
		s.WriteString("<link rel=\"stylesheet\" href=\"" + esc(b.bundle.BaseCSS) + "\">\n</head>\n<body>\n<main class=\"promo-notfound\">\n")
		s.WriteString("<h1>" + esc(text(content.NotFoundTitleKey)) + "</h1>\n<p>" + esc(text(content.NotFoundBodyKey)) + "</p>\n<ul>\n")
		for _, c := range b.site.Campaigns {
			title := b.text(chain, c.Namespace, content.HeroTitleKey)
			s.WriteString("<li><a href=\"" + esc(b.site.Config.PagePath(locale, c.Slug)) + "\">" + esc(title) + "</a></li>\n")
		}
		s.WriteString("</ul>\n</main>\n</body>\n</html>\n")
		rel := "404.html"
		if locale != b.site.Config.DefaultLocale {
			rel = locale + "/404.html"
		}
		if err := b.out.write(rel, []byte(s.String())); err != nil {
			return err
		}
	}
	return nil
}

// text looks a key up along chain; "" when no locale has it.
func (b *build) text(chain []string, namespace, key string) string {
	for _, l := range chain {
		if bundle := b.site.Catalog.Bundle(l, namespace); bundle != nil {
			if e, ok := bundle.Keys[key]; ok {
				return e.Value
			}
		}
	}
	return ""
}

// manifest is manifest.json: what was built, for deploy scripts and audits.
type manifest struct {
	Pages []manifestPage `json:"pages"`
	Files []fileEntry    `json:"files"`
}

type manifestPage struct {
	Path    string   `json:"path"`
	Slug    string   `json:"slug"`
	Locale  string   `json:"locale"`
	File    string   `json:"file"`
	Scripts []string `json:"scripts"` // entry and preloaded chunks: the first-load JS
	Lazy    []string `json:"lazy,omitempty"`
	Styles  []string `json:"styles"`
	JSBytes int      `json:"jsBytes"`
}

func (b *build) writeManifest(pages []*page) error {
	// The compressed copies of assets are left out: they are the files listed, other
	// bytes, and are still being made while the manifest is written (precompress.go).
	m := manifest{Files: slices.DeleteFunc(b.out.list(), func(f fileEntry) bool {
		return strings.HasSuffix(f.Path, cdn.PrecompressedExt["br"]) || strings.HasSuffix(f.Path, cdn.PrecompressedExt["gzip"])
	})}
	for _, p := range pages {
		scripts := append([]string{p.Assets.Entry}, p.Assets.Preload...)
		m.Pages = append(m.Pages, manifestPage{Path: p.Path, Slug: p.Slug, Locale: p.Locale, File: p.File,
			Scripts: scripts, Lazy: p.Assets.Lazy, Styles: p.Assets.CSS, JSBytes: b.firstLoadBytes(p.Assets)})
	}
	sort.Slice(m.Pages, func(i, j int) bool { return m.Pages[i].Path < m.Pages[j].Path })
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	return b.out.write("manifest.json", append(data, '\n'))
}

// firstLoadBytes is the size of the scripts a page loads before it is interactive.
func (b *build) firstLoadBytes(a *bundle.PageAssets) int {
	n := 0
	for _, s := range append([]string{a.Entry}, a.Preload...) {
		n += len(b.bundle.Files[strings.TrimPrefix(s, "/")])
	}
	return n
}
