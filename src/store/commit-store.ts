import { ClassicLevel } from "classic-level";
import { BTree } from "./btree";
import { BranchStore } from "./branch";
import { type BinKey, bytesEqual, compareBin, compareBytes, fromBin, toBin } from "./bytes";
import {
  COMMIT_KEY,
  type CommitRecord,
  decodeRecord,
  decodeUndo,
  encodeRecord,
  encodeUndo,
  heightKey,
  NS,
  nsKey,
  RECORD_FORMAT,
} from "./layout";
import { LRU } from "./lru";
import { NodeArena, NONE } from "./node-arena";
import { compareHash, EMPTY_HASH, sha256 } from "./smt-hash";
import type { CommitmentProof, ExistenceProof } from "cosmjs-types/cosmos/ics23/v1/proofs";
import { existenceProof } from "./ics23";
import { neighbourLeaves, provePath, type SmtProof } from "./smt-proof";
import { applyChanges, discardUpdate, rootHash, settleUpdate, type TreeChange, type TreeUpdate } from "./smt";
import { HistoricalState } from "./historical";
import { loadTree, type WriteBatch, writeTreeUpdate } from "./tree-records";
import type { Branch, CommitInfo, KVStore, MetaWrites } from "./types";

export interface CommitStoreOptions {
  /**
   * Heights of undo logs kept (default 100; 0 keeps every height). They serve rollback and
   * reads of the state at an older height (stateAt), so this is app.toml's pruning-keep-recent.
   */
  keepRecent?: number;
  /** Undo logs past keepRecent are deleted at heights that are a multiple of this (default 1). */
  pruneInterval?: number;
  /** fsync the commit batch (default true). */
  sync?: boolean;
  /** State keys whose value and key hash are kept in memory (default 200k). */
  cacheSize?: number;
}

type Db = ClassicLevel<Uint8Array, Uint8Array>;
type Changes = Array<[Uint8Array, Uint8Array | undefined]>;
/** Changes keyed by binary string (the form branches keep them in), in key order. */
type BinChanges = Array<[BinKey, Uint8Array | undefined]>;
interface KeyEntry {
  value: Uint8Array | undefined;
  hash: Uint8Array | undefined;
}

interface Computed {
  base: number;
  changes: BinChanges;
  update: TreeUpdate;
  /** Previous values for the undo log, being read while the block goes on to its commit. */
  previous: Promise<Map<BinKey, Uint8Array>>;
}

/**
 * Committed state: read-only, synchronous, backed by one LevelDB. Reads go through an LRU
 * and getSync; ordered iteration walks an in-memory index of every committed key, because
 * LevelDB offers no synchronous iterator. The commitment tree lives wholly in memory (a
 * node arena loaded at open), so computing an app hash never reads the disk. All writes
 * happen in one atomic batch per commit, and in-memory structures change only after that
 * batch is durable, so a crash at any point leaves exactly the previous or the new height.
 */
export class CommitStore implements KVStore {
  /** Per state key, one entry and one budget for its committed value and its hash. */
  private readonly keys: LRU<BinKey, KeyEntry>;
  private computed: Computed | undefined;
  private prepared: { changes: BinChanges; treeChanges: TreeChange[] } | undefined;
  private busy = false;
  /** Bumped by every commit and rollback: a view of an older height is valid while it stays. */
  private moves = 0;

  private constructor(
    private readonly db: Db,
    private record: CommitRecord,
    private readonly arena: NodeArena,
    private root: number,
    private readonly index: BTree<BinKey, undefined>,
    private readonly undoHeights: bigint[],
    private readonly keepRecent: number,
    private readonly pruneInterval: number,
    private readonly sync: boolean,
    cacheSize: number,
  ) {
    this.keys = new LRU(cacheSize);
  }

