import { describe, expect, it } from "vitest";
import { BranchStore } from "../../../src/store/branch";
import {
  boolKey,
  bytesKey,
  int64Key,
  pairKey,
  protoValue,
  stringKey,
  stringValue,
  tripleKey,
  uint32Key,
  uint64Key,
  uint64Value,
} from "../../../src/store/codecs";
import { Schema } from "../../../src/store/collections";
import { multiIndex, uniqueIndex } from "../../../src/store/indexed-map";
import { PaginationError } from "../../../src/store/pagination";
import { hex, MemKV } from "./setup";

const ctx = () => ({ store: new BranchStore(new MemKV()) });

describe("key codecs", () => {
  it("preserve order and round-trip", () => {
    const ints = [-(1n << 63n), -5n, -1n, 0n, 1n, 7n, (1n << 63n) - 1n];
    const enc = ints.map((i) => hex(int64Key.encode(i)));
    expect([...enc].sort()).toEqual(enc);
    for (const i of ints) expect(int64Key.decode(int64Key.encode(i))).toBe(i);
    expect(hex(uint64Key.encode(258n))).toBe("0000000000000102");
    expect(() => uint64Key.encode(-1n)).toThrow();
    expect(uint32Key.decode(uint32Key.encode(0xfffffffe))).toBe(0xfffffffe);
    expect(boolKey.decode(boolKey.encode(true))).toBe(true);
    const p = pairKey(stringKey, uint64Key);
    expect(p.decode(p.encode(["ab", 3n]))).toEqual(["ab", 3n]);
    // NUL termination keeps "a" entries before "ab" entries regardless of the second part.
    expect(Buffer.compare(p.encode(["a", (1n << 64n) - 1n]), p.encode(["ab", 0n]))).toBeLessThan(0);
    expect(() => p.encode(["a\0b", 1n])).toThrow();
    const t = tripleKey(bytesKey, stringKey, int64Key);
    const k: [Uint8Array, string, bigint] = [Uint8Array.of(1, 2), "x", -3n];
    expect(t.decode(t.encode(k))).toEqual(k);
    expect(hex(t.prefix2(Uint8Array.of(1, 2), "x"))).toBe("0201027800");
  });
});

describe("collections", () => {
  it("rejects duplicate prefix bytes and names within a schema", () => {
    const s = new Schema("bank/");
    s.map(1, "balances", stringKey, uint64Value);
    expect(() => s.map(1, "other", stringKey, uint64Value)).toThrow(/already used/);
    expect(() => s.item(2, "balances", uint64Value)).toThrow(/twice/);
    expect(() => s.item(256, "x", uint64Value)).toThrow();
  });

  it("map get/has/set/remove and composite-key prefix iteration", () => {
    const s = new Schema("bank/");
    const key = pairKey(stringKey, stringKey);
    const balances = s.map(1, "balances", key, uint64Value);
    const c = ctx();
    balances.set(c, ["alice", "uyml"], 5n);
    balances.set(c, ["alice", "atom"], 2n);
    balances.set(c, ["al", "zzz"], 9n);
    balances.set(c, ["bob", "uyml"], 1n);
    expect(balances.get(c, ["alice", "uyml"])).toBe(5n);
    expect(balances.has(c, ["alice", "x"])).toBe(false);
    expect([...balances.iterate(c, { prefix: key.prefix("alice") })]).toEqual([
      [["alice", "atom"], 2n],
      [["alice", "uyml"], 5n],
    ]);
    expect([...balances.iterate(c, { prefix: key.prefix("al"), reverse: true })]).toEqual([[["al", "zzz"], 9n]]);
    expect([...balances.keys(c, { start: ["alice", "b"], end: ["bob", "uyml"] })]).toEqual([["alice", "uyml"]]);
    balances.remove(c, ["alice", "uyml"]);
    expect(balances.get(c, ["alice", "uyml"])).toBeUndefined();
    // Keys live under schema prefix + collection byte.
    expect([...c.store.iterator()][0]![0].subarray(0, 6)).toEqual(new Uint8Array([...Buffer.from("bank/"), 1]));
  });

  it("items with defaults, sequences and key sets", () => {
    const s = new Schema(Uint8Array.of(9));
    const name = s.item(1, "name", stringValue, "none");
    const raw = s.item(2, "raw", stringValue);
    const seq = s.sequence(3, "ids");
    const set = s.keySet(4, "members", uint64Key);
    const c = ctx();
    expect(name.get(c)).toBe("none");
    expect(raw.get(c)).toBeUndefined();
    name.set(c, "x");
    expect(name.get(c)).toBe("x");
    name.remove(c);
    expect(name.has(c)).toBe(false);
    expect(seq.peek(c)).toBe(1n);
    expect(seq.next(c)).toBe(1n);
    expect(seq.next(c)).toBe(2n);
    expect(seq.peek(c)).toBe(3n);
    seq.set(c, 10n);
    expect(seq.next(c)).toBe(10n);
    set.set(c, 3n);
    set.set(c, 1n);
    expect([...set.iterate(c)]).toEqual([1n, 3n]);
    expect(set.has(c, 2n)).toBe(false);
  });

  it("indexed map keeps multi and unique indexes in step", () => {
    interface Lock {
      owner: string;
      beneficiary: string;
      ref: string;
    }
    const json = {
      encode: (m: Lock) => ({ finish: () => new TextEncoder().encode(`${m.owner}|${m.beneficiary}|${m.ref}`) }),
      decode: (b: Uint8Array) => {
        const [owner, beneficiary, ref] = new TextDecoder().decode(b).split("|");
        return { owner: owner!, beneficiary: beneficiary!, ref: ref! };
      },
    };
    const s = new Schema("lock/");
    const locks = s.indexedMap(1, "locks", uint64Key, protoValue(json), {
      byBeneficiary: multiIndex(2, stringKey, (_id: bigint, l: Lock) => l.beneficiary),
      byRef: uniqueIndex(3, stringKey, (_id: bigint, l: Lock) => l.ref || undefined),
    });
    const c = ctx();
    locks.set(c, 1n, { owner: "a", beneficiary: "bob", ref: "r1" });
    locks.set(c, 2n, { owner: "a", beneficiary: "bob", ref: "" });
    locks.set(c, 3n, { owner: "a", beneficiary: "carol", ref: "r3" });
    expect([...locks.indexes.byBeneficiary.iterate(c, "bob")]).toEqual([1n, 2n]);
    expect(locks.indexes.byRef.get(c, "r3")).toBe(3n);
    expect(() => locks.set(c, 4n, { owner: "a", beneficiary: "x", ref: "r1" })).toThrow(/unique/);
    expect(locks.has(c, 4n)).toBe(false);
    locks.set(c, 1n, { owner: "a", beneficiary: "carol", ref: "r1" });
    expect([...locks.indexes.byBeneficiary.iterate(c, "bob")]).toEqual([2n]);
    expect([...locks.indexes.byBeneficiary.iterate(c, "carol")]).toEqual([1n, 3n]);
    locks.remove(c, 3n);
    expect(locks.indexes.byRef.get(c, "r3")).toBeUndefined();
    expect([...locks.indexes.byBeneficiary.iterate(c, "carol")]).toEqual([1n]);
    expect(locks.indexes.byBeneficiary.paginate(c, "carol", { limit: 1n, countTotal: true }).total).toBe(1n);
  });
});

