import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { parsePruningStrategy, type PruningSettings } from "./pruning";
import { parseToml } from "./toml";
import { DEFAULT_PROPOSAL_HOLD_MS } from "../abci/socket/app-queue";

/** The app's own settings (config/app.toml), the counterpart of the Cosmos SDK's app.toml. */
export interface AppConfig extends PruningSettings {
  minimumGasPrices: string;
  /** Blocks CometBFT must keep (Commit retain_height = height - this); 0 keeps every block. */
  minRetainBlocks: bigint;
  /** Stop cleanly after committing this height; 0 never. */
  haltHeight: bigint;
  abciAddress: string;
  apiEnable: boolean;
  apiAddress: string;
  /** Serve the read-only explorer page at /explorer on the REST port. */
  explorerEnable: boolean;
  /** `start --dev` only: its CometBFT-compatible JSON-RPC (with CometBFT, config.toml [rpc] laddr rules). */
  rpcAddress: string;
  /** Heights between state-sync snapshots (a multiple of it gets one); 0 takes none. */
  snapshotInterval: number;
  /** Snapshots kept (0 keeps all). */
  snapshotKeepRecent: number;
  /** Size a snapshot's state is cut into (peers fetch chunks in parallel, each checked alone). */
  snapshotChunkBytes: number;
  /** `start` runs CometBFT as its child (restarted when it dies) instead of beside it. */
  cometSupervise: boolean;
  /** CometBFT binary for the supervised mode; empty: $COMETBFT_BIN, .bin/cometbft, then PATH. */
  cometBinary: string;
  /** Check every module's invariants after each block; a break is logged and halts the node. */
  invariants: boolean;
  /** Worker threads verifying CheckTx signatures; 0: on the app thread; -1: one per core but one. */
  sigVerifyWorkers: number;
  /** Longest mempool work waits while a proposal is decided (PrepareProposal/ProcessProposal to FinalizeBlock); 0: never. */
  proposalHoldMs: number;
  /** Signed MsgSends run through a throwaway chain at start so V8 has compiled the hot paths (warm-up.ts); 0: none. */
  warmUpTxs: number;
  /** `log_level` as CometBFT's config.toml names it: a level or per-module levels ("*:info,engine:debug"). */
  logLevel: string;
  /** `log_format`: plain or json; empty: plain on a terminal, JSON otherwise. */
  logFormat: string;
  /** `log_no_color`: plain lines without colours. */
  logNoColor: boolean;
}

export const DEFAULT_APP_CONFIG: AppConfig = {
  minimumGasPrices: "0uyml",
  pruning: "default",
  pruningKeepRecent: 0,
  pruningInterval: 0,
  minRetainBlocks: 0n,
  haltHeight: 0n,
  abciAddress: "tcp://127.0.0.1:26658",
  apiEnable: true,
  explorerEnable: true,
  apiAddress: "tcp://127.0.0.1:1317",
  rpcAddress: "tcp://127.0.0.1:26657",
  snapshotInterval: 0,
  snapshotKeepRecent: 2,
  snapshotChunkBytes: 10 << 20,
  cometSupervise: false,
  cometBinary: "",
  invariants: false,
  sigVerifyWorkers: -1,
  proposalHoldMs: DEFAULT_PROPOSAL_HOLD_MS,
  warmUpTxs: 4000,
  logLevel: "info",
  logFormat: "",
  logNoColor: false,
};

