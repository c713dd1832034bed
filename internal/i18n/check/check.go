// Package check validates a site's translations against English and against the keys
// its pages use, for `promo check` (DESIGN §3). It compares every namespace of every
// locale with the default locale's bundle, and judges the keys pages use from the
// sources esbuild puts into each page (package bundle, as `promo build` does) plus
// every component of the library for namespaced keys.
//
// Severities follow one rule: a problem that breaks a page or misleads a translator
// is an error; a coverage gap (a locale that falls back, key by key, along its chain)
// or an unused text is a warning.
//
//	code                  severity  what
//	(loader's codes)      error     malformed JSON, wrong types, duplicates… (content.Load)
//	extra-key             error     a key English does not have (plural suffixes stripped)
//	extra-namespace       error     a bundle of a namespace English does not have
//	placeholder-mismatch  error     {{var}} or $t(…) differing from English's for the key
//	plural-forms          error     plural forms not exactly the language's CLDR categories
//	missing-text          error     a key a component or page.tsx uses is not in English
//	missing-bundle        warning   a locale has no file for a namespace it should translate
//	missing-key           warning   a locale's file lacks an English key (it falls back)
//	unused-key            warning   an English key no page, campaign.yaml or shell uses
//	unused-namespace      warning   an English namespace nothing uses
//	unknown-plural-rules  warning   the plural table does not know the locale's language
//	no-components         warning   no components folder: key uses are not checked
//	rules-fallback        warning   a translated page shows rules in another language
//	undeclared-keys       warning   a page builds keys at run time that campaign.yaml keys: does not list
package check

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/promohq/promo/internal/bundle"
	"github.com/promohq/promo/internal/content"
	"github.com/promohq/promo/internal/diag"
	"github.com/promohq/promo/internal/i18n"
)

// Diagnostic codes of the checks (the loader's own codes pass through unchanged).
const (
	CodeMissingBundle       = "missing-bundle"
	CodeMissingKey          = "missing-key"
	CodeExtraKey            = "extra-key"
	CodeExtraNamespace      = "extra-namespace"
	CodePlaceholderMismatch = "placeholder-mismatch"
	CodePluralForms         = "plural-forms"
	CodeMissingText         = "missing-text"
	CodeUnusedKey           = "unused-key"
	CodeUnusedNamespace     = "unused-namespace"
	CodeUnknownPluralRules  = "unknown-plural-rules"
	CodeNoComponents        = "no-components"
	CodeRulesFallback       = "rules-fallback"
	CodeUndeclaredKeys      = "undeclared-keys"
)

// Partial lists the locales the specification translates only partly, with the
// namespaces they have (seed §1: "Dutch and Polish cover only email-subscription,
// error-code, gmp-lib, launch-home, leaderboard, my-fee-rate and trader"). Every
// other locale is expected to translate every namespace.
var Partial = map[string][]string{
	"nl-NL": {"email-subscription", "error-code", "gmp-lib", "launch-home", "leaderboard", "my-fee-rate", "trader"},
	"pl-PL": {"email-subscription", "error-code", "gmp-lib", "launch-home", "leaderboard", "my-fee-rate", "trader"},
}

// Expected reports whether the specification expects locale to translate namespace.
func Expected(locale, namespace string) bool {
	only, partial := Partial[locale]
	return !partial || slices.Contains(only, namespace)
}

// Report is the outcome of a check.
type Report struct {
	// Diagnostics are the loader's and the checks', sorted by file, line, column.
	Diagnostics []diag.Diagnostic
	Matrix      Matrix
}

// Errors counts the errors of the report.
func (r *Report) Errors() int { return r.count(diag.Error) }

// Warnings counts the warnings of the report.
func (r *Report) Warnings() int { return r.count(diag.Warning) }

func (r *Report) count(s diag.Severity) int {
	n := 0
	for _, d := range r.Diagnostics {
		if d.Severity == s {
			n++
		}
	}
	return n
}

// Folders says where the code of a site's pages is; the zero value means the site
// root's components/ and node_modules/, as for `promo build`.
type Folders struct {
	Components  string
	NodeModules string
}

// Load reads the site at root with content.Load and checks it.
func Load(root string, f Folders) *Report {
	s, diags := content.Load(root)
	return Run(s, diags, f)
}

