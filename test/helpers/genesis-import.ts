import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { initChainRequest, type GenesisDoc } from "../../src/abci/genesis-doc";
import { App } from "../../src/app/app";
import { exportAppState } from "../../src/app/genesis";
import { buildModules } from "../../src/app/modules";
import type { Branch } from "../../src/store/types";
import { Context } from "../../src/types/context";
import { silentLogger } from "../../src/types/logger";

/**
 * InitChain of a fresh app (its own temporary directory, removed afterwards) from `doc`: the
 * genesis app hash, and the state InitChain imported exported again — read from the
 * uncommitted genesis branch, so no block runs between import and export. Throws what
 * InitChain throws for a genesis it refuses. The round-trip check of every module's genesis:
 * export → import → export is a fixed point with the exporting chain's app hash.
 */
export async function importGenesis(doc: GenesisDoc): Promise<{ appHash: string; exported: Record<string, any> }> {
  const dir = mkdtempSync(join(tmpdir(), "genesis-import-"));
  const app = await App.open({ dataDir: join(dir, "app"), modules: buildModules(), logger: silentLogger });
  try {
    const init = app.initChain(initChainRequest(doc));
    const branch = (app as unknown as { genesisBranch: Branch }).genesisBranch;
    const ctx = Context.create(branch, { height: 0n, time: { seconds: 0n, nanos: 0 }, chainId: "", proposer: new Uint8Array() }, "query", silentLogger);
    return { appHash: Buffer.from(init.appHash).toString("hex"), exported: exportAppState(ctx, app.modules.initGenesisOrder) as Record<string, any> };
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
