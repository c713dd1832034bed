// Package version implements `promo version`.
package version

import (
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/spf13/cobra"

	"github.com/promohq/promo/internal/cmd/factory"
)

// NewCmdVersion prints the version of promo and of its build tool chain.
func NewCmdVersion(f *factory.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version of promo",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			esbuild := "unknown"
			if info, ok := debug.ReadBuildInfo(); ok {
				for _, d := range info.Deps {
					if d.Path == "github.com/evanw/esbuild" {
						esbuild = d.Version
					}
				}
			}
			_, err := fmt.Fprintf(f.IO.Out, "promo %s (%s, esbuild %s)\n", f.Version, runtime.Version(), esbuild)
			return err
		},
	}
}
