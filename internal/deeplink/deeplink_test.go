package deeplink

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/promohq/promo/internal/content"
)

// vectorFile is testdata/vectors.json, which components/runtime/deeplink.test.ts
// reads too: the Go and TypeScript interpreters must give the same answers.
type vectorFile struct {
	Config  vectorConfig `json:"config"`
	Vectors []struct {
		URL    string        `json:"url"`
		App    *string       `json:"app"`
		Rule   string        `json:"rule"`
		Note   string        `json:"note"`
		Config *vectorConfig `json:"config"`
	} `json:"vectors"`
}

type vectorConfig struct {
	Scheme   *string  `json:"scheme"`
	SiteHost *string  `json:"siteHost"`
	WebHosts []string `json:"webHosts"`
}

func (c vectorConfig) over(base Config) Config {
	if c.Scheme != nil {
		base.Scheme = *c.Scheme
	}
	if c.SiteHost != nil {
		base.SiteHost = *c.SiteHost
	}
	if c.WebHosts != nil {
		base.WebHosts = c.WebHosts
	}
	return base
}

func readVectors(t *testing.T) vectorFile {
	t.Helper()
	data, err := os.ReadFile("testdata/vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var f vectorFile
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	return f
}

func TestVectors(t *testing.T) {
	f := readVectors(t)
	base := f.Config.over(Config{})
	for _, v := range f.Vectors {
		cfg := base
		if v.Config != nil {
			cfg = v.Config.over(base)
		}
		link, rule, ok := Map(v.URL, cfg)
		switch {
		case v.App == nil && ok:
			t.Errorf("%q (%s) → %q by %s, want no mapping", v.URL, v.Note, link, rule)
		case v.App != nil && (!ok || link != *v.App || rule != v.Rule):
			t.Errorf("%q (%s) → %q by %q (ok %t), want %q by %q", v.URL, v.Note, link, rule, ok, *v.App, v.Rule)
		}
	}
}

// The vectors cover every rule of the table, every path of each rule and every
// value of each enumerated segment, so a row cannot change unnoticed.
func TestVectorsCoverEveryRow(t *testing.T) {
	f := readVectors(t)
	base := f.Config.over(Config{})
	usedRule := map[string]bool{}
	usedValue := map[*segmentKind]map[string]bool{}
	for _, v := range f.Vectors {
		if v.App == nil || v.Config != nil {
			continue
		}
		usedRule[v.Rule] = true
		// Which segment values this vector went through.
		segs, _, _ := segments(v.URL, base)
		for _, r := range table.Rules {
			for _, pattern := range r.patterns {
				for i, p := range pattern {
					if p.kind == nil || p.kind.values == nil || len(segs) <= i {
						continue
					}
					if usedValue[p.kind] == nil {
						usedValue[p.kind] = map[string]bool{}
					}
					if out, ok := p.kind.accept(segs[i]); ok && r.Name == v.Rule {
						usedValue[p.kind][out] = true
					}
				}
			}
		}
	}
	for _, r := range table.Rules {
		if !usedRule[r.Name] {
			t.Errorf("no vector maps by rule %s", r.Name)
		}
		for _, p := range r.Paths {
			if !strings.Contains(p, "{") && !vectorHasURL(f, p) {
				t.Errorf("no vector for path %s of rule %s", p, r.Name)
			}
		}
	}
	for name, k := range table.Segments {
		for in, out := range k.values {
			if !usedValue[k][out] {
				t.Errorf("no vector maps %s (segment kind %s) to %s", in, name, out)
			}
		}
	}
}

func vectorHasURL(f vectorFile, url string) bool {
	for _, v := range f.Vectors {
		if v.URL == url {
			return true
		}
	}
	return false
}

func TestDefaultSchemeAndSiteConfig(t *testing.T) {
	c := content.DefaultConfig()
	cfg := FromSite(c)
	if cfg.Scheme != "exchange" || cfg.SiteHost != "127.0.0.1:8080" || len(cfg.WebHosts) != 1 || cfg.WebHosts[0] != "www.exchange.example" {
		t.Fatalf("FromSite(defaults) = %+v", cfg)
	}
	// deeplinks.md's first example holds with the embedded defaults.
	if link, _, ok := Map("https://www.exchange.example/en-US/register", cfg); !ok || link != "exchange://signup?direct=1" {
		t.Errorf("got %q %t", link, ok)
	}
	if link, _, _ := Map("/login/", Config{}); link != DefaultScheme+"://login" {
		t.Errorf("no scheme: %q", link)
	}
}

// compile refuses a table the interpreter would read wrongly.
func TestCompileRefusesBadTables(t *testing.T) {
	for _, bad := range []string{
		`{"rules": [{"name": "a", "paths": ["/x/{s:nokind}/"], "target": "x"}]}`,
		`{"rules": [{"name": "a", "paths": ["/x/"], "target": "x?s={s}"}]}`,
		`{"rules": [{"name": "a", "paths": ["/x/"], "target": "x"}, {"name": "a", "paths": ["/y/"], "target": "y"}]}`,
		`{"rules": [{"name": "a", "paths": ["x"], "target": "x"}]}`,
		`{"rules": [{"name": "a", "paths": ["/x//"], "target": "x"}]}`,
		`{"segments": {"k": {"match": "^[A-Z]+$"}}, "rules": [{"name": "a", "paths": ["/{s:k}/"], "target": "x"}]}`,
		`{"rules": [{"name": "a", "paths": ["/x/"], "target": "x", "require": ["id"]}]}`,
		`{"segments": {"k": {}}, "rules": []}`,
		`{"segments": {"k": {"match": "(", "values": ["a"]}}, "rules": []}`,
		`{"segments": {"k": {"values": 3}}, "rules": []}`,
		`{"segments": {"k": {"match": "^.*$", "suffixes": {"_Q": "1", "Q": "2"}}}, "rules": []}`,
	} {
		if _, err := compile([]byte(bad)); err == nil {
			t.Errorf("compile accepted %s", bad)
		}
	}
	if _, err := compile(rulesJSON); err != nil {
		t.Errorf("rules.json: %v", err)
	}
}

func FuzzMapAgreesWithItself(f *testing.F) {
	for _, s := range []string{"/trade/spot/btc/usdt/", "https://www.exchange.example/en-US/earn/savings?id=4", "/a b/?id=%zz"} {
		f.Add(s)
	}
	cfg := Config{SiteHost: "promo.example", WebHosts: []string{"www.exchange.example"}}
	f.Fuzz(func(t *testing.T, s string) {
		link, rule, ok := Map(s, cfg)
		if ok != (link != "") || ok != (rule != "") {
			t.Fatalf("%q → %q %q %t", s, link, rule, ok)
		}
		if ok && !strings.HasPrefix(link, DefaultScheme+"://") {
			t.Fatalf("%q → %q", s, link)
		}
		// An app link is ASCII without spaces: every captured or query value is
		// encoded.
		for i := 0; i < len(link); i++ {
			if link[i] <= ' ' || link[i] >= 0x7f {
				t.Fatalf("%q → %q has byte %#x", s, link, link[i])
			}
		}
	})
}
