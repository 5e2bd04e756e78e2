import { existsSync } from "node:fs";
import { App } from "../../app/app";
import { buildModules } from "../../app/modules";
import { QueryParamsResponse } from "cosmjs-types/cosmos/consensus/v1/query";
import { consensusParamsToGenesis, formatRfc3339 } from "../../abci/genesis-doc";
import { silentLogger } from "../../types/logger";
import { readAppConfig } from "../app-config";
import { storePruning } from "../pruning";
import { runComet } from "../comet";
import { loadGenesis } from "../genesis-file";
import { homePaths } from "../home";
import type { GenesisDoc } from "../../abci/genesis-doc";

async function openStopped(home: string): Promise<App> {
  const paths = homePaths(home);
  if (!existsSync(paths.appData)) throw new Error(`no app state at ${paths.appData}`);
  try {
    return await App.open({
      dataDir: paths.appData,
      modules: buildModules(),
      logger: silentLogger,
      store: storePruning(readAppConfig(paths.appConfig)),
    });
  } catch (e) {
    throw new Error(`cannot open ${paths.appData} (is the node still running? stop it first): ${(e as Error).message}`, { cause: e });
  }
}

export interface RollbackResult {
  height: bigint;
  appHash: string;
  comet?: string;
}

/**
 * `blockchaind rollback`: the app's state goes back one height (its undo log). With `comet`,
 * CometBFT's state goes back too (`cometbft rollback`), so on restart CometBFT replays the
 * rolled-back block through the fixed app.
 */
export async function rollbackCmd(home: string, comet: boolean): Promise<RollbackResult> {
  const app = await openStopped(home);
  try {
    // Checked first so CometBFT is never rolled back alone.
    if (!app.store.rollbackHeights.includes(app.lastHeight))
      throw new Error(`height ${app.lastHeight} has no undo information; cannot roll back`);
    const cometOut = comet ? runComet(["rollback", "--home", homePaths(home).home]).trim() : undefined;
    const info = await app.store.rollback();
    return { height: info.height, appHash: Buffer.from(info.appHash).toString("hex").toUpperCase(), comet: cometOut };
  } finally {
    await app.close();
  }
}

function currentConsensusParams(app: App): Record<string, unknown> | undefined {
  const res = app.query({ path: "/cosmos.consensus.v1.Query/Params", data: new Uint8Array(), height: 0n, prove: false });
  const params = res.code === 0 ? QueryParamsResponse.decode(res.value).params : undefined;
  return params ? consensusParamsToGenesis(params) : undefined;
}

/** `blockchaind export`: a genesis document whose app_state is the committed state. */
export async function exportCmd(home: string): Promise<GenesisDoc> {
  const paths = homePaths(home);
  const base = loadGenesis(paths.genesis);
  const app = await openStopped(home);
  try {
    return {
      genesis_time: formatRfc3339(app.queryContext().time),
      chain_id: app.chainId || base.chain_id,
      initial_height: (app.lastHeight + 1n).toString(),
      // The params in force (governance may have changed them), else the home's genesis ones.
      consensus_params: currentConsensusParams(app) ?? base.consensus_params,
      validators: base.validators,
      app_hash: "",
      app_state: app.exportAppState(),
    };
  } finally {
    await app.close();
  }
}
