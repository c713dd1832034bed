// Command promo-function runs the function (DESIGN §4) as a plain HTTP server, for a
// container or any host that runs a process (docs/deploy.md). Like promo-lambda it
// is configured by the environment only: PROMO_ENV (required), PROMO_UPSTREAM,
// PROMO_COOKIE_NAME, PROMO_COOKIE_DOMAIN, PROMO_API_BASE, PROMO_TIMEOUT,
// PROMO_TRUSTED_HOPS, PROMO_REDIS_URL, and PROMO_ADDR, the address to listen on
// (default :8080). With -healthcheck it asks the running server's health check and
// exits 0 when it answers 200: a container's HEALTHCHECK, in an image without a shell.
package main

import (
	"context"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/promohq/promo/function/deployed"
	"github.com/promohq/promo/internal/contract"
	"github.com/promohq/promo/internal/httpserve"
)

func main() {
	healthcheck := flag.Bool("healthcheck", false, "ask the running server's health check and exit 0 if it is healthy")
	flag.Parse()
	if err := run(*healthcheck, os.Getenv); err != nil {
		fmt.Fprintln(os.Stderr, "promo-function:", err)
		os.Exit(1)
	}
}

func run(healthcheck bool, getenv func(string) string) error {
	addr := getenv("PROMO_ADDR")
	if addr == "" {
		addr = ":8080"
	}
	if healthcheck {
		return checkHealth(addr, getenv("PROMO_API_BASE"))
	}
	h, err := deployed.New(getenv)
	if err != nil {
		return err
	}
	defer h.Close()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	// Only the API is served; anything else is 404 (the pages are on the CDN).
	return httpserve.Run(context.Background(), ln, h.Mount(http.NotFoundHandler()), os.Stderr, 20*time.Second)
}

// checkHealth asks <apiBase>/healthz on the server's own address.
func checkHealth(addr, apiBase string) error {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("PROMO_ADDR=%q: %w", addr, err)
	}
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "127.0.0.1"
	}
	if apiBase == "" {
		apiBase = "/api"
	}
	client := http.Client{Timeout: 3 * time.Second}
	resp, err := client.Get("http://" + net.JoinHostPort(host, port) + strings.TrimSuffix(apiBase, "/") + contract.Healthz.Path)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("health check answered %d", resp.StatusCode)
	}
	return nil
}
