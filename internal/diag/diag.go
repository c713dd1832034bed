// Package diag holds build problems as data: every problem names the file, line and
// column it was found at and says how to fix it, so a run can report all problems at
// once (DESIGN §3: bad content never produces a broken page silently).
package diag

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Severity tells whether a problem fails the build.
type Severity int

const (
	Error Severity = iota
	Warning
)

func (s Severity) String() string {
	if s == Warning {
		return "warning"
	}
	return "error"
}

// Diagnostic is one problem. Line and Column are 1-based; 0 means unknown.
type Diagnostic struct {
	Severity Severity
	File     string // path relative to the site root, with forward slashes
	Line     int
	Column   int
	Code     string // short stable identifier, e.g. "unknown-field", for grep and tests
	Message  string
	Hint     string // how to fix it; empty when the message says it all
}

// String formats the diagnostic as one grep-able line, the way compilers do:
// file:line:col: severity: message [code] (hint).
func (d Diagnostic) String() string {
	var b strings.Builder
	if d.File != "" {
		b.WriteString(d.File)
		if d.Line > 0 {
			fmt.Fprintf(&b, ":%d", d.Line)
			if d.Column > 0 {
				fmt.Fprintf(&b, ":%d", d.Column)
			}
		}
		b.WriteString(": ")
	}
	fmt.Fprintf(&b, "%s: %s", d.Severity, d.Message)
	if d.Code != "" {
		fmt.Fprintf(&b, " [%s]", d.Code)
	}
	if d.Hint != "" {
		fmt.Fprintf(&b, " (hint: %s)", d.Hint)
	}
	return b.String()
}

// List collects diagnostics. Its zero value is ready to use.
type List struct {
	items []Diagnostic
}

// Add records d.
func (l *List) Add(d Diagnostic) { l.items = append(l.items, d) }

// Errorf records an error at file:line:col.
func (l *List) Errorf(file string, line, col int, code, hint, format string, args ...any) {
	l.Add(Diagnostic{Severity: Error, File: file, Line: line, Column: col, Code: code, Hint: hint, Message: fmt.Sprintf(format, args...)})
}

// Warnf records a warning at file:line:col.
func (l *List) Warnf(file string, line, col int, code, hint, format string, args ...any) {
	l.Add(Diagnostic{Severity: Warning, File: file, Line: line, Column: col, Code: code, Hint: hint, Message: fmt.Sprintf(format, args...)})
}

// Merge appends every diagnostic of other.
func (l *List) Merge(other *List) {
	if other != nil {
		l.items = append(l.items, other.items...)
	}
}

// HasErrors reports whether any diagnostic is an error.
func (l *List) HasErrors() bool {
	for _, d := range l.items {
		if d.Severity == Error {
			return true
		}
	}
	return false
}

// Items returns the diagnostics sorted by file, line, column, so output is stable
// whatever order the loaders ran in.
func (l *List) Items() []Diagnostic {
	out := append([]Diagnostic(nil), l.items...)
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Column < b.Column
	})
	return out
}

// Errors returns only the errors, sorted.
func (l *List) Errors() []Diagnostic { return l.filter(Error) }

// Warnings returns only the warnings, sorted.
func (l *List) Warnings() []Diagnostic { return l.filter(Warning) }

func (l *List) filter(s Severity) []Diagnostic {
	var out []Diagnostic
	for _, d := range l.Items() {
		if d.Severity == s {
			out = append(out, d)
		}
	}
	return out
}

// Err returns an *Failure holding the errors, or nil when there are none.
func (l *List) Err() error {
	errs := l.Errors()
	if len(errs) == 0 {
		return nil
	}
	return &Failure{Diagnostics: errs}
}

// Failure is the error a run returns when content is invalid.
type Failure struct {
	Diagnostics []Diagnostic
}

func (f *Failure) Error() string {
	lines := make([]string, 0, len(f.Diagnostics)+1)
	for _, d := range f.Diagnostics {
		lines = append(lines, d.String())
	}
	n := len(f.Diagnostics)
	plural := "s"
	if n == 1 {
		plural = ""
	}
	lines = append(lines, fmt.Sprintf("%d error%s", n, plural))
	return strings.Join(lines, "\n")
}