// Run checks a loaded site. loaded holds the loader's diagnostics (they are part of
// the report, and tell which bundles could not be parsed); it may be nil.
func Run(s *content.Site, loaded *diag.List, f Folders) *Report {
	return RunBundled(s, loaded, f, nil)
}

// RunBundled is Run on pages bundled already: `promo build` passes its own bundle, so
// the build judges the texts with exactly the checks of `promo check` (one validation
// path, DESIGN §3) without bundling twice. A nil bundle is scanned here.
func RunBundled(s *content.Site, loaded *diag.List, f Folders, built *bundle.Bundle) *Report {
	c := &checker{site: s, cat: s.Catalog, en: s.Config.DefaultLocale, broken: map[string]bool{}}
	if loaded != nil {
		c.diags.Merge(loaded)
		for _, d := range loaded.Errors() {
			c.broken[d.File] = true
		}
	}
	if f.Components == "" {
		f.Components = filepath.Join(s.Root, "components")
	}
	if f.NodeModules == "" {
		f.NodeModules = filepath.Join(s.Root, "node_modules")
	}
	c.translations()
	c.rules()
	c.keyUses(f, built)
	return &Report{Diagnostics: c.diags.Items(), Matrix: c.matrix}
}

type checker struct {
	site   *content.Site
	cat    *i18n.Catalog
	en     string
	diags  diag.List
	broken map[string]bool // files the loader reported errors in
	matrix Matrix
	// english holds the English bundles as logical keys, by namespace.
	english map[string]*grouped
	groups  map[*i18n.Bundle]*grouped
}

// grouped returns b as logical keys, computed once per bundle.
func (c *checker) grouped(b *i18n.Bundle) *grouped {
	if g, ok := c.groups[b]; ok {
		return g
	}
	if c.groups == nil {
		c.groups = map[*i18n.Bundle]*grouped{}
	}
	g := groupBundle(b)
	c.groups[b] = g
	return g
}

// bundleFile is where a bundle of locale and namespace lives.
func bundleFile(locale, namespace string) string {
	return path.Join(i18n.Dir, locale, namespace+".json")
}

// unreadable reports whether the bundle's file exists but did not parse.
func (c *checker) unreadable(locale, namespace string) bool {
	return c.cat.Bundle(locale, namespace) == nil && c.broken[bundleFile(locale, namespace)]
}

// kind tells plain keys from i18next's plural families.
type kind int

const (
	plain kind = iota
	cardinal
	ordinal
)

// lkey is a logical key: a plain key, or a family of plural forms (k_one, k_other…).
type lkey struct {
	base string
	kind kind
}

// String names a logical key the way a translator reads it.
func (k lkey) String() string {
	switch k.kind {
	case cardinal:
		return k.base + "_<plural>"
	case ordinal:
		return k.base + "_ordinal_<plural>"
	}
	return k.base
}

// group is the keys of one logical key in one bundle.
type group struct {
	lkey
	keys  []string          // bundle keys, by position
	forms map[string]string // plural category → bundle key
	first i18n.Entry        // the earliest of its keys
}

// grouped is a bundle seen as logical keys.
type grouped struct {
	bundle *i18n.Bundle
	byKey  map[lkey]*group
	bases  map[string][]*group // base → its groups (a plain key and a plural family may share one)
	order  []*group            // by position in the file
}

func groupBundle(b *i18n.Bundle) *grouped {
	g := &grouped{bundle: b, byKey: map[lkey]*group{}, bases: map[string][]*group{}}
	keys := sortedKeys(b)
	for _, k := range keys {
		f := splitPlural(k)
		lk := lkey{base: f.Base}
		switch {
		case f.Category != "" && f.Ordinal:
			lk.kind = ordinal
		case f.Category != "":
			lk.kind = cardinal
		}
		gr := g.byKey[lk]
		if gr == nil {
			gr = &group{lkey: lk, forms: map[string]string{}, first: b.Keys[k]}
			g.byKey[lk] = gr
			g.bases[lk.base] = append(g.bases[lk.base], gr)
			g.order = append(g.order, gr)
		}
		gr.keys = append(gr.keys, k)
		if f.Category != "" {
			gr.forms[f.Category] = k
		}
	}
	return g
}

