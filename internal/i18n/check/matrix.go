package check

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// Matrix is the translation coverage of a site: one row per English namespace, then
// one per campaign's rules files, and one cell per locale.
type Matrix struct {
	Locales []string // the site's locales, in site order
	Rows    []Row    // by namespace name
}

// Row is one namespace, or one campaign's rules (Rules set, Namespace empty).
type Row struct {
	Namespace string
	// Rules is the campaign whose rules files the row counts: a cell is 100% with the
	// locale's own campaigns/<slug>/rules/<locale>.md, "—" without (its page shows the
	// rules of the next locale of its chain that has them).
	Rules string
	// Keys counts English's logical keys: the plural forms of a key (k_one, k_other)
	// count once, since languages have different numbers of them.
	Keys int
	// EnglishBroken: the English file is malformed, so nothing can be measured.
	EnglishBroken bool
	Cells         []Cell // one per Matrix.Locales
}

// Cell is one namespace in one locale.
type Cell struct {
	Locale   string
	File     bool // the locale has its own file for the namespace
	Broken   bool // the file could not be parsed (malformed JSON)
	Expected bool // the specification expects the locale to translate the namespace
	Present  int  // English keys the locale's own file has
}

// Percent is the share of the row's English keys the cell's own file has, rounded
// down (100 only when complete), and false when there is nothing to measure: no
// file, a malformed one, or a malformed English one.
func (r Row) Percent(c Cell) (int, bool) {
	if !c.File || c.Broken || r.EnglishBroken {
		return 0, false
	}
	if r.Keys == 0 {
		return 100, true
	}
	return 100 * c.Present / r.Keys, true
}

// Text is how the table shows a cell: "87%", "—" for no file, "n/a" for no file
// where the specification expects none, "error" for a malformed file, "?" when
// English is malformed; a "*" marks a file the specification does not expect.
func (r Row) Text(c Cell) string {
	var s string
	switch p, ok := r.Percent(c); {
	case c.Broken:
		s = "error"
	case !c.File && !c.Expected:
		return "n/a"
	case !c.File:
		s = "—"
	case !ok:
		s = "?"
	default:
		s = fmt.Sprintf("%d%%", p)
	}
	if !c.Expected {
		s += "*"
	}
	return s
}

// Legend explains the table's marks.
const Legend = `% of English keys in the locale's own file (missing keys fall back along the chain); — no file; n/a not translated per the spec; * a file the spec does not expect; error malformed file`

// Render writes the matrix as an aligned text table, then the legend.
func (m Matrix) Render(w io.Writer) error {
	table := [][]string{append([]string{"namespace", "keys"}, m.Locales...)}
	for _, r := range m.Rows {
		line := []string{r.Namespace, fmt.Sprint(r.Keys)}
		if r.Rules != "" {
			line = []string{"rules: " + r.Rules, "md"}
		}
		for _, c := range r.Cells {
			line = append(line, r.Text(c))
		}
		table = append(table, line)
	}
	widths := make([]int, len(table[0]))
	for _, line := range table {
		for i, s := range line {
			widths[i] = max(widths[i], utf8.RuneCountInString(s))
		}
	}
	var b strings.Builder
	for _, line := range table {
		for i, s := range line {
			pad := strings.Repeat(" ", widths[i]-utf8.RuneCountInString(s))
			switch {
			case i == 0:
				b.WriteString(s + pad)
			default:
				b.WriteString("  " + pad + s)
			}
		}
		b.WriteString("\n")
	}
	b.WriteString(Legend + "\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// MarshalJSON is the document `promo check --json` prints: the counts, every
// diagnostic and the matrix with each cell keyed by locale.
func (r *Report) MarshalJSON() ([]byte, error) {
	type jsonDiag struct {
		Severity string `json:"severity"`
		File     string `json:"file"`
		Line     int    `json:"line"`
		Column   int    `json:"column"`
		Code     string `json:"code"`
		Message  string `json:"message"`
		Hint     string `json:"hint,omitempty"`
	}
	type jsonCell struct {
		File     bool `json:"file"`
		Broken   bool `json:"broken"`
		Expected bool `json:"expected"`
		Present  int  `json:"present"`
		Percent  *int `json:"percent"` // null when there is nothing to measure
	}
	type jsonRow struct {
		Namespace string              `json:"namespace,omitempty"`
		Rules     string              `json:"rules,omitempty"` // a campaign's rules files
		Keys      int                 `json:"keys"`
		Coverage  map[string]jsonCell `json:"coverage"`
	}
	type jsonMatrix struct {
		Locales    []string  `json:"locales"`
		Namespaces []jsonRow `json:"namespaces"`
	}
	doc := struct {
		Errors      int        `json:"errors"`
		Warnings    int        `json:"warnings"`
		Diagnostics []jsonDiag `json:"diagnostics"`
		Matrix      jsonMatrix `json:"matrix"`
	}{Errors: r.Errors(), Warnings: r.Warnings(), Diagnostics: []jsonDiag{},
		Matrix: jsonMatrix{Locales: r.Matrix.Locales, Namespaces: []jsonRow{}}}
	if doc.Matrix.Locales == nil {
		doc.Matrix.Locales = []string{}
	}
	for _, d := range r.Diagnostics {
		doc.Diagnostics = append(doc.Diagnostics, jsonDiag{Severity: d.Severity.String(), File: d.File, Line: d.Line, Column: d.Column, Code: d.Code, Message: d.Message, Hint: d.Hint})
	}
	for _, row := range r.Matrix.Rows {
		jr := jsonRow{Namespace: row.Namespace, Rules: row.Rules, Keys: row.Keys, Coverage: map[string]jsonCell{}}
		for _, c := range row.Cells {
			jc := jsonCell{File: c.File, Broken: c.Broken, Expected: c.Expected, Present: c.Present}
			if p, ok := row.Percent(c); ok {
				jc.Percent = &p
			}
			jr.Coverage[c.Locale] = jc
		}
		doc.Matrix.Namespaces = append(doc.Matrix.Namespaces, jr)
	}
	return json.Marshal(doc)
}
