package deeplink

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// rulesJSON is the one rule table of deeplinks.md. The page runtime imports the same
// file (components/runtime/deeplink.ts); testdata/vectors.json keeps the two equal.
//
//go:embed rules.json
var rulesJSON []byte

// table is rules.json, checked and compiled once.
var table = mustCompile(rulesJSON)

type segmentKind struct {
	Upper    bool              `json:"upper"`
	Match    string            `json:"match"`
	Suffixes map[string]string `json:"suffixes"`
	// Values is a list (each accepted segment is its own output) or an object
	// (segment → output). Raw until compile decides which.
	Values json.RawMessage `json:"values"`

	re     *regexp.Regexp
	values map[string]string
}

type rule struct {
	Name    string   `json:"name"`
	Paths   []string `json:"paths"`
	Target  string   `json:"target"`
	Query   []string `json:"query"`
	Require []string `json:"require"`

	patterns [][]patternSegment
}

// patternSegment is one segment of a path: a literal, or a capture checked by kind.
type patternSegment struct {
	literal, name string
	kind          *segmentKind
}

type ruleTable struct {
	Segments map[string]*segmentKind `json:"segments"`
	Rules    []*rule                 `json:"rules"`

	// firstSegments are the rules' first path segments: one shaped like a locale
	// (kyc, vip) is a page, never a locale prefix to drop.
	firstSegments map[string]bool
}

var (
	captureShape     = regexp.MustCompile(`^\{([a-z][a-z0-9]*):([a-z][a-z0-9]*)\}$`)
	placeholderShape = regexp.MustCompile(`\{([a-z][a-z0-9]*)\}`)
)

func mustCompile(data []byte) *ruleTable {
	t, err := compile(data)
	if err != nil {
		panic("deeplink: rules.json: " + err.Error())
	}
	return t
}

// compile parses the table and refuses anything the interpreter would treat silently
// wrong: unknown kinds, placeholders nothing captures, paths that differ in captures.
func compile(data []byte) (*ruleTable, error) {
	var t ruleTable
	if err := json.Unmarshal(data, &t); err != nil {
		return nil, err
	}
	for name, k := range t.Segments {
		if err := k.compile(); err != nil {
			return nil, fmt.Errorf("segment kind %s: %w", name, err)
		}
	}
	t.firstSegments = map[string]bool{}
	seen := map[string]bool{}
	for _, r := range t.Rules {
		if r.Name == "" || seen[r.Name] || len(r.Paths) == 0 || r.Target == "" {
			return nil, fmt.Errorf("rule %q: needs a unique name, paths and a target", r.Name)
		}
		seen[r.Name] = true
		for _, p := range r.Paths {
			segs, err := t.pattern(p)
			if err != nil {
				return nil, fmt.Errorf("rule %s: %w", r.Name, err)
			}
			var names []string
			for _, s := range segs {
				if s.kind != nil {
					names = append(names, s.name)
				}
			}
			for _, m := range placeholderShape.FindAllStringSubmatch(r.Target, -1) {
				if !slices.Contains(names, m[1]) {
					return nil, fmt.Errorf("rule %s: path %s captures no {%s}", r.Name, p, m[1])
				}
			}
			r.patterns = append(r.patterns, segs)
			t.firstSegments[segs[0].literal] = true
		}
		for _, q := range r.Require {
			if !slices.Contains(r.Query, q) {
				return nil, fmt.Errorf("rule %s: requires %s, which query does not name", r.Name, q)
			}
		}
	}
	return &t, nil
}

func (k *segmentKind) compile() error {
	if k.Match != "" {
		re, err := regexp.Compile(k.Match)
		if err != nil {
			return err
		}
		k.re = re
	}
	if len(k.Values) > 0 {
		var list []string
		if err := json.Unmarshal(k.Values, &list); err == nil {
			k.values = map[string]string{}
			for _, v := range list {
				k.values[v] = v
			}
		} else if err := json.Unmarshal(k.Values, &k.values); err != nil {
			return fmt.Errorf("values: a list or an object of texts")
		}
	}
	if (k.re == nil) == (k.values == nil) {
		return fmt.Errorf("give either match or values")
	}
	// accept tries the suffixes in no fixed order: none may end another.
	for a := range k.Suffixes {
		for b := range k.Suffixes {
			if a != b && strings.HasSuffix(a, b) {
				return fmt.Errorf("suffix %s ends in suffix %s", a, b)
			}
		}
	}
	return nil
}

func (t *ruleTable) pattern(p string) ([]patternSegment, error) {
	if !strings.HasPrefix(p, "/") || !strings.HasSuffix(p, "/") || len(p) < 3 {
		return nil, fmt.Errorf("path %q must start and end with / and name a page", p)
	}
	var segs []patternSegment
	for _, s := range strings.Split(p[1:len(p)-1], "/") {
		if m := captureShape.FindStringSubmatch(s); m != nil {
			k, ok := t.Segments[m[2]]
			if !ok {
				return nil, fmt.Errorf("path %s: unknown segment kind %s", p, m[2])
			}
			segs = append(segs, patternSegment{name: m[1], kind: k})
			continue
		}
		if s == "" || strings.ContainsAny(s, "{}") {
			return nil, fmt.Errorf("path %s: bad segment %q", p, s)
		}
		segs = append(segs, patternSegment{literal: s})
	}
	if segs[0].kind != nil {
		return nil, fmt.Errorf("path %s: the first segment must be literal", p)
	}
	return segs, nil
}

// accept returns what segment s stands for in a link, if it is of kind k.
func (k *segmentKind) accept(s string) (string, bool) {
	if k.Upper {
		s = asciiUpper(s)
	}
	if k.values != nil {
		v, ok := k.values[s]
		return v, ok
	}
	if !k.re.MatchString(s) {
		return "", false
	}
	if len(k.Suffixes) == 0 {
		return s, true
	}
	for suffix, repl := range k.Suffixes {
		if strings.HasSuffix(s, suffix) {
			return strings.TrimSuffix(s, suffix) + repl, true
		}
	}
	return "", false
}
