import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { CommitmentProof } from "cosmjs-types/cosmos/ics23/v1/proofs";
import type { ResponseQuery } from "cosmjs-types/tendermint/abci/types";
import { verifyCommitmentProof } from "../../src/client/commitment-proof";
import { BankKeeper } from "../../src/modules/bank/keeper";
import { accAddress } from "../../src/types/address";
import { COMMIT_INFO_PROOF_OP, STORE_PROOF_OP } from "../../src/types/commitment-spec";
import { DENOM, pack, TestChain, testKey } from "../helpers/chain";

/** abci_query /store/<store>/key with prove: chained ICS-23 proofs (key in store, store root in app hash) checked by the client verifier. */
describe("commitment proofs", () => {
  let chain: TestChain;
  const alice = testKey("alice");
  const bob = testKey("bob");
  const nobody = testKey("nobody-has-funds");
  /** App hash of each height's state (what the header of the next block carries). */
  const appHashAt = new Map<bigint, Uint8Array>();
  const bank = new BankKeeper({} as ConstructorParameters<typeof BankKeeper>[0]);
  /** The key of `address`'s balance within the bank store (the data of /store/bank/key). */
  const balanceKey = (address: string) => bank.balances.rawKey([accAddress.decode(address), DENOM]).subarray("bank/".length);

  beforeAll(async () => {
    chain = await TestChain.create({ store: { keepRecent: 100 } });
    for (let i = 1; i <= 60; i++) {
      const r = await chain.mustDeliver(alice, [
        pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, {
          fromAddress: alice.address,
          toAddress: bob.address,
          amount: [{ denom: DENOM, amount: String(i) }],
        }),
      ]);
      appHashAt.set(r.height, chain.app.store.lastAppHash);
    }
  }, 120_000);
  afterAll(async () => chain.close());

  const storeQuery = async (key: Uint8Array, height: bigint, prove = true, store = "bank"): Promise<ResponseQuery> =>
    chain.app.query({ path: `/store/${store}/key`, data: key, height, prove });

  it("proves a balance at the latest and at an older height in two ops; a tampered value, another store or root fails", async () => {
    const latest = chain.app.lastHeight;
    const key = balanceKey(bob.address);
    for (const height of [latest, latest - 50n]) {
      const res = await storeQuery(key, height);
      expect(res.code).toBe(0);
      expect(res.height).toBe(height);
      expect(res.value.length).toBeGreaterThan(0);
      const ops = res.proofOps!.ops;
      expect(ops.map((o) => [o.type, Buffer.from(o.key).toString("latin1")])).toEqual([
        [STORE_PROOF_OP, Buffer.from(key).toString("latin1")],
        [COMMIT_INFO_PROOF_OP, "bank"],
      ]);
      expect(verifyCommitmentProof(appHashAt.get(height)!, "bank", key, res.value, ops)).toBe(true);
      const tampered = Uint8Array.from(res.value);
      tampered[tampered.length - 1] ^= 1;
      expect(verifyCommitmentProof(appHashAt.get(height)!, "bank", key, tampered, ops)).toBe(false);
      expect(verifyCommitmentProof(appHashAt.get(height - 1n)!, "bank", key, res.value, ops)).toBe(false);
      expect(verifyCommitmentProof(appHashAt.get(height)!, "auth", key, res.value, ops)).toBe(false);
    }
    const now = await storeQuery(key, latest);
    const then = await storeQuery(key, latest - 50n);
    expect(Buffer.from(now.value).equals(Buffer.from(then.value))).toBe(false);
  });

  it("proves absence through the two neighbours, at the latest and an older height", async () => {
    const latest = chain.app.lastHeight;
    const key = balanceKey(nobody.address);
    for (const height of [latest, latest - 30n]) {
      const res = await storeQuery(key, height);
      expect(res.code).toBe(0);
      expect(res.value.length).toBe(0);
      const ops = res.proofOps!.ops;
      const non = CommitmentProof.decode(ops[0]!.data).nonexist!;
      expect(non.left ?? non.right).toBeDefined();
      expect(verifyCommitmentProof(appHashAt.get(height)!, "bank", key, undefined, ops)).toBe(true);
      // Absence does not pass as presence, nor for another key, nor against another root.
      expect(verifyCommitmentProof(appHashAt.get(height)!, "bank", key, new Uint8Array([1]), ops)).toBe(false);
      const bobKey = balanceKey(bob.address);
      expect(verifyCommitmentProof(appHashAt.get(height)!, "bank", bobKey, undefined, [{ ...ops[0]!, key: bobKey }, ops[1]!])).toBe(false);
      expect(verifyCommitmentProof(appHashAt.get(height - 1n)!, "bank", key, undefined, ops)).toBe(false);
    }
  });

  it("answers without a proof when none is asked, and refuses unknown stores and proofs at height 1", async () => {
    const plain = await storeQuery(balanceKey(bob.address), 0n, false);
    expect(plain.code).toBe(0);
    expect(plain.proofOps).toBeUndefined();
    const unknown = await chain.app.query({ path: "/store/nosuch/key", data: new Uint8Array([1]), height: 0n, prove: true });
    expect([unknown.codespace, unknown.code]).toEqual(["sdk", 6]);
    const early = await storeQuery(balanceKey(bob.address), 1n);
    expect([early.codespace, early.code]).toEqual(["sdk", 18]);
    expect(early.log).toContain("cannot query with proof when height <= 1");
  });
});
