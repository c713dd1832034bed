// Package check implements `promo check`: it validates the content and compares every
// translation with English, without building.
package check

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/promohq/promo/internal/cmd/factory"
	"github.com/promohq/promo/internal/diag"
	contentcheck "github.com/promohq/promo/internal/i18n/check"
)

// Options of `promo check`.
type Options struct {
	IO         *factory.IOStreams
	Root       string
	Components string // default <Root>/components
	JSON       bool   // one JSON document on stdout instead of the table
	Strict     bool   // warnings fail too
	Quiet      bool   // print only errors (warnings are still counted)
}

// NewCmdCheck checks a site. runF replaces the run function in tests.
func NewCmdCheck(f *factory.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "check",
		Short: "Check content and translations against English",
		Long: `Check loads the site the way build does (site.yaml, campaigns, rules, locales)
and compares every namespace of every locale with English (the default locale):

  errors    malformed or mistyped bundles, keys English does not have, placeholders
            ({{name}}, $t(key)) differing from English's, plural forms that are not
            exactly the language's CLDR categories, keys that components/ or a
            page.tsx use but English lacks
  warnings  missing files and keys (pages fall back along the locale's chain, key
            by key), English keys no page, campaign.yaml or HTML shell uses

The coverage matrix (namespace × locale) goes to stdout; diagnostics go to stderr,
one per line as file:line:col: severity: message [code] (hint: …). Errors make
check exit with status 1; warnings do too with --strict.`,
		Example: `  # check the site in the current folder
  promo check

  # only errors, e.g. in CI
  promo check --quiet

  # every diagnostic of one kind
  promo check 2>&1 >/dev/null | grep '\[plural-forms\]'

  # the Japanese coverage of every namespace, as JSON
  promo check --json | jq '.matrix.namespaces[] | {namespace, ja: .coverage["ja-JP"].percent}'`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Root, _ = cmd.Flags().GetString("source")
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return Run(cmd.Context(), opts)
		},
	}
	cmd.Flags().StringVar(&opts.Components, "components", "", "components folder whose sources are searched for keys (default <source>/components)")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print one JSON document (diagnostics and matrix) on stdout instead of the table")
	cmd.Flags().BoolVar(&opts.Strict, "strict", false, "fail on warnings too")
	cmd.Flags().BoolVarP(&opts.Quiet, "quiet", "q", false, "print only errors on stderr (warnings are still counted)")
	return cmd
}

// Run checks the site and prints the report.
func Run(ctx context.Context, opts *Options) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if fi, err := os.Stat(opts.Root); err != nil || !fi.IsDir() {
		return fmt.Errorf("%s is not a site folder", opts.Root)
	}
	rep := contentcheck.Load(opts.Root, contentcheck.Folders{Components: opts.Components})
	if opts.JSON {
		data, err := json.MarshalIndent(rep, "", "  ")
		if err != nil {
			return err
		}
		if _, err := fmt.Fprintf(opts.IO.Out, "%s\n", data); err != nil {
			return err
		}
	} else {
		for _, d := range rep.Diagnostics {
			if d.Severity == diag.Error || !opts.Quiet {
				fmt.Fprintln(opts.IO.ErrOut, d.String())
			}
		}
		if err := rep.Matrix.Render(opts.IO.Out); err != nil {
			return err
		}
	}
	errs, warns := rep.Errors(), rep.Warnings()
	summary := fmt.Sprintf("%d %s, %d %s", errs, plural(errs, "error"), warns, plural(warns, "warning"))
	if errs > 0 || (opts.Strict && warns > 0) {
		return fmt.Errorf("check failed: %s", summary)
	}
	if !opts.JSON {
		fmt.Fprintf(opts.IO.ErrOut, "check passed: %s\n", summary)
	}
	return nil
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
