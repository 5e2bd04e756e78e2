import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { NodeArena, NONE } from "../../../src/store/node-arena";
import { EMPTY_HASH } from "../../../src/store/smt-hash";
import { provePath, verifyExistence, verifyNonExistence } from "../../../src/store/smt-proof";
import { applyChanges, discardUpdate, rootHash, settleUpdate, type TreeChange } from "../../../src/store/smt";
import { PAGE_DEPTH, pageKey, writeTreeUpdate } from "../../../src/store/tree-records";
import { hex, naiveRoot, prng, utf } from "./setup";

const sha = (b: Uint8Array) => new Uint8Array(createHash("sha256").update(b).digest());

function changesOf(kv: Array<[Uint8Array, Uint8Array | undefined]>): TreeChange[] {
  const changes: TreeChange[] = kv.map(([k, v]) => ({ keyHash: sha(k), valueHash: v && sha(v) }));
  return changes.sort((a, b) => Buffer.compare(a.keyHash, b.keyHash));
}

/** A tree and its committed root, updated and settled like the commit store does. */
class Tree {
  readonly arena = new NodeArena();
  root = NONE;
  /** The tree records as a batch would leave them: position key (hex) -> encoding (hex). */
  readonly records = new Map<string, string>();

  apply(kv: Array<[Uint8Array, Uint8Array | undefined]>): void {
    const up = applyChanges(this.arena, this.root, changesOf(kv));
    writeTreeUpdate(
      {
        put: (k, v) => this.records.set(hex(k), hex(v)),
        del: (k) => this.records.delete(hex(k)),
      },
      0x74,
      this.arena,
      up,
    );
    settleUpdate(this.arena, up);
    this.root = up.root;
  }

  get hash(): string {
    return hex(rootHash(this.arena, this.root));
  }