  static async open(dir: string, opts: CommitStoreOptions = {}): Promise<CommitStore> {
    const keepRecent = opts.keepRecent ?? 100;
    if (!Number.isInteger(keepRecent) || keepRecent < 0) throw new Error("keepRecent must be an integer >= 0 (0 keeps every height)");
    const pruneInterval = opts.pruneInterval ?? 1;
    if (!Number.isInteger(pruneInterval) || pruneInterval < 1) throw new Error("pruneInterval must be an integer >= 1");
    const db: Db = new ClassicLevel<Uint8Array, Uint8Array>(dir, {
      keyEncoding: "view",
      valueEncoding: "view",
      // Most bytes are hashes, which do not compress: Snappy would only cost compaction CPU.
      // A larger memtable means fewer level-0 files to compact.
      compression: false,
      writeBufferSize: 16 << 20,
      cacheSize: 32 << 20,
    });
    await db.open();
    try {
      const raw = await db.get(COMMIT_KEY);
      const decoded = raw ? decodeRecord(raw) : { height: 0n, hash: EMPTY_HASH, format: RECORD_FORMAT };
      const index = new BTree<BinKey, undefined>(undefined, compareBin);
      await scanKeys(db, NS.state, (k) => index.set(toBin(k), undefined));
      const undoHeights: bigint[] = [];
      await scanKeys(db, NS.undo, (k) => undoHeights.push(new DataView(k.buffer, k.byteOffset).getBigUint64(0)));
      const arena = new NodeArena();
      const record = { height: decoded.height, hash: decoded.hash };
      const root = decoded.format === RECORD_FORMAT ? await loadTree(db, NS.tree, arena) : await upgradeTree(db, arena, record);
      if (index.size > 0 && (await isEmpty(db, NS.keyOfHash))) await buildKeyHashIndex(db);
      if (!bytesEqual(rootHash(arena, root), record.hash)) {
        throw new Error(`commit store: the stored tree's root does not match the app hash of height ${record.height}`);
      }
      return new CommitStore(
        db,
        record,
        arena,
        root,
        index,
        undoHeights,
        keepRecent,
        pruneInterval,
        opts.sync ?? true,
        opts.cacheSize ?? 200_000,
      );
    } catch (e) {
      await db.close();
      throw e;
    }
  }

  get lastHeight(): bigint {
    return this.record.height;
  }

  get lastAppHash(): Uint8Array {
    return this.record.hash;
  }

  /** Number of keys in committed state. */
  get size(): number {
    return this.index.size;
  }

  /** Nodes of the committed tree (and of a computed, not yet committed update). */
  get treeNodes(): number {
    return this.arena.size;
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
      ? hi === undefined
        ? this.index.maxKey()
        : this.index.nextLowerKey(hi)
      : lo === undefined
        ? this.index.minKey()
        : this.index.has(lo)
          ? lo
          : this.index.nextHigherKey(lo);
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
    // A computation for other changes would discard the tree nodes the running commit settles.
    if (this.busy) throw new Error("commit store: commit or rollback in progress");
    return rootHash(this.arena, this.compute(binChangesOf(branch)).update.root).slice();
  }

  /** sha256(key), remembered: the same keys (balances, accounts) change block after block. */
  private keyHashOf(bk: BinKey): Uint8Array {
    const e = this.keys.get(bk);
    if (e?.hash) return e.hash;
    const h = sha256(fromBin(bk));
    if (e) e.hash = h;
    else this.keys.set(bk, { value: undefined, hash: h });
    return h;
  }

  /** The changes as tree input: hashed, sorted by key hash. */
  private treeChangesOf(changes: BinChanges): TreeChange[] {
    const p = this.prepared;
    if (p && sameChanges(p.changes, changes)) return p.treeChanges;
    const sortable = changes.map(([k, v]) => {
      const keyHash = this.keyHashOf(k);
      return { keyHash, valueHash: v === undefined ? undefined : sha256(v), lead: leadingBits(keyHash) };
    });
    // Key hashes are uniform: their first 48 bits almost always decide, without a byte compare.
    sortable.sort((a, b) => a.lead - b.lead || compareHash(a.keyHash, b.keyHash));
    const treeChanges: TreeChange[] = sortable.map(({ keyHash, valueHash }) => ({ keyHash, valueHash }));
    this.prepared = { changes, treeChanges };
    return treeChanges;
  }

