package main

// The REST server `simd start --with-comet=false` runs beside the ABCI socket when app.toml has
// api.enable = true: the SDK's API server (grpc-gateway over every module's query service),
// answering through a gRPC client connected to the node's own gRPC server, as the SDK's
// start command wires them (server/start.go: startGrpcServer, startAPIServer), with the
// defaults of app.toml otherwise (grpc-web on, telemetry off, 1000 open connections).

import (
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"

	"cosmossdk.io/log"
	rpchttp "github.com/cometbft/cometbft/rpc/client/http"
	"github.com/pelletier/go-toml/v2"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	"github.com/cosmos/cosmos-sdk/client"
	"github.com/cosmos/cosmos-sdk/client/grpc/cmtservice"
	nodeservice "github.com/cosmos/cosmos-sdk/client/grpc/node"
	"github.com/cosmos/cosmos-sdk/codec"
	sdkserver "github.com/cosmos/cosmos-sdk/server"
	"github.com/cosmos/cosmos-sdk/server/api"
	serverconfig "github.com/cosmos/cosmos-sdk/server/config"
	servergrpc "github.com/cosmos/cosmos-sdk/server/grpc"
	authtx "github.com/cosmos/cosmos-sdk/x/auth/tx"
	authtypes "github.com/cosmos/cosmos-sdk/x/auth/types"
)

// RegisterAPIRoutes mounts simapp's gateway routes: tx, CometBFT, node and every module's.
func (app *RefApp) RegisterAPIRoutes(apiSvr *api.Server, _ serverconfig.APIConfig) {
	clientCtx := apiSvr.ClientCtx
	authtx.RegisterGRPCGatewayRoutes(clientCtx, apiSvr.GRPCGatewayRouter)
	cmtservice.RegisterGRPCGatewayRoutes(clientCtx, apiSvr.GRPCGatewayRouter)
	nodeservice.RegisterGRPCGatewayRoutes(clientCtx, apiSvr.GRPCGatewayRouter)
	app.basics.RegisterGRPCGatewayRoutes(clientCtx, apiSvr.GRPCGatewayRouter)
}

func (app *RefApp) RegisterTxService(clientCtx client.Context) {
	authtx.RegisterTxService(app.GRPCQueryRouter(), clientCtx, app.Simulate, app.interfaceRegistry)
}

func (app *RefApp) RegisterTendermintService(clientCtx client.Context) {
	cmtApp := sdkserver.NewCometABCIWrapper(app)
	cmtservice.RegisterTendermintService(clientCtx, app.GRPCQueryRouter(), app.interfaceRegistry, cmtApp.Query)
}

func (app *RefApp) RegisterNodeService(clientCtx client.Context, cfg serverconfig.Config) {
	nodeservice.RegisterNodeService(clientCtx, app.GRPCQueryRouter(), cfg)
}

// cometRPCAddress is the [rpc] laddr of the home's config.toml: the tx and CometBFT query
// services reach CometBFT there (the balance route does not).
func cometRPCAddress(home string) (string, error) {
	raw, err := os.ReadFile(filepath.Join(home, "config", "config.toml"))
	if err != nil {
		return "", err
	}
	var cfg struct {
		RPC struct {
			Laddr string `toml:"laddr"`
		} `toml:"rpc"`
	}
	if err := toml.Unmarshal(raw, &cfg); err != nil {
		return "", fmt.Errorf("config.toml: %w", err)
	}
	return cfg.RPC.Laddr, nil
}

// serveAPI starts the gRPC server (on a loopback port of its own) and the REST server on
// apiAddress, both stopped when ctx ends; errors after start-up go to errs.
func serveAPI(ctx context.Context, app *RefApp, home, chainID, apiAddress string, logger log.Logger, errs chan<- error) error {
	cfg := serverconfig.DefaultConfig()
	cfg.API.Enable = true
	cfg.API.Address = apiAddress

	clientCtx := client.Context{}.
		WithCodec(app.cdc).
		WithInterfaceRegistry(app.interfaceRegistry).
		WithTxConfig(app.txConfig).
		WithLegacyAmino(app.legacyAmino).
		WithInput(os.Stdin).
		WithAccountRetriever(authtypes.AccountRetriever{}).
		WithHomeDir(home).
		WithChainID(chainID).
		WithViper("")
	rpcAddress, err := cometRPCAddress(home)
	if err != nil {
		return err
	}
	rpcClient, err := rpchttp.New(rpcAddress, "/websocket")
	if err != nil {
		return err
	}
	clientCtx = clientCtx.WithClient(rpcClient)
	app.RegisterTxService(clientCtx)
	app.RegisterTendermintService(clientCtx)
	app.RegisterNodeService(clientCtx, *cfg)

	// The gRPC server and the gateway's client of it, as startGrpcServer makes them.
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	cfg.GRPC.Address = listener.Addr().String()
	grpcClient, err := grpc.NewClient(cfg.GRPC.Address,
		grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithDefaultCallOptions(
			grpc.ForceCodec(codec.NewProtoCodec(clientCtx.InterfaceRegistry).GRPCCodec()),
			grpc.MaxCallRecvMsgSize(cfg.GRPC.MaxRecvMsgSize),
			grpc.MaxCallSendMsgSize(cfg.GRPC.MaxSendMsgSize),
		),
	)
	if err != nil {
		return err
	}
	clientCtx = clientCtx.WithGRPCClient(grpcClient)
	grpcSrv, err := servergrpc.NewGRPCServer(clientCtx, app, cfg.GRPC)
	if err != nil {
		return err
	}
	go func() {
		logger.Info("starting gRPC server...", "address", cfg.GRPC.Address)
		if err := grpcSrv.Serve(listener); err != nil {
			errs <- fmt.Errorf("gRPC server: %w", err)
		}
	}()
	go func() {
		<-ctx.Done()
		grpcSrv.GracefulStop()
	}()

	apiSrv := api.New(clientCtx, logger.With(log.ModuleKey, "api-server"), grpcSrv)
	app.RegisterAPIRoutes(apiSrv, cfg.API)
	go func() {
		if err := apiSrv.Start(ctx, *cfg); err != nil {
			errs <- fmt.Errorf("API server: %w", err)
		}
	}()
	return nil
}
