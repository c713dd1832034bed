// Package sitetest writes whole sites for tests from one string of files, the way
// Hugo's integration tests do:
//
//	-- campaigns/x/campaign.yaml --
//	id: "1"
//	-- locales/en/x.json --
//	{"hero": {"title": "X"}}
package sitetest

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// Write creates the files of archive under a new temporary folder and returns it.
func Write(t testing.TB, archive string) string {
	t.Helper()
	root := t.TempDir()
	WriteInto(t, root, archive)
	return root
}

// WriteInto creates (or overwrites) the files of archive under root.
func WriteInto(t testing.TB, root, archive string) {
	t.Helper()
	for name, content := range Parse(archive) {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// Parse splits an archive into file name → content.
func Parse(archive string) map[string]string {
	files := map[string]string{}
	var name string
	var body strings.Builder
	flush := func() {
		if name != "" {
			files[name] = body.String()
		}
		body.Reset()
	}
	for _, line := range strings.SplitAfter(archive, "\n") {
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, "-- ") && strings.HasSuffix(trimmed, " --") && len(trimmed) > 6 {
			flush()
			name = strings.TrimSpace(trimmed[3 : len(trimmed)-3])
			continue
		}
		if name != "" {
			body.WriteString(line)
		}
	}
	flush()
	return files
}

// RepoRoot is the root of this repository: tests' sites use its components/ and
// node_modules/.
func RepoRoot() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Clean(filepath.Join(filepath.Dir(file), "..", ".."))
}

// RequireNodeModules fails the test (never skips: CI must run it) when the npm
// packages are not installed.
func RequireNodeModules(t testing.TB) {
	t.Helper()
	if _, err := os.Stat(filepath.Join(RepoRoot(), "node_modules", "react")); err != nil {
		t.Fatalf("node_modules is not installed: run `npm install` in %s first", RepoRoot())
	}
}

// LibraryTexts is an archive entry with the repository's English widget texts
// (locales/en/gmp-lib.json), which every site using the components needs; extra
// top-level entries (raw JSON members) are added to it.
func LibraryTexts(t testing.TB, extra ...string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(RepoRoot(), "locales", "en", "gmp-lib.json"))
	if err != nil {
		t.Fatal(err)
	}
	text := strings.TrimSpace(string(data))
	if len(extra) > 0 {
		text = "{" + strings.Join(extra, ",") + "," + strings.TrimPrefix(text, "{")
	}
	return "-- locales/en/gmp-lib.json --\n" + text + "\n"
}
