import type { ClassicLevel } from "classic-level";
import { toBin } from "./bytes";
import { HASH_LEN, sha256 } from "./hash";
import { COMMIT_KEY, type CommitRecord, encodeRecord, NS, nsKey } from "./layout";
import type { StoreTries, TrieState } from "./store-tries";

/**
 * What the tries are rebuilt from at open: sha256 of every value, under its key. A trie's shape
 * is a function of its keys and its hashes of the values' hashes, so nothing else is stored:
 * a commit writes one value-hash record per changed key next to the state record, and opening
 * reads keys in order (one scan), builds each store's trie bottom-up and hashes every node
 * (about 1 µs each). The root must then give the committed app hash, which checks the whole
 * stored state at every start.
 */

type Db = ClassicLevel<Uint8Array, Uint8Array>;

export interface WriteBatch {
  put(key: Uint8Array, value: Uint8Array): unknown;
  del(key: Uint8Array): unknown;
}

/** Reads every value hash in key order into the tries. */
export async function loadTries(db: Db, tries: StoreTries, stores: readonly string[]): Promise<TrieState> {
  const builder = tries.builder(stores);
  await scan(db, NS.valueHash, (k, v) => {
    if (v.length !== HASH_LEN) throw new Error(`commit store: value-hash record of ${JSON.stringify(toBin(k))} is ${v.length} bytes`);
    builder.add(toBin(k), v);
  });
  return builder.finish();
}

/**
 * Converts a store of format 1 or 2 (one tree over every key, root = app hash): value hashes
 * from the state, the old tree records and key-hash index deleted, and the commit record in
 * this format, all in one batch — a crash midway leaves the old format to convert again. The
 * record keeps the height's app hash (the consensus engine has it); `converted` marks it.
 */
export async function convertLegacy(
  db: Db,
  tries: StoreTries,
  record: { height: bigint; hash: Uint8Array },
): Promise<{ record: CommitRecord; state: TrieState }> {
  const builder = tries.builder([]);
  const batch = db.batch();
  await scan(db, NS.state, (k, v) => {
    const key = toBin(k);
    const valueHash = sha256(v);
    builder.add(key, valueHash);
    batch.put(nsKey(NS.valueHash, k), valueHash);
  });
  for (const ns of [NS.legacyTree, NS.legacyOrphans, NS.legacyKeyOfHash]) {
    for await (const k of db.keys({ gte: Uint8Array.of(ns), lt: Uint8Array.of(ns + 1) })) batch.del(k);
  }
  const converted: CommitRecord = { height: record.height, hash: record.hash, converted: record.height, stores: [] };
  batch.put(COMMIT_KEY, encodeRecord(converted));
  await batch.write({ sync: true });
  return { record: converted, state: builder.finish() };
}

/** Every record of namespace `ns` in key order, key without the namespace byte. */
async function scan(db: Db, ns: number, each: (key: Uint8Array, value: Uint8Array) => void): Promise<void> {
  const it = db.iterator({ gte: Uint8Array.of(ns), lt: Uint8Array.of(ns + 1) });
  // LevelDB reads the next batch on its own thread while this one goes into the tries: at open
  // the read and the hashing overlap instead of taking turns. close() waits for a pending read.
  let next = it.nextv(10_000);
  try {
    for (;;) {
      const entries = await next;
      if (entries.length === 0) break;
      next = it.nextv(10_000);
      for (const [k, v] of entries) each(k.subarray(1), v);
    }
  } finally {
    next.catch(() => undefined);
    await it.close();
  }
}
