package function

import (
	"errors"
	"fmt"
	"github.com/redis/go-redis/v9"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/promohq/promo/internal/contract"
)

// Environments of the product (spec §9, DESIGN §4). `local` is the default and
// the only one that talks to the embedded mock upstream.
const (
	EnvProduction = "production"
	EnvTestnet    = "testnet"
	EnvTest       = "test"
	EnvDev        = "dev"
	EnvLocal      = "local"
)

var envs = []string{EnvProduction, EnvTestnet, EnvTest, EnvDev, EnvLocal}

// DefaultTimeout is the product HTTP timeout of spec §9 (50000 ms).
const DefaultTimeout = 50 * time.Second

// Config says where the function forwards to and how it names its cookies.
// Zero values mean the defaults documented on each field.
type Config struct {
	// Env is one of production, testnet, test, dev, local; "" means local.
	Env string
	// Upstream is the exchange API base URL, e.g. "https://api.example.com".
	// In local it may stay empty when Local is set.
	Upstream string
	// Local, only in the local environment, is the in-process upstream (the
	// embedded mock). Requests reach it without a socket. When it also has a
	// `Control() http.Handler` method, its test-control endpoints are mounted
	// at <APIBase>/__mock/* (DESIGN §5).
	Local http.Handler
	// CookieName of the token cookie; "" → b_t_c_k in production,
	// b_t_c_k_<env> elsewhere (spec §9).
	CookieName string
	// CookieDomain: "" derives the domain from the request host (spec §9:
	// www.example.com → example.com; none for IPs and localhost); "host" sets
	// host-only cookies; any other value is used as given when the request host
	// is inside it (needed behind a CDN that rewrites Host).
	CookieDomain string
	// RedisURL, when set, keeps the rate limits, the one-draw-at-a-time lock and
	// the idempotency records in that Redis (redis://[user:password@]host:port/db,
	// rediss:// for TLS), shared by every instance of the function (shared.go);
	// "" keeps them in this process.
	RedisURL string
	// APIBase is the path prefix the handler answers under; "" → "/api".
	APIBase string
	// Timeout for one upstream exchange; 0 → 50 s (spec §9).
	Timeout time.Duration
	// TrustedHops is the number of proxies in front of the function that append
	// the client address to X-Forwarded-For (a CDN: 1). 0 trusts only the
	// connection's address. Used for per-address rate limits, never forwarded.
	TrustedHops int
	// Limits of DESIGN §4; zero fields take the defaults.
	Limits Limits
	// Logger receives one line per request; nil → JSON to stderr.
	Logger *slog.Logger
	// Now is the clock of rate limits and the idempotency store; nil → time.Now.
	Now func() time.Time
}

// Rate allows Count events per Window. Count < 0 disables the limit.
type Rate struct {
	Count  int
	Window time.Duration
}

// Limits bound what one client can make the function do (DESIGN §4).
type Limits struct {
	Account Rate // login, register, verification-code, session, logout: per client address and per guid (10/min)
	Enrol   Rate // enrol calls per token (20/min)
	Draw    Rate // prize draws per token (30/min); one at a time regardless
	Address Rate // every limited call per client address, a ceiling that random tokens or guids cannot get around (300/min)
	Monitor Rate // monitoring reports per client address (30/min)

	MaxBody         int64         // request body bytes (64 KiB → 413)
	MaxUpstreamBody int64         // upstream response bytes (4 MiB → 502)
	MaxKeys         int           // tracked keys per limiter (100000)
	IdempotencyTTL  time.Duration // how long a response is replayed (1 h)
	IdempotencyMax  int           // stored responses (10000), oldest dropped first
}

func (r Rate) orDefault(d Rate) Rate {
	if r.Count == 0 {
		r.Count = d.Count
	}
	if r.Window <= 0 {
		r.Window = d.Window
	}
	return r
}

