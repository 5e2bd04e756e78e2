import { createHash } from "node:crypto";
import { commitInfoHash } from "../../../src/store/commit-info";
import type { KVStore } from "../../../src/store/types";
export { prng } from "../../helpers/prng";

export const bin = (b: Uint8Array) => Buffer.from(b).toString("latin1");
export const unbin = (s: string) => new Uint8Array(Buffer.from(s, "latin1"));
export const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
export const utf = (s: string) => new TextEncoder().encode(s);

/** Plain sorted-array store used as the bottom layer in tests. */
export class MemKV implements KVStore {
  readonly data = new Map<string, Uint8Array>();
  get(k: Uint8Array) {
    return this.data.get(bin(k));
  }
  has(k: Uint8Array) {
    return this.data.has(bin(k));
  }
  set(k: Uint8Array, v: Uint8Array) {
    this.data.set(bin(k), v);
  }
  delete(k: Uint8Array) {
    this.data.delete(bin(k));
  }
  *iterator(start?: Uint8Array, end?: Uint8Array, reverse = false): IterableIterator<[Uint8Array, Uint8Array]> {
    const s = start && bin(start);
    const e = end && bin(end);
    const keys = [...this.data.keys()].filter((k) => (s === undefined || k >= s) && (e === undefined || k < e)).sort();
    if (reverse) keys.reverse();
    for (const k of keys) {
      const v = this.data.get(k);
      if (v !== undefined) yield [unbin(k), v];
    }
  }
}

const sha = (...parts: Uint8Array[]) => {
  const h = createHash("sha256");
  for (const p of parts) h.update(p);
  return new Uint8Array(h.digest());
};

const uvarint = (n: number): number[] => {
  const out: number[] = [];
  for (; n >= 0x80; n = Math.floor(n / 128)) out.push((n % 128) | 0x80);
  out.push(n);
  return out;
};

/** A key's bits as the tries order them: per byte a 1 then its 8 bits, a final 0. */
const keyBits = (k: Uint8Array): string => [...k].map((b) => "1" + b.toString(2).padStart(8, "0")).join("") + "0";

interface NaiveNode {
  hash: Uint8Array;
  height: number;
  size: number;
}

/**
 * Independent reference for one store's root: the key set split recursively at the first bit
 * where its keys differ (no one-child nodes), IAVL hashing with version 0; sha256 of nothing
 * when empty.
 */
export function naiveStoreRoot(entries: Iterable<[Uint8Array, Uint8Array]>): Uint8Array {
  const leaves = [...entries].map(([k, v]) => ({ bits: keyBits(k), k, v }));
  if (leaves.length === 0) return sha();
  const rec = (ls: typeof leaves): NaiveNode => {
    if (ls.length === 1) {
      const { k, v } = ls[0]!;
      return { hash: sha(Uint8Array.of(0, 2, 0, ...uvarint(k.length)), k, Uint8Array.of(32), sha(v)), height: 0, size: 1 };
    }
    let d = 0;
    while (ls.every((l) => l.bits[d] === ls[0]!.bits[d])) d++;
    const l = rec(ls.filter((x) => x.bits[d] === "0"));
    const r = rec(ls.filter((x) => x.bits[d] === "1"));
    const height = 1 + Math.max(l.height, r.height);
    const size = l.size + r.size;
    const header = Uint8Array.of(...uvarint(2 * height), ...uvarint(2 * size), 0, 32);
    return { hash: sha(header, l.hash, Uint8Array.of(32), r.hash), height, size };
  };
  return rec(leaves).hash;
}

/**
 * Independent reference for the app hash: state keys grouped by store (the part before the
 * first "/"), each store's naive root, the commit info over them and over `stores` (named
 * even when empty).
 */
export function naiveAppHash(entries: Iterable<[Uint8Array, Uint8Array]>, stores: readonly string[] = []): Uint8Array {
  const byStore = new Map<string, Array<[Uint8Array, Uint8Array]>>(stores.map((s) => [s, []]));
  for (const [k, v] of entries) {
    const slash = k.indexOf(0x2f);
    const name = Buffer.from(k.subarray(0, slash)).toString("latin1");
    if (!byStore.has(name)) byStore.set(name, []);
    byStore.get(name)!.push([k.subarray(slash + 1), v]);
  }
  return commitInfoHash([...byStore].map(([name, es]) => ({ name, root: naiveStoreRoot(es) })));
}
