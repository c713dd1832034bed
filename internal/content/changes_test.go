package content

import "testing"

// Code and style edits bundle the pages again; translations, rules and campaign.yaml
// do not.
func TestChangesCode(t *testing.T) {
	for files, want := range map[string]bool{
		"locales/ja-JP/blast.json":      false,
		"campaigns/blast/rules/en.md":   false,
		"campaigns/blast/campaign.yaml": false,
		"campaigns/blast/page.tsx":      true,
		"campaigns/blast/page.css":      true,
		"components/widgets/icons.svg":  true,
		"package-lock.json":             true,
		"public/favicon.svg":            false,
	} {
		if got := (Changes{Files: []string{files}}).Code(); got != want {
			t.Errorf("%s: Code() = %v, want %v", files, got, want)
		}
	}
	if !Everything.Code() || (Changes{}).Code() {
		t.Error("everything is code; nothing is not")
	}
	if !(Changes{Files: []string{"a.css", "b/c.css"}}).StylesOnly() || (Changes{Files: []string{"a.css", "x.tsx"}}).StylesOnly() {
		t.Error("StylesOnly")
	}
}
