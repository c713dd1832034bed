package check

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/promohq/promo/internal/sitetest"
)

// base is a small valid site: one campaign on the standard template, whose Hero uses
// the campaign's texts and which uses two library texts, one of them plural.
const base = `
-- campaigns/one/campaign.yaml --
id: "1"
namespace: one
schedule: {start: 2026-11-01T00:00:00Z, end: 2026-12-01T00:00:00Z}
-- locales/en/one.json --
{
  "hero": {"title": "One", "subtitle": "Win {{amount}} USDT"},
  "steps": {"first": "Sign up"}
}
-- locales/en/gmp-lib.json --
{
  "apply": {"apply": "Apply"},
  "auth": {
    "resendIn_one": "Resend in {{count}} s",
    "resendIn_other": "Resend in {{count}} s"
  },
  "notFound": {"title": "Not found", "body": "Gone"}
}
-- components/index.ts --
export { default as CampaignPage } from "./template/CampaignPage";
export { Hero } from "./template/Hero";
export { Steps } from "./template/Steps";
export { useT } from "./runtime/useT";
-- components/runtime/useT.ts --
export function useT() { return (k: string, o?: object) => k; }
-- components/entry/client.tsx --
export function hydrate(page: unknown) { return page; }
-- components/styles/base.css --
body { margin: 0 }
-- components/template/CampaignPage.tsx --
import { useT } from "../runtime/useT";
import { Hero } from "./Hero";
import { Steps } from "./Steps";

export default function CampaignPage() {
  const t = useT();
  return <main><Hero /><Steps /><button>{t("gmp-lib:apply.apply")}</button>{t("gmp-lib:auth.resendIn", { count: 3 })}</main>;
}
-- components/template/Hero.tsx --
import { useT } from "../runtime/useT";

export function Hero() {
  const t = useT();
  return <h1>{t("hero.title")}<small>{t("hero.subtitle", { amount: 5 })}</small></h1>;
}
-- components/template/Steps.tsx --
import { useT } from "../runtime/useT";

export function Steps() {
  const t = useT();
  return <ol><li>{t("steps.first")}</li></ol>;
}
`

// repoPackages lets the test sites bundle with the repository's npm packages.
var repoPackages = Folders{NodeModules: filepath.Join(sitetest.RepoRoot(), "node_modules")}

// lines runs the check on archive and returns its diagnostics as printed, leaving out
// those with the codes skip.
func lines(t *testing.T, archive string, skip ...string) (*Report, []string) {
	t.Helper()
	rep := Load(sitetest.Write(t, archive), repoPackages)
	var out []string
	for _, d := range rep.Diagnostics {
		skipped := false
		for _, s := range skip {
			skipped = skipped || d.Code == s
		}
		if !skipped {
			out = append(out, d.String())
		}
	}
	return rep, out
}

