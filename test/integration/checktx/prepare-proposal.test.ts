import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { CheckTxType } from "cosmjs-types/tendermint/abci/types";
import { TestChain, pack, testKey, DENOM } from "../../helpers/chain";

describe("PrepareProposal proposes only what ProcessProposal accepts", () => {
  let chain: TestChain;
  const alice = testKey("alice");
  const bob = testKey("bob");
  const carol = testKey("carol");
  const send = (from: string, amount: string) =>
    pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, { fromAddress: from, toAddress: bob.address, amount: [{ denom: DENOM, amount }] });

  beforeAll(async () => {
    chain = await TestChain.create();
  });
  afterAll(async () => chain.close());

  function propose(txs: Uint8Array[], maxTxBytes = 1_000_000n) {
    return chain.app.prepareProposal({
      txs,
      maxTxBytes,
      height: chain.height + 1n,
      time: { seconds: 1_767_400_000n, nanos: 0 },
      localLastCommit: { round: 0, votes: [] },
      misbehavior: [],
      nextValidatorsHash: new Uint8Array(32),
      proposerAddress: new Uint8Array(20),
    }).txs;
  }

  it("keeps txs that pass the ante chain on the proposal branch, in order; leaves out the others", () => {
    const a = chain.account(alice.address)!.sequence;
    const c = chain.account(carol.address)!.sequence;
    const checked = [0n, 1n, 2n].map((i) => chain.sign(alice, [send(alice.address, "1")], { sequence: a + i }));
    for (const tx of checked) expect(chain.app.checkTx({ tx, type: CheckTxType.NEW }).code).toBe(0);
    expect(propose(checked)).toEqual(checked);

    // Never checked here: carol's next tx is proposed after its ante passes, a stale one is left out.
    const fresh = chain.sign(carol, [send(carol.address, "1")], { sequence: c });
    const stale = chain.sign(carol, [send(carol.address, "1")], { sequence: c + 7n });
    expect(propose([...checked, stale, fresh])).toEqual([...checked, fresh]);
    // A gap in a signer's sequences (its previous tx left out) leaves its later txs out too.
    expect(propose([checked[0], checked[2]])).toEqual([checked[0]]);
  });

  it("stops at max_tx_bytes, skipping a tx that does not fit for a smaller one that does", async () => {
    await chain.produceBlocks(1); // a fresh check state: the txs above were only checked
    const a = chain.account(alice.address)!.sequence;
    const small = chain.sign(alice, [send(alice.address, "1")], { sequence: a });
    const big = chain.sign(alice, [send(alice.address, "1")], { sequence: a + 1n, memo: "x".repeat(200) });
    // Another signer: alice's next tx would follow the one left out, and fail its sequence.
    const small2 = chain.sign(carol, [send(carol.address, "2")], { sequence: chain.account(carol.address)!.sequence });
    for (const tx of [small, big, small2]) expect(chain.app.checkTx({ tx, type: CheckTxType.NEW }).code).toBe(0);
    expect(propose([small, big, small2], BigInt(small.length + small2.length + 10))).toEqual([small, small2]);
  });
});
