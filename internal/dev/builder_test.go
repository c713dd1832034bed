package dev

import (
	"context"
	"path/filepath"
	"sync"

	"github.com/promohq/promo/generator"
	"github.com/promohq/promo/internal/content"
	"github.com/promohq/promo/internal/sitetest"
)

// repoBuilder is the generator as the dev command gives it to the server, with the
// repository's components and packages for the tests' temporary sites.
func repoBuilder(root string) func(out string) (Builder, error) {
	return func(out string) (Builder, error) {
		repo := sitetest.RepoRoot()
		b, err := generator.NewBuilder(generator.Options{Root: root, Out: out, Components: filepath.Join(repo, "components"),
			NodeModules: filepath.Join(repo, "node_modules"), WriteInPlace: true, NoMinify: true})
		if err != nil {
			return nil, err
		}
		return &testBuilder{b: b}, nil
	}
}

// testBuilder builds with the generator; a test may hold its builds at a gate.
type testBuilder struct {
	b *generator.Builder

	mu      sync.Mutex
	gate    chan struct{} // while set, a build waits here after telling entered
	entered chan []string // the locales of each held build
}

// hold makes the next builds wait until release is closed; each tells entered first.
func (t *testBuilder) hold() (entered chan []string, release func()) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.gate, t.entered = make(chan struct{}), make(chan []string, 8)
	gate := t.gate
	return t.entered, sync.OnceFunc(func() { close(gate) })
}

func (t *testBuilder) Build(ctx context.Context, site *content.Site, changes content.Changes, locales []string) (Outcome, error) {
	t.mu.Lock()
	gate, entered := t.gate, t.entered
	t.mu.Unlock()
	if gate != nil {
		entered <- locales
		<-gate
	}
	res, err := t.b.Build(ctx, generator.Input{Site: site, Changes: changes, Locales: locales})
	if err != nil {
		return Outcome{}, err
	}
	return Outcome{Rendered: res.Rendered, Written: res.Changed}, nil
}

func (t *testBuilder) Close() error { return t.b.Close() }
