package dev

import (
	"context"
	"fmt"
	"strings"

	"github.com/promohq/promo/generator"
	"github.com/promohq/promo/internal/content"
	devserver "github.com/promohq/promo/internal/dev"
)

// NewBuilder is watch mode's builder: the generator writing into out in place, only
// the files that changed, unminified (readable stacks in the browser).
func NewBuilder(root, out string) (devserver.Builder, error) {
	b, err := generator.NewBuilder(generator.Options{Root: root, Out: out, WriteInPlace: true, NoMinify: true, SourceMaps: true, PlainHead: true})
	if err != nil {
		return nil, err
	}
	return builder{b}, nil
}

type builder struct{ b *generator.Builder }

func (b builder) Build(ctx context.Context, site *content.Site, changes content.Changes, locales []string) (devserver.Outcome, error) {
	res, err := b.b.Build(ctx, generator.Input{Site: site, Changes: changes, Locales: locales})
	if err != nil {
		return devserver.Outcome{}, err
	}
	var phases []string
	for _, p := range res.Phases {
		phases = append(phases, fmt.Sprintf("%s %d", p.Name, p.Duration.Milliseconds()))
	}
	return devserver.Outcome{Rendered: res.Rendered, Written: res.Changed, Phases: strings.Join(phases, ", ")}, nil
}

func (b builder) Close() error { return b.b.Close() }
