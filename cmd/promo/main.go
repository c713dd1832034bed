// Command promo builds and serves the exchange's campaign pages.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime/debug"

	"github.com/promohq/promo/internal/cmd/factory"
	"github.com/promohq/promo/internal/cmd/root"
)

// version is set at link time: -ldflags "-X main.version=1.2.3".
var version = "dev"

func main() {
	// A build allocates a few hundred MB in a burst and exits: collecting four times
	// less often saves it a tenth of its time (esbuild's CLI makes the same trade).
	// The servers' live heaps are small, so theirs stays small too. GOGC still rules.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	f := factory.New(version)
	cmd := root.NewCmdRoot(f)
	if err := cmd.ExecuteContext(context.Background()); err != nil {
		if !errors.Is(err, factory.ErrSilent) {
			fmt.Fprintln(f.IO.ErrOut, "promo:", err)
		}
		os.Exit(1)
	}
}
