import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { CheckTxType } from "cosmjs-types/tendermint/abci/types";
import { TestChain, pack, testKey, DENOM } from "../../helpers/chain";
import { sigVerifications } from "../../../src/app/tx/sigverify";

describe("RECHECK: only what a block can change, no signature, no decoding", () => {
  let chain: TestChain;
  const alice = testKey("alice");
  const bob = testKey("bob");
  const send = (amount: string) =>
    pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, {
      fromAddress: alice.address,
      toAddress: bob.address,
      amount: [{ denom: DENOM, amount }],
    });

  beforeAll(async () => {
    chain = await TestChain.create();
  });
  afterAll(async () => chain.close());

  it("answers as the first CheckTx did, verifying and decoding nothing again; sequence still checked", async () => {
    const seq = chain.account(alice.address)!.sequence;
    const tx1 = chain.sign(alice, [send("1")], { sequence: seq });
    const tx2 = chain.sign(alice, [send("2")], { sequence: seq + 1n });
    const before = sigVerifications.count;
    const new1 = chain.app.checkTx({ tx: tx1, type: CheckTxType.NEW });
    const new2 = chain.app.checkTx({ tx: tx2, type: CheckTxType.NEW });
    expect([new1.code, new2.code]).toEqual([0, 0]);
    expect(sigVerifications.count - before).toBe(2);

    // A block commits (none of these txs in it): the check state restarts from committed state.
    await chain.produceBlocks(1);
    const decodes = vi.spyOn(chain.app.router, "msgDef");
    const verified = sigVerifications.count;
    expect(chain.app.checkTx({ tx: tx1, type: CheckTxType.RECHECK })).toEqual(new1);
    expect(chain.app.checkTx({ tx: tx2, type: CheckTxType.RECHECK })).toEqual(new2);
    expect(sigVerifications.count).toBe(verified);
    expect(decodes).not.toHaveBeenCalled();

    // Run again without a block between: both sequences are spent in the check state.
    const again = chain.app.checkTx({ tx: tx1, type: CheckTxType.RECHECK });
    expect(again.code).toBe(32);
    expect(again.log).toMatch(/account sequence mismatch/);
    // Dropped: its decoding left the cache, so a later recheck of the same bytes decodes again.
    chain.app.checkTx({ tx: tx1, type: CheckTxType.RECHECK });
    expect(decodes).toHaveBeenCalledTimes(1);
    expect(sigVerifications.count).toBe(verified);
    decodes.mockRestore();
  });

  it("a drained fee payer fails its recheck", async () => {
    const carol = testKey("carol");
    const balance = chain.balance(carol.address);
    const seq = chain.account(carol.address)!.sequence;
    const fee = [{ denom: DENOM, amount: "5000" }];
    const pay = chain.sign(
      carol,
      [
        pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, {
          fromAddress: carol.address,
          toAddress: bob.address,
          amount: [{ denom: DENOM, amount: "1" }],
        }),
      ],
      { sequence: seq + 1n, fee },
    );
    // The first tx (sequence seq) empties carol's account in a block; `pay` was checked before.
    const drain = chain.sign(
      carol,
      [
        pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, {
          fromAddress: carol.address,
          toAddress: bob.address,
          amount: [{ denom: DENOM, amount: String(balance - 5000n) }],
        }),
      ],
      { sequence: seq, fee },
    );
    expect(chain.app.checkTx({ tx: drain, type: CheckTxType.NEW }).code).toBe(0);
    expect(chain.app.checkTx({ tx: pay, type: CheckTxType.NEW }).code).toBe(0);
    await chain.produceBlocks(1);
    expect((await chain.deliverRaw(drain)).code).toBe(0);
    const res = chain.app.checkTx({ tx: pay, type: CheckTxType.RECHECK });
    expect(res.code).toBe(5);
    expect(res.log).toMatch(/insufficient funds/);
  });
});
