import { concat } from "./bytes";
import type { KVStore } from "./types";

/**
 * Smallest key greater than every key starting with `prefix`, i.e. the exclusive upper
 * bound of the prefix range; undefined when no such key exists (empty or all-0xff prefix).
 */
export function prefixEnd(prefix: Uint8Array): Uint8Array | undefined {
  const end = Uint8Array.from(prefix);
  for (let i = end.length - 1; i >= 0; i--) {
    if (end[i] !== 0xff) {
      end[i]++;
      return end.slice(0, i + 1);
    }
  }
  return undefined;
}

/** A view of `parent` restricted to keys under `prefix`, with the prefix stripped. */
export function prefixStore(parent: KVStore, prefix: Uint8Array): KVStore {
  const p = Uint8Array.from(prefix);
  const full = (key: Uint8Array) => concat(p, key);
  return {
    get: (key) => parent.get(full(key)),
    has: (key) => parent.has(full(key)),
    set: (key, value) => parent.set(full(key), value),
    delete: (key) => parent.delete(full(key)),
    *iterator(start, end, reverse = false) {
      const lo = start === undefined ? p : full(start);
      const hi = end === undefined ? prefixEnd(p) : full(end);
      for (const [k, v] of parent.iterator(lo, hi, reverse)) yield [k.subarray(p.length), v];
    },
  };
}
