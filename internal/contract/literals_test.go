package contract

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// scanDirs are the source trees that must name codes instead of writing them.
var scanDirs = []string{"function", "internal", "generator", "cmd", "components"}

// pendingLiterals are known bare codes still to be replaced, as "path: code".
// Each entry fails the test once the literal is gone, so the list only
// shrinks.
var pendingLiterals = map[string]string{}

// TestNoCodeLiterals fails when an error code of this package is written as a
// bare number in the Go or TypeScript sources (tests, the generated file and
// this package aside): one side could then change it alone. Comments may cite
// codes; a quantity written with digit separators (10_000) is not a code, and
// neither is a number joined to another by '-' (a date such as 2006-01-02).
func TestNoCodeLiterals(t *testing.T) {
	src, err := parseSource()
	if err != nil {
		t.Fatal(err)
	}
	names := map[int]string{}
	for _, c := range src.consts {
		if strings.HasPrefix(c.name, "Code") {
			names[c.value] = c.name
		}
	}
	watched := map[string]int{}
	for _, c := range append(Codes(), RetryCodes()...) {
		if c != CodeOK && c != CodeNetworkError { // 0 and -1 are everywhere as counts, indexes and "none"
			watched[strconv.Itoa(c)] = c
		}
	}
	pendingSeen := map[string]bool{}
	var hits []string
	for _, dir := range scanDirs {
		err := filepath.WalkDir(filepath.Join("..", "..", dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(filepath.Join("..", ".."), path)
			rel = filepath.ToSlash(rel)
			if d.IsDir() {
				if d.Name() == "node_modules" || d.Name() == "testdata" || rel == "internal/contract" {
					return filepath.SkipDir
				}
				return nil
			}
			if !scanned(rel) {
				return nil
			}
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			for _, n := range numbers(stripComments(string(b))) {
				code, ok := watched[n.text]
				if !ok {
					continue
				}
				key := fmt.Sprintf("%s: %s", rel, n.text)
				if _, ok := pendingLiterals[key]; ok {
					pendingSeen[key] = true
					continue
				}
				use := "contract." + names[code]
				if strings.HasSuffix(rel, ".ts") || strings.HasSuffix(rel, ".tsx") {
					use = screaming(names[code]) + " from components/runtime/contract.gen.ts"
				}
				if names[code] == "" {
					use = "contract.IsRetry or RETRY_CODES"
				}
				meaning := CodeText(code)
				if meaning == "" {
					meaning = "retry, spec §8 message helper"
				}
				hits = append(hits, fmt.Sprintf("%s:%d: bare code %s (%s): use %s", rel, n.line, n.text, meaning, use))
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(hits) > 0 {
		t.Errorf("error codes are named once, in internal/contract (seed §8); found as bare numbers:\n  %s", strings.Join(hits, "\n  "))
	}
	for key := range pendingLiterals {
		if !pendingSeen[key] {
			t.Errorf("%s is no longer written there: remove it from pendingLiterals", key)
		}
	}
}

func scanned(rel string) bool {
	switch {
	case rel == "components/runtime/contract.gen.ts", strings.HasSuffix(rel, ".d.ts"):
		return false
	case strings.HasSuffix(rel, ".go"):
		return !strings.HasSuffix(rel, "_test.go")
	case strings.HasSuffix(rel, ".ts"), strings.HasSuffix(rel, ".tsx"):
		return !strings.HasSuffix(rel, ".test.ts") && !strings.HasSuffix(rel, ".test.tsx")
	}
	return false
}

// stripComments blanks out // and /* */ comments of Go or TypeScript source,
// keeping string literals (a code in a JSON string is still a code) and the
// line breaks.
func stripComments(s string) string {
	b := []byte(s)
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case c == '"' || c == '\'' || c == '`':
			// A string, rune or template literal: skip to its end.
			for i++; i < len(b) && b[i] != c; i++ {
				if b[i] == '\\' && c != '`' {
					i++
				} else if b[i] == '\n' && c != '`' {
					break
				}
			}
		case c == '/' && i+1 < len(b) && b[i+1] == '/':
			for ; i < len(b) && b[i] != '\n'; i++ {
				b[i] = ' '
			}
		case c == '/' && i+1 < len(b) && b[i+1] == '*':
			end := strings.Index(string(b[i+2:]), "*/")
			stop := len(b)
			if end >= 0 {
				stop = i + 2 + end + 2
			}
			for ; i < stop; i++ {
				if b[i] != '\n' {
					b[i] = ' '
				}
			}
			i--
		}
	}
	return string(b)
}

type number struct {
	text string
	line int
}

// numbers finds the whole numbers in s: runs of digits not part of a name,
// a decimal, a hex literal or a digit-separated quantity, and not joined to
// another number by '-'.
func numbers(s string) []number {
	var out []number
	line := 1
	word := func(c byte) bool {
		return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '.' || c == '$'
	}
	digit := func(i int) bool { return i >= 0 && i < len(s) && s[i] >= '0' && s[i] <= '9' }
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			line++
			continue
		}
		if !digit(i) || i > 0 && word(s[i-1]) {
			continue
		}
		j := i
		for digit(j) {
			j++
		}
		dated := i >= 2 && s[i-1] == '-' && digit(i-2) || j+1 < len(s) && s[j] == '-' && digit(j+1)
		if !(j < len(s) && word(s[j])) && !dated {
			out = append(out, number{s[i:j], line})
		}
		i = j - 1
	}
	return out
}

func TestStripCommentsAndNumbers(t *testing.T) {
	src := "a := 2002 // 2003\n/* 2004\n 2005 */ s := \"// 2006 \\\" 2007\" + `2008`\nx(20_009, 0x2009, 2009.5, v2009, \"2006-01-02\", 10000)\n"
	var got []string
	for _, n := range numbers(stripComments(src)) {
		got = append(got, fmt.Sprintf("%s@%d", n.text, n.line))
	}
	want := []string{"2002@1", "2006@3", "2007@3", "2008@3", "10000@4"}
	if !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}
