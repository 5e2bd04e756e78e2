import { concat, concatAll, readU64be, u64be } from "./bytes";
import { HASH_LEN } from "./smt-hash";

/**
 * Key layout of the single LevelDB behind the commit store. One byte of namespace keeps
 * each kind of record in its own contiguous range, so a range scan never mixes them.
 */
export const NS = {
  state: 0x73, // 's' key -> value, the flat latest state
  tree: 0x74, // 't' tree position -> tree node (tree-records.ts)
  legacyOrphans: 0x6f, // 'o' node keys orphaned per height, in format 1 only (removed on upgrade)
  undo: 0x75, // 'u' height -> previous commit record and previous value of each changed key
  keyOfHash: 0x68, // 'h' sha256(key) -> key, for the neighbours a non-existence proof names
  meta: 0x78, // 'x' key -> non-merkleized bookkeeping
  commit: 0x6d, // 'm' -> the commit record
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
 * The commit record: height and app hash. Format 2 (this one) stores the tree by position;
 * format 1 stored nodes by unique key with the root's key in this record, and is upgraded at
 * open by rebuilding the tree from the state.
 */
export interface CommitRecord {
  height: bigint;
  hash: Uint8Array;
}

export const RECORD_FORMAT = 2;

export function encodeRecord(rec: CommitRecord): Uint8Array {
  return concat(u64be(rec.height), rec.hash, Uint8Array.of(RECORD_FORMAT));
}

export function decodeRecord(b: Uint8Array): CommitRecord & { format: number } {
  if (b.length < 8 + HASH_LEN + 1) throw new Error("commit record: truncated");
  const format = b[8 + HASH_LEN] === RECORD_FORMAT && b.length === 9 + HASH_LEN ? RECORD_FORMAT : 1;
  return { height: readU64be(b, 0), hash: b.slice(8, 8 + HASH_LEN), format };
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