// sortedKeys lists a bundle's keys in file order.
func sortedKeys(b *i18n.Bundle) []string {
	keys := make([]string, 0, len(b.Keys))
	for k := range b.Keys {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, c := b.Keys[keys[i]], b.Keys[keys[j]]
		if a.Line != c.Line {
			return a.Line < c.Line
		}
		if a.Column != c.Column {
			return a.Column < c.Column
		}
		return keys[i] < keys[j]
	})
	return keys
}

func at(file string, e i18n.Entry) string {
	return fmt.Sprintf("%s:%d:%d", file, e.Line, e.Column)
}

// translations compares every bundle with English and fills the matrix.
func (c *checker) translations() {
	cfg := c.site.Config
	c.english = map[string]*grouped{}
	var namespaces []string
	for _, ns := range c.cat.Namespaces(c.en) {
		c.english[ns] = c.grouped(c.cat.Bundle(c.en, ns))
		namespaces = append(namespaces, ns)
	}
	// A malformed English bundle still gets its row, so the matrix shows it.
	for file := range c.broken {
		if dir, name := path.Split(file); dir == path.Join(i18n.Dir, c.en)+"/" && strings.HasSuffix(name, ".json") {
			namespaces = append(namespaces, strings.TrimSuffix(name, ".json"))
		}
	}
	slices.Sort(namespaces)
	namespaces = slices.Compact(namespaces)
	c.matrix.Locales = cfg.Locales

	for _, l := range cfg.Locales {
		if l == c.en {
			continue
		}
		for _, ns := range c.cat.Namespaces(l) {
			if c.english[ns] != nil || c.unreadable(c.en, ns) {
				continue
			}
			hint := "remove it, or create " + bundleFile(c.en, ns) + " first"
			if s := diag.Suggest(ns, namespaces); s != "" {
				hint = fmt.Sprintf("did you mean %s.json?", s)
			}
			c.diags.Errorf(bundleFile(l, ns), 0, 0, CodeExtraNamespace, hint, "namespace %q is not in English (there is no %s)", ns, bundleFile(c.en, ns))
		}
	}

	warned := map[string]bool{} // locales whose plural rules are unknown
	for _, ns := range namespaces {
		eng := c.english[ns]
		row := Row{Namespace: ns}
		if eng != nil {
			row.Keys = len(eng.order)
		} else {
			row.EnglishBroken = true
		}
		for _, l := range cfg.Locales {
			cell := Cell{Locale: l, Expected: Expected(l, ns)}
			b := c.cat.Bundle(l, ns)
			switch {
			case b == nil && c.unreadable(l, ns):
				cell.File, cell.Broken = true, true
			case b == nil:
				if eng != nil && cell.Expected {
					c.missingBundle(l, ns)
				}
			case eng == nil:
				cell.File = true // English is unreadable: nothing to compare with
			case l == c.en:
				cell.File, cell.Present = true, len(eng.order)
				c.plurals(l, eng, eng, warned)
			default:
				cell.File = true
				cell.Present = c.compare(l, eng, c.grouped(b), warned)
			}
			row.Cells = append(row.Cells, cell)
		}
		c.matrix.Rows = append(c.matrix.Rows, row)
	}
}

// fallbackFor names the locale whose text a page of locale shows for lk: the first
// locale after it in its chain that has it.
func (c *checker) fallbackFor(locale, ns string, lk lkey) string {
	for _, l := range c.site.Config.Chain(locale)[1:] {
		if b := c.cat.Bundle(l, ns); b != nil {
			if _, ok := c.grouped(b).byKey[lk]; ok {
				return l
			}
		}
	}
	return c.en
}

// missingBundle warns about a namespace a locale lacks, unless that is by design: the
// chain falls back to the same language (en-HK shows en, zh-HK shows zh-TW), or the
// namespace is a campaign's that is not translated into the locale at all (its pages
// are then wholly in the fallback language and not advertised in it; the matrix shows
// it as "—"). The library's texts (widgets, error codes) every page shows.
func (c *checker) missingBundle(locale, ns string) {
	from := c.en
	for _, l := range c.site.Config.Chain(locale)[1:] {
		if c.cat.Bundle(l, ns) != nil {
			from = l
			break
		}
	}
	if language(from) == language(locale) {
		return
	}
	for _, cp := range c.site.Campaigns {
		if cp.Namespace == ns && !c.site.Translated(cp, locale) {
			return
		}
	}
	c.diags.Warnf(bundleFile(locale, ns), 0, 0, CodeMissingBundle, "translate "+bundleFile(c.en, ns)+" into this file",
		"%s has no %s texts: its pages show the %s texts", locale, ns, from)
}

