package function

import (
	"strings"
	"testing"
	"time"
)

func TestConfigFromEnv(t *testing.T) {
	vars := map[string]string{
		"PROMO_ENV":           "testnet",
		"PROMO_UPSTREAM":      "https://api-testnet.example.com",
		"PROMO_COOKIE_NAME":   "tk_x",
		"PROMO_COOKIE_DOMAIN": "example.com",
		"PROMO_API_BASE":      "/promo-api",
		"PROMO_TIMEOUT":       "20s",
		"PROMO_TRUSTED_HOPS":  "1",
		"PROMO_REDIS_URL":     "redis://cache.internal:6379/2",
	}
	base := Config{Env: EnvProduction, Upstream: "https://api.example.com", CookieName: "b_t_c_k"}
	c, err := ConfigFromEnv(base, func(k string) string { return vars[k] })
	if err != nil {
		t.Fatal(err)
	}
	if c.Env != "testnet" || c.Upstream != vars["PROMO_UPSTREAM"] || c.CookieName != "tk_x" || c.CookieDomain != "example.com" ||
		c.APIBase != "/promo-api" || c.Timeout != 20*time.Second || c.TrustedHops != 1 || c.RedisURL != vars["PROMO_REDIS_URL"] {
		t.Fatalf("%+v", c)
	}
	// Unset variables keep the base.
	c, err = ConfigFromEnv(base, func(string) string { return "" })
	if err != nil || c.Env != EnvProduction || c.Upstream != base.Upstream {
		t.Fatalf("%+v %v", c, err)
	}
	bad := map[string]string{
		"PROMO_ENV":           "staging",
		"PROMO_UPSTREAM":      "ftp://x",
		"PROMO_COOKIE_NAME":   "a;b",
		"PROMO_COOKIE_DOMAIN": "exa mple.com",
		"PROMO_API_BASE":      "api/",
		"PROMO_TIMEOUT":       "soon",
		"PROMO_TRUSTED_HOPS":  "-1",
		"PROMO_REDIS_URL":     "http://cache.internal",
	}
	for k, v := range bad {
		_, err := ConfigFromEnv(Config{}, func(name string) string {
			if name == k {
				return v
			}
			return ""
		})
		if err == nil || !strings.Contains(err.Error(), k) {
			t.Errorf("%s=%q: error %v does not name the variable", k, v, err)
		}
	}
	// http to a remote production upstream is refused; loopback is fine.
	if _, err := ConfigFromEnv(Config{Env: EnvProduction}, func(k string) string {
		return map[string]string{"PROMO_UPSTREAM": "http://api.example.com"}[k]
	}); err == nil || !strings.Contains(err.Error(), "PROMO_UPSTREAM") {
		t.Fatalf("plain http accepted for production: %v", err)
	}
}

func TestNewChecksConfig(t *testing.T) {
	bad := []Config{
		{Env: "staging", Upstream: "https://a.example"},
		{Env: EnvProduction},
		{Env: EnvLocal},
		{Env: EnvTest, Upstream: "https://user:pw@a.example"},
		{Env: EnvTest, Upstream: "https://a.example?x=1"},
		{Env: EnvTest, Upstream: "a.example"},
		{Env: EnvTestnet, Upstream: "http://a.example"},
		{Env: EnvTest, Upstream: "https://a.example", CookieName: "bad name"},
		{Env: EnvTest, Upstream: "https://a.example", APIBase: "/api/"},
		{Env: EnvTest, Upstream: "https://a.example", APIBase: "/a/../b"},
		{Env: EnvTest, Upstream: "https://a.example", TrustedHops: -1},
	}
	for _, c := range bad {
		if h, err := New(c); err == nil {
			h.Close()
			t.Errorf("accepted %+v", c)
		}
	}
	h, err := New(Config{Upstream: "http://127.0.0.1:1", Env: EnvProduction})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if h.cfg.CookieName != "b_t_c_k" || h.cfg.APIBase != "/api" || h.cfg.Timeout != 50*time.Second ||
		h.cfg.Limits.Account.Count != 10 || h.cfg.Limits.Enrol.Count != 20 || h.cfg.Limits.Draw.Count != 30 ||
		h.cfg.Limits.MaxBody != 64<<10 {
		t.Fatalf("defaults: %+v", h.cfg)
	}
	for e, name := range map[string]string{EnvTestnet: "b_t_c_k_testnet", EnvTest: "b_t_c_k_test", EnvDev: "b_t_c_k_dev"} {
		h, err := New(Config{Env: e, Upstream: "https://api.example.com"})
		if err != nil {
			t.Fatal(err)
		}
		h.Close()
		if h.cfg.CookieName != name {
			t.Errorf("%s: %s", e, h.cfg.CookieName)
		}
	}
}
