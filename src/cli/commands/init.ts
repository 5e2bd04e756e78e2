import { existsSync, mkdirSync, rmSync } from "node:fs";
import { defaultAppState } from "../../app/genesis";
import { buildModules } from "../../app/modules";
import { readGenesisDoc, type GenesisDoc } from "../../abci/genesis-doc";
import { DEFAULT_APP_CONFIG, writeAppConfig, type AppConfig } from "../app-config";
import { patchCometConfig, runComet, timeoutPatches, type ConsensusTimeouts } from "../comet";
import { defaultConsensusParams, saveGenesis } from "../genesis-file";
import { homePaths } from "../home";
import type { TomlTable } from "../toml";

export interface InitOptions {
  home: string;
  moniker: string;
  chainId: string;
  overwrite?: boolean;
  app?: Partial<AppConfig>;
  timeouts?: Partial<ConsensusTimeouts>;
  /** Extra config.toml settings (localnet ports and peers). */
  comet?: TomlTable;
}

/** CometBFT's defaults except a faster commit; localnet shortens them further. */
export const DEFAULT_TIMEOUTS: ConsensusTimeouts = { propose: "3s", prevote: "1s", precommit: "1s", commit: "1s" };

/**
 * `blockchaind init`: CometBFT's home (keys, config.toml, genesis.json) via `cometbft init`,
 * then our genesis (chain id, consensus params, every module's default app_state; the node's
 * own validator stays as the single genesis validator until collect-gentxs replaces the set)
 * and app.toml.
 */
export function initHome(o: InitOptions): GenesisDoc {
  const paths = homePaths(o.home);
  if (existsSync(paths.genesis) && !o.overwrite) throw new Error(`${paths.genesis} already exists (use --overwrite to replace genesis and config; keys are kept)`);
  mkdirSync(paths.home, { recursive: true });
  if (o.overwrite) {
    // cometbft init keeps existing files; drop the ones we regenerate.
    for (const f of [paths.genesis, paths.cometConfig]) rmSync(f, { force: true });
  }
  runComet(["init", "--home", paths.home]);
  const cometGenesis = readGenesisDoc(paths.genesis);
  const genesis: GenesisDoc = {
    genesis_time: cometGenesis.genesis_time,
    chain_id: o.chainId,
    initial_height: "1",
    consensus_params: defaultConsensusParams(),
    validators: (cometGenesis.validators ?? []).map((v) => ({ ...v, name: o.moniker })),
    app_hash: "",
    app_state: defaultAppState(buildModules().modules),
  };
  saveGenesis(paths.genesis, genesis);
  const app: AppConfig = { ...DEFAULT_APP_CONFIG, ...o.app };
  patchCometConfig(paths.cometConfig, {
    "": { moniker: o.moniker, proxy_app: app.abciAddress },
    tx_index: { indexer: "kv" },
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
