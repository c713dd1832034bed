// Package cmdtest runs promo commands in tests the way the promo binary runs
// them: under a root command with the global flags, with the factory's streams
// in buffers and an environment of the test's own, never the test process's.
package cmdtest

import (
	"bytes"
	"context"
	"testing"

	"github.com/spf13/cobra"

	"github.com/promohq/promo/internal/cmd/factory"
)

// Version is the version a test factory reports.
const Version = "0.0.0-test"

// Buffers are a test factory's streams.
type Buffers struct {
	In     bytes.Buffer // what the command reads on stdin
	Out    bytes.Buffer // stdout: data
	ErrOut bytes.Buffer // stderr: progress and diagnostics
}

// New returns a factory for one test and the buffers behind its streams.
// Stderr is not a terminal, so no progress display is drawn. The environment
// is empty: a PROMO_* variable set where the tests run cannot change them;
// set f.Getenv to give a command some.
func New(t testing.TB) (*factory.Factory, *Buffers) {
	t.Helper()
	b := &Buffers{}
	f := &factory.Factory{
		IO:      &factory.IOStreams{In: &b.In, Out: &b.Out, ErrOut: &b.ErrOut},
		Version: Version,
		Getenv:  func(string) string { return "" },
	}
	return f, b
}

// Root stands in for root.NewCmdRoot, which commands cannot import in their
// tests (it imports them): the same global flags and error handling, and the
// factory's streams as the command's output. The root package's tests check
// that the two agree.
func Root(f *factory.Factory) *cobra.Command {
	cmd := &cobra.Command{Use: "promo", SilenceUsage: true, SilenceErrors: true}
	cmd.PersistentFlags().StringP("source", "s", ".", "site root: the folder with campaigns/, locales/ and site.yaml")
	cmd.SetOut(f.IO.Out)
	cmd.SetErr(f.IO.ErrOut)
	return cmd
}

// Run makes a command with newCmd from a fresh factory (New) and runs it as
// `promo <command> args...`, returning what it wrote on stdout and stderr.
// newCmd may adjust the factory (its Getenv, say) before making the command.
func Run(t testing.TB, newCmd func(*factory.Factory) *cobra.Command, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	f, b := New(t)
	cmd := newCmd(f)
	root := Root(f)
	root.AddCommand(cmd)
	root.SetArgs(append([]string{cmd.Name()}, args...))
	err = root.ExecuteContext(context.Background())
	return b.Out.String(), b.ErrOut.String(), err
}