func (l Limits) withDefaults() Limits {
	l.Account = l.Account.orDefault(Rate{10, time.Minute})
	l.Enrol = l.Enrol.orDefault(Rate{20, time.Minute})
	l.Draw = l.Draw.orDefault(Rate{30, time.Minute})
	l.Address = l.Address.orDefault(Rate{300, time.Minute})
	l.Monitor = l.Monitor.orDefault(Rate{30, time.Minute})
	if l.MaxBody <= 0 {
		l.MaxBody = 64 << 10
	}
	if l.MaxUpstreamBody <= 0 {
		l.MaxUpstreamBody = 4 << 20
	}
	if l.MaxKeys <= 0 {
		l.MaxKeys = 100_000
	}
	if l.IdempotencyTTL <= 0 {
		l.IdempotencyTTL = time.Hour
	}
	if l.IdempotencyMax <= 0 {
		l.IdempotencyMax = 10_000
	}
	return l
}

// ConfigFromEnv overrides base with the deployment's environment variables:
// PROMO_ENV, PROMO_UPSTREAM, PROMO_COOKIE_NAME, PROMO_COOKIE_DOMAIN,
// PROMO_API_BASE, PROMO_TIMEOUT (a Go duration), PROMO_TRUSTED_HOPS and
// PROMO_REDIS_URL. A bad value is an error naming the variable.
func ConfigFromEnv(base Config, getenv func(string) string) (Config, error) {
	if getenv == nil {
		getenv = os.Getenv
	}
	c := base
	if v := getenv("PROMO_ENV"); v != "" {
		if !validEnv(v) {
			return c, fmt.Errorf("PROMO_ENV=%q: must be one of %s", v, strings.Join(envs, ", "))
		}
		c.Env = v
	}
	if v := getenv("PROMO_UPSTREAM"); v != "" {
		if _, err := parseUpstream(v, envOr(c.Env)); err != nil {
			return c, fmt.Errorf("PROMO_UPSTREAM: %w", err)
		}
		c.Upstream = v
	}
	if v := getenv("PROMO_COOKIE_NAME"); v != "" {
		if !validCookieName(v) {
			return c, fmt.Errorf("PROMO_COOKIE_NAME=%q: use letters, digits, '_' and '-' only", v)
		}
		c.CookieName = v
	}
	if v := getenv("PROMO_COOKIE_DOMAIN"); v != "" {
		if !validCookieDomain(v) {
			return c, fmt.Errorf("PROMO_COOKIE_DOMAIN=%q: want a domain such as example.com, or \"host\"", v)
		}
		c.CookieDomain = v
	}
	if v := getenv("PROMO_REDIS_URL"); v != "" {
		if _, err := redis.ParseURL(v); err != nil {
			return c, fmt.Errorf("PROMO_REDIS_URL: %w (want redis://host:6379/0 or rediss://…)", err)
		}
		c.RedisURL = v
	}
	if v := getenv("PROMO_API_BASE"); v != "" {
		if err := contract.CheckAPIBase(v); err != nil {
			return c, fmt.Errorf("PROMO_API_BASE: %w", err)
		}
		c.APIBase = v
	}
	if v := getenv("PROMO_TIMEOUT"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return c, fmt.Errorf("PROMO_TIMEOUT=%q: want a positive duration such as 50s", v)
		}
		c.Timeout = d
	}
	if v := getenv("PROMO_TRUSTED_HOPS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > 10 {
			return c, fmt.Errorf("PROMO_TRUSTED_HOPS=%q: want a number of proxies from 0 to 10", v)
		}
		c.TrustedHops = n
	}
	return c, nil
}

func envOr(e string) string {
	if e == "" {
		return EnvLocal
	}
	return e
}

func validEnv(e string) bool {
	for _, v := range envs {
		if e == v {
			return true
		}
	}
	return false
}

