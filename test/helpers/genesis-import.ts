import { initChainRequest, type GenesisDoc } from "../../src/abci/genesis-doc";
import { buildModules } from "../../src/app/modules";
import { freshApp } from "./fresh-app";
import { createTestGovModule } from "./test-gov";

/**
 * InitChain of a fresh app (its own temporary directory, removed afterwards) from `doc`: the
 * genesis app hash, and the state InitChain imported exported again — read from the
 * uncommitted genesis branch, so no block runs between import and export. Throws what
 * InitChain throws for a genesis it refuses. The round-trip check of every module's genesis:
 * export → import → export is a fixed point with the exporting chain's app hash.
 */
export async function importGenesis(doc: GenesisDoc): Promise<{ appHash: string; exported: Record<string, any> }> {
  const { app, close } = await freshApp("genesis-import-", buildModules({ extraModules: [createTestGovModule()] }));
  try {
    const init = app.initChain(initChainRequest(doc));
    return { appHash: Buffer.from(init.appHash).toString("hex"), exported: app.exportGenesisState() as Record<string, any> };
  } finally {
    await close();
  }
}
