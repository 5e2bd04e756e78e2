import { concat, concatAll, readU64be, u64be } from "./bytes";
import { HASH_LEN } from "./hash";

/**
 * Key layout of the single LevelDB behind the commit store. One byte of namespace keeps
 * each kind of record in its own contiguous range, so a range scan never mixes them.
 */
export const NS = {
  state: 0x73, // 's' key -> value, the flat latest state
  valueHash: 0x76, // 'v' key -> sha256(value), for every key of the state: the tries are rebuilt from it at open
  undo: 0x75, // 'u' height -> previous commit record and previous value of each changed key
  meta: 0x78, // 'x' key -> non-merkleized bookkeeping
  commit: 0x6d, // 'm' -> the commit record
  // Records of the earlier single-tree formats, deleted when a store is converted:
  legacyTree: 0x74, // 't' tree pages (format 2) or nodes (format 1)
  legacyOrphans: 0x6f, // 'o' node keys orphaned per height (format 1)
  legacyKeyOfHash: 0x68, // 'h' sha256(key) -> key (format 2)
} as const;

export const COMMIT_KEY = Uint8Array.of(NS.commit);

export function nsKey(ns: number, key: Uint8Array): Uint8Array {
  const out = new Uint8Array(key.length + 1);
  out[0] = ns;
  out.set(key, 1);
  return out;
}

export function heightKey(ns: number, height: bigint): Uint8Array {
  return nsKey(ns, u64be(height));
}

/**
 * The commit record: height, app hash, and in format 3 (this one: per-store tries, the app
 * hash over their roots) the height the store was converted at and the stores the app hash
 * names. Formats 1 and 2 (one tree over every key, its root the app hash) are converted at
 * open; their app hash stays the one of the height converted at.
 */
export interface CommitRecord {
  height: bigint;
  hash: Uint8Array;
  /** The last height whose app hash is the earlier single tree's root; 0 if there is none. */
  converted: bigint;
  /** The stores the app hash names (empty in formats 1 and 2). */
  stores: readonly string[];
}

export const RECORD_FORMAT = 3;
const LEGACY_FORMAT = 2;

export function encodeRecord(rec: CommitRecord): Uint8Array {
  const names = new TextEncoder().encode(rec.stores.join("/"));
  return concat(u64be(rec.height), rec.hash, Uint8Array.of(RECORD_FORMAT), u64be(rec.converted), names);
}

export function decodeRecord(b: Uint8Array): CommitRecord & { format: number } {
  if (b.length < 8 + HASH_LEN + 1) throw new Error("commit record: truncated");
  const base = { height: readU64be(b, 0), hash: b.slice(8, 8 + HASH_LEN), converted: 0n, stores: [] as string[] };
  const tag = b[8 + HASH_LEN];
  if (tag === LEGACY_FORMAT && b.length === 9 + HASH_LEN) return { ...base, format: LEGACY_FORMAT };
  if (tag === RECORD_FORMAT && b.length >= 17 + HASH_LEN) {
    const names = new TextDecoder().decode(b.subarray(17 + HASH_LEN));
    return { ...base, converted: readU64be(b, 9 + HASH_LEN), stores: names === "" ? [] : names.split("/"), format: RECORD_FORMAT };
  }
  // Format 1: the root's node key followed the hash.
  return { ...base, format: 1 };
}

/** Undo log: what rollback needs to restore the previous height exactly. */
export interface UndoLog {
  prev: CommitRecord;
  /** Previous value of each key changed at this height; undefined = did not exist. */
  entries: Array<[Uint8Array, Uint8Array | undefined]>;
  /** Previous value of each meta key written at this height (absent in logs of format 1). */
  meta: Array<[Uint8Array, Uint8Array | undefined]>;
}

export function encodeUndo(u: UndoLog): Uint8Array {
  const parts: Uint8Array[] = [];
  const rec = encodeRecord(u.prev);
  parts.push(u32(rec.length), rec);
  for (const list of [u.entries, u.meta]) {
    parts.push(u32(list.length));
    for (const [k, v] of list) {
      parts.push(u32(k.length), k);
      if (v === undefined) parts.push(Uint8Array.of(0));
      else parts.push(Uint8Array.of(1), u32(v.length), v);
    }
  }
  return concatAll(parts);
}

export function decodeUndo(b: Uint8Array): UndoLog {
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let o = 0;
  const take = (n: number) => {
    const s = b.slice(o, o + n);
    if (s.length !== n) throw new Error("undo log: truncated");
    o += n;
    return s;
  };
  const readU32 = () => {
    if (o + 4 > b.length) throw new Error("undo log: truncated");
    const n = dv.getUint32(o);
    o += 4;
    return n;
  };
  const readList = () => {
    const count = readU32();
    const list: UndoLog["entries"] = [];
    for (let i = 0; i < count; i++) {
      const k = take(readU32());
      const present = take(1)[0] === 1;
      list.push([k, present ? take(readU32()) : undefined]);
    }
    return list;
  };
  const prev = decodeRecord(take(readU32()));
  const entries = readList();
  const meta = o < b.length ? readList() : [];
  return { prev, entries, meta };
}

function u32(n: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, n);
  return out;
}
