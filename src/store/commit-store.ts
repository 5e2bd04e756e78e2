import { ClassicLevel } from "classic-level";
import { BTree } from "./btree.js";
import { BranchStore } from "./branch.js";
import { type BinKey, bytesEqual, compareBin, compareBytes, fromBin, toBin, u64be } from "./bytes.js";
import {
  appHashOf, COMMIT_KEY, type CommitRecord, decodeRecord, decodeUndo, encodeRecord, encodeUndo,
  heightKey, NS, nsKey,
} from "./layout.js";
import { LRU } from "./lru.js";
import { NodeCache } from "./node-cache.js";
import { encodeNodeInto, INNER_ENCODED_LEN, NODE_KEY_LEN, type Ref, sha256 } from "./smt-node.js";
import { prefetchPaths } from "./prefetch.js";
import { provePath, type SmtProof } from "./smt-proof.js";
import { applyChanges, rootHash, type TreeChange, type TreeUpdate } from "./smt.js";
import type { Branch, CommitInfo, KVStore, MetaWrites } from "./types.js";

export interface CommitStoreOptions {
  /** Heights of undo logs and orphaned tree nodes kept for rollback (default 100, min 1). */
  keepRecent?: number;
  /** fsync the commit batch (default true). */
  sync?: boolean;
  /** State keys whose value and key hash are kept in memory (default 200k). */
  cacheSize?: number;
  /**
   * Tree nodes kept in memory (default 1M, about 240 bytes each when full). A tree holds
   * about 2 nodes per key; the upper levels matter most, the leaves least.
   */
  nodeCacheSize?: number;
  /**
   * Tree nodes loaded breadth-first at open, in the background after the first
   * OPEN_WARM_NODES (default: half the node cache; 0 = none).
   */
  warmNodes?: number;
}

const DEFAULT_NODE_CACHE = 1_000_000;
/** Top-of-tree nodes open() waits for; the rest of the warm-up runs in the background. */
const OPEN_WARM_NODES = 4096;

type Db = ClassicLevel<Uint8Array, Uint8Array>;
type BatchOp = { type: "put"; key: Uint8Array; value: Uint8Array } | { type: "del"; key: Uint8Array };
type Changes = Array<[Uint8Array, Uint8Array | undefined]>;
interface KeyEntry {
  value: Uint8Array | undefined;
  hash: Uint8Array | undefined;
}

interface Computed {
  base: Ref | null;
  changes: Changes;
  update: TreeUpdate;
}

/**
 * Committed state: read-only, synchronous, backed by one LevelDB. Reads go through an LRU
 * and getSync; ordered iteration walks an in-memory index of every committed key, because
 * LevelDB offers no synchronous iterator. All writes happen in one atomic batch per commit,
 * and in-memory structures change only after that batch is durable, so a crash at any
 * point leaves exactly the previous or the new height on disk.
 */
export class CommitStore implements KVStore {
  /** Per state key, one entry and one budget for its committed value and its hash. */
  private readonly keys: LRU<BinKey, KeyEntry>;
  private readonly nodes: NodeCache;
  private computed: Computed | undefined;
  private prepared: { changes: Changes; treeChanges: TreeChange[] } | undefined;
  /** Committed values read ahead by prefetch() for the undo log; valid until state moves. */
  private readonly prefetchedValues = new Map<BinKey, Uint8Array>();
  /** Bumped whenever committed state moves, so a read that straddles it is discarded. */
  private version = 0;
  private busy = false;
  private closing = false;
  private warming: Promise<void> = Promise.resolve();

  private constructor(
    private readonly db: Db,
    private record: CommitRecord,
    private readonly index: BTree<BinKey, undefined>,
    private readonly undoHeights: bigint[],
    private readonly keepRecent: number,
    private readonly sync: boolean,
    cacheSize: number,
    nodeCacheSize: number,
  ) {
    this.keys = new LRU(cacheSize);
    this.nodes = new NodeCache(db, nodeCacheSize);
  }

