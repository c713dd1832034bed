// Package serve implements `promo serve`: the built pages, the API function and, in
// the local environment, the mock upstream, on one port.
package serve

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"github.com/promohq/promo/internal/cmd/factory"
	"github.com/promohq/promo/internal/content"
	"github.com/promohq/promo/internal/httpserve"
	"github.com/promohq/promo/internal/stack"
)

// Options of `promo serve`.
type Options struct {
	IO     *factory.IOStreams
	Getenv func(string) string
	Root   string
	Dir    string
	Addr   string
	Env    string
	// Now starts the clock of the mock and the function at this instant (it runs on
	// from there), so campaign statuses and market data do not depend on the day the
	// site is served; zero: the real clock.
	Now time.Time
}

// NewCmdServe serves a built site. runF replaces the run function in tests.
func NewCmdServe(f *factory.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IO, Getenv: f.Getenv}
	var now string
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the built pages with the API function on one port",
		Long: `Serve answers the way the CDN rules of the build say (redirects, per-locale 404
pages, _headers, brotli and gzip) and mounts the API function at the site's apiBase.
In the local environment (the default) the function talks to the embedded mock
upstream, so everything runs on one machine.

Environment variables PROMO_ENV, PROMO_UPSTREAM, PROMO_COOKIE_NAME and PROMO_API_BASE
override the site configuration.`,
		Example: `  # build, then serve dist/ on http://127.0.0.1:8080 with the mock upstream
  promo build && promo serve

  # the mock as it will be on 1 December (campaign statuses, market data)
  promo serve --now 2026-12-01T00:00:00Z

  # proxy to the test environment's exchange API instead
  promo serve --env test --addr 0.0.0.0:8080`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Root, _ = cmd.Flags().GetString("source")
			if now != "" {
				t, err := time.Parse(time.RFC3339, now)
				if err != nil {
					return fmt.Errorf("--now %q: write a time like 2026-12-01T00:00:00Z", now)
				}
				opts.Now = t
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return Run(cmd.Context(), opts)
		},
	}
	cmd.Flags().StringVar(&opts.Addr, "addr", "127.0.0.1:8080", "address to listen on, HOST:PORT")
	cmd.Flags().StringVar(&opts.Dir, "dir", "", "built site to serve (default <source>/dist)")
	cmd.Flags().StringVar(&opts.Env, "env", "", "environment: production, testnet, test, dev or local (default from site.yaml)")
	cmd.Flags().StringVar(&now, "now", "", "start the mock's and the function's clock at this time, e.g. 2026-12-01T00:00:00Z")
	return cmd
}

// Handler assembles pages, function and mock (package stack). close releases the
// function's background work.
func Handler(opts *Options, logger *slog.Logger) (h http.Handler, close func(), err error) {
	site, diags := content.Load(opts.Root)
	if err := diags.Err(); err != nil {
		return nil, nil, err
	}
	dir := opts.Dir
	if dir == "" {
		dir = filepath.Join(opts.Root, "dist")
	}
	if _, err := os.Stat(filepath.Join(dir, "manifest.json")); err != nil {
		return nil, nil, fmt.Errorf("%s holds no build: run `promo build` first", dir)
	}
	var clock func() time.Time
	if !opts.Now.IsZero() {
		start, offset := time.Now(), opts.Now
		clock = func() time.Time { return offset.Add(time.Since(start)) }
	}
	st, err := stack.New(stack.Config{Site: site, Dir: dir, Env: opts.Env, Getenv: opts.Getenv, Logger: logger, Now: clock})
	if err != nil {
		return nil, nil, err
	}
	return st, func() { _ = st.Close() }, nil
}

// Run serves until interrupted, then drains open requests.
func Run(ctx context.Context, opts *Options) error {
	logger := slog.New(slog.NewJSONHandler(opts.IO.ErrOut, nil))
	h, closeFn, err := Handler(opts, logger)
	if err != nil {
		return err
	}
	defer closeFn()
	ln, err := net.Listen("tcp", opts.Addr)
	if err != nil {
		return err
	}
	return httpserve.Run(ctx, ln, h, opts.IO.ErrOut, 5*time.Second)
}
