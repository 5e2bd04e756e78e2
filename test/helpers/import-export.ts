import type * as abci from "cosmjs-types/tendermint/abci/types";
import type { App } from "../../src/app/app";
import { buildModules } from "../../src/app/modules";
import { initChainRequest } from "../../src/abci/genesis-doc";
import type { TestChain } from "./chain";
import { freshApp } from "./fresh-app";
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
    private readonly closeApp: () => Promise<void>,
    /** App hash of the imported genesis. */
    readonly initAppHash: string,
  ) {}

  static async of(chain: TestChain): Promise<ImportedFollower> {
    const { app, close } = await freshApp("import-follower-", buildModules({ extraModules: [createTestGovModule()] }));
    const height = chain.height;
    const lastTime = (await chain.engine.blocks.block(height))!.time!;
    const init = app.initChain({
      ...initChainRequest({ ...chain.genesis, initial_height: String(height + 1n), app_state: chain.app.exportAppState() }),
      time: lastTime,
    });
    return new ImportedFollower(app, close, hex(init.appHash));
  }

  /** Executes the chain's block at `height`; returns its tx codes and whether the app hash matches the chain's. */
  async follow(chain: TestChain, height: bigint): Promise<{ codes: number[]; sameAppHash: boolean }> {
    const block = (await chain.engine.blocks.block(height))! as abci.RequestFinalizeBlock;
    const res = this.app.finalizeBlock(block);
    await this.app.commit({});
    return {
      codes: res.txResults.map((r) => r.code),
      sameAppHash: hex(res.appHash) === hex((await chain.engine.blocks.results(height))!.appHash),
    };
  }

  close(): Promise<void> {
    return this.closeApp();
  }
}