  static async open(dir: string, opts: CommitStoreOptions = {}): Promise<CommitStore> {
    const keepRecent = opts.keepRecent ?? 100;
    if (!Number.isInteger(keepRecent) || keepRecent < 1) throw new Error("keepRecent must be an integer >= 1");
    const db: Db = new ClassicLevel<Uint8Array, Uint8Array>(dir, {
      keyEncoding: "view",
      valueEncoding: "view",
      // Most bytes are hashes, which do not compress: Snappy would only cost compaction CPU.
      // A larger memtable means fewer level-0 files to compact; a larger block cache, fewer
      // block reads for the tree's upper levels that fall out of the node cache.
      compression: false,
      writeBufferSize: 16 << 20,
      cacheSize: 32 << 20,
    });
    await db.open();
    const raw = await db.get(COMMIT_KEY);
    const record: CommitRecord = raw ? decodeRecord(raw) : { height: 0n, root: null };
    const index = new BTree<BinKey, undefined>(undefined, compareBin);
    await scanKeys(db, NS.state, (k) => index.set(toBin(k), undefined));
    const undoHeights: bigint[] = [];
    await scanKeys(db, NS.undo, (k) => undoHeights.push(new DataView(k.buffer, k.byteOffset).getBigUint64(0)));
    const cacheSize = opts.cacheSize ?? 200_000;
    const nodeCacheSize = opts.nodeCacheSize ?? DEFAULT_NODE_CACHE;
    const store = new CommitStore(db, record, index, undoHeights, keepRecent, opts.sync ?? true, cacheSize, nodeCacheSize);
    const half = Math.floor(nodeCacheSize / 2);
    await store.warm(Math.min(opts.warmNodes ?? half, half));
    return store;
  }

  private async warm(budget: number): Promise<void> {
    const stop = () => this.closing;
    await this.nodes.warm(this.record.root, Math.min(budget, OPEN_WARM_NODES), stop);
    if (budget <= OPEN_WARM_NODES) return;
    // Only a cache is at stake: a failed read here resurfaces, if real, on the next sync read.
    this.warming = this.nodes.warm(this.record.root, budget, stop).catch(() => undefined);
  }

  get lastHeight(): bigint {
    return this.record.height;
  }

  get lastAppHash(): Uint8Array {
    return appHashOf(this.record);
  }

  /** Resolves when the background warm-up of the node cache begun by open() has finished. */
  warmedUp(): Promise<void> {
    return this.warming;
  }

  /** Number of keys in committed state. */
  get size(): number {
    return this.index.size;
  }

  get(key: Uint8Array): Uint8Array | undefined {
    return this.getBin(toBin(key));
  }

  getBin(k: BinKey): Uint8Array | undefined {
    const e = this.keys.get(k);
    if (e?.value) return e.value;
    // The index knows every committed key, so misses never touch the disk.
    if (!this.index.has(k)) return undefined;
    const v = this.db.getSync(nsKey(NS.state, fromBin(k)));
    if (v === undefined) throw new Error("commit store: index and disk disagree");
    if (e) e.value = v;
    else this.keys.set(k, { value: v, hash: undefined });
    return v;
  }

  has(key: Uint8Array): boolean {
    return this.index.has(toBin(key));
  }

  hasBin(k: BinKey): boolean {
    return this.index.has(k);
  }

  set(): void {
    throw new Error("commit store is read-only; write through a branch");
  }

  delete(): void {
    throw new Error("commit store is read-only; write through a branch");
  }

  *iterator(start?: Uint8Array, end?: Uint8Array, reverse = false): IterableIterator<[Uint8Array, Uint8Array]> {
    const lo = start === undefined ? undefined : toBin(start);
    const hi = end === undefined ? undefined : toBin(end);
    // Re-seek from the last key each step: a commit between steps cannot break the walk.
    let k: BinKey | undefined = reverse
      ? hi === undefined ? this.index.maxKey() : this.index.nextLowerKey(hi)
      : lo === undefined ? this.index.minKey() : this.index.has(lo) ? lo : this.index.nextHigherKey(lo);
    while (k !== undefined && (reverse ? lo === undefined || k >= lo : hi === undefined || k < hi)) {
      const key = fromBin(k);
      const v = this.get(key);
      if (v !== undefined) yield [key, v];
      k = reverse ? this.index.nextLowerKey(k) : this.index.nextHigherKey(k);
    }
  }

  branch(): Branch {
    return new BranchStore(this);
  }

  getMeta(key: Uint8Array): Uint8Array | undefined {
    return this.db.getSync(nsKey(NS.meta, key));
  }