describe("pagination", () => {
  const setup = () => {
    const s = new Schema("p/");
    const m = s.map(1, "m", uint64Key, uint64Value);
    const c = ctx();
    for (let i = 1n; i <= 10n; i++) m.set(c, i, i * 10n);
    return { m, c };
  };
  const ids = (items: Array<[bigint, bigint]>) => items.map(([k]) => k);

  it("offset mode with totals and next keys", () => {
    const { m, c } = setup();
    let p = m.paginate(c, { offset: 2n, limit: 3n, countTotal: true });
    expect(ids(p.items)).toEqual([3n, 4n, 5n]);
    expect(p.nextKey).toEqual(uint64Key.encode(6n));
    expect(p.total).toBe(10n);
    p = m.paginate(c, { offset: 8n, limit: 5n });
    expect(ids(p.items)).toEqual([9n, 10n]);
    expect(p.nextKey.length).toBe(0);
    expect(p.total).toBe(0n);
    p = m.paginate(c, { offset: 20n, limit: 5n, countTotal: true });
    expect(p.items).toEqual([]);
    expect(p.total).toBe(10n);
    // No limit: default page and a counted total, as in the SDK.
    p = m.paginate(c, {});
    expect(p.items.length).toBe(10);
    expect(p.total).toBe(10n);
    p = m.paginate(c, { limit: 10n });
    expect(p.nextKey.length).toBe(0);
    p = m.paginate(c, { limit: 2n, reverse: true });
    expect(ids(p.items)).toEqual([10n, 9n]);
    expect(p.nextKey).toEqual(uint64Key.encode(8n));
  });

  it("key mode walks the whole set forward and backward without gaps", () => {
    const { m, c } = setup();
    for (const reverse of [false, true]) {
      const seen: bigint[] = [];
      let key: Uint8Array | undefined;
      for (let guard = 0; guard < 10; guard++) {
        const p = m.paginate(c, { key, limit: 3n, reverse, countTotal: true });
        seen.push(...ids(p.items));
        // Totals are counted only in offset mode (the first page, which has no key).
        expect(p.total).toBe(key === undefined ? 10n : 0n);
        if (p.nextKey.length === 0) break;
        key = p.nextKey;
      }
      const all = [1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n, 10n];
      expect(seen).toEqual(reverse ? all.reverse() : all);
    }
  });

  it("rejects key and offset together; filters before counting", () => {
    const { m, c } = setup();
    expect(() => m.paginate(c, { key: uint64Key.encode(2n), offset: 1n })).toThrow(PaginationError);
    const p = m.paginate(c, { limit: 2n, offset: 1n, countTotal: true }, { filter: (k) => k % 2n === 0n });
    expect(ids(p.items)).toEqual([4n, 6n]);
    expect(p.nextKey).toEqual(uint64Key.encode(8n));
    expect(p.total).toBe(5n);
  });

  it("paginates within a composite-key prefix", () => {
    const s = new Schema("q/");
    const key = pairKey(stringKey, uint64Key);
    const m = s.map(1, "m", key, uint64Value);
    const c = ctx();
    for (const owner of ["a", "ab", "b"]) for (let i = 1n; i <= 4n; i++) m.set(c, [owner, i], i);
    const p = m.paginate(c, { limit: 3n, countTotal: true, offset: 0n }, { prefix: key.prefix("a") });
    expect(p.items.map(([k]) => k)).toEqual([
      ["a", 1n],
      ["a", 2n],
      ["a", 3n],
    ]);
    expect(p.total).toBe(4n);
    const p2 = m.paginate(c, { key: p.nextKey, limit: 3n }, { prefix: key.prefix("a") });
    expect(p2.items.map(([k]) => k)).toEqual([["a", 4n]]);
    expect(p2.nextKey.length).toBe(0);
  });
});