  private compute(changes: BinChanges): Computed {
    const c = this.computed;
    if (c && c.base === this.root && sameChanges(c.changes, changes)) return c;
    this.discardComputed();
    const update = applyChanges(this.arena, this.root, this.treeChangesOf(changes));
    const previous = this.previousValues(changes);
    // Awaited by commit(); a computation never committed must not leave a rejection unheard.
    previous.catch(() => undefined);
    this.computed = { base: this.root, changes, update, previous };
    return this.computed;
  }

  private discardComputed(): void {
    if (this.computed) discardUpdate(this.arena, this.computed.update);
    this.computed = undefined;
  }

  async commit(branch: Branch, height: bigint, meta: MetaWrites = []): Promise<CommitInfo> {
    if (height < 1n) throw new Error(`commit height must be >= 1, got ${height}`);
    if (this.record.height > 0n && height !== this.record.height + 1n) {
      throw new Error(`commit height ${height} does not follow last height ${this.record.height}`);
    }
    if (height <= this.record.height) throw new Error(`commit height ${height} <= last height`);
    return this.exclusive(async () => {
      const binChanges = binChangesOf(branch);
      const { update, previous: reading } = this.compute(binChanges);
      const record: CommitRecord = { height, hash: rootHash(this.arena, update.root).slice() };
      // A chained batch: abstract-level's array form validates every op object and costs
      // several times more for the ~10^4 ops of a busy block.
      const batch = this.db.batch();
      const previous = await reading;
      const changes: Changes = binChanges.map(([k, v]) => [fromBin(k), v]);
      const bins = binChanges.map(([k]) => k);
      const undo: Changes = changes.map(([k], i) => [k, previous.get(bins[i]!) ?? this.getBin(bins[i]!)]);
      writeEntries(batch, NS.state, changes);
      this.indexKeyHashes(batch, changes, (i) => undo[i]![1] !== undefined);
      writeTreeUpdate(batch, NS.tree, this.arena, update);
      const metaUndo: Changes = meta.map(([k]) => [k, this.getMeta(k)]);
      batch.put(heightKey(NS.undo, height), encodeUndo({ prev: this.record, entries: undo, meta: metaUndo }));
      const pruned = this.prunableUndoCount(height);
      for (let i = 0; i < pruned; i++) batch.del(heightKey(NS.undo, this.undoHeights[i]!));
      writeEntries(batch, NS.meta, meta);
      batch.put(COMMIT_KEY, encodeRecord(record));
      await batch.write({ sync: this.sync });

      // The batch is durable; only now may memory move to the new height.
      changes.forEach(([, v], i) => {
        const bk = bins[i]!;
        // The index changes only for keys created or deleted (the undo log knows which).
        const existed = undo[i]![1] !== undefined;
        if (v === undefined && existed) this.index.delete(bk);
        else if (v !== undefined && !existed) this.index.set(bk, undefined);
        const e = this.keys.get(bk);
        if (e) e.value = v;
        else if (v !== undefined) this.keys.set(bk, { value: v, hash: undefined });
      });
      this.moveTo(update, record);
      this.undoHeights.splice(0, pruned);
      this.undoHeights.push(height);
      return { height, appHash: record.hash };
    });
  }

  /** Keeps sha256(key) -> key for keys the changes create or delete (`existed(i)`: entry i's key was there). */
  private indexKeyHashes(batch: WriteBatch, changes: Changes, existed: (i: number) => boolean): void {
    changes.forEach(([k, v], i) => {
      const was = existed(i);
      if (v !== undefined && !was) batch.put(nsKey(NS.keyOfHash, this.keyHashOf(toBin(k))), k);
      else if (v === undefined && was) batch.del(nsKey(NS.keyOfHash, this.keyHashOf(toBin(k))));
    });
  }

  /** The committed key whose sha256 is `keyHash` (async: proofs only). */
  async keyOfHash(keyHash: Uint8Array): Promise<Uint8Array | undefined> {
    return this.db.get(nsKey(NS.keyOfHash, keyHash));
  }