// resolve fills the defaults and checks the whole configuration.
func (c Config) resolve() (Config, *url.URL, error) {
	c.Env = envOr(c.Env)
	if !validEnv(c.Env) {
		return c, nil, fmt.Errorf("function: environment %q: must be one of %s", c.Env, strings.Join(envs, ", "))
	}
	if c.CookieName == "" {
		c.CookieName = "b_t_c_k"
		if c.Env != EnvProduction {
			c.CookieName += "_" + c.Env
		}
	}
	if !validCookieName(c.CookieName) {
		return c, nil, fmt.Errorf("function: cookie name %q: use letters, digits, '_' and '-' only", c.CookieName)
	}
	if c.CookieDomain != "" && !validCookieDomain(c.CookieDomain) {
		return c, nil, fmt.Errorf("function: cookie domain %q is not a domain name", c.CookieDomain)
	}
	if c.APIBase == "" {
		c.APIBase = "/api"
	}
	if err := contract.CheckAPIBase(c.APIBase); err != nil {
		return c, nil, fmt.Errorf("function: %w", err)
	}
	if c.Timeout <= 0 {
		c.Timeout = DefaultTimeout
	}
	if c.TrustedHops < 0 {
		return c, nil, errors.New("function: TrustedHops must not be negative")
	}
	c.Limits = c.Limits.withDefaults()
	if c.Logger == nil {
		c.Logger = slog.New(slog.NewJSONHandler(os.Stderr, nil))
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Local != nil {
		// The mock must never stand in for a real exchange (DESIGN §5).
		if c.Env != EnvLocal {
			return c, nil, fmt.Errorf("function: an in-process upstream is only allowed in the local environment, not %q", c.Env)
		}
		return c, &url.URL{Scheme: "http", Host: "local.upstream"}, nil
	}
	if c.Upstream == "" {
		if c.Env == EnvLocal {
			return c, nil, errors.New("function: the local environment needs the embedded mock (Config.Local) or an Upstream URL")
		}
		return c, nil, fmt.Errorf("function: environment %q needs the exchange API base URL (Config.Upstream or PROMO_UPSTREAM)", c.Env)
	}
	u, err := parseUpstream(c.Upstream, c.Env)
	if err != nil {
		return c, nil, fmt.Errorf("function: upstream: %w", err)
	}
	return c, u, nil
}

// parseUpstream accepts an absolute http(s) URL without query, fragment or
// credentials. Production and testnet carry real tokens, so they must use
// https unless the upstream is on this machine.
func parseUpstream(s, env string) (*url.URL, error) {
	u, err := url.Parse(s)
	if err != nil {
		return nil, fmt.Errorf("%q is not a URL: %v", s, err)
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("%q: want an absolute http or https URL such as https://api.example.com", s)
	}
	if u.User != nil || u.RawQuery != "" || u.Fragment != "" || u.Opaque != "" {
		return nil, fmt.Errorf("%q: no credentials, query or fragment allowed", s)
	}
	if u.Scheme == "http" && (env == EnvProduction || env == EnvTestnet) && !isLoopbackHost(u.Hostname()) {
		return nil, fmt.Errorf("%q: %s needs https", s, env)
	}
	u.Path = strings.TrimSuffix(u.Path, "/")
	u.RawPath = ""
	return u, nil
}

func isLoopbackHost(h string) bool {
	if h == "localhost" {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && ip.IsLoopback()
}

func validCookieName(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(isAlnum(c) || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

func validCookieDomain(s string) bool {
	if s == "host" {
		return true
	}
	s = strings.TrimPrefix(s, ".")
	if s == "" || len(s) > 253 || !strings.Contains(s, ".") {
		return false
	}
	for _, label := range strings.Split(s, ".") {
		if label == "" || len(label) > 63 {
			return false
		}
		for i := 0; i < len(label); i++ {
			c := label[i]
			if !(isAlnum(c) || c == '-') {
				return false
			}
		}
	}
	return true
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
