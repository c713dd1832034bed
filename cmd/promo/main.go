// Command promo builds and serves the exchange's campaign pages.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/promohq/promo/internal/cmd/factory"
	"github.com/promohq/promo/internal/cmd/root"
)

// version is set at link time: -ldflags "-X main.version=1.2.3".
var version = "dev"

func main() {
	f := factory.New(version)
	cmd := root.NewCmdRoot(f)
	if err := cmd.ExecuteContext(context.Background()); err != nil {
		if !errors.Is(err, factory.ErrSilent) {
			fmt.Fprintln(f.IO.ErrOut, "promo:", err)
		}
		os.Exit(1)
	}
}