  /** How many of the oldest undo logs the commit of `height` deletes (they are sorted, oldest first). */
  private prunableUndoCount(height: bigint): number {
    if (this.keepRecent === 0 || height % BigInt(this.pruneInterval) !== 0n) return 0;
    const cutoff = height - BigInt(this.keepRecent);
    let n = 0;
    while (n < this.undoHeights.length && this.undoHeights[n]! <= cutoff) n++;
    return n;
  }

  /**
   * Committed values of changed keys that are not in the key cache, in one batched read begun
   * when the app hash is computed: the undo log needs every previous value, and a key written
   * without being read first (or evicted since) would cost a synchronous disk read each.
   */
  private async previousValues(changes: BinChanges): Promise<Map<BinKey, Uint8Array>> {
    const keys: BinKey[] = [];
    const dbKeys: Uint8Array[] = [];
    for (const [bk] of changes) {
      if (this.index.has(bk) && this.keys.get(bk)?.value === undefined) {
        keys.push(bk);
        dbKeys.push(nsKey(NS.state, fromBin(bk)));
      }
    }
    const out = new Map<BinKey, Uint8Array>();
    if (keys.length === 0) return out;
    const values = await this.db.getMany(dbKeys);
    values.forEach((v, i) => {
      if (v !== undefined) out.set(keys[i]!, v);
    });
    return out;
  }

  private moveTo(update: TreeUpdate, record: CommitRecord): void {
    this.moves++;
    settleUpdate(this.arena, update);
    this.root = update.root;
    this.record = record;
    this.computed = undefined;
    this.prepared = undefined;
  }

  /**
   * Undoes the last commit from its undo log: the previous values go back, and the tree,
   * a function of the state, is brought back by applying them; it must reproduce the
   * previous app hash. Meta writes of the height are undone too.
   */
  async rollback(): Promise<CommitInfo> {
    return this.exclusive(async () => {
      const height = this.record.height;
      const raw = height > 0n ? await this.db.get(heightKey(NS.undo, height)) : undefined;
      if (!raw) throw new Error(`cannot roll back height ${height}: no undo information (kept for the last ${this.keepRecent} heights)`);
      const undo = decodeUndo(raw);
      this.discardComputed();
      const update = applyChanges(this.arena, this.root, this.treeChangesOf(toBinChanges(undo.entries)));
      if (!bytesEqual(rootHash(this.arena, update.root), undo.prev.hash)) {
        discardUpdate(this.arena, update);
        throw new Error(`cannot roll back height ${height}: the undo log does not reproduce the previous app hash`);
      }
      const batch = this.db.batch();
      writeEntries(batch, NS.state, undo.entries);
      this.indexKeyHashes(batch, undo.entries, (i) => this.index.has(toBin(undo.entries[i]![0])));
      writeTreeUpdate(batch, NS.tree, this.arena, update);
      // Meta written more than once at a height keeps its first previous value: undo in reverse.
      writeEntries(batch, NS.meta, [...undo.meta].reverse());
      batch.del(heightKey(NS.undo, height));
      const prev: CommitRecord = { height: undo.prev.height, hash: undo.prev.hash };
      batch.put(COMMIT_KEY, encodeRecord(prev));
      await batch.write({ sync: this.sync });

      for (const [k, v] of undo.entries) {
        const bk = toBin(k);
        const e = this.keys.get(bk);
        if (e) e.value = undefined;
        if (v === undefined) this.index.delete(bk);
        else this.index.set(bk, undefined);
      }
      this.moveTo(update, prev);
      const i = this.undoHeights.indexOf(height);
      if (i >= 0) this.undoHeights.splice(i, 1);
      return { height: prev.height, appHash: prev.hash };
    });
  }

  /** Sibling path for `key` in the committed tree, with the committed value if present. */
  prove(key: Uint8Array): { value: Uint8Array | undefined; proof: SmtProof } {
    return { value: this.get(key), proof: provePath(this.arena, this.root, sha256(key)) };
  }

  /** Oldest height whose state can still be read (stateAt) or rolled back to. */
  get oldestHeight(): bigint {
    const first = this.undoHeights[0];
    return first === undefined ? this.record.height : first - 1n;
  }

