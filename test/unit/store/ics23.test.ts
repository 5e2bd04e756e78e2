import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ClassicLevel } from "classic-level";
import { CommitmentProof } from "cosmjs-types/cosmos/ics23/v1/proofs";
import { afterAll, describe, expect, it } from "vitest";
import { verifyCommitmentProof } from "../../../src/client/commitment-proof";
import { CommitStore } from "../../../src/store/commit-store";
import { sha256 } from "../../../src/store/smt-hash";
import { COMMITMENT_PROOF_OP } from "../../../src/types/commitment-spec";
import { prng, utf } from "./setup";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const op = (key: Uint8Array, proof: CommitmentProof) => [{ type: COMMITMENT_PROOF_OP, key, data: CommitmentProof.encode(proof).finish() }];

describe("ICS-23 commitment proofs of the store", () => {
  it("prove presence and absence of random keys in random trees, and forged neighbours fail", async () => {
    for (const seed of [1, 2, 3]) {
      const dir = mkdtempSync(join(tmpdir(), "ics23-"));
      dirs.push(dir);
      const s = await CommitStore.open(dir, { sync: false });
      const rnd = prng(seed);
      const n = 1 + Math.floor(rnd() * 300);
      const b = s.branch();
      const present: Uint8Array[] = [];
      for (let i = 0; i < n; i++) {
        const k = utf(`key-${seed}-${i}`);
        b.set(k, utf(`v${i}`));
        present.push(k);
      }
      await s.commit(b, 1n);
      const root = s.lastAppHash;
      for (const k of present.slice(0, 40)) {
        const { value, proof } = await s.proveCommitment(k);
        expect(verifyCommitmentProof(root, k, value!, op(k, proof))).toBe(true);
      }
      // Keys sorted by hash: a non-existence proof must use the two adjacent ones.
      const byHash = [...present].sort((x, y) => Buffer.compare(sha256(x), sha256(y)));
      for (let i = 0; i < 40; i++) {
        const absent = utf(`absent-${seed}-${i}`);
        const { value, proof } = await s.proveCommitment(absent);
        expect(value).toBeUndefined();
        expect(verifyCommitmentProof(root, absent, undefined, op(absent, proof))).toBe(true);
        const non = proof.nonexist!;
        const h = sha256(absent);
        const at = byHash.findIndex((k) => Buffer.compare(sha256(k), h) > 0);
        if (non.left && at !== 0) {
          // Replace the left neighbour by the one before it: still a valid existence proof, no longer adjacent.
          const before = byHash[(at === -1 ? byHash.length : at) - 2];
          if (before) {
            const forged = { nonexist: { ...non, left: (await s.proveCommitment(before)).proof.exist } };
            expect(verifyCommitmentProof(root, absent, undefined, op(absent, forged))).toBe(false);
          }
        }
        // Dropping a neighbour claims the key lies beyond an end of the tree: false unless it does.
        if (non.left && non.right) {
          expect(verifyCommitmentProof(root, absent, undefined, op(absent, { nonexist: { ...non, left: undefined } }))).toBe(false);
          expect(verifyCommitmentProof(root, absent, undefined, op(absent, { nonexist: { ...non, right: undefined } }))).toBe(false);
        }
      }
      await s.close();
    }
  });

  it("a store written before the key-hash index gets it at open, and rollback keeps it in step", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ics23-"));
    dirs.push(dir);
    let s = await CommitStore.open(dir, { sync: false });
    const b = s.branch();
    for (let i = 0; i < 50; i++) b.set(utf(`k${i}`), utf(`v${i}`));
    await s.commit(b, 1n);
    await s.close();
    const db = new ClassicLevel<Uint8Array, Uint8Array>(dir, { keyEncoding: "view", valueEncoding: "view" });
    for await (const k of db.keys({ gte: Uint8Array.of(0x68), lt: Uint8Array.of(0x69) })) await db.del(k);
    await db.close();
    s = await CommitStore.open(dir, { sync: false });
    const absent = utf("absent");
    const first = await s.proveCommitment(absent);
    expect(verifyCommitmentProof(s.lastAppHash, absent, undefined, op(absent, first.proof))).toBe(true);
    // A key created at height 2 and rolled back must not linger in the index as a neighbour.
    const c = s.branch();
    c.set(utf("k-new"), utf("x"));
    await s.commit(c, 2n);
    await s.rollback();
    for (let i = 0; i < 20; i++) {
      const k = utf(`absent-${i}`);
      const { proof } = await s.proveCommitment(k);
      expect(verifyCommitmentProof(s.lastAppHash, k, undefined, op(k, proof))).toBe(true);
    }
    expect(await s.keyOfHash(sha256(utf("k-new")))).toBeUndefined();
    expect(Buffer.from((await s.keyOfHash(sha256(utf("k7"))))!).toString()).toBe("k7");
    await s.close();
  });
});
