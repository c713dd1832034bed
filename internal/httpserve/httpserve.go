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
	"strings"
	"syscall"
	"time"
)

// Run serves h on ln until ctx ends or SIGINT/SIGTERM arrives, then gives open
// requests `drain` to finish. Long-lived requests (event streams) are cut at the end.
func Run(ctx context.Context, ln net.Listener, h http.Handler, log io.Writer, drain time.Duration) error {
	// A request must arrive whole within ReadTimeout (headers and body): a client
	// trickling a body cannot hold a connection open. Responses are not limited:
	// the event stream of `promo dev` lasts as long as the page.
	srv := &http.Server{Handler: LoopbackHosts(ln.Addr(), h), ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second, IdleTimeout: 120 * time.Second}
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

// LoopbackHosts guards a server listening on a loopback address against DNS
// rebinding: a page of another site whose name resolves to 127.0.0.1 could otherwise
// call the mock and the function from the visitor's browser. Such requests carry the
// other site's name in Host; only loopback names and addresses are answered (421
// Misdirected Request for the rest). A server on another address is reachable under
// any name anyway and is left alone.
func LoopbackHosts(addr net.Addr, h http.Handler) http.Handler {
	tcp, ok := addr.(*net.TCPAddr)
	if !ok || !tcp.IP.IsLoopback() {
		return h
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !loopbackHost(r.Host) {
			http.Error(w, "this server answers only to localhost and loopback addresses", http.StatusMisdirectedRequest)
			return
		}
		h.ServeHTTP(w, r)
	})
}

func loopbackHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.ToLower(strings.TrimSuffix(strings.Trim(host, "[]"), "."))
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
