package main

// The reference node: a Cosmos SDK v0.53.4 application wired by hand the way simapp's
// app.go wires it (simapp itself is not a module the proxy serves). It keeps every module of
// simapp that lives in the cosmos-sdk module; the ones simapp takes from separate modules
// (feegrant, upgrade, evidence, nft, circuit) are left out — none of them runs on the path
// of a MsgSend beyond a nil check (feegrant) or one store read (circuit's ante decorator).

import (
	"encoding/json"
	"fmt"

	"cosmossdk.io/log"
	storetypes "cosmossdk.io/store/types"
	dbm "github.com/cosmos/cosmos-db"

	abci "github.com/cometbft/cometbft/abci/types"
	"github.com/cosmos/cosmos-sdk/baseapp"
	"github.com/cosmos/cosmos-sdk/client"
	"github.com/cosmos/cosmos-sdk/codec"
	"github.com/cosmos/cosmos-sdk/codec/address"
	"github.com/cosmos/cosmos-sdk/codec/types"
	"github.com/cosmos/cosmos-sdk/runtime"
	"github.com/cosmos/cosmos-sdk/std"
	sdk "github.com/cosmos/cosmos-sdk/types"
	"github.com/cosmos/cosmos-sdk/types/module"
	"github.com/cosmos/cosmos-sdk/x/auth"
	"github.com/cosmos/cosmos-sdk/x/auth/ante"
	authkeeper "github.com/cosmos/cosmos-sdk/x/auth/keeper"
	authtx "github.com/cosmos/cosmos-sdk/x/auth/tx"
	authtypes "github.com/cosmos/cosmos-sdk/x/auth/types"
	"github.com/cosmos/cosmos-sdk/x/auth/vesting"
	vestingtypes "github.com/cosmos/cosmos-sdk/x/auth/vesting/types"
	"github.com/cosmos/cosmos-sdk/x/authz"
	authzkeeper "github.com/cosmos/cosmos-sdk/x/authz/keeper"
	authzmodule "github.com/cosmos/cosmos-sdk/x/authz/module"
	"github.com/cosmos/cosmos-sdk/x/bank"
	bankkeeper "github.com/cosmos/cosmos-sdk/x/bank/keeper"
	banktypes "github.com/cosmos/cosmos-sdk/x/bank/types"
	"github.com/cosmos/cosmos-sdk/x/consensus"
	consensuskeeper "github.com/cosmos/cosmos-sdk/x/consensus/keeper"
	consensustypes "github.com/cosmos/cosmos-sdk/x/consensus/types"
	distr "github.com/cosmos/cosmos-sdk/x/distribution"
	distrkeeper "github.com/cosmos/cosmos-sdk/x/distribution/keeper"
	distrtypes "github.com/cosmos/cosmos-sdk/x/distribution/types"
	"github.com/cosmos/cosmos-sdk/x/epochs"
	epochskeeper "github.com/cosmos/cosmos-sdk/x/epochs/keeper"
	epochstypes "github.com/cosmos/cosmos-sdk/x/epochs/types"
	"github.com/cosmos/cosmos-sdk/x/genutil"
	genutiltypes "github.com/cosmos/cosmos-sdk/x/genutil/types"
	"github.com/cosmos/cosmos-sdk/x/gov"
	govclient "github.com/cosmos/cosmos-sdk/x/gov/client"
	govkeeper "github.com/cosmos/cosmos-sdk/x/gov/keeper"
	govtypes "github.com/cosmos/cosmos-sdk/x/gov/types"
	"github.com/cosmos/cosmos-sdk/x/group"
	groupkeeper "github.com/cosmos/cosmos-sdk/x/group/keeper"
	groupmodule "github.com/cosmos/cosmos-sdk/x/group/module"
	"github.com/cosmos/cosmos-sdk/x/mint"
	mintkeeper "github.com/cosmos/cosmos-sdk/x/mint/keeper"
	minttypes "github.com/cosmos/cosmos-sdk/x/mint/types"
	"github.com/cosmos/cosmos-sdk/x/protocolpool"
	protocolpoolkeeper "github.com/cosmos/cosmos-sdk/x/protocolpool/keeper"
	protocolpooltypes "github.com/cosmos/cosmos-sdk/x/protocolpool/types"
	"github.com/cosmos/cosmos-sdk/x/slashing"
	slashingkeeper "github.com/cosmos/cosmos-sdk/x/slashing/keeper"
	slashingtypes "github.com/cosmos/cosmos-sdk/x/slashing/types"
	"github.com/cosmos/cosmos-sdk/x/staking"
	stakingkeeper "github.com/cosmos/cosmos-sdk/x/staking/keeper"
	stakingtypes "github.com/cosmos/cosmos-sdk/x/staking/types"
	"github.com/cosmos/gogoproto/proto"

	"cosmossdk.io/x/tx/signing"
)