// expect compares diagnostics line by line.
func expect(t *testing.T, got []string, want ...string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("diagnostics:\n got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestValidSiteHasNoProblems(t *testing.T) {
	rep, got := lines(t, base+`
-- locales/ja-JP/one.json --
{"hero": {"title": "ワン", "subtitle": "{{amount}} USDT 獲得"}, "steps": {"first": "登録"}}
-- locales/ja-JP/gmp-lib.json --
{"apply": {"apply": "エントリー"}, "auth": {"resendIn_other": "{{count}} 秒後に再送"}, "notFound": {"title": "見つかりません", "body": "なし"}}
`, CodeMissingBundle)
	expect(t, got)
	// One missing gmp-lib per locale without it, but en-HK (it shows English by
	// design); none for the campaign's namespace, translated into Japanese only.
	if rep.Errors() != 0 || rep.Warnings() != 20 {
		t.Errorf("errors %d, warnings %d: want 0 and one missing-bundle per locale without the library's texts", rep.Errors(), rep.Warnings())
	}
}

// The loader's diagnostic passes through, and the matrix shows the file as broken
// instead of reporting it missing.
func TestMalformedJSONKeepsTheLoadersPosition(t *testing.T) {
	rep, got := lines(t, base+`
-- locales/ja-JP/one.json --
{
  "hero": {"title": "ワン",}
}
`, CodeMissingBundle)
	expect(t, got,
		`locales/ja-JP/one.json:2:26: error: malformed JSON: invalid character '}' looking for beginning of object key string [json-syntax] (hint: check for a missing comma, quote or brace near here)`)
	for _, d := range rep.Diagnostics {
		if d.File == "locales/ja-JP/one.json" && d.Code == CodeMissingBundle {
			t.Error("a malformed file is reported as missing too")
		}
	}
	if c := cell(t, rep, "one", "ja-JP"); !c.File || !c.Broken {
		t.Errorf("ja-JP/one cell: %+v", c)
	}
}

func cell(t *testing.T, rep *Report, ns, locale string) Cell {
	t.Helper()
	for _, r := range rep.Matrix.Rows {
		for _, c := range r.Cells {
			if r.Namespace == ns && c.Locale == locale {
				return c
			}
		}
	}
	t.Fatalf("no cell %s × %s", ns, locale)
	return Cell{}
}

// Missing keys are warnings naming the locale whose text pages show instead: zh-HK
// falls back to zh-TW, then to English.
func TestMissingKeysAreWarningsAlongTheChain(t *testing.T) {
	rep, got := lines(t, base+`
-- locales/zh-TW/one.json --
{"hero": {"title": "一"}}
-- locales/zh-HK/one.json --
{"steps": {"first": "註冊"}}
`, CodeMissingBundle)
	expect(t, got,
		`locales/zh-HK/one.json: warning: key "hero.title" is missing: pages show the zh-TW text [missing-key] (hint: add it, translated from locales/en/one.json:2:12)`,
		`locales/zh-HK/one.json: warning: key "hero.subtitle" is missing: pages show the en text [missing-key] (hint: add it, translated from locales/en/one.json:2:28)`,
		`locales/zh-TW/one.json: warning: key "hero.subtitle" is missing: pages show the en text [missing-key] (hint: add it, translated from locales/en/one.json:2:28)`,
		`locales/zh-TW/one.json: warning: key "steps.first" is missing: pages show the en text [missing-key] (hint: add it, translated from locales/en/one.json:3:13)`)
	if rep.Errors() != 0 {
		t.Error("missing keys must not be errors")
	}
	if c := cell(t, rep, "one", "zh-TW"); c.Present != 1 {
		t.Errorf("zh-TW has 1 of 3 keys: %+v", c)
	}
}

func TestMissingBundleIsAWarningOnlyWhereTheSpecExpectsOne(t *testing.T) {
	rep, _ := lines(t, base)
	var got []string
	for _, d := range rep.Diagnostics {
		if strings.HasPrefix(d.File, "locales/nl-NL/") || strings.HasPrefix(d.File, "locales/zh-HK/") {
			got = append(got, d.String())
		}
	}
	// nl-NL translates gmp-lib but not the campaign namespace "one" (seed §1); zh-HK
	// lacks the library's texts, while campaign "one" is simply not translated into it.
	expect(t, got,
		`locales/nl-NL/gmp-lib.json: warning: nl-NL has no gmp-lib texts: its pages show the en texts [missing-bundle] (hint: translate locales/en/gmp-lib.json into this file)`,
		`locales/zh-HK/gmp-lib.json: warning: zh-HK has no gmp-lib texts: its pages show the en texts [missing-bundle] (hint: translate locales/en/gmp-lib.json into this file)`)
}

func TestKeysEnglishDoesNotHaveAreErrors(t *testing.T) {
	_, got := lines(t, base+`
-- locales/ja-JP/one.json --
{"hero": {"titel": "ワン", "subtitle": "{{amount}} USDT"}, "steps": {"first": "登録"}, "bonus": "z"}
-- locales/ja-JP/gmp-lb.json --
{}
-- locales/ru-RU/gmp-lib.json --
{"apply": {"apply": "Подать"}, "auth": {"resendIn_one": "{{count}}", "resendIn_few": "{{count}}", "resendIn_many": "{{count}}", "resendIn_other": "{{count}}", "gone_one": "x"}, "notFound": {"title": "Нет", "body": "Нет"}}
`, CodeMissingBundle, CodeMissingKey)
	expect(t, got,
		`locales/ja-JP/gmp-lb.json: error: namespace "gmp-lb" is not in English (there is no locales/en/gmp-lb.json) [extra-namespace] (hint: did you mean gmp-lib.json?)`,
		`locales/ja-JP/one.json:1:11: error: key "hero.titel" is not in English (locales/en/one.json) [extra-key] (hint: did you mean "hero.title"?)`,
		`locales/ja-JP/one.json:1:84: error: key "bonus" is not in English (locales/en/one.json) [extra-key] (hint: remove it, or add it to locales/en/one.json first)`,
		// A plural suffix is stripped before comparing: "auth.gone" is not in English.
		`locales/ru-RU/gmp-lib.json:1:160: error: key "auth.gone_one" is not in English (locales/en/gmp-lib.json) [extra-key] (hint: remove it, or add it to locales/en/gmp-lib.json first)`)
}

func TestPlaceholdersMustMatchEnglish(t *testing.T) {
	_, got := lines(t, base+`
-- locales/ja-JP/one.json --
{"hero": {"title": "ワン $t(gmp-lib:apply.apply)", "subtitle": "{{amt}} USDT"}, "steps": {"first": "{{- name}} 登録"}}
-- locales/ru-RU/gmp-lib.json --
{"apply": {"apply": "Подать"}, "auth": {"resendIn_one": "через {{count}} с", "resendIn_few": "через {{count}} с", "resendIn_many": "через {{n}} с", "resendIn_other": "через секунду"}, "notFound": {"title": "Нет", "body": "Нет"}}
-- locales/es-ES/one.json --
{"hero": {"title": "Uno", "subtitle": "Gana {{ amount }} USDT"}, "steps": {"first": "Regístrate"}}
`, CodeMissingBundle, CodeMissingKey)
	// {{ amount }} is {{amount}}; a plural form may leave {{count}} out ("одну").
	expect(t, got,
		`locales/ja-JP/one.json:1:11: error: "hero.title" has $t(gmp-lib:apply.apply), which English does not [placeholder-mismatch] (hint: keep the placeholders of locales/en/one.json:2:12 as they are; translate only the text around them)`,
		`locales/ja-JP/one.json:1:50: error: "hero.subtitle" lacks {{amount}} and has {{amt}}, which English does not [placeholder-mismatch] (hint: keep the placeholders of locales/en/one.json:2:28 as they are; translate only the text around them)`,
		`locales/ja-JP/one.json:1:89: error: "steps.first" has {{name}}, which English does not [placeholder-mismatch] (hint: keep the placeholders of locales/en/one.json:3:13 as they are; translate only the text around them)`,
		`locales/ru-RU/gmp-lib.json:1:115: error: "auth.resendIn_many" has {{n}}, which English does not [placeholder-mismatch] (hint: keep the placeholders of locales/en/gmp-lib.json:5:5 as they are; translate only the text around them)`)
}

func TestPluralFormsMustBeTheLanguagesCategories(t *testing.T) {
	_, got := lines(t, base+`
-- locales/ja-JP/gmp-lib.json --
{"auth": {"resendIn_one": "{{count}} 秒", "resendIn_other": "{{count}} 秒"}}
-- locales/ru-RU/gmp-lib.json --
{"auth": {"resendIn_one": "{{count}}", "resendIn_other": "{{count}}"}}
-- locales/es-ES/gmp-lib.json --
{"auth": {"resendIn_one": "{{count}}", "resendIn_other": "{{count}}"}}
-- locales/pt-BR/gmp-lib.json --
{"auth": {"resendIn_zero": "agora", "resendIn_one": "{{count}}", "resendIn_many": "{{count}}", "resendIn_other": "{{count}}"}}
-- locales/ar-SA/gmp-lib.json --
{"auth": {"resendIn": "{{count}}"}}
-- locales/ja-JP/one.json --
{"hero": {"title": "ワン", "subtitle": "{{amount}}"}, "steps": {"first_other": "登録"}}
`, CodeMissingBundle, CodeMissingKey)
	// es-ES without _many and pt-BR with _zero and _many are right.
	expect(t, got,
		`locales/ar-SA/gmp-lib.json:1:11: error: plural key "auth.resendIn" is written as one text; English writes auth.resendIn_one, auth.resendIn_other (locales/en/gmp-lib.json:4:5) [plural-forms] (hint: write the plural forms of ar-SA instead: auth.resendIn_zero, auth.resendIn_one, auth.resendIn_two, auth.resendIn_few, auth.resendIn_many, auth.resendIn_other)`,
		`locales/ja-JP/gmp-lib.json:1:11: error: plural key "auth.resendIn" has _one, which ja-JP never uses [plural-forms] (hint: ja-JP has the CLDR plural categories other: write auth.resendIn_other (zero optional))`,
		`locales/ja-JP/one.json:1:63: error: key "steps.first" is written as plural forms (steps.first_other), but English writes it as one text (locales/en/one.json:3:13) [plural-forms] (hint: write one text "steps.first", or make the English key plural first)`,
		`locales/ru-RU/gmp-lib.json:1:11: error: plural key "auth.resendIn" lacks _few, _many [plural-forms] (hint: ru-RU has the CLDR plural categories one, few, many, other: write auth.resendIn_one, auth.resendIn_few, auth.resendIn_many, auth.resendIn_other (zero optional))`)
}

func TestEnglishPluralsMustBeCompleteToo(t *testing.T) {
	_, got := lines(t, base+`
-- locales/en/one.json --
{"hero": {"title": "One", "subtitle": "Win"}, "steps": {"first": "Sign up"}, "days_other": "{{count}} days", "rank_ordinal_one": "{{count}}st"}
`, CodeMissingBundle)
	expect(t, got,
		`locales/en/one.json:1:78: error: plural key "days" lacks _one [plural-forms] (hint: en has the CLDR plural categories one, other: write days_one, days_other (zero optional))`,
		`locales/en/one.json:1:78: warning: key "days" is not used by the page of campaign one (components/template/CampaignPage.tsx) nor by its campaign.yaml [unused-key] (hint: remove it from every locale, or use it in the page: t("days"))`,
		`locales/en/one.json:1:110: error: plural key "rank" lacks _ordinal_two, _ordinal_few, _ordinal_other [plural-forms] (hint: en has the CLDR ordinal categories one, two, few, other: write rank_ordinal_one, rank_ordinal_two, rank_ordinal_few, rank_ordinal_other)`,
		`locales/en/one.json:1:110: warning: key "rank" is not used by the page of campaign one (components/template/CampaignPage.tsx) nor by its campaign.yaml [unused-key] (hint: remove it from every locale, or use it in the page: t("rank"))`)
}

// uses is a site whose sources use keys English lacks, and whose English has keys
// nothing uses.
const uses = `
-- components/template/Steps.tsx --
import { useT } from "../runtime/useT";

export function Steps() {
  const t = useT();
  return <ol><li>{t("steps.first")}</li><li>{t("steps.second")}</li><li>{t(` + "`status.${s}`" + `)}</li></ol>;
}
-- components/widgets/Close.tsx --
export const Close = () => <button>{t("gmp-lib:dialog.clos")} {t("gmp-lb:apply.apply")}</button>;
-- components/widgets/Close.test.tsx --
it("closes", () => t("gmp-lib:dialog.close") && t("gmp-lib:nothing"));
-- locales/en/one.json --
{
  "meta": {"title": "One"},
  "hero": {"title": "One", "subtitle": "Win {{amount}} USDT"},
  "steps": {"first": "Sign up", "old": "Old"},
  "status": {"ongoing": "Ongoing"}
}
-- locales/en/gmp-lib.json --
{
  "apply": {"apply": "Apply"},
  "auth": {"resendIn_one": "{{count}}", "resendIn_other": "{{count}}"},
  "dialog": {"close": "Close"},
  "notFound": {"title": "Not found", "body": "Gone"}
}
-- locales/en/error-code.json --
{"errorCode": {"1": "never named in a source"}}
-- locales/en/bonusbash.json --
{"hero": {"title": "B"}}
-- campaigns/two/campaign.yaml --
id: "2"
namespace: two
schedule: {start: 2026-11-01T00:00:00Z, end: 2026-12-01T00:00:00Z}
widgets:
  quickApply:
    popup: {title: popup.title, button: popup.button}
-- campaigns/two/page.tsx --
import { Hero } from "@promo/components/template/Hero";
import { useT } from "@promo/components/runtime/useT";
import { Extra } from "./Extra";

export default function Page() {
  const t = useT();
  return <main><Hero /><Extra />{t("bonus.title")}</main>;
}
-- campaigns/two/Extra.tsx --
export const Extra = () => <p>{t("extra")} {t("gmp-lib:apply.apply")}</p>;
-- locales/en/two.json --
{"hero": {"title": "Two", "subtitle": "Win {{amount}}"}, "bonus": {"title": "Bonus"}, "popup": {"title": "OK"}, "unused": "U"}
`

// Keys used by components/ or a page.tsx and missing from English are errors at the
// use. Campaign two's page does not import Steps, so Steps' keys are not asked of
// its namespace; test files do not count.
func TestKeysUsedButNotInEnglishAreErrors(t *testing.T) {
	_, got := lines(t, base+uses, CodeMissingBundle, CodeUnusedKey, CodeUnusedNamespace)
	expect(t, got,
		`campaigns/two/Extra.tsx:1:32: error: text "extra" is missing from locales/en/two.json (used by campaign two) [missing-text] (hint: add "extra" to locales/en/two.json)`,
		// From the loader: campaign.yaml's keys.
		`campaigns/two/campaign.yaml:6:41: error: text "popup.button" is missing from locales/en/two.json [missing-text] (hint: add the key to locales/en/two.json)`,
		`components/template/Steps.tsx:5:46: error: text "steps.second" is missing from locales/en/one.json (used by campaign one) [missing-text] (hint: add "steps.second" to locales/en/one.json)`,
		`components/widgets/Close.tsx:1:37: error: text "dialog.clos" is missing from locales/en/gmp-lib.json [missing-text] (hint: add "dialog.clos" to locales/en/gmp-lib.json)`,
		`components/widgets/Close.tsx:1:64: error: text "apply.apply" is missing: namespace "gmp-lb" has no locales/en/gmp-lb.json [missing-text] (hint: did you mean "gmp-lib:apply.apply"?)`)
}

// Unused keys are warnings. A prefix use (status.${s}) covers status.ongoing; the
// HTML shell reads meta.title and hero.*, the 404 pages notFound.*; error-code is
// used whole; a test's use does not count.
func TestUnusedKeysAreWarnings(t *testing.T) {
	_, got := lines(t, base+uses, CodeMissingBundle, CodeMissingText)
	expect(t, got,
		`locales/en/bonusbash.json: warning: namespace "bonusbash" is not used: no campaign names it and no page uses its keys [unused-namespace] (hint: name it in a campaign.yaml (namespace: bonusbash), or remove locales/*/bonusbash.json)`,
		`locales/en/gmp-lib.json:4:14: warning: key "dialog.close" is not used by any component [unused-key] (hint: remove it from every locale, or use it in a component: t("gmp-lib:dialog.close"))`,
		`locales/en/one.json:4:33: warning: key "steps.old" is not used by the page of campaign one (components/template/CampaignPage.tsx) nor by its campaign.yaml [unused-key] (hint: remove it from every locale, or use it in the page: t("steps.old"))`,
		`locales/en/two.json:1:113: warning: key "unused" is not used by the page of campaign two (campaigns/two/page.tsx) nor by its campaign.yaml [unused-key] (hint: remove it from every locale, or use it in the page: t("unused"))`)
}

func TestWithoutComponentsKeyUsesAreNotChecked(t *testing.T) {
	root := sitetest.Write(t, base)
	rep := Load(root, Folders{Components: filepath.Join(root, "nowhere"), NodeModules: repoPackages.NodeModules})
	var got []string
	for _, d := range rep.Diagnostics {
		if d.Code != CodeMissingBundle {
			got = append(got, d.String())
		}
	}
	expect(t, got, `nowhere: warning: no components folder: the keys pages use are not checked [no-components] (hint: run the check where components/ is, or pass --components)`)
}

// Without the standard template the pages that use it do not bundle: check says so as
// the build would, instead of judging keys it cannot see.
func TestWithoutTheTemplateThePagesDoNotBundle(t *testing.T) {
	root := sitetest.Write(t, base)
	if err := os.Remove(filepath.Join(root, "components", "template", "CampaignPage.tsx")); err != nil {
		t.Fatal(err)
	}
	rep := Load(root, repoPackages)
	var got []string
	for _, d := range rep.Diagnostics {
		if d.Code != CodeMissingBundle {
			got = append(got, d.String())
		}
	}
	expect(t, got, `error: Could not resolve "components/template/CampaignPage.tsx" [bundle]`)
}

// A malformed English bundle is the loader's error; the other locales' files of the
// namespace cannot be measured and are not compared.
func TestMalformedEnglishIsShownInTheMatrix(t *testing.T) {
	rep, got := lines(t, base+`
-- locales/en/one.json --
{"hero": }
-- locales/ja-JP/one.json --
{"hero": {"title": "ワン"}}
`, CodeMissingBundle)
	// Only the malformed file is reported: the namespace exists, it just does not parse.
	expect(t, got,
		`locales/en/one.json:1:10: error: malformed JSON: invalid character '}' looking for beginning of value [json-syntax] (hint: check for a missing comma, quote or brace near here)`)
	var b strings.Builder
	if err := rep.Matrix.Render(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "\none           0  error      —") || !strings.Contains(b.String(), "      ?      —") {
		t.Errorf("matrix:\n%s", b.String())
	}
}

// Known fallbacks are not warnings: a locale whose chain falls back within its
// language (en-HK → en, zh-HK → zh-TW), or a campaign not translated into a locale at
// all. A campaign translated into a language but missing a locale of it still is not.
func TestKnownFallbacksAreNotWarnings(t *testing.T) {
	rep, _ := lines(t, base+`
-- locales/zh-TW/one.json --
{"hero": {"title": "一", "subtitle": "二"}, "steps": {"first": "註冊"}}
-- locales/zh-TW/gmp-lib.json --
{"apply": {"apply": "報名"}}
`)
	for _, d := range rep.Diagnostics {
		if d.Code == CodeMissingBundle && (strings.HasPrefix(d.File, "locales/zh-HK/") || strings.HasPrefix(d.File, "locales/en-HK/") || strings.HasSuffix(d.File, "/one.json")) {
			t.Errorf("a known fallback is reported: %s", d)
		}
	}
}

// Rules files count in the matrix; a page translated into a language whose rules fall
// back to another language is a warning naming the file to add. A locale the campaign
// is not translated into, and a fallback within the language, are not.
func TestRulesCoverage(t *testing.T) {
	rep, _ := lines(t, base+`
-- campaigns/one/rules/en.md --
1. Rules.
-- campaigns/one/rules/ja-JP.md --
1. ルール。
-- locales/ja-JP/one.json --
{"hero": {"title": "ワン", "subtitle": "{{amount}} USDT 獲得"}, "steps": {"first": "登録"}}
-- locales/ar-SA/one.json --
{"hero": {"title": "واحد", "subtitle": "اربح {{amount}} USDT"}, "steps": {"first": "سجّل"}}
`)
	var got []string
	for _, d := range rep.Diagnostics {
		if d.Code == CodeRulesFallback {
			got = append(got, d.String())
		}
	}
	expect(t, got, `campaigns/one/rules/ar-SA.md: warning: the ar-SA page of one shows its texts in ar-SA but its rules in en [rules-fallback] (hint: add campaigns/one/rules/ar-SA.md, translated from campaigns/one/rules/en.md)`)
	var row *Row
	for i := range rep.Matrix.Rows {
		if rep.Matrix.Rows[i].Rules == "one" {
			row = &rep.Matrix.Rows[i]
		}
	}
	if row == nil {
		t.Fatal("no rules row for campaign one")
	}
	for _, c := range row.Cells {
		if want := c.Locale == "en" || c.Locale == "ja-JP"; c.File != want {
			t.Errorf("rules of one in %s: file %v, want %v", c.Locale, c.File, want)
		}
	}
}

// Keys a page builds at run time are declared in campaign.yaml: declared and present
// pass, declared and missing fail where declared, undeclared ones are a warning at the
// call.
func TestDynamicKeys(t *testing.T) {
	page := "-- campaigns/one/page.tsx --\nimport { useT } from \"@promo/components\";\nexport default function Page() {\n  const t = useT();\n  return [\"a\", \"b\"].map((k) => t(`tasks.${k}.title`));\n}\n"
	texts := "-- locales/en/one.json --\n{\"hero\": {\"title\": \"One\", \"subtitle\": \"Win {{amount}} USDT\"}, \"steps\": {\"first\": \"Sign up\"}, \"tasks\": {\"a\": {\"title\": \"A\"}, \"b\": {\"title\": \"B\"}}}\n"
	codes := func(rep *Report) (out []string) {
		for _, d := range rep.Diagnostics {
			if d.Code == CodeUndeclaredKeys || d.Code == "missing-text" || d.Code == "bad-key" {
				out = append(out, d.String())
			}
		}
		return out
	}
	undeclared, _ := lines(t, base+page+texts)
	expect(t, codes(undeclared), "campaigns/one/page.tsx:4:32: warning: t(`tasks.${…}`) builds its keys at run time: a missing one would show as the raw key [undeclared-keys] (hint: list them in campaigns/one/campaign.yaml, like keys: [\"tasks.{a,b}\"])")

	declare := "keys:\n  - tasks.{a,b,c}.title\n"
	missing, _ := lines(t, strings.Replace(base, "namespace: one\n", "namespace: one\n"+declare, 1)+page+texts)
	expect(t, codes(missing), `campaigns/one/campaign.yaml:4:3: error: text "tasks.c.title" is missing from locales/en/one.json [missing-text] (hint: add the key to locales/en/one.json)`)

	declared, _ := lines(t, strings.Replace(base, "namespace: one\n", "namespace: one\nkeys: [tasks.{a,b}.title]\n", 1)+page+texts)
	expect(t, codes(declared))
}

// check bundles the pages as the build does: a TSX syntax error fails it at its line.
func TestTSXSyntaxErrorFailsTheCheck(t *testing.T) {
	rep, _ := lines(t, base+"-- campaigns/one/page.tsx --\nexport default function Page() {\n  return <main>;\n}\n")
	var got []string
	for _, d := range rep.Diagnostics {
		if d.Severity.String() == "error" {
			got = append(got, d.String())
		}
	}
	if len(got) == 0 || got[0] != `campaigns/one/page.tsx:3:1: error: The character "}" is not valid inside a JSX element [bundle] (hint: did you mean "{'}'}"?)` {
		t.Errorf("errors: %v", got)
	}
}