// compare checks one locale's bundle against English and returns how many English
// keys it has.
func (c *checker) compare(locale string, eng, loc *grouped, warned map[string]bool) int {
	ns := eng.bundle.Namespace
	enFile, file := eng.bundle.File, loc.bundle.File
	present := 0
	for _, eg := range eng.order {
		lg := loc.byKey[eg.lkey]
		if lg == nil && len(loc.bases[eg.base]) > 0 {
			continue // written plural where English is not, or the reverse: reported below
		}
		if lg == nil {
			what := fmt.Sprintf("key %q", eg.base)
			if eg.kind != plain {
				what = fmt.Sprintf("plural key %q (%s)", eg.base, strings.Join(eg.keys, ", "))
			}
			c.diags.Warnf(file, 0, 0, CodeMissingKey, "add it, translated from "+at(enFile, eg.first),
				"%s is missing: pages show the %s text", what, c.fallbackFor(locale, ns, eg.lkey))
			continue
		}
		present++
		if eg.kind == plain {
			c.placeholders(loc.bundle, lg.keys[0], eng.bundle, eg.keys[0])
			continue
		}
		for _, k := range lg.keys {
			f := splitPlural(k)
			ref, ok := eg.forms[f.Category]
			if !ok {
				if ref, ok = eg.forms["other"]; !ok {
					ref = eg.keys[0]
				}
			}
			c.placeholders(loc.bundle, k, eng.bundle, ref)
		}
	}
	c.plurals(locale, eng, loc, warned)
	// Keys English does not have (plural suffixes stripped), and keys written plural
	// where English is not, or the other way round.
	var missing []string // English keys this locale lacks: candidates for a typo
	for _, eg := range eng.order {
		if loc.byKey[eg.lkey] == nil {
			missing = append(missing, eg.keys...)
		}
	}
	for _, lg := range loc.order {
		if eng.byKey[lg.lkey] != nil {
			continue
		}
		if others := eng.bases[lg.base]; len(others) > 0 {
			c.shapeMismatch(locale, enFile, others[0], lg, loc.bundle)
			continue
		}
		for _, k := range lg.keys {
			e := loc.bundle.Keys[k]
			hint := "remove it, or add it to " + enFile + " first"
			if s := diag.Suggest(k, missing); s != "" {
				hint = fmt.Sprintf("did you mean %q?", s)
			}
			c.diags.Errorf(file, e.Line, e.Column, CodeExtraKey, hint, "key %q is not in English (%s)", k, enFile)
		}
	}
	return present
}

// shapeMismatch reports a key the locale writes as plural forms where English writes
// one text (or the reverse): i18next then reads a different key in each language.
func (c *checker) shapeMismatch(locale, enFile string, eg, lg *group, b *i18n.Bundle) {
	e := b.Keys[lg.keys[0]]
	if lg.kind == plain {
		var forms []string
		if rules, ok := PluralFor(locale); ok {
			need := rules.Cardinal
			if eg.kind == ordinal {
				need = rules.Ordinal
			}
			for _, cat := range need {
				forms = append(forms, form{Base: eg.base, Category: cat, Ordinal: eg.kind == ordinal}.key())
			}
		}
		hint := "write the plural forms of " + locale + " instead"
		if len(forms) > 0 {
			hint = "write the plural forms of " + locale + " instead: " + strings.Join(forms, ", ")
		}
		c.diags.Errorf(b.File, e.Line, e.Column, CodePluralForms, hint,
			"plural key %q is written as one text; English writes %s (%s)", lg.base, strings.Join(eg.keys, ", "), at(enFile, eg.first))
		return
	}
	c.diags.Errorf(b.File, e.Line, e.Column, CodePluralForms, fmt.Sprintf("write one text %q, or make the English key plural first", eg.base),
		"key %q is written as plural forms (%s), but English writes it as one text (%s)", lg.base, strings.Join(lg.keys, ", "), at(enFile, eg.first))
}

