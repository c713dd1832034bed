package generator_test

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/promohq/promo/generator"
	"github.com/promohq/promo/internal/content"
	"github.com/promohq/promo/internal/sitetest"
)

// BenchmarkProcessVsHugo times what a user waits for, whole processes in turn on DESIGN
// §7's 759-page site (33 campaigns × 23 locales): `promo build` from nothing
// (--no-cache: every asset compressed anew at brotli 11 too, which Hugo does not do),
// without the bundles and pages of the cache but with its compressed copies (what a
// code edit or a new Promo version leaves usable), again with nothing changed, and
// after one text edit; and Hugo building
// the same matrix as Markdown pages (title, description, hero, rules, hreflang links),
// the fastest static generator there is and the budget's yardstick (≤ 0.8 × Hugo).
// make bench installs the pinned Hugo and names it in PROMO_HUGO; run with
// -benchtime=1x: each iteration is ROUNDS rounds (default 7) of the five commands,
// and the metrics are their medians.
func BenchmarkProcessVsHugo(b *testing.B) {
	hugo := os.Getenv("PROMO_HUGO")
	if hugo == "" {
		b.Skip("PROMO_HUGO names no hugo binary (make bench installs the pinned one)")
	}
	sitetest.RequireNodeModules(b)
	repo := sitetest.RepoRoot()
	root := syntheticSite(b, 33)
	for _, dir := range []string{"components", "node_modules"} {
		if err := os.Symlink(filepath.Join(repo, dir), filepath.Join(root, dir)); err != nil {
			b.Fatal(err)
		}
	}
	promo := filepath.Join(b.TempDir(), "promo")
	if out, err := exec.Command("go", "build", "-o", promo, "github.com/promohq/promo/cmd/promo").CombinedOutput(); err != nil {
		b.Fatalf("building promo: %v\n%s", err, out)
	}
	hugoSite := writeHugoSite(b, root)
	run := func(name string, args ...string) time.Duration {
		start := time.Now()
		if out, err := exec.Command(name, args...).CombinedOutput(); err != nil {
			b.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
		}
		return time.Since(start)
	}
	rounds := 7
	if n, err := fmt.Sscan(os.Getenv("ROUNDS"), &rounds); n != 1 || err != nil {
		rounds = 7
	}
	edit := 0
	for b.Loop() {
		times := map[string][]time.Duration{}
		run(promo, "build", "-s", root) // the cache the warm builds start from
		run(hugo, "--source", hugoSite, "--quiet")
		for range rounds {
			times["promo-cold"] = append(times["promo-cold"], run(promo, "build", "--no-cache", "-s", root))
			times["promo-warm"] = append(times["promo-warm"], run(promo, "build", "-s", root))
			edit++
			sitetest.WriteInto(b, root, fmt.Sprintf("-- locales/ja-JP/bonusbash.json --\n{\"meta\": {\"title\": \"bonusbash ja-JP\", \"description\": \"x\"}, \"hero\": {\"title\": \"ボーナス %d\", \"subtitle\": \"x\"}}\n", edit))
			times["promo-one-text"] = append(times["promo-one-text"], run(promo, "build", "-s", root))
			if err := os.Remove(filepath.Join(root, generator.CacheDir, "build.gob")); err != nil {
				b.Fatal(err)
			}
			times["promo-compressed-only"] = append(times["promo-compressed-only"], run(promo, "build", "-s", root))
			times["hugo"] = append(times["hugo"], run(hugo, "--source", hugoSite, "--quiet"))
		}
		for _, k := range []string{"promo-cold", "promo-compressed-only", "promo-warm", "promo-one-text", "hugo"} {
			b.ReportMetric(ms(median(times[k])), k+"-ms")
		}
		b.ReportMetric(float64(median(times["promo-cold"]))/float64(median(times["hugo"])), "cold/hugo")
		b.ReportMetric(float64(median(times["promo-compressed-only"]))/float64(median(times["hugo"])), "compressed-only/hugo")
	}
}

func median(d []time.Duration) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[len(s)/2]
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// writeHugoSite writes the synthetic site's matrix as a Hugo site: one Markdown page per
// campaign and locale with its texts and rules (English rules where the locale has
// none, as the pages fall back), the locales as Hugo languages, and templates that
// write what a Promo page's head and body say (language and direction, title,
// description, canonical and hreflang links; hero and rules).
func writeHugoSite(b *testing.B, promoRoot string) string {
	dir := filepath.Join(filepath.Dir(promoRoot), filepath.Base(promoRoot)+"-hugo")
	b.Cleanup(func() { os.RemoveAll(dir) })
	locales := content.DefaultConfig().Locales
	var files strings.Builder
	files.WriteString("-- hugo.toml --\nbaseURL = \"http://127.0.0.1:8080/\"\ndefaultContentLanguage = \"en\"\ndisableKinds = [\"taxonomy\", \"term\", \"rss\"]\n")
	for i, l := range locales {
		dir := "ltr"
		if strings.HasPrefix(l, "ar") {
			dir = "rtl"
		}
		fmt.Fprintf(&files, "[languages.%s]\nlanguageCode = %q\nlanguageDirection = %q\ncontentDir = \"content/%s\"\nweight = %d\n", strings.ToLower(l), l, dir, l, i+1)
	}
	files.WriteString(`-- layouts/baseof.html --
<!doctype html>
<html lang="{{ site.Language.LanguageCode }}" dir="{{ site.Language.LanguageDirection }}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Title }}</title>
<meta name="description" content="{{ .Description }}">
<link rel="canonical" href="{{ .Permalink }}">
{{ range .AllTranslations }}<link rel="alternate" hreflang="{{ .Language.LanguageCode }}" href="{{ .Permalink }}">
{{ end }}</head>
<body>{{ block "main" . }}{{ end }}</body>
</html>
-- layouts/single.html --
{{ define "main" }}<main><h1>{{ .Params.hero }}</h1><p>{{ .Params.subtitle }}</p><section>{{ .Content }}</section></main>{{ end }}
-- layouts/list.html --
{{ define "main" }}<ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>{{ end }}
`)
	campaigns, err := os.ReadDir(filepath.Join(promoRoot, content.CampaignsDir))
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range campaigns {
		slug := c.Name()
		enRules, _ := os.ReadFile(filepath.Join(promoRoot, content.CampaignsDir, slug, "rules", "en.md"))
		for _, l := range locales {
			var texts struct {
				Meta struct{ Title, Description string }
				Hero struct{ Title, Subtitle string }
			}
			data, err := os.ReadFile(filepath.Join(promoRoot, "locales", l, slug+".json"))
			if err == nil {
				err = json.Unmarshal(data, &texts)
			}
			if err != nil {
				b.Fatal(err)
			}
			rules, err := os.ReadFile(filepath.Join(promoRoot, content.CampaignsDir, slug, "rules", l+".md"))
			if err != nil {
				rules = enRules
			}
			fmt.Fprintf(&files, "-- content/%s/%s.md --\n---\ntitle: %q\ndescription: %q\nhero: %q\nsubtitle: %q\ntranslationKey: %q\n---\n%s\n",
				l, slug, texts.Meta.Title, texts.Meta.Description, texts.Hero.Title, texts.Hero.Subtitle, slug, rules)
		}
	}
	sitetest.WriteInto(b, dir, files.String())
	return dir
}