  /** Meta entries under `prefix` in key order (async: meta is not read by the state machine). */
  async *metaEntries(prefix: Uint8Array = new Uint8Array()): AsyncGenerator<[Uint8Array, Uint8Array]> {
    const lo = nsKey(NS.meta, prefix);
    const hi = prefixUpper(lo);
    for await (const [k, v] of this.db.iterator({ gte: lo, lt: hi })) yield [k.subarray(1), v];
  }

  /** Root the tree would have after applying the branch; pure, remembered for commit(). */
  computeAppHash(branch: Branch): Uint8Array {
    return rootHash(this.compute(branch.changes()).update.root);
  }

  /** sha256(key), remembered: the same keys (balances, accounts) change block after block. */
  private keyHashOf(key: Uint8Array): Uint8Array {
    const bk = toBin(key);
    const e = this.keys.get(bk);
    if (e?.hash) return e.hash;
    const h = sha256(key);
    if (e) e.hash = h;
    else this.keys.set(bk, { value: undefined, hash: h });
    return h;
  }

  /** The changes as tree input (hashed, sorted by key hash), shared by prefetch and compute. */
  private treeChangesOf(changes: Changes): TreeChange[] {
    const p = this.prepared;
    if (p && sameChanges(p.changes, changes)) return p.treeChanges;
    const treeChanges: TreeChange[] = changes.map(([k, v]) => ({
      keyHash: this.keyHashOf(k),
      valueHash: v === undefined ? undefined : sha256(v),
    }));
    treeChanges.sort((a, b) => compareBytes(a.keyHash, b.keyHash));
    this.prepared = { changes, treeChanges };
    return treeChanges;
  }

  private compute(changes: Changes): Computed {
    const c = this.computed;
    if (c && c.base === this.record.root && sameChanges(c.changes, changes)) return c;
    const update = applyChanges(this.nodes, this.record.root, this.treeChangesOf(changes));
    this.computed = { base: this.record.root, changes, update };
    return this.computed;
  }

  /**
   * Reads ahead, in a few batched asynchronous reads, what computeAppHash and commit would
   * otherwise read one key at a time: the tree nodes on the paths of the branch's changes and
   * the committed values the undo log needs. Purely a speed-up — results never depend on it,
   * and anything not prefetched is read synchronously as before.
   */
  async prefetch(branch: Branch): Promise<void> {
    const changes = branch.changes();
    const treeChanges = this.treeChangesOf(changes);
    await Promise.all([
      prefetchPaths(this.nodes, this.record.root, treeChanges.map((c) => c.keyHash), treeChanges.map((c) => !c.valueHash)),
      this.prefetchValues(changes),
    ]);
  }

  private async prefetchValues(changes: Changes): Promise<void> {
    const version = this.version;
    const keys: BinKey[] = [];
    const dbKeys: Uint8Array[] = [];
    for (const [k] of changes) {
      const bk = toBin(k);
      if (this.index.has(bk) && this.keys.get(bk)?.value === undefined && !this.prefetchedValues.has(bk)) {
        keys.push(bk);
        dbKeys.push(nsKey(NS.state, k));
      }
    }
    if (keys.length === 0) return;
    const got = await this.db.getMany(dbKeys);
    if (version !== this.version) return;
    got.forEach((v, i) => {
      if (v !== undefined) this.prefetchedValues.set(keys[i]!, v);
    });
  }

