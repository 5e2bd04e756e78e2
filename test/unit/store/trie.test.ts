import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { toBin } from "../../../src/store/bytes";
import { StoreTries, type TrieState } from "../../../src/store/store-tries";
import { LeafKeys } from "../../../src/store/leaf-keys";
import { bitAt, EQUAL } from "../../../src/store/trie-bits";
import { bin, hex, naiveAppHash, prng, unbin, utf } from "./setup";

type Model = Map<string, Uint8Array>;
const sha = (v: Uint8Array) => new Uint8Array(createHash("sha256").update(v).digest());

/** Random binary keys over a few stores, short and sharing prefixes so that keys extend others. */
function randomKey(rnd: () => number): string {
  const store = ["bank", "ibc", "s"][Math.floor(rnd() * 3)]!;
  const len = Math.floor(rnd() * 4);
  const alphabet = [0x00, 0x01, 0x61, 0x62, 0x7f, 0x80, 0xff];
  let k = store + "/";
  for (let i = 0; i < len; i++) k += String.fromCharCode(alphabet[Math.floor(rnd() * alphabet.length)]!);
  return k;
}

function changesOf(batch: Map<string, Uint8Array | undefined>) {
  return [...batch].sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, v]) => ({ key, valueHash: v && sha(v) }));
}

const expected = (m: Model, stores: readonly string[] = []) =>
  hex(
    naiveAppHash(
      [...m].map(([k, v]) => [unbin(k), v]),
      stores,
    ),
  );

