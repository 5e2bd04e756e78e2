import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CommitmentProof } from "cosmjs-types/cosmos/ics23/v1/proofs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerStoreQuery } from "../../../src/app/store-query";
import { verifyCommitmentProof } from "../../../src/client/commitment-proof";
import { CommitStore } from "../../../src/store/commit-store";

const utf = (s: string) => new TextEncoder().encode(s);

/** answerStoreQuery on a bare store: a store with keys, and one the app names that has none. */
describe("answerStoreQuery", () => {
  let dir: string;
  let store: CommitStore;
  const appHashAt = new Map<bigint, Uint8Array>();
  const names = new Set(["bank", "empty"]);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "store-query-"));
    store = await CommitStore.open(dir, { sync: false, stores: [...names] });
    for (let h = 1n; h <= 3n; h++) {
      const b = store.branch();
      for (let i = 0; i < 20; i++) b.set(utf(`bank/k${i * 2}`), utf(`v${i}-${h}`));
      await store.commit(b, h);
      appHashAt.set(h, store.lastAppHash);
    }
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const ask = (store_: string, key: Uint8Array) =>
    answerStoreQuery(store, undefined, names, { path: `/store/${store_}/key`, data: key, height: 3n, prove: true }, 3n);

  it("proves a present and an absent key of a store with keys", () => {
    const present = ask("bank", utf("k4"));
    expect(Buffer.from(present.value).toString()).toBe("v2-3");
    expect(verifyCommitmentProof(appHashAt.get(3n)!, "bank", utf("k4"), present.value, present.proofOps!.ops)).toBe(true);
    expect(verifyCommitmentProof(appHashAt.get(2n)!, "bank", utf("k4"), present.value, present.proofOps!.ops)).toBe(false);
    const absent = ask("bank", utf("k5"));
    expect(absent.value.length).toBe(0);
    expect(verifyCommitmentProof(appHashAt.get(3n)!, "bank", utf("k5"), undefined, absent.proofOps!.ops)).toBe(true);
  });

  it("proves absence in a store without keys by its empty root, which holds for no other store", () => {
    const res = ask("empty", utf("k4"));
    const ops = res.proofOps!.ops;
    expect(CommitmentProof.decode(ops[0]!.data).nonexist).toEqual({ key: utf("k4"), left: undefined, right: undefined });
    expect(verifyCommitmentProof(appHashAt.get(3n)!, "empty", utf("k4"), undefined, ops)).toBe(true);
    expect(verifyCommitmentProof(appHashAt.get(3n)!, "empty", utf("k5"), undefined, ops)).toBe(false);
    const bankRoot = ask("bank", utf("k5")).proofOps!.ops[1]!;
    expect(verifyCommitmentProof(appHashAt.get(3n)!, "bank", utf("k4"), undefined, [ops[0]!, bankRoot])).toBe(false);
  });
});
