package generator_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/promohq/promo/generator"
)

// exampleSite writes a one-campaign site with campaign.yaml as given, borrowing the
// repository's widget texts; it returns the site's folder.
func exampleSite(campaignYAML string) string {
	root, err := os.MkdirTemp("", "promo-example-")
	if err != nil {
		panic(err)
	}
	library, err := os.ReadFile("../locales/en/gmp-lib.json")
	if err != nil {
		panic(err)
	}
	for name, data := range map[string]string{
		"campaigns/hello/campaign.yaml": campaignYAML,
		"campaigns/hello/rules/en.md":   "1. Deposit at least 100 USDT.\n",
		"locales/en/hello.json":         `{"hero": {"title": "Hello", "subtitle": "A first campaign"}}`,
		"locales/en/gmp-lib.json":       string(library),
	} {
		file := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			panic(err)
		}
		if err := os.WriteFile(file, []byte(data), 0o644); err != nil {
			panic(err)
		}
	}
	return root
}

// Build loads a site, prerenders every campaign page in every locale and replaces
// dist/ atomically. Components and packages default to the site's own folders; this
// example borrows the repository's.
func ExampleBuild() {
	root := exampleSite("id: \"1001\"\nnamespace: hello\nschedule: {start: 2026-11-01T00:00:00Z, end: 2026-12-01T00:00:00Z}\n")
	defer os.RemoveAll(root)
	res, err := generator.Build(context.Background(), generator.Options{Root: root, Components: "../components", NodeModules: "../node_modules"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d campaign, %d pages in %d locales\n", res.Campaigns, res.Pages, res.Locales)
	_, err = os.Stat(filepath.Join(root, "dist", "ja-JP", "hello", "index.html"))
	fmt.Println("ja-JP page written:", err == nil)
	// Output:
	// 1 campaign, 23 pages in 23 locales
	// ja-JP page written: true
}

// A site with mistakes builds nothing: the error is a *generator.Failure listing every
// problem with its file, line, column, code and hint, and dist/ is left as it was.
func ExampleBuild_failure() {
	root := exampleSite("id: \"1001\"\nnamespace: hello\nschedul: {start: 2026-11-01T00:00:00Z, end: 2026-12-01T00:00:00Z}\n")
	defer os.RemoveAll(root)
	_, err := generator.Build(context.Background(), generator.Options{Root: root, Components: "../components", NodeModules: "../node_modules"})
	var failure *generator.Failure
	if errors.As(err, &failure) {
		for _, d := range failure.Diagnostics {
			fmt.Printf("%s:%d:%d %s: %s\n", d.File, d.Line, d.Column, d.Code, d.Hint)
		}
	}
	_, err = os.Stat(filepath.Join(root, "dist"))
	fmt.Println("dist written:", err == nil)
	// Output:
	// campaigns/hello/campaign.yaml:1:1 missing-field: write schedule.start like 2026-11-01T00:00:00Z
	// campaigns/hello/campaign.yaml:1:1 missing-field: write schedule.end like 2026-11-30T23:59:59Z
	// campaigns/hello/campaign.yaml:3:1 unknown-field: did you mean "schedule"?
	// dist written: false
}
