package check

import (
	"regexp"
	"strings"
)

var (
	// {{name}}, {{- name}} (unescaped), {{value, number}} (formatted): the name counts,
	// not the spaces, the dash or the format, which a locale may change.
	interpolation = regexp.MustCompile(`\{\{\s*-?\s*([^{},]+?)\s*(?:,[^{}]*)?\}\}`)
	// $t(key) and $t(key, {"count": 2}): the nested key counts.
	nesting = regexp.MustCompile(`\$t\(\s*([^,)]+?)\s*(?:,[^)]*)?\)`)
)

// placeholderSet lists the interpolations and nestings of an i18next text, written
// canonically: {{name}} and $t(key).
func placeholderSet(text string) map[string]bool {
	out := map[string]bool{}
	for _, m := range interpolation.FindAllStringSubmatch(text, -1) {
		out["{{"+m[1]+"}}"] = true
	}
	for _, m := range nesting.FindAllStringSubmatch(text, -1) {
		out["$t("+strings.Trim(m[1], `"'`)+")"] = true
	}
	return out
}
