// Package deeplink implements `promo deeplink`: the app link of each web URL, by the
// rule table of deeplinks.md (internal/deeplink).
package deeplink

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/promohq/promo/internal/cmd/factory"
	"github.com/promohq/promo/internal/content"
	"github.com/promohq/promo/internal/deeplink"
	"github.com/promohq/promo/internal/diag"
)

// Options of `promo deeplink`.
type Options struct {
	IO   *factory.IOStreams
	Root string
	URLs []string
	JSON bool // one JSON array of {url, app, rule} on stdout instead of the links
}

// NewCmdDeeplink maps URLs to app links. runF replaces the run function in tests.
func NewCmdDeeplink(f *factory.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "deeplink URL...",
		Short: "Print the app link of web URLs",
		Long: `Deeplink prints, one per line, the app link that each web URL opens in the
exchange's app, by the deep-link rule table the pages use too.

A URL is a path (/en-US/trade/spot/btc/usdt/) or an absolute http(s) URL on the
site's own host (baseURL) or one of app.webHosts in site.yaml. The locale segment
is dropped, a trailing slash ensured, and the query kept only for the parameters a
rule names. The link starts with app.scheme (default exchange).

A URL that maps to nothing opens as a plain web link: deeplink says
"no app link for <url>" on stderr, goes on with the others and exits with status 1.`,
		Example: `  # the app screen of a spot market
  promo deeplink /ja-JP/trade/spot/btc/usdt/
  exchange://home?tab=3&symbol=BTCUSDT

  # several URLs, with the rule each used, as JSON
  promo deeplink --json https://www.exchange.example/en-US/register /earn/savings/?id=42 | jq -r '.[].rule'`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Root, _ = cmd.Flags().GetString("source")
			opts.URLs = args
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return Run(cmd.Context(), opts)
		},
	}
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print one JSON array of {url, app, rule} records (app and rule null when nothing maps)")
	return cmd
}

type record struct {
	URL  string  `json:"url"`
	App  *string `json:"app"`
	Rule *string `json:"rule"`
}

// Run maps every URL with the site's app configuration.
func Run(ctx context.Context, opts *Options) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if fi, err := os.Stat(opts.Root); err != nil || !fi.IsDir() {
		return fmt.Errorf("%s is not a site folder", opts.Root)
	}
	var diags diag.List
	site := content.LoadConfig(opts.Root, &diags)
	if err := diags.Err(); err != nil {
		return err
	}
	cfg := deeplink.FromSite(site)
	records := make([]record, 0, len(opts.URLs))
	failed := false
	for _, u := range opts.URLs {
		r := record{URL: u}
		if link, rule, ok := deeplink.Map(u, cfg); ok {
			r.App, r.Rule = &link, &rule
			if !opts.JSON {
				fmt.Fprintln(opts.IO.Out, link)
			}
		} else {
			failed = true
			fmt.Fprintf(opts.IO.ErrOut, "no app link for %s\n", u)
		}
		records = append(records, r)
	}
	if opts.JSON {
		enc := json.NewEncoder(opts.IO.Out)
		enc.SetEscapeHTML(false) // app links hold "&": keep them readable
		enc.SetIndent("", "  ")
		if err := enc.Encode(records); err != nil {
			return err
		}
	}
	if failed {
		return factory.ErrSilent // each URL without a link is already named on stderr
	}
	return nil
}
