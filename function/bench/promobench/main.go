// Command promobench runs the two sides of function/bench/run.sh, which loads
// them with wrk (DESIGN §7: requests/s against nginx proxy_pass to the same
// upstream, p99 added latency at half load, memory over time): a small
// upstream and the function proxying to it. Both listen on loopback only.
//
//	promobench upstream -addr 127.0.0.1:18081 [-faults]
//	promobench proxy    -addr 127.0.0.1:18082 -upstream http://127.0.0.1:18081 [-stats 127.0.0.1:18084 -timeout 1s]
//	promobench soak     -target URL -rate N -duration 600s -faults http://UP/__faults -stats http://STATS/
//
// The soak (faults.go) runs the function against an upstream that injects faults
// and checks every answer.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"runtime/pprof"
	"strconv"
	"syscall"
	"time"

	"github.com/promohq/promo/function"
)

// reply is what the benchmark upstream answers: a small market-data envelope.
var reply = []byte(`{"ret_code":0,"ret_msg":"OK","result":[{"tokenId":"USDT","tokenName":"USDT","tokenFullName":"Tether USD"},{"tokenId":"USDC","tokenName":"USDC","tokenFullName":"USD Coin"},{"tokenId":"BTC","tokenName":"BTC","tokenFullName":"Bitcoin"}]}`)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: promobench upstream|proxy [flags]")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "upstream":
		err = runUpstream(os.Args[2:])
	case "proxy":
		err = runProxy(os.Args[2:])
	case "soak":
		err = runSoak(os.Args[2:])
	default:
		err = fmt.Errorf("unknown command %q", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "promobench:", err)
		os.Exit(1)
	}
}

// loopback refuses any address that is not on this machine.
func loopback(hostport string) error {
	host, _, err := net.SplitHostPort(hostport)
	if err != nil {
		return err
	}
	if host == "localhost" {
		return nil
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return nil
	}
	return fmt.Errorf("%s is not a loopback address", hostport)
}

func serveUntilSignal(addr string, h http.Handler) error {
	if err := loopback(addr); err != nil {
		return err
	}
	srv := &http.Server{Addr: addr, Handler: h, ReadHeaderTimeout: 10 * time.Second}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	errc := make(chan error, 1)
	go func() { errc <- srv.ListenAndServe() }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		return srv.Shutdown(sctx)
	}
}

func runUpstream(args []string) error {
	fs := flag.NewFlagSet("upstream", flag.ExitOnError)
	addr := fs.String("addr", "127.0.0.1:18081", "listen address (loopback)")
	faults := fs.Bool("faults", false, "inject faults into a share of the answers (faults.go)")
	fs.Parse(args)
	n := strconv.Itoa(len(reply))
	if *faults {
		return serveUntilSignal(*addr, newFaultyUpstream(reply))
	}
	return serveUntilSignal(*addr, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Header()["Content-Type"] = []string{"application/json"}
		w.Header()["Content-Length"] = []string{n}
		w.Write(reply)
	}))
}

func runProxy(args []string) error {
	fs := flag.NewFlagSet("proxy", flag.ExitOnError)
	addr := fs.String("addr", "127.0.0.1:18082", "listen address (loopback)")
	up := fs.String("upstream", "http://127.0.0.1:18081", "upstream base URL (loopback)")
	prof := fs.String("cpuprofile", "", "write a CPU profile of the run to this file")
	stats := fs.String("stats", "", "serve the process's goroutines and RSS at this address (loopback)")
	timeout := fs.Duration("timeout", 0, "the function's upstream timeout (0: its default)")
	fs.Parse(args)
	if *stats != "" {
		if err := loopback(*stats); err != nil {
			return err
		}
		go http.ListenAndServe(*stats, http.HandlerFunc(serveStats))
	}
	if *prof != "" {
		f, err := os.Create(*prof)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	u, err := url.Parse(*up)
	if err != nil {
		return err
	}
	if err := loopback(u.Host); err != nil {
		return err
	}
	// Limits off: the load generator is one client address. Logging on, as
	// deployed (one JSON line per request, to stderr).
	off := function.Rate{Count: -1}
	h, err := function.New(function.Config{
		Env: function.EnvTest, Upstream: *up, Timeout: *timeout,
		Limits: function.Limits{Account: off, Enrol: off, Draw: off, Address: off, Monitor: off},
		Logger: slog.New(slog.NewJSONHandler(os.Stderr, nil)),
	})
	if err != nil {
		return err
	}
	defer h.Close()
	return serveUntilSignal(*addr, h)
}