  /**
   * The state committed at `height`: the undo logs of every later height, newest first, put
   * back over the latest state. Undefined when a log it needs is pruned. The view reads
   * through the latest state, so it holds until the next commit or rollback (`current`).
   */
  async stateAt(height: bigint): Promise<HistoricalState | undefined> {
    for (;;) {
      const latest = this.record.height;
      const moves = this.moves;
      if (height > latest || height < this.oldestHeight) return undefined;
      const keys: Uint8Array[] = [];
      for (let h = latest; h > height; h--) keys.push(heightKey(NS.undo, h));
      const raws = keys.length === 0 ? [] : await this.db.getMany(keys);
      // A commit or rollback while the logs were read moved the base they undo: read again.
      if (moves !== this.moves) continue;
      if (raws.some((r) => r === undefined)) return undefined;
      const logs = raws.map((r) => decodeUndo(r!));
      // The log of height + 1 records the commit it replaced: the one of `height`.
      const appHash = logs.length === 0 ? this.record.hash : logs[logs.length - 1]!.prev.hash;
      return new HistoricalState(height, appHash, this, logs, () => moves === this.moves);
    }
  }

  /**
   * Sibling path for `key` in the tree of `state`: the tree is brought back to that height by
   * applying its changes (as rollback does) without committing them, and must reproduce the
   * app hash recorded for it.
   */
  proveAt(state: HistoricalState, key: Uint8Array): { value: Uint8Array | undefined; proof: SmtProof; root: Uint8Array } {
    return this.onTreeOf(state, (root, appHash) => ({
      value: state.get(key),
      proof: provePath(this.arena, root, sha256(key)),
      root: appHash,
    }));
  }

  /**
   * ICS-23 proof of `key` (existence, or non-existence through its two neighbours) against
   * the app hash of `state`'s height, the latest when omitted.
   */
  async proveCommitment(
    key: Uint8Array,
    state?: HistoricalState,
  ): Promise<{ value: Uint8Array | undefined; proof: CommitmentProof; root: Uint8Array }> {
    // The tree is read in one synchronous step (a historical one exists only within it);
    // the neighbours' keys are looked up afterwards, by hash, which no commit changes.
    const view = state ?? this;
    const paths = this.onTreeOf(state, (root, treeRoot) => {
      const keyHash = sha256(key);
      const own = provePath(this.arena, root, keyHash);
      const around = own.leaf && bytesEqual(own.leaf.keyHash, keyHash) ? {} : neighbourLeaves(this.arena, root, keyHash);
      const side = (h: Uint8Array | undefined) => (h ? { keyHash: h, path: provePath(this.arena, root, h) } : undefined);
      return { treeRoot, own, left: side(around.left), right: side(around.right) };
    });
    const value = view.get(key);
    if (value !== undefined) return { value, proof: { exist: existenceProof(key, value, paths.own) }, root: paths.treeRoot };
    if (!paths.left && !paths.right) throw new Error("commit store: nothing to prove absence against in an empty tree");
    const restored = new Map((state?.changes() ?? []).map(([k]) => [toBin(sha256(k)), k] as const));
    const neighbour = async (side: typeof paths.left): Promise<ExistenceProof | undefined> => {
      if (!side) return undefined;
      const k = restored.get(toBin(side.keyHash)) ?? (await this.keyOfHash(side.keyHash));
      const v = k && view.get(k);
      if (!k || !v) throw new Error("commit store: the key-hash index misses a key of the tree");
      return existenceProof(k, v, side.path);
    };
    return {
      value,
      proof: { nonexist: { key, left: await neighbour(paths.left), right: await neighbour(paths.right) } },
      root: paths.treeRoot,
    };
  }

