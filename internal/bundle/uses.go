package bundle

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/promohq/promo/internal/content"
	"github.com/promohq/promo/internal/diag"
	"github.com/promohq/promo/internal/i18n"
)

// IsScript reports whether name is a page source whose t() calls count: a script, not
// a declaration file and not a test (a test's keys are not a page's).
func IsScript(name string) bool {
	base := path.Base(filepath.ToSlash(name))
	if !slices.Contains(content.ScriptExts, path.Ext(base)) || strings.HasSuffix(base, ".d.ts") {
		return false
	}
	stem := strings.TrimSuffix(base, path.Ext(base))
	return !strings.HasSuffix(stem, ".test") && !strings.HasSuffix(stem, ".spec")
}

// PageUses lists the texts each campaign's page ships, by slug: the t("…") calls of
// the sources esbuild put into the page (its entry, preloaded and lazy chunks) and the
// keys its campaign.yaml names. (The keys the HTML shell reads, content.ShellKeys, are
// resolved by the generator and not shipped.) Sources are read once however many
// pages share them.
func PageUses(site *content.Site, b *Bundle) map[string][]i18n.Use {
	extracted := map[string][]i18n.Use{}
	out := map[string][]i18n.Use{}
	for _, c := range site.Campaigns {
		var uses []i18n.Use
		for _, src := range b.Pages[c.Slug].Sources {
			found, ok := extracted[src]
			if !ok {
				if IsScript(src) {
					if data, err := os.ReadFile(sourcePath(site.Root, src)); err == nil {
						found = i18n.Extract(src, data)
					}
				}
				extracted[src] = found
			}
			uses = append(uses, found...)
		}
		for _, k := range c.TextKeys() {
			uses = append(uses, i18n.Use{File: c.File, Line: k.Pos.Line, Column: k.Pos.Column, Key: k.Key})
		}
		out[c.Slug] = uses
	}
	return out
}

// sourcePath is where a metafile input (relative to the site root, or absolute for
// components outside it) is on disk.
func sourcePath(root, in string) string {
	if filepath.IsAbs(in) {
		return in
	}
	return filepath.Join(root, filepath.FromSlash(in))
}

// MissingTexts reports the static keys used that the default locale lacks, once per
// place a key is written: the build and `promo check` report through it alike.
type MissingTexts struct {
	site     *content.Site
	diags    *diag.List
	reported map[string]bool
}

// NewMissingTexts reports to diags.
func NewMissingTexts(site *content.Site, diags *diag.List) *MissingTexts {
	return &MissingTexts{site: site, diags: diags, reported: map[string]bool{}}
}

// Page checks every use of each campaign's page (PageUses).
func (m *MissingTexts) Page(uses map[string][]i18n.Use) {
	for _, c := range m.site.Campaigns {
		for _, u := range uses[c.Slug] {
			m.Check(u, c)
		}
	}
}

// Check checks one use: of campaign c's page, or of a library component when c is nil
// (such a use names its namespace; one without is a page's and checked per page).
func (m *MissingTexts) Check(u i18n.Use, c *content.Campaign) {
	ns := u.Namespace
	if ns == "" {
		if c == nil {
			return
		}
		ns = c.Namespace
	}
	own := c != nil && ns == c.Namespace
	if c != nil && u.File == c.File {
		return // campaign.yaml's own keys are the loader's to report (content.Load)
	}
	en := m.site.Config.DefaultLocale
	cat := m.site.Catalog
	if u.Prefix || m.site.Unreadable(en, ns) {
		return
	}
	id := fmt.Sprintf("%s:%s@%s:%d:%d", ns, u.Key, u.File, u.Line, u.Column)
	if m.reported[id] {
		return
	}
	file := path.Join(i18n.Dir, en, ns+".json")
	if cat.Bundle(en, ns) == nil {
		m.reported[id] = true
		if own {
			return // the loader reports a campaign namespace without default-locale texts
		}
		hint := "create " + file
		if s := diag.Suggest(ns, cat.Namespaces(en)); s != "" {
			hint = fmt.Sprintf("did you mean %q?", s+":"+u.Key)
		}
		m.diags.Errorf(u.File, u.Line, u.Column, "missing-text", hint, "text %q is missing: namespace %q has no %s", u.Key, ns, file)
		return
	}
	if cat.Has(en, ns, u) {
		return
	}
	m.reported[id] = true
	used := ""
	if own {
		used = " (used by campaign " + c.Slug + ")"
	}
	m.diags.Errorf(u.File, u.Line, u.Column, "missing-text", "add \""+u.Key+"\" to "+file, "text %q is missing from %s%s", u.Key, file, used)
}
