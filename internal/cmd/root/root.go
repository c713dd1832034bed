// Package root declares every promo command in one place.
package root

import (
	"github.com/spf13/cobra"

	"github.com/promohq/promo/internal/cmd/build"
	"github.com/promohq/promo/internal/cmd/check"
	"github.com/promohq/promo/internal/cmd/deeplink"
	devcmd "github.com/promohq/promo/internal/cmd/dev"
	"github.com/promohq/promo/internal/cmd/factory"
	"github.com/promohq/promo/internal/cmd/newcampaign"
	"github.com/promohq/promo/internal/cmd/serve"
	"github.com/promohq/promo/internal/cmd/version"
)

// NewCmdRoot returns the promo command with its subcommands.
func NewCmdRoot(f *factory.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "promo",
		Short: "Build and serve the exchange's campaign pages",
		Long: `promo turns campaign definitions, Markdown rules and translation bundles into
prerendered campaign pages in every locale, and serves them with the API function.`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	cmd.PersistentFlags().StringP("source", "s", ".", "site root: the folder with campaigns/, locales/ and site.yaml")
	cmd.SetOut(f.IO.Out)
	cmd.SetErr(f.IO.ErrOut)
	cmd.AddCommand(
		newcampaign.NewCmdNew(f, nil),
		build.NewCmdBuild(f, nil),
		check.NewCmdCheck(f, nil),
		serve.NewCmdServe(f, nil),
		devcmd.NewCmdDev(f, nil),
		deeplink.NewCmdDeeplink(f, nil),
		version.NewCmdVersion(f),
	)
	return cmd
}
