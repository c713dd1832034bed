package check

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/promohq/promo/internal/diag"
)

func sampleReport() *Report {
	return &Report{
		Diagnostics: []diag.Diagnostic{
			{Severity: diag.Error, File: "locales/ja-JP/one.json", Line: 2, Column: 30, Code: "json-syntax", Message: "malformed JSON: unexpected end of file", Hint: "check for a missing comma, quote or brace near here"},
			{Severity: diag.Warning, File: "locales/nl-NL/gmp-lib.json", Code: CodeMissingKey, Message: `key "a" is missing: pages show the en text`},
		},
		Matrix: Matrix{
			Locales: []string{"en", "ja-JP", "zh-HK", "nl-NL"},
			Rows: []Row{
				{Namespace: "gmp-lib", Keys: 3, Cells: []Cell{
					{Locale: "en", File: true, Expected: true, Present: 3},
					{Locale: "ja-JP", File: true, Expected: true, Present: 2},
					{Locale: "zh-HK", Expected: true},
					{Locale: "nl-NL", File: true, Expected: true, Present: 1},
				}},
				{Namespace: "spot-activity", Keys: 8, Cells: []Cell{
					{Locale: "en", File: true, Expected: true, Present: 8},
					{Locale: "ja-JP", File: true, Broken: true, Expected: true},
					{Locale: "zh-HK", File: true, Expected: true, Present: 8},
					{Locale: "nl-NL", Expected: false},
				}},
				{Namespace: "one", Keys: 8, Cells: []Cell{
					{Locale: "en", File: true, Expected: true, Present: 8},
					{Locale: "ja-JP", Expected: true},
					{Locale: "zh-HK", Expected: true},
					{Locale: "nl-NL", File: true, Expected: false, Present: 7},
				}},
			},
		},
	}
}

// Percentages round down (2 of 3 is 66%, 7 of 8 is 87%), so 100% means complete.
func TestMatrixRendersAnAlignedTable(t *testing.T) {
	var b strings.Builder
	if err := sampleReport().Matrix.Render(&b); err != nil {
		t.Fatal(err)
	}
	want := "" +
		"namespace      keys    en  ja-JP  zh-HK  nl-NL\n" +
		"gmp-lib           3  100%    66%      —    33%\n" +
		"spot-activity     8  100%  error   100%    n/a\n" +
		"one               8  100%      —      —   87%*\n" +
		Legend + "\n"
	if b.String() != want {
		t.Errorf("table:\n%s\nwant:\n%s", b.String(), want)
	}
}

func TestJSONShape(t *testing.T) {
	raw, err := json.Marshal(sampleReport())
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Errors      int
		Warnings    int
		Diagnostics []map[string]any
		Matrix      struct {
			Locales    []string
			Namespaces []struct {
				Namespace string
				Keys      int
				Coverage  map[string]map[string]any
			}
		}
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Errors != 1 || doc.Warnings != 1 || len(doc.Diagnostics) != 2 {
		t.Fatalf("counts: %s", raw)
	}
	d := doc.Diagnostics[0]
	for k, v := range map[string]any{"severity": "error", "file": "locales/ja-JP/one.json", "line": 2.0, "column": 30.0, "code": "json-syntax",
		"message": "malformed JSON: unexpected end of file", "hint": "check for a missing comma, quote or brace near here"} {
		if d[k] != v {
			t.Errorf("diagnostic %s = %v, want %v", k, d[k], v)
		}
	}
	if _, ok := doc.Diagnostics[1]["hint"]; ok {
		t.Error("an empty hint is left out")
	}
	if strings.Join(doc.Matrix.Locales, ",") != "en,ja-JP,zh-HK,nl-NL" || len(doc.Matrix.Namespaces) != 3 {
		t.Fatalf("matrix: %s", raw)
	}
	row := doc.Matrix.Namespaces[0]
	if row.Namespace != "gmp-lib" || row.Keys != 3 {
		t.Errorf("row: %+v", row)
	}
	ja := row.Coverage["ja-JP"]
	if ja["file"] != true || ja["broken"] != false || ja["expected"] != true || ja["present"] != 2.0 || ja["percent"] != 66.0 {
		t.Errorf("ja-JP cell: %v", ja)
	}
	if zh := row.Coverage["zh-HK"]; zh["file"] != false || zh["percent"] != nil {
		t.Errorf("a locale without a file has a null percent: %v", zh)
	}
	if nl := doc.Matrix.Namespaces[1].Coverage["nl-NL"]; nl["expected"] != false {
		t.Errorf("nl-NL is not expected to translate spot-activity: %v", nl)
	}
}