// placeholders reports when locale key k does not use the interpolations and
// nestings of English key ref. In plural forms {{count}} may be left out or added:
// "one" is often written as a word.
func (c *checker) placeholders(b *i18n.Bundle, k string, en *i18n.Bundle, ref string) {
	got, want := placeholderSet(b.Keys[k].Value), placeholderSet(en.Keys[ref].Value)
	if splitPlural(k).Category != "" {
		delete(got, "{{count}}")
		delete(want, "{{count}}")
	}
	var missing, extra []string
	for p := range want {
		if !got[p] {
			missing = append(missing, p)
		}
	}
	for p := range got {
		if !want[p] {
			extra = append(extra, p)
		}
	}
	if len(missing) == 0 && len(extra) == 0 {
		return
	}
	slices.Sort(missing)
	slices.Sort(extra)
	var parts []string
	if len(missing) > 0 {
		parts = append(parts, "lacks "+strings.Join(missing, ", "))
	}
	if len(extra) > 0 {
		parts = append(parts, "has "+strings.Join(extra, ", ")+", which English does not")
	}
	e := b.Keys[k]
	c.diags.Errorf(b.File, e.Line, e.Column, CodePlaceholderMismatch,
		"keep the placeholders of "+at(en.File, en.Keys[ref])+" as they are; translate only the text around them",
		"%q %s", k, strings.Join(parts, " and "))
}

// plurals checks that every plural family of loc that English writes as plural has
// exactly the forms of locale's language.
func (c *checker) plurals(locale string, eng, loc *grouped, warned map[string]bool) {
	rules, known := PluralFor(locale)
	for _, lg := range loc.order {
		if lg.kind == plain || eng.byKey[lg.lkey] == nil {
			continue
		}
		if !known {
			if !warned[locale] {
				warned[locale] = true
				e := loc.bundle.Keys[lg.keys[0]]
				c.diags.Warnf(loc.bundle.File, e.Line, e.Column, CodeUnknownPluralRules, "add the language to the plural table of package i18n/check",
					"the plural categories of %s are not known: its plural keys are not checked", locale)
			}
			return
		}
		need, optional := rules.Cardinal, rules.Optional
		suffix := "_"
		if lg.kind == ordinal {
			need, optional, suffix = rules.Ordinal, nil, "_ordinal_"
		}
		var missing, unused []string
		for _, cat := range need {
			if _, ok := lg.forms[cat]; !ok {
				missing = append(missing, suffix+cat)
			}
		}
		for _, cat := range PluralCategories {
			if _, ok := lg.forms[cat]; ok && !slices.Contains(need, cat) && !slices.Contains(optional, cat) {
				unused = append(unused, suffix+cat)
			}
		}
		if len(missing) == 0 && len(unused) == 0 {
			continue
		}
		var parts []string
		if len(missing) > 0 {
			parts = append(parts, "lacks "+strings.Join(missing, ", "))
		}
		if len(unused) > 0 {
			parts = append(parts, "has "+strings.Join(unused, ", ")+", which "+locale+" never uses")
		}
		var forms []string
		for _, cat := range need {
			forms = append(forms, lg.base+suffix+cat)
		}
		hint := fmt.Sprintf("%s has the CLDR %s categories %s: write %s", locale, map[kind]string{cardinal: "plural", ordinal: "ordinal"}[lg.kind], strings.Join(need, ", "), strings.Join(forms, ", "))
		if len(optional) > 0 {
			hint += fmt.Sprintf(" (%s optional)", strings.Join(optional, ", "))
		}
		e := loc.bundle.Keys[lg.keys[0]]
		c.diags.Errorf(loc.bundle.File, e.Line, e.Column, CodePluralForms, hint, "plural key %q %s", lg.base, strings.Join(parts, " and "))
	}
}

