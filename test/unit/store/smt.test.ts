import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { EMPTY_HASH, type Ref } from "../../../src/store/smt-node.js";
import { provePath, verifyExistence, verifyNonExistence } from "../../../src/store/smt-proof.js";
import { applyChanges, type NodeSource, rootHash, type TreeChange } from "../../../src/store/smt.js";
import { hex, naiveRoot, prng, utf } from "./helpers.js";

// Nodes in these tests are never persisted, so every ref carries its node.
const noDisk: NodeSource = {
  load: () => {
    throw new Error("unexpected disk read");
  },
};
const sha = (b: Uint8Array) => new Uint8Array(createHash("sha256").update(b).digest());

function apply(root: Ref | null, kv: Array<[Uint8Array, Uint8Array | undefined]>): Ref | null {
  const changes: TreeChange[] = kv.map(([k, v]) => ({ keyHash: sha(k), valueHash: v && sha(v) }));
  changes.sort((a, b) => Buffer.compare(a.keyHash, b.keyHash));
  return applyChanges(noDisk, root, changes).root;
}

function randomState(seed: number, n: number): Map<string, string> {
  const rnd = prng(seed);
  const m = new Map<string, string>();
  for (let i = 0; i < n; i++) m.set("key" + Math.floor(rnd() * 1e9), "val" + Math.floor(rnd() * 1e9));
  return m;
}

const asBytes = (m: Map<string, string>) => [...m].map(([k, v]) => [utf(k), utf(v)] as [Uint8Array, Uint8Array]);

describe("sparse Merkle tree", () => {
  it("has the zero root when empty and a leaf hash root with one key", () => {
    expect(hex(rootHash(apply(null, [])))).toBe(hex(EMPTY_HASH));
    const r = apply(null, [[utf("a"), utf("1")]]);
    const leaf = createHash("sha256").update(Uint8Array.of(0)).update(sha(utf("a"))).update(sha(utf("1"))).digest();
    expect(hex(rootHash(r))).toBe(leaf.toString("hex"));
  });

  it("equals a naive full recomputation, independent of batching and order", () => {
    for (const [seed, n] of [[1, 2], [2, 3], [3, 17], [4, 300]] as const) {
      const state = randomState(seed, n);
      const want = hex(naiveRoot(asBytes(state)));
      expect(hex(rootHash(apply(null, asBytes(state))))).toBe(want);
      // One key at a time in reverse insertion order.
      let root: Ref | null = null;
      for (const kv of asBytes(state).reverse()) root = apply(root, [kv]);
      expect(hex(rootHash(root))).toBe(want);
      // Random batch sizes.
      const rnd = prng(seed + 100);
      const all = asBytes(state);
      root = null;
      for (let i = 0; i < all.length; ) {
        const size = 1 + Math.floor(rnd() * 40);
        root = apply(root, all.slice(i, i + size));
        i += size;
      }
      expect(hex(rootHash(root))).toBe(want);
    }
  });

  it("tracks random updates and deletes, and deleting everything gives the zero root", () => {
    const rnd = prng(7);
    const state = new Map<string, string>();
    let root: Ref | null = null;
    for (let round = 0; round < 30; round++) {
      const batch = new Map<string, string | undefined>();
      for (let i = 0; i < 20; i++) {
        const k = "k" + Math.floor(rnd() * 150);
        batch.set(k, rnd() < 0.35 ? undefined : "v" + round + "-" + i);
      }
      root = apply(root, [...batch].map(([k, v]) => [utf(k), v === undefined ? undefined : utf(v)]));
      for (const [k, v] of batch) v === undefined ? state.delete(k) : state.set(k, v);
      expect(hex(rootHash(root))).toBe(hex(naiveRoot(asBytes(state))));
    }
    root = apply(root, [...state.keys()].map((k) => [utf(k), undefined]));
    expect(root).toBeNull();
    expect(hex(rootHash(root))).toBe(hex(EMPTY_HASH));
  });

  it("reports created and orphaned nodes for a persisted-style update", () => {
    const state = randomState(9, 64);
    const first = applyChanges(noDisk, null, asBytes(state).map(([k, v]) => ({ keyHash: sha(k), valueHash: sha(v) })).sort((a, b) => Buffer.compare(a.keyHash, b.keyHash)));
    // Leaves + inner nodes of a tree with n leaves: at least 2n-1 nodes.
    expect(first.created.length).toBeGreaterThanOrEqual(2 * 64 - 1);
    expect(first.orphaned.length).toBe(0);
    // Same value again: nothing changes.
    const [k, v] = asBytes(state)[0]!;
    const same = applyChanges(noDisk, first.root, [{ keyHash: sha(k), valueHash: sha(v) }]);
    expect(same.root).toBe(first.root);
    expect(same.created.length).toBe(0);
  });

  it("proves existence and non-existence; tampered proofs fail", () => {
    const state = randomState(11, 200);
    const root = apply(null, asBytes(state));
    const rh = rootHash(root);
    for (const [k, v] of asBytes(state).slice(0, 50)) {
      const p = provePath(noDisk, root, sha(k));
      expect(verifyExistence(rh, k, v, p)).toBe(true);
      expect(verifyNonExistence(rh, k, p)).toBe(false);
      expect(verifyExistence(rh, k, utf("other"), p)).toBe(false);
      if (p.siblings.length > 0) {
        const bad = { ...p, siblings: p.siblings.map((s, i) => (i === p.siblings.length - 1 ? sha(s) : s)) };
        expect(verifyExistence(rh, k, v, bad)).toBe(false);
      }
    }
    let sawLeaf = false;
    let sawEmpty = false;
    for (let i = 0; i < 100; i++) {
      const k = utf("absent" + i);
      const p = provePath(noDisk, root, sha(k));
      if (p.leaf) sawLeaf = true;
      else sawEmpty = true;
      expect(verifyNonExistence(rh, k, p)).toBe(true);
      expect(verifyExistence(rh, k, utf("x"), p)).toBe(false);
      expect(verifyNonExistence(sha(rh), k, p)).toBe(false);
    }
    expect(sawLeaf).toBe(true);
    // A sparse tree sends most absent keys to empty subtrees.
    const small = apply(null, asBytes(randomState(12, 2)));
    for (let i = 0; i < 20 && !sawEmpty; i++) {
      const k = utf("gap" + i);
      const p = provePath(noDisk, small, sha(k));
      if (!p.leaf) {
        sawEmpty = true;
        expect(verifyNonExistence(rootHash(small), k, p)).toBe(true);
      }
    }
    expect(sawEmpty).toBe(true);
    const empty = provePath(noDisk, null, sha(utf("x")));
    expect(verifyNonExistence(EMPTY_HASH, utf("x"), empty)).toBe(true);
  });
});
