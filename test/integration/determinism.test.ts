import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MsgMultiSend, MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { App } from "../../src/app/app";
import { buildModules } from "../../src/app/modules";
import { createTestGovModule } from "../helpers/test-gov";
import { initChainRequest } from "../../src/abci/genesis-doc";
import { silentLogger } from "../../src/types/logger";
import { TestChain, pack, testKey, DENOM } from "../helpers/chain";
import { Prng } from "../helpers/prng";

describe("determinism", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it("two apps fed the same blocks produce the same app hash at every height", async () => {
    const chain = await TestChain.create();
    const keys = ["alice", "bob", "carol"].map(testKey);
    const rng = new Prng(42);
    const nextSeq = new Map(keys.map((k) => [k.address, chain.account(k.address)!.sequence]));
    let delivered = 0;
    for (let block = 0; block < 12; block++) {
      // Several txs per block, some of them failing, to cover fees, sequences and reverted branches.
      for (let t = 0; t < 4; t++) {
        const from = keys[rng.int(3)];
        const to = testKey(`fresh-${rng.int(20)}`).address;
        const amount = rng.int(5) === 0 ? "999999999999999999" : String(1 + rng.int(100_000));
        const msg =
          rng.int(3) === 0
            ? pack("/cosmos.bank.v1beta1.MsgMultiSend", MsgMultiSend, {
                inputs: [{ address: from.address, coins: [{ denom: DENOM, amount: "10" }] }],
                outputs: [{ address: to, coins: [{ denom: DENOM, amount: "10" }] }],
              })
            : pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, {
                fromAddress: from.address,
                toAddress: to,
                amount: [{ denom: DENOM, amount }],
              });
        const tx = chain.sign(from, [msg], { sequence: nextSeq.get(from.address)! });
        if ((await chain.engine.broadcastTxSync(tx)).code === 0) {
          nextSeq.set(from.address, nextSeq.get(from.address)! + 1n);
          delivered++;
        }
      }
      await chain.produceBlocks(1);
    }
    const finalHeight = chain.height;
    expect(delivered).toBeGreaterThan(30);

    const dir = mkdtempSync(join(tmpdir(), "replica-"));
    dirs.push(dir);
    const replica = await App.open({
      dataDir: dir,
      modules: buildModules({ extraModules: [createTestGovModule()] }),
      logger: silentLogger,
    });
    let failures = 0;
    const init = replica.initChain(initChainRequest(chain.genesis));
    expect(init.appHash.length).toBe(32);
    for (let h = 1n; h <= finalHeight; h++) {
      const block = (await chain.engine.blocks.block(h))!;
      const expected = (await chain.engine.blocks.results(h))!;
      const got = replica.finalizeBlock(block);
      expect(Buffer.from(got.appHash).toString("hex"), `app hash at height ${h}`).toBe(Buffer.from(expected.appHash).toString("hex"));
      expect(got.txResults.map((r) => [r.code, r.gasUsed])).toEqual(expected.txResults.map((r) => [r.code, r.gasUsed]));
      failures += got.txResults.filter((r) => r.code !== 0).length;
      await replica.commit({});
    }
    expect(replica.lastHeight).toBe(finalHeight);
    expect(failures).toBeGreaterThan(0);
    expect(Buffer.from(replica.store.lastAppHash)).toEqual(Buffer.from(chain.app.store.lastAppHash));
    await replica.close();
    await chain.close();
  });
});
