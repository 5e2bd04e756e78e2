import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type * as abci from "cosmjs-types/tendermint/abci/types";
import { App } from "../../src/app/app";
import { buildModules } from "../../src/app/modules";
import { initChainRequest } from "../../src/abci/genesis-doc";
import { silentLogger } from "../../src/types/logger";
import type { TestChain } from "./chain";
import { createTestGovModule } from "./test-gov";

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");

/**
 * A fresh app that imports the chain's export at the next height (as `blockchaind export` and a
 * new genesis would), and follows the chain's later blocks: what the simulation's
 * export/import check does, for regression tests of state a genesis failed to carry.
 */
export class ImportedFollower {
  private constructor(
    readonly app: App,
    private readonly dir: string,
    /** App hash of the imported genesis. */
    readonly initAppHash: string,
  ) {}

  static async of(chain: TestChain): Promise<ImportedFollower> {
    const dir = mkdtempSync(join(tmpdir(), "import-follower-"));
    const app = await App.open({ dataDir: dir, modules: buildModules({ extraModules: [createTestGovModule()] }), logger: silentLogger });
    const height = chain.height;
    const lastTime = (await chain.engine.blocks.block(height))!.time!;
    const init = app.initChain({ ...initChainRequest({ ...chain.genesis, initial_height: String(height + 1n), app_state: chain.app.exportAppState() }), time: lastTime });
    return new ImportedFollower(app, dir, hex(init.appHash));
  }

  /** Executes the chain's block at `height`; returns its tx codes and whether the app hash matches the chain's. */
  async follow(chain: TestChain, height: bigint): Promise<{ codes: number[]; sameAppHash: boolean }> {
    const block = (await chain.engine.blocks.block(height))! as abci.RequestFinalizeBlock;
    const res = this.app.finalizeBlock(block);
    await this.app.commit({});
    return { codes: res.txResults.map((r) => r.code), sameAppHash: hex(res.appHash) === hex((await chain.engine.blocks.results(height))!.appHash) };
  }

  async close(): Promise<void> {
    await this.app.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