  /** Nodes reachable from the root, with their positions. */
  reachable(): Array<{ node: number; depth: number; path: Uint8Array }> {
    const out: Array<{ node: number; depth: number; path: Uint8Array }> = [];
    const walk = (node: number, depth: number, path: Uint8Array) => {
      if (node === NONE) return;
      expect(this.arena.depth(node)).toBe(depth);
      out.push({ node, depth, path });
      if (this.arena.isLeaf(node)) {
        // A leaf sits on its own key's path.
        expect(hex(pageKey(0x74, depth & ~7, this.arena.keyHashOf(node)))).toBe(hex(pageKey(0x74, depth & ~7, path)));
        return;
      }
      const left = Uint8Array.from(path);
      const right = Uint8Array.from(path);
      right[depth >> 3]! |= 0x80 >> (depth & 7);
      walk(this.arena.left(node), depth + 1, left);
      walk(this.arena.right(node), depth + 1, right);
    };
    walk(this.root, 0, new Uint8Array(32));
    return out;
  }
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
    const t = new Tree();
    t.apply([]);
    expect(t.hash).toBe(hex(EMPTY_HASH));
    t.apply([[utf("a"), utf("1")]]);
    const leaf = createHash("sha256")
      .update(Uint8Array.of(0))
      .update(sha(utf("a")))
      .update(sha(utf("1")))
      .digest();
    expect(t.hash).toBe(leaf.toString("hex"));
  });

  it("equals a naive full recomputation, independent of batching and order", () => {
    for (const [seed, n] of [
      [1, 2],
      [2, 3],
      [3, 17],
      [4, 300],
    ] as const) {
      const state = randomState(seed, n);
      const want = hex(naiveRoot(asBytes(state)));
      const all = new Tree();
      all.apply(asBytes(state));
      expect(all.hash).toBe(want);
      // One key at a time in reverse insertion order.
      const single = new Tree();
      for (const kv of asBytes(state).reverse()) single.apply([kv]);
      expect(single.hash).toBe(want);
      // Random batch sizes.
      const rnd = prng(seed + 100);
      const entries = asBytes(state);
      const batched = new Tree();
      for (let i = 0; i < entries.length;) {
        const size = 1 + Math.floor(rnd() * 40);
        batched.apply(entries.slice(i, i + size));
        i += size;
      }
      expect(batched.hash).toBe(want);
      // The same tree has the same records, however it was built.
      expect([...single.records].sort()).toEqual([...all.records].sort());
      expect([...batched.records].sort()).toEqual([...all.records].sort());
    }
  });

  it("tracks random updates and deletes without leaking nodes; records are exactly the live positions", () => {
    const rnd = prng(7);
    const state = new Map<string, string>();
    const t = new Tree();
    for (let round = 0; round < 40; round++) {
      const batch = new Map<string, string | undefined>();
      for (let i = 0; i < 20; i++) {
        const k = "k" + Math.floor(rnd() * 150);
        batch.set(k, rnd() < 0.35 ? undefined : "v" + round + "-" + i);
      }
      t.apply([...batch].map(([k, v]) => [utf(k), v === undefined ? undefined : utf(v)]));
      for (const [k, v] of batch) {
        if (v === undefined) state.delete(k);
        else state.set(k, v);
      }
      expect(t.hash).toBe(hex(naiveRoot(asBytes(state))));
      const live = t.reachable();
      expect(t.arena.size).toBe(live.length);
      // One page per group of PAGE_DEPTH levels that holds live nodes, nothing else.
      expect(new Set(t.records.keys())).toEqual(new Set(live.map((l) => hex(pageKey(0x74, l.depth - (l.depth % PAGE_DEPTH), l.path)))));
    }
    t.apply([...state.keys()].map((k) => [utf(k), undefined]));
    expect(t.root).toBe(NONE);
    expect(t.hash).toBe(hex(EMPTY_HASH));
    expect(t.arena.size).toBe(0);
    expect(t.records.size).toBe(0);
  });

  it("leaves the committed tree intact when an update is discarded", () => {
    const t = new Tree();
    t.apply(asBytes(randomState(9, 64)));
    const before = t.hash;
    const nodes = t.arena.size;
    const up = applyChanges(
      t.arena,
      t.root,
      changesOf([
        [utf("new"), utf("x")],
        [utf(randomState(9, 64).keys().next().value!), undefined],
      ]),
    );
    expect(hex(rootHash(t.arena, up.root))).not.toBe(before);
    expect(up.created.length).toBeGreaterThan(0);
    discardUpdate(t.arena, up);
    expect(t.arena.size).toBe(nodes);
    expect(t.hash).toBe(before);
    expect(t.reachable().length).toBe(nodes);
    // Same value again: nothing changes.
    const [k, v] = asBytes(randomState(9, 64))[0]!;
    const same = applyChanges(t.arena, t.root, changesOf([[k, v]]));
    expect(same.root).toBe(t.root);
    expect(same.created.length + same.retired.length + same.vacated.length).toBe(0);
  });

  it("proves existence and non-existence; tampered proofs fail", () => {
    const state = randomState(11, 200);
    const t = new Tree();
    t.apply(asBytes(state));
    const rh = rootHash(t.arena, t.root);
    for (const [k, v] of asBytes(state).slice(0, 50)) {
      const p = provePath(t.arena, t.root, sha(k));
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
      const p = provePath(t.arena, t.root, sha(k));
      if (p.leaf) sawLeaf = true;
      else sawEmpty = true;
      expect(verifyNonExistence(rh, k, p)).toBe(true);
      expect(verifyExistence(rh, k, utf("x"), p)).toBe(false);
      expect(verifyNonExistence(sha(rh), k, p)).toBe(false);
    }
    expect(sawLeaf).toBe(true);
    // A sparse tree sends most absent keys to empty subtrees.
    const small = new Tree();
    small.apply(asBytes(randomState(12, 2)));
    for (let i = 0; i < 20 && !sawEmpty; i++) {
      const k = utf("gap" + i);
      const p = provePath(small.arena, small.root, sha(k));
      if (!p.leaf) {
        sawEmpty = true;
        expect(verifyNonExistence(rootHash(small.arena, small.root), k, p)).toBe(true);
      }
    }
    expect(sawEmpty).toBe(true);
    const empty = provePath(new NodeArena(), NONE, sha(utf("x")));
    expect(verifyNonExistence(EMPTY_HASH, utf("x"), empty)).toBe(true);
  });
});