// keyUses finds the keys the pages use, exactly as the build does (esbuild's metafile
// through package bundle): missing ones are errors, English keys nothing uses are
// warnings. Namespaced keys (gmp-lib:…) count wherever a component writes them, on a
// page or not yet.
func (c *checker) keyUses(f Folders, scanned *bundle.Bundle) {
	root, _ := filepath.Abs(c.site.Root)
	components, _ := filepath.Abs(f.Components)
	nodeModules, _ := filepath.Abs(f.NodeModules)
	if fi, err := os.Stat(components); err != nil || !fi.IsDir() {
		c.diags.Warnf(relTo(root, components), 0, 0, CodeNoComponents, "run the check where components/ is, or pass --components",
			"no components folder: the keys pages use are not checked")
		return
	}
	bd := &bundle.Bundler{Root: root, Components: components, NodeModules: nodeModules, Campaigns: c.site.Campaigns, Minify: true}
	if scanned == nil {
		scanned = bd.Scan(&c.diags)
	}
	if scanned == nil {
		return // the pages do not bundle: that is reported, and their keys are unknown
	}
	missing := bundle.NewMissingTexts(c.site, &c.diags)
	used := map[string][]i18n.Use{}
	for _, f := range library(components) {
		for _, use := range extractCached(relTo(root, f), f) {
			if use.Namespace != "" {
				used[use.Namespace] = append(used[use.Namespace], use)
				missing.Check(use, nil)
			}
		}
	}
	entries := map[string]string{} // slug → its page source, as diagnostics name it
	pageUses := bundle.PageUses(c.site, scanned)
	for _, cp := range c.site.Campaigns {
		entries[cp.Slug] = relTo(root, bd.PageSource(cp))
		for _, use := range pageUses[cp.Slug] {
			c.undeclared(use, cp)
			missing.Check(use, cp)
			ns := use.Namespace
			if ns == "" {
				ns = cp.Namespace
			}
			used[ns] = append(used[ns], use)
		}
		for ns, keys := range content.ShellKeys() {
			if ns == "" {
				ns = cp.Namespace
			}
			for _, k := range keys {
				used[ns] = append(used[ns], i18n.Use{Key: k})
			}
		}
	}
	c.unused(used, entries)
}

