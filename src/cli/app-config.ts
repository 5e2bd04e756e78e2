import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { parseToml } from "./toml";

/** The app's own settings (config/app.toml), the counterpart of the Cosmos SDK's app.toml. */
export interface AppConfig {
  minimumGasPrices: string;
  /** Heights of undo information kept, i.e. how far `blockchaind rollback` can go back. */
  pruningKeepRecent: number;
  /** Blocks CometBFT must keep (Commit retain_height = height - this); 0 keeps every block. */
  minRetainBlocks: bigint;
  /** Stop cleanly after committing this height; 0 never. */
  haltHeight: bigint;
  abciAddress: string;
  apiEnable: boolean;
  apiAddress: string;
  /** `start --dev` only: its CometBFT-compatible JSON-RPC (with CometBFT, config.toml [rpc] laddr rules). */
  rpcAddress: string;
  /** `start` runs CometBFT as its child (restarted when it dies) instead of beside it. */
  cometSupervise: boolean;
  /** CometBFT binary for the supervised mode; empty: $COMETBFT_BIN, .bin/cometbft, then PATH. */
  cometBinary: string;
  /** Check every module's invariants after each block; a break is logged and halts the node. */
  invariants: boolean;
}

export const DEFAULT_APP_CONFIG: AppConfig = {
  minimumGasPrices: "0uyml",
  pruningKeepRecent: 100,
  minRetainBlocks: 0n,
  haltHeight: 0n,
  abciAddress: "tcp://127.0.0.1:26658",
  apiEnable: true,
  apiAddress: "tcp://127.0.0.1:1317",
  rpcAddress: "tcp://127.0.0.1:26657",
  cometSupervise: false,
  cometBinary: "",
  invariants: false,
};

export function renderAppConfig(c: AppConfig): string {
  return `# blockchaind app configuration (CometBFT's settings are in config.toml beside this file).

# CheckTx refuses txs whose fee is below gas limit x this price (node-local, not consensus).
minimum-gas-prices = ${JSON.stringify(c.minimumGasPrices)}

# Heights of undo information kept; \`blockchaind rollback\` can go back at most this far.
# The store keeps only the latest state, so older heights cost nothing beyond this.
pruning-keep-recent = ${c.pruningKeepRecent}

# Blocks CometBFT keeps (Commit retain_height = height - min-retain-blocks); 0 keeps all.
# Keep it above the consensus evidence max_age_num_blocks on validators.
min-retain-blocks = ${c.minRetainBlocks}

# Commit this height, then stop cleanly (coordinated upgrades); 0 never.
halt-height = ${c.haltHeight}

# Check every module's invariants (supply = balances, module accounts = their records, …)
# after each block. Off by default: it reads whole module states every block. A broken
# invariant is logged and the node halts before committing that block (also: \`start --invariants\`).
invariants = ${c.invariants}

[abci]
# Where CometBFT's proxy_app connects.
address = ${JSON.stringify(c.abciAddress)}

[api]
enable = ${c.apiEnable}
address = ${JSON.stringify(c.apiAddress)}

[rpc]
# \`start --dev\` only: its CometBFT JSON-RPC. With CometBFT, config.toml [rpc] laddr applies.
address = ${JSON.stringify(c.rpcAddress)}

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
  const d = DEFAULT_APP_CONFIG;
  return {
    minimumGasPrices: String(top["minimum-gas-prices"] ?? d.minimumGasPrices),
    pruningKeepRecent: Number(top["pruning-keep-recent"] ?? d.pruningKeepRecent),
    minRetainBlocks: BigInt(top["min-retain-blocks"] as bigint | undefined ?? d.minRetainBlocks),
    haltHeight: BigInt(top["halt-height"] as bigint | undefined ?? d.haltHeight),
    abciAddress: String(abci.address ?? d.abciAddress),
    apiEnable: Boolean(api.enable ?? d.apiEnable),
    apiAddress: String(api.address ?? d.apiAddress),
    rpcAddress: String(rpc.address ?? d.rpcAddress),
    cometSupervise: Boolean(comet.supervise ?? d.cometSupervise),
    cometBinary: String(comet.binary ?? d.cometBinary),
    invariants: Boolean(top.invariants ?? d.invariants),
  };
}