describe("store tries", () => {
  it("key bits order keys by raw bytes, a key before its extensions", () => {
    const keys = ["", "\x00", "\x00\x00", "\x01", "a", "a\x00", "ab", "b", "\xff", "\xff\xff"].map((k) => "s/" + k);
    const packed = new LeafKeys();
    for (let i = 0; i + 1 < keys.length; i++) {
      const [a, b] = [keys[i]!, keys[i + 1]!];
      packed.set(0, a);
      const d = packed.critBit(0, b, 2);
      expect(d).toBeGreaterThanOrEqual(0);
      expect([bitAt(a, 2, d), bitAt(b, 2, d), packed.bitAt(0, 2, d)]).toEqual([0, 1, 0]);
      for (let p = 0; p < d; p++) expect(bitAt(a, 2, p)).toBe(bitAt(b, 2, p));
      expect(Math.sign(packed.compare(0, b))).toBe(-1);
      packed.release(0);
    }
    packed.set(0, "s/ab");
    expect(packed.critBit(0, "s/ab", 2)).toBe(EQUAL);
  });

  it("roots equal a naive recomputation after random batches, whatever the batching, and nodes are exactly accounted", () => {
    for (const seed of [1, 2, 3, 4]) {
      const rnd = prng(seed);
      const tries = new StoreTries(["empty"]);
      let state: TrieState = tries.builder([]).finish();
      const model: Model = new Map();
      for (let round = 0; round < 40; round++) {
        const batch = new Map<string, Uint8Array | undefined>();
        const n = 1 + Math.floor(rnd() * 30);
        for (let i = 0; i < n; i++) batch.set(randomKey(rnd), rnd() < 0.3 ? undefined : utf(`v${round}-${i}`));
        // A computed update that is discarded leaves nothing behind.
        const before = tries.arena.size;
        tries.discard(tries.apply(state, changesOf(new Map([...batch].map(([k]) => [k, utf("x")])))));
        expect(tries.arena.size).toBe(before);
        const up = tries.apply(state, changesOf(batch));
        tries.settle(up);
        state = up;
        for (const [k, v] of batch) {
          if (v === undefined) model.delete(k);
          else model.set(k, v);
        }
        expect(hex(tries.appHash(state))).toBe(expected(model, ["empty"]));
        // n keys in a store: n leaves and n - 1 inner nodes, nothing else alive.
        const stores = new Set([...model.keys()].map((k) => k.slice(0, k.indexOf("/"))));
        expect(tries.arena.size).toBe(2 * model.size - stores.size);
      }
      // One batch of everything, in a fresh arena, gives the same root.
      const fresh = new StoreTries(["empty"]);
      const once = fresh.apply(fresh.builder([]).finish(), changesOf(new Map(model)));
      expect(hex(fresh.appHash(once))).toBe(hex(tries.appHash(state)));
      // And so does the bulk build the store runs at open.
      const built = new StoreTries(["empty"]);
      const b = built.builder(["empty"]);
      for (const { key, valueHash } of changesOf(new Map(model))) b.add(key, valueHash!);
      expect(hex(built.appHash(b.finish()))).toBe(hex(tries.appHash(state)));
    }
  });

  it("a rewrite with the same value keeps the committed leaf; deleting absent keys changes nothing", () => {
    const tries = new StoreTries([]);
    const up = tries.apply(
      tries.builder([]).finish(),
      changesOf(
        new Map([
          ["s/a", utf("1")],
          ["s/b", utf("2")],
        ]),
      ),
    );
    tries.settle(up);
    const again = tries.apply(
      up,
      changesOf(
        new Map([
          ["s/a", utf("1")],
          ["s/zz", undefined],
          ["other/x", undefined],
        ]),
      ),
    );
    expect(again.created).toEqual([]);
    expect(again.retired).toEqual([]);
    expect([...again.roots.keys()]).toEqual(["s"]);
    expect(again.roots.get("s")).toBe(up.roots.get("s"));
  });

  it("builds and updates a trie as deep as its keys allow without exhausting the stack", () => {
    // Keys leaving 0xff…ff at each of its bits in turn (the end-of-key bit too): every bit of a
    // 700-byte key is a node of one path, the deepest a trie over such keys can be (9 × length + 1).
    const bytes = 700;
    const keys = ["deep/" + "\xff".repeat(bytes)];
    for (let i = 0; i < bytes; i++) {
      keys.push("deep/" + "\xff".repeat(i));
      for (let j = 0; j < 8; j++) keys.push("deep/" + "\xff".repeat(i) + String.fromCharCode(0xff ^ (0x80 >> j)));
    }
    keys.sort();
    const depth = keys.length;
    expect(depth).toBe(9 * bytes + 1);
    const bulk = new StoreTries([]);
    const b = bulk.builder([]);
    for (const k of keys) b.add(k, sha(utf("v")));
    const built = b.finish();
    expect(bulk.arena.height(built.roots.get("deep")!)).toBe(depth - 1);
    // The same keys in three batches, the deepest last, walk the whole path.
    const stepwise = new StoreTries([]);
    let state: TrieState = stepwise.builder([]).finish();
    for (const part of [keys.filter((_, i) => i % 3 === 0), keys.filter((_, i) => i % 3 === 1), keys.filter((_, i) => i % 3 === 2)]) {
      const up = stepwise.apply(state, changesOf(new Map(part.map((k) => [k, utf("v")]))));
      stepwise.settle(up);
      state = up;
    }
    expect(hex(stepwise.appHash(state))).toBe(hex(bulk.appHash(built)));
    // A shorter chain checked against the naive recomputation.
    const model: Model = new Map(keys.filter((k) => k.length < 5 + 20).map((k) => [k, utf("v")]));
    const small = new StoreTries([]);
    expect(hex(small.appHash(small.apply(small.builder([]).finish(), changesOf(new Map(model)))))).toBe(expected(model));
  });

  it("refuses keys without a store and unsorted changes", () => {
    const tries = new StoreTries([]);
    const empty = tries.builder([]).finish();
    expect(() => tries.apply(empty, [{ key: "nostore", valueHash: sha(utf("1")) }])).toThrow(/no "<store>\/" prefix/);
    expect(() =>
      tries.apply(empty, [
        { key: "s/b", valueHash: sha(utf("1")) },
        { key: "s/a", valueHash: sha(utf("1")) },
      ]),
    ).toThrow(/sorted/);
    expect(() => new StoreTries(["a/b"])).toThrow(/invalid store name/);
    expect(bin(unbin(toBin(utf("x"))))).toBe("x");
  });
});