// library lists every script of the components folder, sorted. The folder is walked
// through its real path so a symlinked components/ works; files are named by the path
// given.
func library(components string) []string {
	real, err := filepath.EvalSymlinks(components)
	if err != nil {
		return nil
	}
	var out []string
	_ = filepath.WalkDir(real, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			// Test helpers and packages are not page sources.
			if n := d.Name(); p != real && (n == "node_modules" || n == "__tests__" || n == "testing" || strings.HasPrefix(n, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if bundle.IsScript(d.Name()) {
			rel, _ := filepath.Rel(real, p)
			out = append(out, filepath.Join(components, rel))
		}
		return nil
	})
	slices.Sort(out)
	return out
}

func relTo(root, p string) string {
	if rel, err := filepath.Rel(root, p); err == nil && !strings.HasPrefix(rel, "..") {
		return filepath.ToSlash(rel)
	}
	return filepath.ToSlash(p)
}

// unused reports English keys nothing uses. error-code is used whole by the runtime.
func (c *checker) unused(used map[string][]i18n.Use, entries map[string]string) {
	owners := map[string][]*content.Campaign{}
	for _, cp := range c.site.Campaigns {
		owners[cp.Namespace] = append(owners[cp.Namespace], cp)
	}
	for _, ns := range c.cat.Namespaces(c.en) {
		if ns == content.ErrorNamespace {
			continue
		}
		eng := c.english[ns]
		uses := used[ns]
		if slices.ContainsFunc(owners[ns], func(cp *content.Campaign) bool { return entries[cp.Slug] == "" }) {
			continue // a page whose sources are unknown may use any key
		}
		var by, hint string
		switch {
		case ns == content.LibraryNamespace:
			by = "any component"
			hint = "remove it from every locale, or use it in a component: t(\"" + ns + ":%s\")"
		case len(owners[ns]) == 1:
			cp := owners[ns][0]
			by = fmt.Sprintf("the page of campaign %s (%s) nor by its campaign.yaml", cp.Slug, entries[cp.Slug])
			hint = "remove it from every locale, or use it in the page: t(\"%s\")"
		case len(owners[ns]) > 1:
			var slugs []string
			for _, cp := range owners[ns] {
				slugs = append(slugs, cp.Slug)
			}
			by = fmt.Sprintf("the pages of campaigns %s nor by their campaign.yaml", strings.Join(slugs, ", "))
			hint = "remove it from every locale, or use it in a page: t(\"%s\")"
		case len(uses) > 0:
			by = "any page"
			hint = "remove it from every locale, or use it in a page: t(\"" + ns + ":%s\")"
		default:
			c.diags.Warnf(eng.bundle.File, 0, 0, CodeUnusedNamespace, "name it in a campaign.yaml (namespace: "+ns+"), or remove locales/*/"+ns+".json",
				"namespace %q is not used: no campaign names it and no page uses its keys", ns)
			continue
		}
		for _, g := range eng.order {
			used := false
			for _, k := range g.keys {
				for _, use := range uses {
					if use.Matches(k) {
						used = true
						break
					}
				}
			}
			if !used {
				c.diags.Warnf(eng.bundle.File, g.first.Line, g.first.Column, CodeUnusedKey, fmt.Sprintf(hint, g.base), "key %q is not used by %s", g.base, by)
			}
		}
	}
}

// language is a locale's language subtag: "zh" of zh-HK.
func language(locale string) string {
	l, _, _ := strings.Cut(locale, "-")
	return strings.ToLower(l)
}

// rules adds each campaign's rules files to the matrix (one key: the file) and warns
// where a page translated into a locale would show its rules in another language:
// the Arabic page with English rules (a fallback within the language, like en-HK's,
// is by design).
func (c *checker) rules() {
	for _, cp := range c.site.Campaigns {
		if len(cp.Rules) == 0 {
			continue
		}
		row := Row{Rules: cp.Slug, Keys: 1}
		for _, l := range c.site.Config.Locales {
			cell := Cell{Locale: l, Expected: Expected(l, cp.Namespace)}
			if _, own := cp.Rules[l]; own {
				cell.File, cell.Present = true, 1
			} else if _, from := c.site.RulesHTML(cp.Slug, l); from != "" && c.site.Translated(cp, l) && language(from) != language(l) {
				file := path.Join(content.CampaignsDir, cp.Slug, "rules", l+".md")
				c.diags.Warnf(file, 0, 0, CodeRulesFallback, "add "+file+", translated from "+cp.Rules[from],
					"the %s page of %s shows its texts in %s but its rules in %s", l, cp.Slug, l, from)
			}
			row.Cells = append(row.Cells, cell)
		}
		c.matrix.Rows = append(c.matrix.Rows, row)
	}
}

// undeclared warns about a key a campaign's own code builds at run time (t(`tasks.${k}`))
// that its campaign.yaml does not declare: a missing one would show as the raw key
// with nothing to catch it. The library's components declare theirs in code review.
func (c *checker) undeclared(use i18n.Use, cp *content.Campaign) {
	if !use.Prefix || !strings.HasPrefix(use.File, content.CampaignsDir+"/") || (use.Namespace != "" && use.Namespace != cp.Namespace) {
		return
	}
	for _, k := range cp.Keys {
		for _, key := range content.ExpandKeys(k) {
			if strings.HasPrefix(key, use.Key) {
				return
			}
		}
	}
	c.diags.Warnf(use.File, use.Line, use.Column, CodeUndeclaredKeys,
		fmt.Sprintf("list them in %s, like keys: [\"%s{a,b}\"]", cp.File, use.Key),
		"t(`%s${…}`) builds its keys at run time: a missing one would show as the raw key", use.Key)
}

// extracted remembers the key uses of library files by path, size and modification
// time: `promo build` runs the checks on every watch-mode rebuild, and reading the
// whole library each time was most of their cost.
var extracted sync.Map // path → extraction

type extraction struct {
	size    int64
	modTime time.Time
	name    string
	uses    []i18n.Use
}

func extractCached(name, file string) []i18n.Use {
	fi, err := os.Stat(file)
	if err != nil {
		return nil
	}
	if e, ok := extracted.Load(file); ok {
		if e := e.(extraction); e.size == fi.Size() && e.modTime.Equal(fi.ModTime()) && e.name == name {
			return e.uses
		}
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return nil
	}
	uses := i18n.Extract(name, data)
	extracted.Store(file, extraction{size: fi.Size(), modTime: fi.ModTime(), name: name, uses: uses})
	return uses
}
