// Package deployed makes the function of a deployment from its environment
// variables: the one way the Lambda entry (cmd/promo-lambda) and the container's
// server (cmd/promo-function) are configured (docs/deploy.md).
package deployed

import (
	"errors"

	"github.com/promohq/promo/function"
	"github.com/promohq/promo/internal/mock"
)

// New makes the handler from getenv. Unlike `promo serve`, a deployment must name
// its environment: defaulting to local would put the mock and its test control
// behind a public URL. In local without an upstream it is a demo on the embedded
// mock, with its seeded account and no campaigns.
func New(getenv func(string) string) (*function.Handler, error) {
	if getenv("PROMO_ENV") == "" {
		return nil, errors.New("PROMO_ENV is not set: name the environment (production, testnet, test, dev, or local for a demo on the embedded mock)")
	}
	cfg, err := function.ConfigFromEnv(function.Config{}, getenv)
	if err != nil {
		return nil, err
	}
	if cfg.Env == function.EnvLocal && cfg.Upstream == "" {
		cfg.Local = mock.New(mock.Options{})
	}
	return function.New(cfg)
}
