package generator

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/promohq/promo/internal/diag"
)

// Prerender problems, reported at the author's line (DESIGN §3). The server bundle
// carries a source map and the worker has Node map its stacks, so a frame names the
// original file; the first frame in the site's own code (a campaign's page.tsx, a
// component) is where the problem is written. A campaign fails the same way in every
// locale: the copies become one diagnostic that says in which.

// frame matches a stack line's location: "    at Page (/site/campaigns/x/page.tsx:7:11)"
// or "    at /site/components/y.tsx:3:5".
var frame = regexp.MustCompile(`^\s*at (?:.*?\()?(?:file://)?(/[^()]*?|[A-Za-z]:\\[^()]*?):(\d+):(\d+)\)?$`)

// authorFrame returns the first frame of stack inside root or components (outside
// node_modules), relative to root, or ok false. Node names files by their real path:
// a components folder linked into the site (as watch-mode test sites do) is found by
// its target, and named inside the site.
func authorFrame(stack, root, components string) (file string, line, col int, ok bool) {
	realComponents, err := filepath.EvalSymlinks(components)
	if err != nil {
		realComponents = components
	}
	for _, l := range strings.Split(stack, "\n") {
		m := frame.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		p := filepath.Clean(m[1])
		if rel, err := filepath.Rel(realComponents, p); err == nil && within(realComponents, p) {
			p = filepath.Join(components, rel)
		}
		if strings.Contains(filepath.ToSlash(p), "/node_modules/") || !(within(root, p) || within(components, p)) {
			continue
		}
		line, _ = strconv.Atoi(m[2])
		col, _ = strconv.Atoi(m[3])
		if rel, err := filepath.Rel(root, p); err == nil && !strings.HasPrefix(rel, "..") {
			p = rel
		}
		return filepath.ToSlash(p), line, col, true
	}
	return "", 0, 0, false
}

func within(dir, p string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != "." && !strings.HasPrefix(rel, "..")
}

// renderProblems gathers a render's errors and React warnings by where they are, with
// the locales each happened in (the first one's message), in the order first seen.
type renderProblems struct {
	root, components string
	order            []renderProblem
	locales          map[int][]string
}

type renderProblem struct {
	thrown     bool // an error thrown, else a problem React reported
	slug, file string
	line, col  int
	message    string
}

func (rp *renderProblems) add(p *page, src string, thrown bool, report string) {
	message := firstLine(strings.TrimSpace(report))
	prob := renderProblem{thrown: thrown, slug: p.Slug, message: message, file: src}
	if f, line, col, ok := authorFrame(report, rp.root, rp.components); ok {
		prob.file, prob.line, prob.col = f, line, col
	}
	for i, q := range rp.order {
		// One problem per place: a message that differs by locale (it quotes a text)
		// is still the same mistake. Without a place, the message tells them apart.
		if q.thrown == prob.thrown && q.slug == prob.slug && q.file == prob.file && q.line == prob.line && q.col == prob.col && (q.line > 0 || q.message == prob.message) {
			rp.locales[i] = append(rp.locales[i], p.Locale)
			return
		}
	}
	if rp.locales == nil {
		rp.locales = map[int][]string{}
	}
	rp.order = append(rp.order, prob)
	rp.locales[len(rp.order)-1] = []string{p.Locale}
}

// report adds one diagnostic per problem.
func (rp *renderProblems) report(diags *diag.List) {
	for i, q := range rp.order {
		where := "in " + strings.Join(rp.locales[i], ", ")
		if n := len(rp.locales[i]); n > 3 {
			where = fmt.Sprintf("in %d locales", n)
		}
		d := diag.Diagnostic{Severity: diag.Error, File: q.file, Line: q.line, Column: q.col, Code: "render"}
		if q.thrown {
			d.Message = fmt.Sprintf("prerendering %s failed %s: %s", q.slug, where, q.message)
			d.Hint = "fix the code at this line: it runs when the page is prerendered, in Node"
			if browserOnly.MatchString(q.message) {
				d.Hint = "browser-only objects do not exist while the page is prerendered: use them in useEffect or an event handler"
			}
			if q.line == 0 {
				d.Hint = "the error was thrown outside the site's code; check the props and data this page passes"
			}
		} else {
			d.Message = fmt.Sprintf("prerendering %s %s: %s", q.slug, where, q.message)
			d.Hint = "React reported this while prerendering; fix the component"
		}
		diags.Add(d)
	}
}

var browserOnly = regexp.MustCompile(`\b(window|document|localStorage|sessionStorage|navigator|location) is not defined`)
