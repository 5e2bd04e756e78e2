import { existsSync, mkdirSync, rmSync } from "node:fs";
import { addFoundationGroup, checkFoundationSpec, type FoundationSpec } from "../../app/foundation-genesis";
import { defaultAppState } from "../../app/genesis";
import { buildModules } from "../../app/modules";
import { readGenesisDoc, type GenesisDoc } from "../../abci/genesis-doc";
import { DEFAULT_APP_CONFIG, writeAppConfig, type AppConfig } from "../app-config";
import { patchCometConfig, runComet, timeoutPatches, type ConsensusTimeouts } from "../comet";
import { devFoundation } from "../../abci/dev/foundation";
import { defaultConsensusParams, saveGenesis } from "../genesis-file";
import { homePaths } from "../home";
import type { TomlTable } from "../toml";
import { txIndexConfigOf, txIndexPatch, type TxIndexConfig } from "../tx-index-config";

export interface InitOptions {
  home: string;
  moniker: string;
  chainId: string;
  overwrite?: boolean;
  app?: Partial<AppConfig>;
  timeouts?: Partial<ConsensusTimeouts>;
  /** Extra config.toml settings (localnet ports and peers). */
  comet?: TomlTable;
  /** Account addresses of the foundation's custodians (`--foundation-custodians`); the DEV-ONLY ones when left out. */
  foundationCustodians?: string[];
  /** Custodian signatures the foundation's policy requires (`--foundation-threshold`; default a majority). */
  foundationThreshold?: number;
  /** CometBFT's tx index (`--indexer`, `--psql-conn`); kv when left out. */
  txIndex?: TxIndexConfig;
}

/** `--foundation-custodians addr1,addr2,...`: the list, trimmed, empty entries dropped. */
export function parseCustodians(csv: string): string[] {
  return csv
    .split(",")
    .map((a) => a.trim().toLowerCase())
    .filter((a) => a !== "");
}

/** CometBFT's defaults except a faster commit; localnet shortens them further. */
export const DEFAULT_TIMEOUTS: ConsensusTimeouts = { propose: "3s", prevote: "1s", precommit: "1s", commit: "1s" };

/**
 * `blockchaind init`: CometBFT's home (keys, config.toml, genesis.json) via `cometbft init`,
 * then our genesis (chain id, consensus params, every module's default app_state; the node's
 * own validator stays as the single genesis validator until collect-gentxs replaces the set;
 * the foundation's group of custodians, whose policy account is the recovery destination)
 * and app.toml.
 */
export function initHome(o: InitOptions): GenesisDoc {
  const paths = homePaths(o.home);
  if (existsSync(paths.genesis) && !o.overwrite)
    throw new Error(`${paths.genesis} already exists (use --overwrite to replace genesis and config; keys are kept)`);
  const appState = defaultAppState(buildModules().modules) as Record<string, any>;
  const foundation = (createdAt: string): FoundationSpec =>
    o.foundationCustodians ? { custodians: o.foundationCustodians, threshold: o.foundationThreshold, createdAt } : devFoundation(createdAt);
  // Checked before anything is written: a bad custodian list leaves no half-made home.
  checkFoundationSpec(foundation(""));
  const txIndex = txIndexConfigOf(o.txIndex?.indexer, o.txIndex?.psqlConn || undefined);
  mkdirSync(paths.home, { recursive: true });
  if (o.overwrite) {
    // cometbft init keeps existing files; drop the ones we regenerate.
    for (const f of [paths.genesis, paths.cometConfig]) rmSync(f, { force: true });
  }
  runComet(["init", "--home", paths.home]);
  const cometGenesis = readGenesisDoc(paths.genesis);
  addFoundationGroup(appState, foundation(cometGenesis.genesis_time));
  const genesis: GenesisDoc = {
    genesis_time: cometGenesis.genesis_time,
    chain_id: o.chainId,
    initial_height: "1",
    consensus_params: defaultConsensusParams(),
    validators: (cometGenesis.validators ?? []).map((v) => ({ ...v, name: o.moniker })),
    app_hash: "",
    app_state: appState,
  };
  saveGenesis(paths.genesis, genesis);
  const app: AppConfig = { ...DEFAULT_APP_CONFIG, ...o.app };
  patchCometConfig(paths.cometConfig, {
    "": { moniker: o.moniker, proxy_app: app.abciAddress },
    ...txIndexPatch(txIndex),
    ...mergeTables(timeoutPatches({ ...DEFAULT_TIMEOUTS, ...o.timeouts }), o.comet ?? {}),
  });
  writeAppConfig(paths.appConfig, app);
  return genesis;
}

function mergeTables(a: TomlTable, b: TomlTable): TomlTable {
  const out: TomlTable = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = { ...(out[k] ?? {}), ...v };
  return out;
}
