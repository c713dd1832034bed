package content

import (
	"strings"
	"testing"

	"github.com/promohq/promo/internal/sitetest"
)

// Rules fall back to the default locale wherever the site lists it: a site that lists
// ja-JP first is judged by its English rules, not by Japanese ones.
func TestRulesMustExistInTheDefaultLocaleNotTheFirstListed(t *testing.T) {
	const site = `
-- site.yaml --
defaultLocale: en
locales: [ja-JP, en, id-ID, es-ES, es-MX, es-AR, fil-PH, kk-KZ, pt-BR, pt-PT, ru-RU, vi-VN, tr-TR,
          th-TH, uk-UA, ar-SA, hi-IN, zh-MY, zh-TW, zh-HK, en-HK, nl-NL, pl-PL]
-- campaigns/one/campaign.yaml --
id: "1"
namespace: one
schedule: {start: 2026-11-01T00:00:00Z, end: 2026-12-01T00:00:00Z}
-- locales/en/one.json --
{"hero": {"title": "One"}}
-- locales/en/gmp-lib.json --
{"apply": {"apply": "Apply"}}
`
	s, d := Load(sitetest.Write(t, site+"-- campaigns/one/rules/en.md --\n# Rules\n"))
	if err := d.Err(); err != nil {
		t.Fatalf("English rules with ja-JP listed first: %v", err)
	}
	if html, from := s.RulesHTML("one", "ja-JP"); html == "" || from != "en" {
		t.Errorf("ja-JP does not fall back to the English rules: %q from %q", html, from)
	}
	_, d = Load(sitetest.Write(t, site+"-- campaigns/one/rules/ja-JP.md --\n# 規約\n"))
	err := d.Err()
	if err == nil || !strings.Contains(err.Error(), "campaigns/one/rules: error: rules exist in some locales but not in en [missing-english] (hint: add rules/en.md") {
		t.Errorf("rules only in ja-JP: want a missing-english error naming en, got %v", err)
	}
}