  async commit(branch: Branch, height: bigint, meta: MetaWrites = []): Promise<CommitInfo> {
    if (height < 1n) throw new Error(`commit height must be >= 1, got ${height}`);
    if (this.record.height > 0n && height !== this.record.height + 1n) {
      throw new Error(`commit height ${height} does not follow last height ${this.record.height}`);
    }
    if (height <= this.record.height) throw new Error(`commit height ${height} <= last height`);
    return this.exclusive(async () => {
      const pruned = this.undoHeights.filter((h) => h <= height - BigInt(this.keepRecent));
      const prunedOrphans = await Promise.all(pruned.map((h) => this.db.get(heightKey(NS.orphans, h))));
      const changes = branch.changes();
      const { update } = this.compute(changes);
      const ops: BatchOp[] = [];
      const undo: Changes = [];
      for (const [k, v] of changes) {
        const bk = toBin(k);
        undo.push([k, this.prefetchedValues.get(bk) ?? this.getBin(bk)]);
        ops.push(v === undefined ? { type: "del", key: nsKey(NS.state, k) } : { type: "put", key: nsKey(NS.state, k), value: v });
      }
      assignNodeKeys(update.created, height);
      ops.push({ type: "put", key: heightKey(NS.orphans, height), value: concatKeys(update.orphaned) });
      ops.push({ type: "put", key: heightKey(NS.undo, height), value: encodeUndo({ prev: this.record, entries: undo }) });
      pruned.forEach((h, i) => {
        for (const nk of splitKeys(prunedOrphans[i])) ops.push({ type: "del", key: nsKey(NS.tree, nk) });
        ops.push({ type: "del", key: heightKey(NS.orphans, h) }, { type: "del", key: heightKey(NS.undo, h) });
      });
      for (const [k, v] of meta) {
        ops.push(v === undefined ? { type: "del", key: nsKey(NS.meta, k) } : { type: "put", key: nsKey(NS.meta, k), value: v });
      }
      const root = stripRef(update.root);
      const record: CommitRecord = { height, root };
      ops.push({ type: "put", key: COMMIT_KEY, value: encodeRecord(record) });

      // A chained batch: abstract-level's array form validates every op object and costs
      // several times more for the ~10^5 ops of a busy block.
      const batch = this.db.batch();
      for (const op of ops) {
        if (op.type === "put") batch.put(op.key, op.value);
        else batch.del(op.key);
      }
      // New nodes are encoded into one buffer for the whole block and their keys go through
      // one reused buffer (the batch copies at once): a buffer per node would be an off-heap
      // allocation each, and a commit writes thousands of nodes.
      const encodings = encodeAll(update.created);
      const nodeKey = new Uint8Array(1 + NODE_KEY_LEN);
      nodeKey[0] = NS.tree;
      update.created.forEach((ref, i) => {
        nodeKey.set(ref.key!, 1);
        batch.put(nodeKey, encodings[i]!);
      });
      await batch.write({ sync: this.sync });

      // The batch is durable; only now may memory move to the new height.
      for (const [k, v] of changes) {
        const bk = toBin(k);
        if (v === undefined) this.index.delete(bk);
        else this.index.set(bk, undefined);
        const e = this.keys.get(bk);
        if (e) e.value = v;
        else if (v !== undefined) this.keys.set(bk, { value: v, hash: undefined });
      }
      update.created.forEach((ref, i) => this.nodes.remember(ref.key!, encodings[i]!));
      // Orphans stay cached until evicted: never read again, and dropping each one costs more.
      this.nodes.unpin();
      this.prefetchedValues.clear();
      this.version++;
      this.undoHeights.splice(0, this.undoHeights.length, ...this.undoHeights.filter((h) => !pruned.includes(h)), height);
      this.record = record;
      this.computed = undefined;
      this.prepared = undefined;
      return { height, appHash: appHashOf(record) };
    });
  }

  /** Undoes the last commit from its undo log; meta writes are not undone. */
  async rollback(): Promise<CommitInfo> {
    return this.exclusive(async () => {
      const height = this.record.height;
      const raw = height > 0n ? await this.db.get(heightKey(NS.undo, height)) : undefined;
      if (!raw) throw new Error(`cannot roll back height ${height}: no undo information (kept for the last ${this.keepRecent} heights)`);
      const undo = decodeUndo(raw);
      const ops: BatchOp[] = [];
      for (const [k, v] of undo.entries) {
        ops.push(v === undefined ? { type: "del", key: nsKey(NS.state, k) } : { type: "put", key: nsKey(NS.state, k), value: v });
      }
      // Nodes created at this height are exactly those whose key starts with the height.
      const lo = nsKey(NS.tree, u64be(height));
      for await (const k of this.db.keys({ gte: lo, lt: prefixUpper(lo) })) ops.push({ type: "del", key: k });
      ops.push({ type: "del", key: heightKey(NS.orphans, height) }, { type: "del", key: heightKey(NS.undo, height) });
      ops.push({ type: "put", key: COMMIT_KEY, value: encodeRecord(undo.prev) });

      // A chained batch: abstract-level's array form validates every op object and costs
      // several times more for the ~10^5 ops of a busy block.
      const batch = this.db.batch();
      for (const op of ops) {
        if (op.type === "put") batch.put(op.key, op.value);
        else batch.del(op.key);
      }
      await batch.write({ sync: this.sync });

      for (const [k, v] of undo.entries) {
        const bk = toBin(k);
        const e = this.keys.get(bk);
        if (e) e.value = undefined;
        if (v === undefined) this.index.delete(bk);
        else this.index.set(bk, undefined);
      }
      this.nodes.clear();
      this.prefetchedValues.clear();
      this.version++;
      const i = this.undoHeights.indexOf(height);
      if (i >= 0) this.undoHeights.splice(i, 1);
      this.record = undo.prev;
      this.computed = undefined;
      return { height: undo.prev.height, appHash: appHashOf(undo.prev) };
    });
  }

