// simd: the ibc-go v10 testing simapp (github.com/cosmos/ibc-go/v10/testing/simapp) behind the
// Cosmos SDK's standard daemon commands, the real IBC counterparty of the e2e suite. The ibc-go
// module ships the app but no main package, so scripts/install-ibc-simd.sh builds this one.
//
//	simd init <moniker> --chain-id C --default-denom stake --home H
//	simd keys add <name> --recover --keyring-backend test --home H   (mnemonic on stdin)
//	simd genesis add-genesis-account <addr> <coins> --home H
//	simd genesis gentx <name> <amount> --chain-id C --keyring-backend test --home H
//	simd genesis collect-gentxs --home H
//	simd start --home H [--rpc.laddr ... --grpc.address ... --api.address ...]
//	simd tx decode <base64 tx> / simd tx encode <json file>
package main

import (
	"fmt"
	"io"
	"os"

	"cosmossdk.io/log"
	cmtcfg "github.com/cometbft/cometbft/config"
	dbm "github.com/cosmos/cosmos-db"
	"github.com/spf13/cobra"

	"github.com/cosmos/cosmos-sdk/client"
	"github.com/cosmos/cosmos-sdk/client/config"
	"github.com/cosmos/cosmos-sdk/client/keys"
	"github.com/cosmos/cosmos-sdk/server"
	svrcmd "github.com/cosmos/cosmos-sdk/server/cmd"
	serverconfig "github.com/cosmos/cosmos-sdk/server/config"
	servertypes "github.com/cosmos/cosmos-sdk/server/types"
	simtestutil "github.com/cosmos/cosmos-sdk/testutil/sims"
	authcmd "github.com/cosmos/cosmos-sdk/x/auth/client/cli"
	authtypes "github.com/cosmos/cosmos-sdk/x/auth/types"
	genutilcli "github.com/cosmos/cosmos-sdk/x/genutil/client/cli"

	"github.com/cosmos/ibc-go/v10/testing/simapp"
)

func main() {
	if err := svrcmd.Execute(rootCmd(), "", simapp.DefaultNodeHome); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func rootCmd() *cobra.Command {
	// A throwaway in-memory app supplies the codecs and module basics the commands need.
	scratch, err := os.MkdirTemp("", "simd-codec")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(scratch)
	app := simapp.NewSimApp(log.NewNopLogger(), dbm.NewMemDB(), nil, true, simtestutil.NewAppOptionsWithFlagHome(scratch))

	clientCtx := client.Context{}.
		WithCodec(app.AppCodec()).
		WithInterfaceRegistry(app.InterfaceRegistry()).
		WithTxConfig(app.TxConfig()).
		WithLegacyAmino(app.LegacyAmino()).
		WithInput(os.Stdin).
		WithAccountRetriever(authtypes.AccountRetriever{}).
		WithHomeDir(simapp.DefaultNodeHome).
		WithViper("")

	root := &cobra.Command{
		Use:           "simd",
		Short:         "ibc-go v10 testing simapp",
		SilenceErrors: true,
		PersistentPreRunE: func(cmd *cobra.Command, _ []string) error {
			cmd.SetOut(cmd.OutOrStdout())
			cmd.SetErr(cmd.ErrOrStderr())
			ctx, err := client.ReadPersistentCommandFlags(clientCtx, cmd.Flags())
			if err != nil {
				return err
			}
			if ctx, err = config.ReadFromClientConfig(ctx); err != nil {
				return err
			}
			if err := client.SetCmdClientContextHandler(ctx, cmd); err != nil {
				return err
			}
			// Zero gas prices: the e2e pays no fees on the counterparty (app.toml would refuse
			// to start with an empty minimum-gas-prices).
			appCfg := serverconfig.DefaultConfig()
			appCfg.MinGasPrices = "0stake"
			return server.InterceptConfigsPreRunHandler(cmd, serverconfig.DefaultConfigTemplate, appCfg, cmtcfg.DefaultConfig())
		},
	}

	basics := app.BasicModuleManager
	root.AddCommand(
		genutilcli.InitCmd(basics, simapp.DefaultNodeHome),
		genutilcli.Commands(app.TxConfig(), basics, simapp.DefaultNodeHome),
		keys.Commands(),
		server.StatusCommand(),
		txCommand(),
	)
	server.AddCommands(root, simapp.DefaultNodeHome, newApp, nil, func(*cobra.Command) {})
	return root
}

func newApp(logger log.Logger, db dbm.DB, traceStore io.Writer, appOpts servertypes.AppOptions) servertypes.Application {
	return simapp.NewSimApp(logger, db, traceStore, true, appOpts, server.DefaultBaseappOptions(appOpts)...)
}

// txCommand: `simd tx decode` / `simd tx encode`, so the e2e suite can check that ibc-go's own
// codec reads every IBC message our node accepts and writes back the same bytes.
func txCommand() *cobra.Command {
	cmd := &cobra.Command{Use: "tx", Short: "Transaction encoding subcommands"}
	cmd.AddCommand(authcmd.GetDecodeCommand(), authcmd.GetEncodeCommand())
	return cmd
}