  /** Runs `fn` on the tree of `state`'s height (brought back uncommitted, then discarded) or the latest. */
  private onTreeOf<T>(state: HistoricalState | undefined, fn: (root: number, appHash: Uint8Array) => T): T {
    // Checked for every view: after a rollback and a new commit a stale one may name the latest height.
    if (state && !state.current()) throw new Error("commit store: the historical view is out of date");
    if (!state || state.height === this.record.height) return fn(this.root, this.record.hash);
    const update = applyChanges(this.arena, this.root, this.treeChangesOf(toBinChanges(state.changes())));
    try {
      const root = rootHash(this.arena, update.root).slice();
      if (!bytesEqual(root, state.appHash))
        throw new Error(`commit store: undo logs do not reproduce the app hash of height ${state.height}`);
      return fn(update.root, root);
    } finally {
      discardUpdate(this.arena, update);
    }
  }

  /** Heights that can still be rolled back, oldest first. */
  get rollbackHeights(): readonly bigint[] {
    return this.undoHeights;
  }

  async close(): Promise<void> {
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

/**
 * Format 1 stored nodes under unique keys plus per-height orphan lists. Its tree is rebuilt
 * from the state (the tree is a function of it) and written in the position layout, the old
 * records deleted, all in one batch: a crash midway leaves format 1 to upgrade again.
 */
async function upgradeTree(db: Db, arena: NodeArena, record: CommitRecord): Promise<number> {
  const changes: TreeChange[] = [];
  for await (const [k, v] of db.iterator({ gte: Uint8Array.of(NS.state), lt: Uint8Array.of(NS.state + 1) })) {
    changes.push({ keyHash: sha256(k.subarray(1)), valueHash: sha256(v) });
  }
  changes.sort((a, b) => compareBytes(a.keyHash, b.keyHash));
  const update = applyChanges(arena, NONE, changes);
  const batch = db.batch();
  for (const ns of [NS.tree, NS.legacyOrphans]) {
    for await (const k of db.keys({ gte: Uint8Array.of(ns), lt: Uint8Array.of(ns + 1) })) batch.del(k);
  }
  writeTreeUpdate(batch, NS.tree, arena, update);
  batch.put(COMMIT_KEY, encodeRecord(record));
  if (bytesEqual(rootHash(arena, update.root), record.hash)) await batch.write({ sync: true });
  else await batch.close();
  settleUpdate(arena, update);
  return update.root;
}

/** Puts each entry under `ns`, or deletes it where its value is undefined. */
function writeEntries(batch: WriteBatch, ns: number, entries: ReadonlyArray<readonly [Uint8Array, Uint8Array | undefined]>): void {
  for (const [k, v] of entries) {
    if (v === undefined) batch.del(nsKey(ns, k));
    else batch.put(nsKey(ns, k), v);
  }
}

async function isEmpty(db: Db, ns: number): Promise<boolean> {
  for await (const _ of db.keys({ gte: Uint8Array.of(ns), lt: Uint8Array.of(ns + 1), limit: 1 })) return false;
  return true;
}

/** Stores written before the key-hash index existed get it once, in one batch. */
async function buildKeyHashIndex(db: Db): Promise<void> {
  const batch = db.batch();
  await scanKeys(db, NS.state, (k) => batch.put(nsKey(NS.keyOfHash, sha256(k)), k.slice()));
  await batch.write({ sync: true });
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

function sameChanges(a: BinChanges, b: BinChanges): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const [ak, av] = a[i]!;
    const [bk, bv] = b[i]!;
    if (ak !== bk) return false;
    if (av === bv) continue;
    if (av === undefined || bv === undefined || !bytesEqual(av, bv)) return false;
  }
  return true;
}

function toBinChanges(changes: Changes): BinChanges {
  return changes.map(([k, v]) => [toBin(k), v]);
}

/** A branch's changes keyed by binary string, without a round trip through bytes when it is a BranchStore. */
function binChangesOf(branch: Branch): BinChanges {
  return branch instanceof BranchStore ? branch.binChanges() : toBinChanges(branch.changes());
}

/** The first 48 bits of a hash as an exact integer-valued double, for a cheap first sort key. */
function leadingBits(h: Uint8Array): number {
  return (h[0]! * 0x10000 + h[1]! * 0x100 + h[2]!) * 0x1000000 + (h[3]! * 0x10000 + h[4]! * 0x100 + h[5]!);
}
