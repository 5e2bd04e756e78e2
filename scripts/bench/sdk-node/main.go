// sdk-refnode: the Cosmos SDK reference node of `npm run bench:vs-sdk` (scripts/bench/vs-sdk.ts).
//
//	sdk-refnode genesis --home H --accounts accounts.json --denom uyml --bond 10000000
//	    fills H/config/genesis.json (written by `cometbft init`) with this app's app_state:
//	    the funded accounts and one validator, the CometBFT home's own consensus key.
//	sdk-refnode start --home H --addr tcp://127.0.0.1:PORT [--api tcp://127.0.0.1:PORT]
//	    serves the app over an ABCI socket to a separate CometBFT process, as
//	    `simd start --with-comet=false --transport socket` does, with app.toml's defaults;
//	    --api: also the REST server there, as with api.enable = true (api.go).
package main

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"cosmossdk.io/log"
	"cosmossdk.io/math"
	"cosmossdk.io/store"
	pruningtypes "cosmossdk.io/store/pruning/types"
	abciserver "github.com/cometbft/cometbft/abci/server"
	dbm "github.com/cosmos/cosmos-db"
	"github.com/rs/zerolog"

	"github.com/cosmos/cosmos-sdk/baseapp"
	codectypes "github.com/cosmos/cosmos-sdk/codec/types"
	"github.com/cosmos/cosmos-sdk/crypto/keys/ed25519"
	sdkserver "github.com/cosmos/cosmos-sdk/server"
	sdk "github.com/cosmos/cosmos-sdk/types"
	"github.com/cosmos/cosmos-sdk/types/mempool"
	authtypes "github.com/cosmos/cosmos-sdk/x/auth/types"
	banktypes "github.com/cosmos/cosmos-sdk/x/bank/types"
	genutiltypes "github.com/cosmos/cosmos-sdk/x/genutil/types"
	govv1 "github.com/cosmos/cosmos-sdk/x/gov/types/v1"
	minttypes "github.com/cosmos/cosmos-sdk/x/mint/types"
	stakingtypes "github.com/cosmos/cosmos-sdk/x/staking/types"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: sdk-refnode genesis|start [flags]")
		os.Exit(2)
	}
	setBech32Prefixes()
	var err error
	switch os.Args[1] {
	case "genesis":
		err = genesisCmd(os.Args[2:])
	case "start":
		err = startCmd(os.Args[2:])
	default:
		err = fmt.Errorf("unknown command %q", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "sdk-refnode:", err)
		os.Exit(1)
	}
}

func startCmd(args []string) error {
	fs := flag.NewFlagSet("start", flag.ExitOnError)
	home := fs.String("home", "", "CometBFT home (the app keeps its data in <home>/data/application.db)")
	addr := fs.String("addr", "tcp://127.0.0.1:26658", "ABCI socket address")
	apiAddr := fs.String("api", "", "REST (API server) address, e.g. tcp://127.0.0.1:1317; none when empty")
	must(fs.Parse(args))

	genesis, err := os.Open(filepath.Join(*home, "config", "genesis.json"))
	if err != nil {
		return err
	}
	chainID, err := genutiltypes.ParseChainIDFromGenesis(genesis)
	genesis.Close()
	if err != nil {
		return err
	}
	db, err := dbm.NewDB("application", dbm.GoLevelDBBackend, filepath.Join(*home, "data"))
	if err != nil {
		return err
	}
	logger := log.NewLogger(os.Stderr, log.LevelOption(zerolog.InfoLevel))
	// What server.DefaultBaseappOptions gives with a default app.toml: default pruning, the
	// inter-block cache, IAVL cache 781250 with fast nodes, no app-side mempool (max-txs -1),
	// no snapshots; plus optimistic execution, as the reference node has it.
	app := NewRefApp(logger, db,
		baseapp.SetPruning(pruningtypes.NewPruningOptions(pruningtypes.PruningDefault)),
		baseapp.SetMinGasPrices(""),
		baseapp.SetInterBlockCache(store.NewCommitKVStoreCacheManager()),
		baseapp.SetIAVLCacheSize(781250),
		baseapp.SetIAVLDisableFastNode(false),
		baseapp.SetMempool(mempool.NoOpMempool{}),
		baseapp.SetChainID(chainID),
		baseapp.SetOptimisticExecution(),
	)
	srv, err := abciserver.NewServer(*addr, "socket", sdkserver.NewCometABCIWrapper(app))
	if err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	serveErrs := make(chan error, 2)
	if *apiAddr != "" {
		if err := serveAPI(ctx, app, *home, chainID, *apiAddr, logger, serveErrs); err != nil {
			return err
		}
	}
	if err := srv.Start(); err != nil {
		return err
	}
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGINT, syscall.SIGTERM)
	select {
	case <-stop:
	case err = <-serveErrs:
	}
	cancel()
	_ = srv.Stop()
	if closeErr := db.Close(); err == nil {
		err = closeErr
	}
	return err
}

type fundedAccount struct {
	Address string `json:"address"`
	Coins   string `json:"coins"`
}

