package root

import (
	"context"
	"strings"
	"testing"

	"github.com/promohq/promo/internal/cmd/cmdtest"
)

// The commands' tests run under cmdtest.Root, since they cannot import this
// package: it must declare the global flags and error handling the real root
// does, or those tests would pass on a command line promo rejects.
func TestCmdtestRootMatchesRoot(t *testing.T) {
	f, _ := cmdtest.New(t)
	promo, stand := NewCmdRoot(f), cmdtest.Root(f)
	if promo.SilenceUsage != stand.SilenceUsage || promo.SilenceErrors != stand.SilenceErrors {
		t.Errorf("silence: root usage %t errors %t, cmdtest usage %t errors %t",
			promo.SilenceUsage, promo.SilenceErrors, stand.SilenceUsage, stand.SilenceErrors)
	}
	if want, got := promo.PersistentFlags().FlagUsages(), stand.PersistentFlags().FlagUsages(); got != want {
		t.Errorf("global flags of root:\n%s\nof cmdtest.Root:\n%s", want, got)
	}
}

// The root command writes on the factory's streams and runs its subcommands.
func TestRootRunsVersion(t *testing.T) {
	f, b := cmdtest.New(t)
	cmd := NewCmdRoot(f)
	cmd.SetArgs([]string{"version"})
	if err := cmd.ExecuteContext(context.Background()); err != nil {
		t.Fatal(err)
	}
	if out := b.Out.String(); !strings.HasPrefix(out, "promo "+cmdtest.Version+" (") {
		t.Errorf("stdout %q", out)
	}
	if b.ErrOut.Len() != 0 {
		t.Errorf("stderr %q", b.ErrOut.String())
	}
}

// promo deeplink is declared, and reads --source like every command.
func TestRootRunsDeeplink(t *testing.T) {
	f, b := cmdtest.New(t)
	cmd := NewCmdRoot(f)
	cmd.SetArgs([]string{"deeplink", "--source", t.TempDir(), "/ja-JP/trade/spot/btc/usdt/"})
	if err := cmd.ExecuteContext(context.Background()); err != nil {
		t.Fatal(err)
	}
	if out := b.Out.String(); out != "exchange://home?tab=3&symbol=BTCUSDT\n" {
		t.Errorf("stdout %q", out)
	}
}