// LineCol converts a byte offset in UTF-8 data to a 1-based line and column. The
// column counts characters, as editors do, not bytes: in a Japanese or Arabic text
// a byte count points far to the right of the mistake.
func LineCol(data []byte, offset int64) (line, col int) {
	var c Cursor
	return c.At(data, offset)
}

// Cursor converts offsets to lines and columns like LineCol, going on from the last
// offset it was asked for: a parser asking at every token of a file then reads it
// once instead of once per token.
type Cursor struct {
	off       int64
	line, col int
}

// At returns the line and column of offset in data, which must be the same data at
// every call.
func (c *Cursor) At(data []byte, offset int64) (line, col int) {
	offset = min(offset, int64(len(data)))
	if c.line == 0 || offset < c.off {
		c.off, c.line, c.col = 0, 1, 1
	}
	for _, b := range data[c.off:offset] {
		switch {
		case b == '\n':
			c.line++
			c.col = 1
		case b&0xC0 != 0x80: // not a continuation byte: a character starts here
			c.col++
		}
	}
	c.off = offset
	return c.line, c.col
}

// ByteColumn converts a 0-based byte offset within a line of text to a 1-based
// character column.
func ByteColumn(lineText string, offset int) int {
	return utf8.RuneCountInString(lineText[:min(max(offset, 0), len(lineText))]) + 1
}

// Suggest returns the candidate closest to s by edit distance, or "" when none is
// close enough to be a plausible typo. Used for "did you mean" hints.
func Suggest(s string, candidates []string) string {
	best, bestDist := "", len(s)/2+2
	for _, c := range candidates {
		if d := distance(strings.ToLower(s), strings.ToLower(c)); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

// SuggestLocales names the locales s most likely means, for "did you mean" hints on
// files named after a locale: the same code written another way (pt_BR, zh-hk), else
// the locales of the same language (ja → ja-JP, zh → zh-HK, zh-MY, zh-TW), else the
// nearest by spelling. None when nothing is close.
func SuggestLocales(s string, locales []string) []string {
	norm := func(x string) string { return strings.ToLower(strings.ReplaceAll(x, "_", "-")) }
	lang := func(x string) string { l, _, _ := strings.Cut(norm(x), "-"); return l }
	var same []string
	for _, l := range locales {
		if norm(l) == norm(s) {
			return []string{l}
		}
		if lang(l) == lang(s) {
			same = append(same, l)
		}
	}
	if len(same) > 0 {
		slices.Sort(same)
		return same
	}
	if best := Suggest(s, locales); best != "" {
		return []string{best}
	}
	return nil
}

// DidYouMean phrases candidates as a hint, each with suffix (".md"): "did you mean
// ja-JP.md?" or "did you mean one of zh-HK.md, zh-TW.md?"; "" without candidates.
func DidYouMean(candidates []string, suffix string) string {
	switch len(candidates) {
	case 0:
		return ""
	case 1:
		return "did you mean " + candidates[0] + suffix + "?"
	}
	named := make([]string, len(candidates))
	for i, c := range candidates {
		named[i] = c + suffix
	}
	return "did you mean one of " + strings.Join(named, ", ") + "?"
}

func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// Excerpt returns d's source line under root with a caret at its column, indented
// for a terminal, as compilers print them; "" when d has no line or the file cannot
// be read.
//
//	7 |   if (t("steps.title")) throw new Error("boom");
//	  |                               ^
func Excerpt(root string, d Diagnostic) string {
	if d.File == "" || d.Line <= 0 {
		return ""
	}
	file := d.File
	if !filepath.IsAbs(file) {
		file = filepath.Join(root, filepath.FromSlash(file))
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return ""
	}
	lines := strings.Split(string(data), "\n")
	if d.Line > len(lines) {
		return ""
	}
	text := strings.TrimRight(lines[d.Line-1], "\r")
	num := strconv.Itoa(d.Line)
	pad := strings.Repeat(" ", len(num))
	out := fmt.Sprintf("  %s | %s\n", num, strings.ReplaceAll(text, "\t", "    "))
	if d.Column > 0 {
		// The caret goes under the column's character; tabs were widened alike.
		prefix := []rune(text)[:min(d.Column-1, utf8.RuneCountInString(text))]
		width := len([]rune(strings.ReplaceAll(string(prefix), "\t", "    ")))
		out += fmt.Sprintf("  %s | %s^\n", pad, strings.Repeat(" ", width))
	}
	return out
}
