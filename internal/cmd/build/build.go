// Package build implements `promo build`.
package build

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/promohq/promo/generator"
	"github.com/promohq/promo/internal/cmd/factory"
	"github.com/promohq/promo/internal/diag"
)

// Options of `promo build`.
type Options struct {
	IO       *factory.IOStreams
	Root     string
	Out      string
	Locales  []string
	NoMinify bool
	Timings  bool // print how long each step took, on stderr
	NoCache  bool // neither read nor write the build cache
}

// NewCmdBuild builds the site. runF replaces the run function in tests.
func NewCmdBuild(f *factory.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "build",
		Short: "Build every campaign page in every locale into a CDN-ready folder",
		Long: `Build reads site.yaml, campaigns/, locales/ and public/, prerenders every campaign
page in every locale with React and writes a folder ready for any CDN: pages,
hashed assets, sitemap.xml, robots.txt, _headers, _redirects and manifest.json.

The previous output stays untouched unless the whole build succeeds. Every content
problem is reported with file, line and column, and the build exits with status 1.`,
		Example: `  # build the site in the current folder into dist/
  promo build

  # build another site into a chosen folder
  promo build --source ../promo-site --out /tmp/site

  # build only some locales (English is always built)
  promo build --locale ja-JP --locale ar-SA

  # where the time goes
  promo build --timings`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Root, _ = cmd.Flags().GetString("source")
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return Run(cmd.Context(), opts)
		},
	}
	cmd.Flags().StringVarP(&opts.Out, "out", "o", "", "output folder (default <source>/dist)")
	cmd.Flags().StringSliceVar(&opts.Locales, "locale", nil, "build only these locales (repeatable)")
	cmd.Flags().BoolVar(&opts.NoCache, "no-cache", false, "build everything anew, neither reading nor writing the build cache in <source>/.promo-cache")
	cmd.Flags().BoolVar(&opts.Timings, "timings", false, "print how long each step took (load, bundle, plan, render, write) on stderr")
	cmd.Flags().BoolVar(&opts.NoMinify, "no-minify", false, "keep scripts readable")
	return cmd
}

// Run builds, shows progress on a terminal and prints the summary to stdout.
func Run(ctx context.Context, opts *Options) error {
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	progress := newProgress(opts.IO)
	res, err := generator.Build(ctx, generator.Options{
		Root: opts.Root, Out: opts.Out, Locales: opts.Locales, NoMinify: opts.NoMinify, NoCache: opts.NoCache,
		Progress: progress.update,
	})
	progress.done()
	var failure *diag.Failure
	if errors.As(err, &failure) {
		for _, d := range failure.Diagnostics {
			fmt.Fprintln(opts.IO.ErrOut, d.String())
			fmt.Fprint(opts.IO.ErrOut, diag.Excerpt(opts.Root, d))
		}
		return fmt.Errorf("build failed with %d error(s); %s was left as it was", len(failure.Diagnostics), outName(opts))
	}
	if err != nil {
		return err
	}
	for _, w := range res.Warnings {
		fmt.Fprintln(opts.IO.ErrOut, w.String())
	}
	if opts.Timings {
		var steps []string
		for _, p := range res.Phases {
			steps = append(steps, fmt.Sprintf("%s %d ms", p.Name, p.Duration.Milliseconds()))
		}
		fmt.Fprintf(opts.IO.ErrOut, "timings: %s; build %d ms\n", strings.Join(steps, ", "), res.Duration.Milliseconds())
	}
	printSummary(opts, res)
	return nil
}

func outName(opts *Options) string {
	if opts.Out != "" {
		return opts.Out
	}
	return filepath.Join(opts.Root, "dist")
}

func printSummary(opts *Options, res *generator.Result) {
	out := opts.IO.Out
	fmt.Fprintf(out, "built %d pages (%d campaigns × %d locales) into %s in %d ms\n",
		res.Pages, res.Campaigns, res.Locales, res.Out, res.Duration.Milliseconds())
	slugs := make([]string, 0, len(res.FirstLoadJS))
	for s := range res.FirstLoadJS {
		slugs = append(slugs, s)
	}
	sort.Strings(slugs)
	if len(slugs) > 0 {
		fmt.Fprintln(out, "first-load JS per page (entry + preloaded chunks):")
	}
	for _, s := range slugs {
		fmt.Fprintf(out, "  %-28s %8.1f KB\n", s, float64(res.FirstLoadJS[s])/1024)
	}
}

// progress redraws one line on stderr, only when stderr is a terminal.
type progress struct {
	io    *factory.IOStreams
	shown bool
}

func newProgress(io *factory.IOStreams) *progress { return &progress{io: io} }

func (p *progress) update(done, total int) {
	if !p.io.ErrTTY {
		return
	}
	p.shown = true
	width := 30
	filled := width * done / max(total, 1)
	bar := make([]byte, width)
	for i := range bar {
		bar[i] = '-'
		if i < filled {
			bar[i] = '#'
		}
	}
	fmt.Fprintf(p.io.ErrOut, "\rrendering [%s] %d/%d pages", bar, done, total)
}

func (p *progress) done() {
	if p.shown {
		fmt.Fprint(p.io.ErrOut, "\r\033[K")
	}
}