// The same bech32 prefix as the TypeScript node, so one signing path serves both.
const (
	accountPrefix   = "yml"
	validatorPrefix = "ymlvaloper"
	consPrefix      = "ymlvalcons"
)

// simapp's module account permissions, less the modules left out.
var maccPerms = map[string][]string{
	authtypes.FeeCollectorName:                  nil,
	distrtypes.ModuleName:                       nil,
	minttypes.ModuleName:                        {authtypes.Minter},
	stakingtypes.BondedPoolName:                 {authtypes.Burner, authtypes.Staking},
	stakingtypes.NotBondedPoolName:              {authtypes.Burner, authtypes.Staking},
	govtypes.ModuleName:                         {authtypes.Burner},
	protocolpooltypes.ModuleName:                nil,
	protocolpooltypes.ProtocolPoolEscrowAccount: nil,
}

func setBech32Prefixes() {
	cfg := sdk.GetConfig()
	cfg.SetBech32PrefixForAccount(accountPrefix, accountPrefix+"pub")
	cfg.SetBech32PrefixForValidator(validatorPrefix, validatorPrefix+"pub")
	cfg.SetBech32PrefixForConsensusNode(consPrefix, consPrefix+"pub")
	cfg.Seal()
}

type RefApp struct {
	*baseapp.BaseApp
	cdc               codec.Codec
	interfaceRegistry types.InterfaceRegistry
	txConfig          client.TxConfig
	legacyAmino       *codec.LegacyAmino
	modules           *module.Manager
	basics            module.BasicManager
	StakingKeeper     *stakingkeeper.Keeper
}

