import { createHash } from "node:crypto";
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

/** Independent reference for the tree root: recursive split of the full key set by hash bits. */
export function naiveRoot(entries: Iterable<[Uint8Array, Uint8Array]>): Uint8Array {
  const leaves = [...entries].map(([k, v]) => ({ kh: sha(k), vh: sha(v) }));
  leaves.sort((a, b) => Buffer.compare(a.kh, b.kh));
  const bit = (p: Uint8Array, d: number) => (p[d >> 3]! >> (7 - (d & 7))) & 1;
  const rec = (ls: typeof leaves, d: number): Uint8Array => {
    if (ls.length === 0) return new Uint8Array(32);
    if (ls.length === 1) return sha(Uint8Array.of(0), ls[0]!.kh, ls[0]!.vh);
    const l = ls.filter((x) => bit(x.kh, d) === 0);
    const r = ls.filter((x) => bit(x.kh, d) === 1);
    return sha(Uint8Array.of(1), rec(l, d + 1), rec(r, d + 1));
  };
  return rec(leaves, 0);
}
