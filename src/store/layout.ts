import { concat, concatAll, readU64be, u64be } from "./bytes.js";
import { EMPTY_HASH, HASH_LEN, NODE_KEY_LEN, type Ref } from "./smt-node.js";

/**
 * Key layout of the single LevelDB behind the commit store. One byte of namespace keeps
 * each kind of record in its own contiguous range, so a range scan never mixes them.
 */
export const NS = {
  state: 0x73, // 's' key -> value, the flat latest state
  tree: 0x74, // 't' node key -> tree node
  orphans: 0x6f, // 'o' height -> node keys dropped from the tree at that height
  undo: 0x75, // 'u' height -> previous commit record and previous value of each changed key
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

export interface CommitRecord {
  height: bigint;
  root: Ref | null;
}

export function appHashOf(rec: CommitRecord): Uint8Array {
  return rec.root === null ? EMPTY_HASH : rec.root.hash;
}

export function encodeRecord(rec: CommitRecord): Uint8Array {
  if (rec.root === null) return concat(u64be(rec.height), EMPTY_HASH, Uint8Array.of(0));
  if (!rec.root.key) throw new Error("commit record: root node has no key");
  return concat(u64be(rec.height), rec.root.hash, Uint8Array.of(NODE_KEY_LEN), rec.root.key);
}

export function decodeRecord(b: Uint8Array): CommitRecord {
  const height = readU64be(b, 0);
  const hash = b.slice(8, 8 + HASH_LEN);
  const keyLen = b[8 + HASH_LEN]!;
  if (keyLen === 0) return { height, root: null };
  return { height, root: { hash, key: b.slice(9 + HASH_LEN, 9 + HASH_LEN + keyLen) } };
}

/** Undo log: what rollback needs to restore the previous height exactly. */
export interface UndoLog {
  prev: CommitRecord;
  /** Previous value of each key changed at this height; undefined = did not exist. */
  entries: Array<[Uint8Array, Uint8Array | undefined]>;
}

export function encodeUndo(u: UndoLog): Uint8Array {
  const parts: Uint8Array[] = [];
  const rec = encodeRecord(u.prev);
  parts.push(u32(rec.length), rec, u32(u.entries.length));
  for (const [k, v] of u.entries) {
    parts.push(u32(k.length), k);
    if (v === undefined) parts.push(Uint8Array.of(0));
    else parts.push(Uint8Array.of(1), u32(v.length), v);
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
    const n = dv.getUint32(o);
    o += 4;
    return n;
  };
  const prev = decodeRecord(take(readU32()));
  const count = readU32();
  const entries: UndoLog["entries"] = [];
  for (let i = 0; i < count; i++) {
    const k = take(readU32());
    const present = take(1)[0] === 1;
    entries.push([k, present ? take(readU32()) : undefined]);
  }
  return { prev, entries };
}

function u32(n: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, n);
  return out;
}
