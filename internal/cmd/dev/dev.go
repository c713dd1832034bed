// Package dev implements `promo dev`: the designers' watch mode.
package dev

import (
	"context"
	"fmt"
	"net"
	"strconv"
	"time"

	"github.com/spf13/cobra"

	"github.com/promohq/promo/internal/cmd/factory"
	devserver "github.com/promohq/promo/internal/dev"
	"github.com/promohq/promo/internal/httpserve"
)

// Options of `promo dev`.
type Options struct {
	IO      *factory.IOStreams
	Root    string
	Addr    string
	Port    int
	Locales []string
	Now     string
}

// NewCmdDev runs the watch mode. runF replaces the run function in tests.
func NewCmdDev(f *factory.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "dev",
		Short: "Preview campaigns while editing: live reload, error overlay, preview matrix",
		Long: `Dev builds the site once, serves the pages, the API function and the mock upstream
on one port, and watches campaigns/, components/, locales/, public/ and site.yaml.
Every save rebuilds only what it affects; open pages reload by themselves, style
sheets swap in place, and a broken file shows an overlay with the file, line and
source until it is fixed. The last good pages keep being served meanwhile.

The preview matrix at / links every campaign in every locale and lets you view pages
as a visitor or a logged-in user, on desktop, phone or in the app, with the campaign
not started, ongoing, finished or unavailable, and at another time.`,
		Example: `  # preview the site in the current folder on http://127.0.0.1:8080
  promo dev

  # build English and Japanese up front; other locales build on first request
  promo dev --locale ja-JP

  # see the pages as they will look on launch day
  promo dev --now 2026-12-01T00:00:00Z`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Root, _ = cmd.Flags().GetString("source")
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return Run(cmd.Context(), opts)
		},
	}
	cmd.Flags().StringVar(&opts.Addr, "addr", "127.0.0.1:8080", "address to listen on, HOST:PORT")
	cmd.Flags().IntVar(&opts.Port, "port", 0, "port to listen on (overrides the port of --addr)")
	cmd.Flags().StringSliceVar(&opts.Locales, "locale", nil, "build only these locales up front (repeatable); the others build on first request")
	cmd.Flags().StringVar(&opts.Now, "now", "", "preview at this time, e.g. 2026-12-01T00:00:00Z")
	return cmd
}

// Run serves until interrupted.
func Run(ctx context.Context, opts *Options) error {
	var now time.Time
	if opts.Now != "" {
		t, err := time.Parse(time.RFC3339, opts.Now)
		if err != nil {
			return fmt.Errorf("--now %q: write a time like 2026-12-01T00:00:00Z", opts.Now)
		}
		now = t
	}
	addr := opts.Addr
	if opts.Port != 0 {
		host, _, err := net.SplitHostPort(addr)
		if err != nil {
			return fmt.Errorf("--addr %q: %w", addr, err)
		}
		addr = net.JoinHostPort(host, strconv.Itoa(opts.Port))
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	fmt.Fprintln(opts.IO.ErrOut, "building…")
	s, err := devserver.New(devserver.Options{Root: opts.Root, Locales: opts.Locales, Now: now, Log: opts.IO.ErrOut,
		NewBuilder: func(out string) (devserver.Builder, error) { return NewBuilder(opts.Root, out) }})
	if err != nil {
		ln.Close()
		return err
	}
	defer s.Close()
	// Open event streams never end by themselves: they are cut after a short drain.
	return httpserve.Run(ctx, ln, s.Handler(), opts.IO.ErrOut, 2*time.Second)
}
