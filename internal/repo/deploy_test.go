package repo

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/promohq/promo/internal/sitetest"
)

// The deployment guide names every environment variable the code reads (and no
// other), every make target it tells to run exists, and what it says of the
// Dockerfile is what the Dockerfile does.
func TestDeployGuideIsCurrent(t *testing.T) {
	root := sitetest.RepoRoot()
	guide := readFile(t, filepath.Join(root, "docs", "deploy.md"))
	reads := regexp.MustCompile(`[gG]etenv\("(PROMO_[A-Z_]+)"\)`)
	var inCode []string
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) && p != root {
			return filepath.SkipDir
		}
		if strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") {
			for _, m := range reads.FindAllStringSubmatch(readFile(t, p), -1) {
				inCode = append(inCode, m[1])
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(inCode)
	inCode = slices.Compact(inCode)
	var documented []string
	for _, m := range regexp.MustCompile("\\| `(PROMO_[A-Z_]+)` \\|").FindAllStringSubmatch(guide, -1) {
		documented = append(documented, m[1])
	}
	slices.Sort(documented)
	if !slices.Equal(inCode, documented) {
		t.Errorf("the code reads %v; docs/deploy.md's table documents %v", inCode, documented)
	}

	makefile := readFile(t, filepath.Join(root, "Makefile"))
	for _, m := range regexp.MustCompile("`make ([a-z-]+)`").FindAllStringSubmatch(guide, -1) {
		if !regexp.MustCompile(`(?m)^` + m[1] + `:`).MatchString(makefile) {
			t.Errorf("docs/deploy.md tells to run `make %s`, which the Makefile has no target for", m[1])
		}
	}

	docker := readFile(t, filepath.Join(root, "Dockerfile"))
	stages := regexp.MustCompile(`(?m)^FROM (\S+)`).FindAllStringSubmatch(docker, -1)
	if len(stages) == 0 || !strings.HasPrefix(stages[len(stages)-1][1], "gcr.io/distroless/static") || !strings.HasSuffix(stages[len(stages)-1][1], ":nonroot") {
		t.Errorf("the image is not distroless static, non-root: %v", stages)
	}
	for _, want := range []string{"USER nonroot", "./cmd/promo-function", `"-healthcheck"`, "EXPOSE 8080", "ENV PROMO_ADDR=:8080", "CGO_ENABLED=0"} {
		if !strings.Contains(docker, want) {
			t.Errorf("the Dockerfile lacks %q", want)
		}
	}
	if _, err := os.Stat(filepath.Join(root, "cmd", "promo-function", "main.go")); err != nil {
		t.Error(err)
	}
}

func readFile(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
