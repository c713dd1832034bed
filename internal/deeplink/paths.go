package deeplink

import (
	"slices"
	"strings"
)

// PathPattern is one web path of the table as an OS link association sees it
// (apple-app-site-association components): literal segments, "*" for a captured
// symbol, and each accepted value of a value-list capture spelled out.
type PathPattern struct {
	Rule    string   // the rule's name
	Path    string   // "/trade/spot/*/*/"
	Require []string // query parameters the rule needs to map
}

// Paths lists the table's web paths in table order (deeplinks.md "The table"); the
// build writes them into /.well-known/apple-app-site-association.
func Paths() []PathPattern {
	var out []PathPattern
	for _, r := range table.Rules {
		for _, segs := range r.patterns {
			for _, p := range expand(segs) {
				out = append(out, PathPattern{Rule: r.Name, Path: p, Require: slices.Clone(r.Require)})
			}
		}
	}
	return out
}

// expand spells a pattern out: value lists become one path per value (sorted, so the
// file is the same on every build), other captures "*".
func expand(segs []patternSegment) []string {
	paths := []string{"/"}
	for _, s := range segs {
		var alts []string
		switch {
		case s.kind == nil:
			alts = []string{s.literal}
		case s.kind.values != nil:
			for v := range s.kind.values {
				alts = append(alts, v)
			}
			slices.Sort(alts)
		default:
			alts = []string{"*"}
		}
		var next []string
		for _, p := range paths {
			for _, a := range alts {
				next = append(next, p+a+"/")
			}
		}
		paths = next
	}
	return paths
}

// IsLocaleSegment reports whether seg is shaped like a locale prefix the mapping
// drops (deeplinks.md "Input and normalisation" 2).
func IsLocaleSegment(seg string) bool {
	return localeShape.MatchString(seg) && !table.firstSegments[seg] && !strings.Contains(seg, "/")
}
