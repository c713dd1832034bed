// Package factory holds what every command depends on (streams, clock, working
// folder), so commands can be tested with fakes.
package factory

import (
	"errors"
	"io"
	"os"

	"golang.org/x/term"
)

// IOStreams: stdout is for data, stderr for progress and diagnostics.
type IOStreams struct {
	In     io.Reader
	Out    io.Writer
	ErrOut io.Writer
	// ErrTTY reports whether stderr is a terminal: progress displays only then.
	ErrTTY bool
}

// Factory is handed to every command's constructor.
type Factory struct {
	IO      *IOStreams
	Version string
	Getenv  func(string) string
}

// New returns the factory of the real process.
func New(version string) *Factory {
	return &Factory{
		IO: &IOStreams{
			In: os.Stdin, Out: os.Stdout, ErrOut: os.Stderr,
			ErrTTY: term.IsTerminal(int(os.Stderr.Fd())),
		},
		Version: version,
		Getenv:  os.Getenv,
	}
}

// ErrSilent is returned by a command that has already said on stderr why it failed:
// promo exits 1 without adding a message of its own.
var ErrSilent = errors.New("silent failure")