export function renderAppConfig(c: AppConfig): string {
  return `# blockchaind app configuration (CometBFT's settings are in config.toml beside this file).

# CheckTx refuses txs whose fee is below gas limit x this price (node-local, not consensus).
minimum-gas-prices = ${JSON.stringify(c.minimumGasPrices)}

# Heights whose state is kept, for queries at a height (REST x-cosmos-block-height or
# ?height=, abci_query height, CLI --height) and for \`blockchaind rollback\`:
# default: the last 362880; nothing: every height; everything: the last 2;
# custom: the last pruning-keep-recent (>= 2), deleted every pruning-interval (>= 10) heights.
pruning = ${JSON.stringify(c.pruning)}
pruning-keep-recent = "${c.pruningKeepRecent}"
pruning-interval = "${c.pruningInterval}"

# Blocks CometBFT keeps (Commit retain_height = height - min-retain-blocks); 0 keeps all.
# Keep it above the consensus evidence max_age_num_blocks on validators.
min-retain-blocks = ${c.minRetainBlocks}

# Commit this height, then stop cleanly (coordinated upgrades); 0 never.
halt-height = ${c.haltHeight}

# Check every module's invariants (supply = balances, module accounts = their records, …)
# after each block. Off by default: it reads whole module states every block. A broken
# invariant is logged and the node halts before committing that block (also: \`start --invariants\`).
invariants = ${c.invariants}

# Worker threads that verify the signatures of new txs (CheckTx) while the app thread runs the
# stateful checks in order; answers are the same with any number. 0: verify on the app thread;
# -1: one per core but one (os.availableParallelism() - 1).
sig-verify-workers = ${c.sigVerifyWorkers}

# The node's logs (the flags --log_level, --log_format, --log_no_color win over these).
# log_level: one level (trace, debug, info, warn, error, fatal, none) or per-module levels,
# e.g. "*:info,engine:debug,abci:error" (modules: app, abci, engine, rest, rpc, gov, snapshots, cometbft).
log_level = ${JSON.stringify(c.logLevel)}
# plain: human lines (level, time, module, message, key=value); json: one JSON object a line.
# Empty: plain on a terminal, JSON when stdout is a file or a pipe.
log_format = ${JSON.stringify(c.logFormat)}
# Plain lines without colours (never coloured off a terminal or with NO_COLOR set).
log_no_color = ${c.logNoColor}

[abci]
# Where CometBFT's proxy_app connects.
address = ${JSON.stringify(c.abciAddress)}
# While a block is proposed and voted on (PrepareProposal or ProcessProposal until FinalizeBlock),
# CheckTx calls wait, so CometBFT has the cores for the block; at most this many milliseconds
# (a round that fails). 0: CheckTx never waits.
proposal-hold-ms = ${c.proposalHoldMs}
# Before serving CometBFT, run this many signed transfers through a throwaway chain (its own
# store under data/warm-up, deleted after; ~2 s for 4000), so the first loaded blocks do not run
# on code the JavaScript engine has not yet optimised. Never touches this chain's state. 0: none.
warm-up-txs = ${c.warmUpTxs}

[api]
enable = ${c.apiEnable}
address = ${JSON.stringify(c.apiAddress)}

[explorer]
# Serve the read-only explorer page at /explorer on the REST port ([api] address).
enable = ${c.explorerEnable}

[rpc]
# \`start --dev\` only: its CometBFT JSON-RPC. With CometBFT, config.toml [rpc] laddr applies.
address = ${JSON.stringify(c.rpcAddress)}

[state-sync]
# Take a snapshot of the state at every height that is a multiple of snapshot-interval (0: none),
# for new nodes joining by CometBFT's state sync; keep the last snapshot-keep-recent (0: all).
# Snapshots are written beside the chain (data/snapshots) while blocks go on.
snapshot-interval = ${c.snapshotInterval}
snapshot-keep-recent = ${c.snapshotKeepRecent}
# Chunk size of new snapshots (CometBFT fetches chunks from several peers at once).
snapshot-chunk-bytes = ${c.snapshotChunkBytes}

[comet]
# true: \`blockchaind start\` starts CometBFT (\`cometbft start --home <same home>\`) as its child,
# restarts it when it dies, stops it first on shutdown and logs its lines through its own logger.
# false: run \`cometbft start\` yourself beside it (also: \`start --with-comet\`).
supervise = ${c.cometSupervise}
# Empty: $COMETBFT_BIN, else the repository's .bin/cometbft, else cometbft on PATH.
binary = ${JSON.stringify(c.cometBinary)}
`;
}

export function writeAppConfig(path: string, c: AppConfig): void {
  writeFileSync(path, renderAppConfig(c));
}

/** Missing file or keys take the defaults. */
export function readAppConfig(path: string): AppConfig {
  if (!existsSync(path)) return { ...DEFAULT_APP_CONFIG };
  const t = parseToml(readFileSync(path, "utf8"));
  const top = t[""] ?? {};
  const abci = t.abci ?? {};
  const api = t.api ?? {};
  const rpc = t.rpc ?? {};
  const comet = t.comet ?? {};
  const stateSync = t["state-sync"] ?? {};
  const d = DEFAULT_APP_CONFIG;
  return {
    minimumGasPrices: String(top["minimum-gas-prices"] ?? d.minimumGasPrices),
    pruning: parsePruningStrategy(String(top.pruning ?? d.pruning)),
    pruningKeepRecent: Number(top["pruning-keep-recent"] ?? d.pruningKeepRecent),
    pruningInterval: Number(top["pruning-interval"] ?? d.pruningInterval),
    minRetainBlocks: BigInt((top["min-retain-blocks"] as bigint | undefined) ?? d.minRetainBlocks),
    haltHeight: BigInt((top["halt-height"] as bigint | undefined) ?? d.haltHeight),
    abciAddress: String(abci.address ?? d.abciAddress),
    apiEnable: Boolean(api.enable ?? d.apiEnable),
    apiAddress: String(api.address ?? d.apiAddress),
    explorerEnable: Boolean(t.explorer?.enable ?? d.explorerEnable),
    rpcAddress: String(rpc.address ?? d.rpcAddress),
    snapshotInterval: Number(stateSync["snapshot-interval"] ?? d.snapshotInterval),
    snapshotKeepRecent: Number(stateSync["snapshot-keep-recent"] ?? d.snapshotKeepRecent),
    snapshotChunkBytes: Number(stateSync["snapshot-chunk-bytes"] ?? d.snapshotChunkBytes),
    cometSupervise: Boolean(comet.supervise ?? d.cometSupervise),
    cometBinary: String(comet.binary ?? d.cometBinary),
    invariants: Boolean(top.invariants ?? d.invariants),
    sigVerifyWorkers: Number(top["sig-verify-workers"] ?? d.sigVerifyWorkers),
    proposalHoldMs: millis("proposal-hold-ms", abci["proposal-hold-ms"] ?? d.proposalHoldMs),
    warmUpTxs: count("warm-up-txs", abci["warm-up-txs"] ?? d.warmUpTxs),
    logLevel: String(top.log_level ?? d.logLevel),
    logFormat: String(top.log_format ?? d.logFormat),
    logNoColor: Boolean(top.log_no_color ?? d.logNoColor),
  };
}

function millis(key: string, raw: unknown): number {
  return count(key, raw, "milliseconds");
}

function count(key: string, raw: unknown, unit = ""): number {
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 0)
    throw new Error(`'${key}' must be a whole number${unit ? ` of ${unit}` : ""} (0 or more), got ${String(raw)}`);
  return n;
}
