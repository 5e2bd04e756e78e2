import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEV_CHAIN_ID } from "../../../src/cli/commands/start";
import { saveGenesis } from "../../../src/cli/genesis-file";
import { homePaths } from "../../../src/cli/home";
import { startDevNode, waitForHeight } from "../../integration/cli/dev-node";
import { seedChain } from "./seed/flows";
import { seededGenesis } from "./seed/genesis";
import { seedKeys } from "./seed/keys";
import type { SeededChain } from "./seed/types";

export type { SeededChain, SeededData, SeededModule } from "./seed/types";
export { SEEDED_MODULES } from "./seed/types";
export { SEED } from "./seed/flows";

/**
 * A real `blockchaind start --dev` node with data in every chain module. The home's genesis is
 * written first (`start --dev` keeps an existing one): the dev genesis plus institutions with
 * roles held by keys of the DEV-ONLY faucet mnemonic; then signed txs broadcast to the node
 * create aliases, a case, an asset, parcels, rates, custody, netting, payments, a currency, a
 * treasury, a builder, a validator application, a gov proposal and a constitutional amendment.
 */
export async function startSeededDevChain(opts: { blockIntervalMs?: number } = {}): Promise<SeededChain> {
  const home = mkdtempSync(join(tmpdir(), "seeded-dev-"));
  const keys = await seedKeys();
  const { genesis, registryOffice } = seededGenesis(keys);
  const paths = homePaths(home);
  mkdirSync(paths.config, { recursive: true });
  mkdirSync(paths.data, { recursive: true });
  saveGenesis(paths.genesis, genesis);
  const removeHome = () => {
    if (!process.env.E2E_KEEP) rmSync(home, { recursive: true, force: true });
  };
  const node = await startDevNode(home, opts.blockIntervalMs ?? 200).catch((e: unknown) => {
    removeHome();
    throw e;
  });
  const stop = async () => {
    await node.stop();
    removeHome();
  };
  try {
    // Queries answer from the genesis state once the first block is committed.
    await waitForHeight(node.rpcUrl, 1);
    const data = await seedChain({ rpcUrl: node.rpcUrl, chainId: DEV_CHAIN_ID, keys, registryOffice });
    return { restUrl: node.restUrl, rpcUrl: node.rpcUrl, home, stop, data };
  } catch (e) {
    await stop();
    throw e;
  }
}
