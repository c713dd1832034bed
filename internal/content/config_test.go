package content

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/promohq/promo/internal/diag"
)

func TestDefaultsHaveTheSpecsLocales(t *testing.T) {
	c := DefaultConfig()
	if len(c.Locales) != 23 || c.Locales[0] != "en" || c.DefaultLocale != "en" {
		t.Fatalf("locales: %v", c.Locales)
	}
	if c.Dir("ar-SA") != "rtl" || c.Dir("ja-JP") != "ltr" {
		t.Error("only ar-SA is right-to-left")
	}
}

func TestChain(t *testing.T) {
	c := DefaultConfig()
	for locale, want := range map[string][]string{
		"zh-HK": {"zh-HK", "zh-TW", "en"},
		"nl-NL": {"nl-NL", "en"},
		"en":    {"en"},
		"ja-JP": {"ja-JP", "en"},
	} {
		if got := c.Chain(locale); !slices.Equal(got, want) {
			t.Errorf("Chain(%s) = %v, want %v", locale, got, want)
		}
	}
}

func TestPagePath(t *testing.T) {
	c := DefaultConfig()
	if c.PagePath("en", "x") != "/x/" || c.PagePath("id-ID", "x") != "/id-ID/x/" {
		t.Error("English is unprefixed and other locales use their code")
	}
}

func TestLoadOverridesAndValidates(t *testing.T) {
	root := t.TempDir()
	yaml := "baseURL: https://promo.example.com/\nenvironments:\n  test: {upstream: \"ftp://x\", cookie: c}\nlocales: [en, de-DE, xx_bad]\nfallback: {}\n"
	if err := os.WriteFile(filepath.Join(root, ConfigFile), []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	var d diag.List
	c := LoadConfig(root, &d)
	if c.BaseURL != "https://promo.example.com" {
		t.Errorf("baseURL = %q", c.BaseURL)
	}
	if c.Environments["production"].Cookie != "b_t_c_k" {
		t.Error("environments must merge with the defaults")
	}
	var msgs []string
	for _, x := range d.Items() {
		msgs = append(msgs, x.String())
	}
	all := strings.Join(msgs, "\n")
	for _, want := range []string{
		`site.yaml:5:1: error: unknown field "fallback" in the document [unknown-field] (hint: did you mean "fallbacks"?)`,
		`error: locale "xx_bad" is not a locale code`,
		`error: environment test: upstream "ftp://x" is not an https URL`,
		`error: rtl names "ar-SA", which is not in locales`,
	} {
		if !strings.Contains(all, want) {
			t.Errorf("missing %q in\n%s", want, all)
		}
	}
}

// An apiBase the function would refuse fails when the site loads, at its line, instead
// of when `promo serve` starts (one rule: contract.CheckAPIBase).
func TestAPIBaseTheFunctionRefusesFailsAtLoad(t *testing.T) {
	for _, base := range []string{"/api/v1.0", "/api//x", "/api/", "api"} {
		root := t.TempDir()
		yaml := "brand: x\napiBase: " + base + "\n"
		if err := os.WriteFile(filepath.Join(root, ConfigFile), []byte(yaml), 0o644); err != nil {
			t.Fatal(err)
		}
		var d diag.List
		LoadConfig(root, &d)
		err := d.Err()
		if err == nil || !strings.Contains(err.Error(), "site.yaml:2:10: error: apiBase: API base \""+base+"\" is not a site path") {
			t.Errorf("apiBase %s: got %v", base, err)
		}
	}
}