func genesisCmd(args []string) error {
	fs := flag.NewFlagSet("genesis", flag.ExitOnError)
	home := fs.String("home", "", "CometBFT home after `cometbft init`")
	accountsFile := fs.String("accounts", "", "JSON [{address, coins}] to fund")
	denom := fs.String("denom", "uyml", "staking, mint and gov denom")
	bond := fs.Int64("bond", 10_000_000, "the validator's self-bond")
	must(fs.Parse(args))

	var funded []fundedAccount
	raw, err := os.ReadFile(*accountsFile)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(raw, &funded); err != nil {
		return err
	}
	consPub, err := readConsensusKey(filepath.Join(*home, "config", "priv_validator_key.json"))
	if err != nil {
		return err
	}

	app := NewRefApp(log.NewNopLogger(), dbm.NewMemDB())
	cdc := app.cdc
	state := app.basics.DefaultGenesis(cdc)

	// The validator operator: an account of its own, holding exactly its self-bond, which
	// sits in the not-bonded pool until InitGenesis bonds it (as a collected gentx would).
	operator := sdk.AccAddress(consPub.Address())
	bondAmount := math.NewInt(*bond)
	var accounts []authtypes.GenesisAccount
	var balances []banktypes.Balance
	for i, f := range append(funded, fundedAccount{Address: operator.String(), Coins: ""}) {
		addr, err := sdk.AccAddressFromBech32(f.Address)
		if err != nil {
			return err
		}
		accounts = append(accounts, authtypes.NewBaseAccount(addr, nil, uint64(i), 0))
		if f.Coins != "" {
			coins, err := sdk.ParseCoinsNormalized(f.Coins)
			if err != nil {
				return err
			}
			balances = append(balances, banktypes.Balance{Address: f.Address, Coins: coins})
		}
	}
	balances = append(balances, banktypes.Balance{
		Address: authtypes.NewModuleAddress(stakingtypes.NotBondedPoolName).String(),
		Coins:   sdk.NewCoins(sdk.NewCoin(*denom, bondAmount)),
	})

	authGen := authtypes.GetGenesisStateFromAppState(cdc, state)
	packed, err := authtypes.PackAccounts(accounts)
	if err != nil {
		return err
	}
	authGen.Accounts = packed
	state[authtypes.ModuleName] = cdc.MustMarshalJSON(&authGen)

	bankGen := banktypes.GetGenesisStateFromAppState(cdc, state)
	bankGen.Balances = banktypes.SanitizeGenesisBalances(balances)
	state[banktypes.ModuleName] = cdc.MustMarshalJSON(bankGen)

	var stakingGen stakingtypes.GenesisState
	cdc.MustUnmarshalJSON(state[stakingtypes.ModuleName], &stakingGen)
	stakingGen.Params.BondDenom = *denom
	pkAny, err := codectypes.NewAnyWithValue(consPub)
	if err != nil {
		return err
	}
	valAddr := sdk.ValAddress(operator)
	stakingGen.Validators = []stakingtypes.Validator{{
		OperatorAddress:   valAddr.String(),
		ConsensusPubkey:   pkAny,
		Status:            stakingtypes.Unbonded,
		Tokens:            bondAmount,
		DelegatorShares:   math.LegacyNewDecFromInt(bondAmount),
		Description:       stakingtypes.NewDescription("sdk-refnode", "", "", "", ""),
		Commission:        stakingtypes.NewCommission(math.LegacyNewDecWithPrec(1, 1), math.LegacyNewDecWithPrec(2, 1), math.LegacyNewDecWithPrec(1, 2)),
		MinSelfDelegation: math.OneInt(),
	}}
	stakingGen.Delegations = []stakingtypes.Delegation{stakingtypes.NewDelegation(operator.String(), valAddr.String(), math.LegacyNewDecFromInt(bondAmount))}
	state[stakingtypes.ModuleName] = cdc.MustMarshalJSON(&stakingGen)

	var mintGen minttypes.GenesisState
	cdc.MustUnmarshalJSON(state[minttypes.ModuleName], &mintGen)
	mintGen.Params.MintDenom = *denom
	state[minttypes.ModuleName] = cdc.MustMarshalJSON(&mintGen)

	var govGen govv1.GenesisState
	cdc.MustUnmarshalJSON(state["gov"], &govGen)
	govGen.Params.MinDeposit = sdk.NewCoins(sdk.NewCoin(*denom, math.NewInt(10_000_000)))
	govGen.Params.ExpeditedMinDeposit = sdk.NewCoins(sdk.NewCoin(*denom, math.NewInt(50_000_000)))
	state["gov"] = cdc.MustMarshalJSON(&govGen)

	appState, err := json.Marshal(state)
	if err != nil {
		return err
	}
	// Keep cometbft's genesis as written and give it this app_state; the validator set comes
	// from InitChain (as with gentxs), so CometBFT's own list is emptied.
	path := filepath.Join(*home, "config", "genesis.json")
	var doc map[string]json.RawMessage
	raw, err = os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		return err
	}
	doc["app_state"] = appState
	doc["validators"] = json.RawMessage("[]")
	doc["genesis_time"], _ = json.Marshal(time.Now().UTC().Format(time.RFC3339Nano))
	out, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, out, 0o644)
}

func readConsensusKey(path string) (*ed25519.PubKey, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var key struct {
		PubKey struct {
			Type  string `json:"type"`
			Value string `json:"value"`
		} `json:"pub_key"`
	}
	if err := json.Unmarshal(raw, &key); err != nil {
		return nil, err
	}
	if key.PubKey.Type != "tendermint/PubKeyEd25519" {
		return nil, fmt.Errorf("%s: consensus key type %s, want ed25519", path, key.PubKey.Type)
	}
	b, err := base64.StdEncoding.DecodeString(key.PubKey.Value)
	if err != nil {
		return nil, err
	}
	return &ed25519.PubKey{Key: b}, nil
}