func NewRefApp(logger log.Logger, db dbm.DB, baseAppOptions ...func(*baseapp.BaseApp)) *RefApp {
	interfaceRegistry, err := types.NewInterfaceRegistryWithOptions(types.InterfaceRegistryOptions{
		ProtoFiles: proto.HybridResolver,
		SigningOptions: signing.Options{
			AddressCodec:          address.Bech32Codec{Bech32Prefix: accountPrefix},
			ValidatorAddressCodec: address.Bech32Codec{Bech32Prefix: validatorPrefix},
		},
	})
	must(err)
	cdc := codec.NewProtoCodec(interfaceRegistry)
	legacyAmino := codec.NewLegacyAmino()
	txConfig := authtx.NewTxConfig(cdc, authtx.DefaultSignModes)
	std.RegisterLegacyAminoCodec(legacyAmino)
	std.RegisterInterfaces(interfaceRegistry)

	bApp := baseapp.NewBaseApp("sdk-refnode", logger, db, txConfig.TxDecoder(), baseAppOptions...)
	bApp.SetVersion("v0.53.4-ref")
	bApp.SetInterfaceRegistry(interfaceRegistry)
	bApp.SetTxEncoder(txConfig.TxEncoder())

	keys := storetypes.NewKVStoreKeys(
		authtypes.StoreKey, banktypes.StoreKey, stakingtypes.StoreKey, minttypes.StoreKey,
		distrtypes.StoreKey, slashingtypes.StoreKey, govtypes.StoreKey, consensustypes.StoreKey,
		authzkeeper.StoreKey, group.StoreKey, epochstypes.StoreKey, protocolpooltypes.StoreKey,
	)
	authority := authtypes.NewModuleAddress(govtypes.ModuleName).String()
	accCodec := address.NewBech32Codec(accountPrefix)

	consensusKeeper := consensuskeeper.NewKeeper(cdc, runtime.NewKVStoreService(keys[consensustypes.StoreKey]), authority, runtime.EventService{})
	bApp.SetParamStore(consensusKeeper.ParamsStore)

	accountKeeper := authkeeper.NewAccountKeeper(cdc, runtime.NewKVStoreService(keys[authtypes.StoreKey]), authtypes.ProtoBaseAccount,
		maccPerms, accCodec, accountPrefix, authority, authkeeper.WithUnorderedTransactions(true))
	blocked := map[string]bool{}
	for acc := range maccPerms {
		blocked[authtypes.NewModuleAddress(acc).String()] = true
	}
	delete(blocked, authtypes.NewModuleAddress(govtypes.ModuleName).String())
	bankKeeper := bankkeeper.NewBaseKeeper(cdc, runtime.NewKVStoreService(keys[banktypes.StoreKey]), accountKeeper, blocked, authority, logger)
	stakingKeeper := stakingkeeper.NewKeeper(cdc, runtime.NewKVStoreService(keys[stakingtypes.StoreKey]), accountKeeper, bankKeeper, authority,
		address.NewBech32Codec(validatorPrefix), address.NewBech32Codec(consPrefix))
	mintKeeper := mintkeeper.NewKeeper(cdc, runtime.NewKVStoreService(keys[minttypes.StoreKey]), stakingKeeper, accountKeeper, bankKeeper, authtypes.FeeCollectorName, authority)
	poolKeeper := protocolpoolkeeper.NewKeeper(cdc, runtime.NewKVStoreService(keys[protocolpooltypes.StoreKey]), accountKeeper, bankKeeper, authority)
	distrKeeper := distrkeeper.NewKeeper(cdc, runtime.NewKVStoreService(keys[distrtypes.StoreKey]), accountKeeper, bankKeeper, stakingKeeper,
		authtypes.FeeCollectorName, authority, distrkeeper.WithExternalCommunityPool(poolKeeper))
	slashingKeeper := slashingkeeper.NewKeeper(cdc, legacyAmino, runtime.NewKVStoreService(keys[slashingtypes.StoreKey]), stakingKeeper, authority)
	stakingKeeper.SetHooks(stakingtypes.NewMultiStakingHooks(distrKeeper.Hooks(), slashingKeeper.Hooks()))
	authzKeeper := authzkeeper.NewKeeper(runtime.NewKVStoreService(keys[authzkeeper.StoreKey]), cdc, bApp.MsgServiceRouter(), accountKeeper)
	groupKeeper := groupkeeper.NewKeeper(keys[group.StoreKey], cdc, bApp.MsgServiceRouter(), accountKeeper, group.DefaultConfig())
	govKeeper := govkeeper.NewKeeper(cdc, runtime.NewKVStoreService(keys[govtypes.StoreKey]), accountKeeper, bankKeeper, stakingKeeper, distrKeeper,
		bApp.MsgServiceRouter(), govtypes.DefaultConfig(), authority)
	govKeeper.SetHooks(govtypes.NewMultiGovHooks())
	epochsKeeper := epochskeeper.NewKeeper(runtime.NewKVStoreService(keys[epochstypes.StoreKey]), cdc)
	epochsKeeper.SetHooks(epochstypes.NewMultiEpochHooks())

	app := &RefApp{BaseApp: bApp, cdc: cdc, interfaceRegistry: interfaceRegistry, txConfig: txConfig, legacyAmino: legacyAmino, StakingKeeper: stakingKeeper}
	app.modules = module.NewManager(
		genutil.NewAppModule(accountKeeper, stakingKeeper, app, txConfig),
		auth.NewAppModule(cdc, accountKeeper, nil, nil),
		vesting.NewAppModule(accountKeeper, bankKeeper),
		bank.NewAppModule(cdc, bankKeeper, accountKeeper, nil),
		gov.NewAppModule(cdc, govKeeper, accountKeeper, bankKeeper, nil),
		mint.NewAppModule(cdc, mintKeeper, accountKeeper, nil, nil),
		slashing.NewAppModule(cdc, slashingKeeper, accountKeeper, bankKeeper, stakingKeeper, nil, interfaceRegistry),
		distr.NewAppModule(cdc, distrKeeper, accountKeeper, bankKeeper, stakingKeeper, nil),
		staking.NewAppModule(cdc, stakingKeeper, accountKeeper, bankKeeper, nil),
		authzmodule.NewAppModule(cdc, authzKeeper, accountKeeper, bankKeeper, interfaceRegistry),
		groupmodule.NewAppModule(cdc, groupKeeper, accountKeeper, bankKeeper, interfaceRegistry),
		consensus.NewAppModule(cdc, consensusKeeper),
		epochs.NewAppModule(epochsKeeper),
		protocolpool.NewAppModule(poolKeeper, accountKeeper, bankKeeper),
	)
	app.basics = module.NewBasicManagerFromManager(app.modules, map[string]module.AppModuleBasic{
		genutiltypes.ModuleName: genutil.NewAppModuleBasic(genutiltypes.DefaultMessageValidator),
		govtypes.ModuleName:     gov.NewAppModuleBasic([]govclient.ProposalHandler{}),
	})
	app.basics.RegisterLegacyAminoCodec(legacyAmino)
	app.basics.RegisterInterfaces(interfaceRegistry)

	// simapp's orders, less the modules left out.
	app.modules.SetOrderPreBlockers(authtypes.ModuleName)
	app.modules.SetOrderBeginBlockers(minttypes.ModuleName, distrtypes.ModuleName, protocolpooltypes.ModuleName, slashingtypes.ModuleName,
		stakingtypes.ModuleName, genutiltypes.ModuleName, authz.ModuleName, epochstypes.ModuleName)
	app.modules.SetOrderEndBlockers(govtypes.ModuleName, stakingtypes.ModuleName, genutiltypes.ModuleName, group.ModuleName, protocolpooltypes.ModuleName)
	genesisOrder := []string{
		authtypes.ModuleName, banktypes.ModuleName, distrtypes.ModuleName, stakingtypes.ModuleName, slashingtypes.ModuleName,
		govtypes.ModuleName, minttypes.ModuleName, genutiltypes.ModuleName, authz.ModuleName, group.ModuleName,
		vestingtypes.ModuleName, consensustypes.ModuleName, epochstypes.ModuleName, protocolpooltypes.ModuleName,
	}
	app.modules.SetOrderInitGenesis(genesisOrder...)
	app.modules.SetOrderExportGenesis(genesisOrder...)

	configurator := module.NewConfigurator(cdc, bApp.MsgServiceRouter(), bApp.GRPCQueryRouter())
	must(app.modules.RegisterServices(configurator))

	app.MountKVStores(keys)
	app.SetInitChainer(app.initChainer)
	app.SetPreBlocker(func(ctx sdk.Context, _ *abci.RequestFinalizeBlock) (*sdk.ResponsePreBlock, error) {
		return app.modules.PreBlock(ctx)
	})
	app.SetBeginBlocker(app.modules.BeginBlock)
	app.SetEndBlocker(app.modules.EndBlock)

	// The SDK's standard ante handler, with the options simapp passes (no fee grants here).
	anteHandler, err := ante.NewAnteHandler(ante.HandlerOptions{
		AccountKeeper:   accountKeeper,
		BankKeeper:      bankKeeper,
		SignModeHandler: txConfig.SignModeHandler(),
		SigGasConsumer:  ante.DefaultSigVerificationGasConsumer,
		SigVerifyOptions: []ante.SigVerificationDecoratorOption{
			ante.WithUnorderedTxGasCost(ante.DefaultUnorderedTxGasCost),
			ante.WithMaxUnorderedTxTimeoutDuration(ante.DefaultMaxTimeoutDuration),
		},
	})
	must(err)
	app.SetAnteHandler(anteHandler)

	must(app.LoadLatestVersion())
	return app
}

func (app *RefApp) initChainer(ctx sdk.Context, req *abci.RequestInitChain) (*abci.ResponseInitChain, error) {
	var state map[string]json.RawMessage
	if err := json.Unmarshal(req.AppStateBytes, &state); err != nil {
		return nil, fmt.Errorf("app_state: %w", err)
	}
	return app.modules.InitGenesis(ctx, app.cdc, state)
}

func must(err error) {
	if err != nil {
		panic(err)
	}
}
