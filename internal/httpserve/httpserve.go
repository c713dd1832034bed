// Package httpserve runs the HTTP server of `promo serve` and `promo dev` until the
// process is interrupted.
package httpserve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"
)

// Run serves h on ln until ctx ends or SIGINT/SIGTERM arrives, then gives open
// requests `drain` to finish. Long-lived requests (event streams) are cut at the end.
func Run(ctx context.Context, ln net.Listener, h http.Handler, log io.Writer, drain time.Duration) error {
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 120 * time.Second}
	fmt.Fprintf(log, "serving on http://%s (press Ctrl+C to stop)\n", ln.Addr())
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), drain)
	defer cancel()
	err := srv.Shutdown(shutdown)
	if errors.Is(err, context.DeadlineExceeded) {
		return srv.Close()
	}
	return err
}