  /** Sibling path for `key` in the committed tree, with the committed value if present. */
  prove(key: Uint8Array): { value: Uint8Array | undefined; proof: SmtProof } {
    return { value: this.get(key), proof: provePath(this.nodes, this.record.root, sha256(key)) };
  }

  /** Heights that can still be rolled back, oldest first. */
  get rollbackHeights(): readonly bigint[] {
    return this.undoHeights;
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.warming;
    await this.db.close();
  }

  private async exclusive<T>(fn: () => Promise<T>): Promise<T> {
    if (this.busy) throw new Error("commit store: commit or rollback already in progress");
    this.busy = true;
    try {
      return await fn();
    } finally {
      this.busy = false;
    }
  }
}

async function scanKeys(db: Db, ns: number, each: (keyWithoutNs: Uint8Array) => void): Promise<void> {
  const it = db.keys({ gte: Uint8Array.of(ns), lt: Uint8Array.of(ns + 1) });
  try {
    for (;;) {
      const batch = await it.nextv(10_000);
      if (batch.length === 0) break;
      for (const k of batch) each(k.subarray(1));
    }
  } finally {
    await it.close();
  }
}

function prefixUpper(prefix: Uint8Array): Uint8Array {
  // Namespaced prefixes never consist of 0xff bytes only, so a successor always exists.
  const end = Uint8Array.from(prefix);
  let i = end.length - 1;
  while (end[i] === 0xff) i--;
  end[i]!++;
  return end.slice(0, i + 1);
}

function sameChanges(a: Changes, b: Changes): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const [ak, av] = a[i]!;
    const [bk, bv] = b[i]!;
    if (!bytesEqual(ak, bk)) return false;
    if (av === undefined || bv === undefined ? av !== bv : !bytesEqual(av, bv)) return false;
  }
  return true;
}

function encodeAll(created: Ref[]): Uint8Array[] {
  const all = new Uint8Array(created.length * INNER_ENCODED_LEN);
  return created.map((ref, i) => {
    const at = all.subarray(i * INNER_ENCODED_LEN, (i + 1) * INNER_ENCODED_LEN);
    return at.subarray(0, encodeNodeInto(ref.node!, at));
  });
}

/** Gives each new node its key: height (8 bytes) ‖ sequence (4 bytes), big-endian. */
function assignNodeKeys(created: Ref[], height: bigint): void {
  const prefix = u64be(height);
  created.forEach((ref, seq) => {
    // Byte by byte: small typed arrays stay on V8's heap until something asks for their buffer.
    const key = new Uint8Array(NODE_KEY_LEN);
    key.set(prefix, 0);
    key[8] = seq >>> 24;
    key[9] = (seq >>> 16) & 0xff;
    key[10] = (seq >>> 8) & 0xff;
    key[11] = seq & 0xff;
    ref.key = key;
  });
}

function stripRef(ref: Ref | null): Ref | null {
  return ref === null ? null : { hash: ref.hash, key: ref.key! };
}


function concatKeys(keys: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(keys.length * NODE_KEY_LEN);
  keys.forEach((k, i) => out.set(k, i * NODE_KEY_LEN));
  return out;
}

function splitKeys(b: Uint8Array | undefined): Uint8Array[] {
  const out: Uint8Array[] = [];
  if (!b) return out;
  for (let o = 0; o + NODE_KEY_LEN <= b.length; o += NODE_KEY_LEN) out.push(b.slice(o, o + NODE_KEY_LEN));
  return out;
}
