import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { CheckTxType } from "cosmjs-types/tendermint/abci/types";
import { TestChain, pack, testKey, DENOM } from "../helpers/chain";
import { Prng } from "../helpers/prng";

describe("bad input never crashes the node", () => {
  let chain: TestChain;
  const alice = testKey("alice");
  const bob = testKey("bob");

  beforeAll(async () => {
    chain = await TestChain.create();
  });
  afterAll(async () => chain.close());

  it("thousands of random and mutated txs get SDK error codes while blocks keep coming", async () => {
    const rng = new Prng(0xc0ffee);
    const valid = chain.sign(alice, [
      pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, {
        fromAddress: alice.address,
        toAddress: bob.address,
        amount: [{ denom: DENOM, amount: "1" }],
      }),
    ]);
    const codes = new Map<string, number>();
    const heightBefore = chain.height;
    for (let i = 0; i < 4000; i++) {
      let tx: Uint8Array;
      const kind = i % 4;
      if (kind === 0) tx = rng.bytes(rng.int(300));
      else {
        tx = Uint8Array.from(valid);
        const flips = 1 + rng.int(kind === 3 ? 40 : 4);
        for (let f = 0; f < flips; f++) tx[rng.int(tx.length)] = rng.nextU32() & 0xff;
        if (kind === 2) tx = tx.subarray(0, rng.int(tx.length));
      }
      const res = chain.app.checkTx({ tx, type: i % 7 === 0 ? CheckTxType.RECHECK : CheckTxType.NEW });
      const key = `${res.codespace}/${res.code}`;
      codes.set(key, (codes.get(key) ?? 0) + 1);
      // Every refusal is a registered SDK-style error, never the panic code.
      expect(res.code === 0 || res.codespace !== "undefined", `tx ${i}: ${res.log}`).toBe(true);
      if (i % 500 === 0) {
        // Throw some of the same garbage at the mempool and into a block as a byzantine proposer would.
        await chain.engine.broadcastTxSync(tx);
        await chain.produceBlocks(1);
      }
    }
    expect(codes.get("sdk/2")).toBeGreaterThan(100);
    expect(chain.height).toBeGreaterThan(heightBefore + 5n);

    // The node still executes a valid tx afterwards.
    const res = await chain.deliver(alice, [
      pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, {
        fromAddress: alice.address,
        toAddress: bob.address,
        amount: [{ denom: DENOM, amount: "5" }],
      }),
    ]);
    expect(res.code).toBe(0);

    // Garbage inside a block, as a byzantine proposer would send it: ProcessProposal rejects it,
    // and if it were decided anyway FinalizeBlock yields error results instead of halting.
    const garbage = [rng.bytes(50), new Uint8Array(), Uint8Array.from(valid).subarray(0, 20)];
    const block = {
      txs: garbage,
      misbehavior: [],
      hash: new Uint8Array(32),
      height: chain.height + 1n,
      time: { seconds: 1_900_000_000n, nanos: 0 },
      nextValidatorsHash: new Uint8Array(32),
      proposerAddress: new Uint8Array(20),
    };
    expect(chain.app.processProposal({ ...block, proposedLastCommit: { round: 0, votes: [] } }).status).toBe(2);
    const fin = chain.app.finalizeBlock({ ...block, decidedLastCommit: { round: 0, votes: [] } });
    expect(fin.txResults.length).toBe(3);
    expect(fin.txResults.every((r) => r.code === 2 || r.code === 18)).toBe(true);
    await chain.app.commit({});
    expect(chain.app.lastHeight).toBe(block.height);
  });
});
