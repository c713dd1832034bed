// Command promobench measures the function as a proxy on this machine
// (DESIGN §7: requests/s against nginx proxy_pass to the same upstream, p99
// added latency at half load, memory over time). It talks to loopback
// addresses only and every run is bounded in time.
//
//	promobench upstream -addr 127.0.0.1:18081
//	promobench proxy    -addr 127.0.0.1:18082 -upstream http://127.0.0.1:18081
//	promobench load     -url http://127.0.0.1:18082/api/spot/s_api/basic/quote_tokens -c 64 -d 10s [-rate 5000]
package main

import (
	"context"
	"errors"
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
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/promohq/promo/function"
)

// reply is what the benchmark upstream answers: a small market-data envelope.
var reply = []byte(`{"ret_code":0,"ret_msg":"OK","result":[{"tokenId":"USDT","tokenName":"USDT","tokenFullName":"Tether USD"},{"tokenId":"USDC","tokenName":"USDC","tokenFullName":"USD Coin"},{"tokenId":"BTC","tokenName":"BTC","tokenFullName":"Bitcoin"}]}`)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: promobench upstream|proxy|load [flags]")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "upstream":
		err = runUpstream(os.Args[2:])
	case "proxy":
		err = runProxy(os.Args[2:])
	case "load":
		err = runLoad(os.Args[2:])
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
	fs.Parse(args)
	n := strconv.Itoa(len(reply))
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
	fs.Parse(args)
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
		Env: function.EnvTest, Upstream: *up,
		Limits: function.Limits{Account: off, Enrol: off, Draw: off, Address: off, Monitor: off},
		Logger: slog.New(slog.NewJSONHandler(os.Stderr, nil)),
	})
	if err != nil {
		return err
	}
	defer h.Close()
	return serveUntilSignal(*addr, h)
}

// hist is a latency histogram with 10 µs buckets up to 1 s.
type hist struct {
	buckets [100_001]uint64
	n       uint64
	max     time.Duration
}

func (h *hist) add(d time.Duration) {
	i := int(d / (10 * time.Microsecond))
	if i >= len(h.buckets) {
		i = len(h.buckets) - 1
	}
	h.buckets[i]++
	h.n++
	h.max = max(h.max, d)
}

func (h *hist) merge(o *hist) {
	for i, c := range o.buckets {
		h.buckets[i] += c
	}
	h.n += o.n
	h.max = max(h.max, o.max)
}

func (h *hist) quantile(q float64) time.Duration {
	if h.n == 0 {
		return 0
	}
	want := uint64(q*float64(h.n) + 0.5)
	var seen uint64
	for i, c := range h.buckets {
		seen += c
		if seen >= max(want, 1) {
			return time.Duration(i+1) * 10 * time.Microsecond
		}
	}
	return h.max
}

func runLoad(args []string) error {
	fs := flag.NewFlagSet("load", flag.ExitOnError)
	target := fs.String("url", "", "URL to GET (loopback)")
	conns := fs.Int("c", 64, "connections (at most 512)")
	dur := fs.Duration("d", 10*time.Second, "duration (at most 15m)")
	rate := fs.Float64("rate", 0, "requests per second; 0 runs closed-loop as fast as possible")
	label := fs.String("label", "", "name printed with the result")
	fs.Parse(args)
	u, err := url.Parse(*target)
	if err != nil || u.Host == "" {
		return fmt.Errorf("-url: want http://127.0.0.1:PORT/path")
	}
	if err := loopback(u.Host); err != nil {
		return err
	}
	if *conns < 1 || *conns > 512 || *dur <= 0 || *dur > 15*time.Minute {
		return errors.New("-c must be 1-512 and -d at most 15m")
	}
	tr := &http.Transport{MaxIdleConnsPerHost: *conns, MaxConnsPerHost: *conns, DisableCompression: true}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr, Timeout: 10 * time.Second}

	var errs atomic.Uint64
	one := func(h *hist, since time.Time) {
		resp, err := client.Get(*target)
		if err == nil {
			_, err = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode != 200 {
				err = fmt.Errorf("status %d", resp.StatusCode)
			}
		}
		if err != nil {
			errs.Add(1)
			return
		}
		h.add(time.Since(since))
	}

	hists := make([]*hist, *conns)
	var wg sync.WaitGroup
	start := time.Now()
	end := start.Add(*dur)
	var late atomic.Uint64
	if *rate <= 0 {
		for i := range hists {
			hists[i] = &hist{}
			wg.Add(1)
			go func(h *hist) {
				defer wg.Done()
				for time.Now().Before(end) {
					one(h, time.Now())
				}
			}(hists[i])
		}
	} else {
		// Open loop: requests are due at fixed times and their latency counts
		// from when they were due, so a stalled server cannot hide its queue.
		due := make(chan time.Time, *conns*4)
		for i := range hists {
			hists[i] = &hist{}
			wg.Add(1)
			go func(h *hist) {
				defer wg.Done()
				for t := range due {
					one(h, t)
				}
			}(hists[i])
		}
		interval := time.Duration(float64(time.Second) / *rate)
		for next := start; next.Before(end); next = next.Add(interval) {
			if d := time.Until(next); d > 0 {
				time.Sleep(d)
			}
			select {
			case due <- next:
			default:
				late.Add(1) // every worker busy and the queue full
			}
		}
		close(due)
	}
	wg.Wait()
	elapsed := time.Since(start)
	total := &hist{}
	for _, h := range hists {
		total.merge(h)
	}
	fmt.Printf("%-10s rps=%.0f n=%d errors=%d dropped=%d p50=%s p90=%s p99=%s max=%s p99_us=%d\n",
		*label, float64(total.n)/elapsed.Seconds(), total.n, errs.Load(), late.Load(),
		total.quantile(0.50), total.quantile(0.90), total.quantile(0.99), total.max.Round(time.Microsecond),
		total.quantile(0.99).Microseconds())
	return nil
}
