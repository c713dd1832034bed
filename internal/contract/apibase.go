package contract

import (
	"fmt"
	"strings"
)

// CheckAPIBase is the one rule for the path prefix the pages call the function under
// (site.yaml apiBase, PROMO_API_BASE; DESIGN §4): a site path like /api or /promo/api,
// letters, digits, '_', '-' and single slashes, no trailing slash, at most 64 bytes.
// Site config and the function both apply it, so a value the function would refuse
// fails when the site loads, with the file and line.
func CheckAPIBase(s string) error {
	ok := len(s) >= 2 && s[0] == '/' && s[len(s)-1] != '/' && !strings.Contains(s, "//") && len(s) <= 64
	for i := 1; ok && i < len(s); i++ {
		c := s[i]
		ok = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '/'
	}
	if !ok {
		return fmt.Errorf("API base %q is not a site path like /api (letters, digits, _ and - between single slashes, no trailing slash, at most 64 bytes)", s)
	}
	return nil
}
