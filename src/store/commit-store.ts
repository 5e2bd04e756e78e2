import type { CommitmentProof, ExistenceProof } from "cosmjs-types/cosmos/ics23/v1/proofs";
import { ClassicLevel } from "classic-level";
import { BranchStore } from "./branch";
import { type BinKey, bytesEqual, fromBin, toBin } from "./bytes";
import type { StoreRoot } from "./commit-info";
import { sha256 } from "./hash";
import { HistoricalState } from "./historical";
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
import { NONE } from "./node-arena";
import { StoreTries, type TrieState, type TrieUpdate } from "./store-tries";
import type { KeyChange } from "./trie";
import { existenceProof, findLeaf, neighbourLeaves } from "./trie-proof";
import { nextLeaf, startWalk, type WalkStart } from "./trie-walk";
import { convertLegacy, loadTries, type WriteBatch } from "./tree-records";
import { takeTriesImage, writeTriesImage } from "./tries-image";
import type { Branch, CommitInfo, KVStore, MetaWrites } from "./types";

/** Commits whose written keys are kept (writtenSince): answers unread for longer are recomputed. */
const WRITE_LOG_LENGTH = 16;
/** A commit writing more keys than this (a state sync's restore) is logged as unknown. */
const MAX_LOGGED_WRITES = 100_000;

/** Where open found the committed tries: a tries image saved at the last close, or a scan of the records. */
export type OpenedFrom = "tries image" | "state scan";

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
  /** State keys whose value is kept in memory (default 200k). */
  cacheSize?: number;
  /**
   * Stores the app hash names from the next commit on even while they hold no key: the app's
   * module names. Stores named by earlier commits and stores holding keys are named anyway.
   */
  stores?: readonly string[];
}

type Db = ClassicLevel<Uint8Array, Uint8Array>;
type Changes = Array<[Uint8Array, Uint8Array | undefined]>;
/** Changes keyed by binary string (the form branches keep them in), in key order. */
type BinChanges = Array<[BinKey, Uint8Array | undefined]>;

interface Computed {
  /** `moves` when computed: the committed tries it was applied to. */
  base: number;
  changes: BinChanges;
  keyChanges: KeyChange[];
  update: TrieUpdate;
  appHash: Uint8Array;
  /** Previous values for the undo log, being read while the block goes on to its commit. */
  previous: Promise<Map<BinKey, Uint8Array>>;
}

/**
 * Committed state: read-only, synchronous, backed by one LevelDB. The stores' tries live
 * wholly in memory (a node arena built at open), so computing an app hash never reads the
 * disk; they are also the ordered set of committed keys, which LevelDB cannot walk
 * synchronously: `has` and ordered iteration walk them, and values are read through an LRU
 * and getSync. All writes happen in one atomic batch per commit, and in-memory structures
 * change only after that batch is durable, so a crash at any point leaves exactly the
 * previous or the new height.
 */
export class CommitStore implements KVStore {
  /** Committed values of recently used keys. */
  private readonly values: LRU<BinKey, Uint8Array>;
  private computed: Computed | undefined;
  private prepared: { changes: BinChanges; keyChanges: KeyChange[] } | undefined;
  private busy = false;
  /** Bumped by every commit and rollback: a view of an older height is valid while it stays. */
  private moves = 0;
  /** The stores of the committed tries in key order, as of `moves` (ordered walks). */
  private storeOrder: { moves: number; stores: Array<{ name: string; prefix: string; end: string }> } | undefined;
  /** The keys each of the last moves wrote, oldest first (writtenSince); undefined = not known. */
  private readonly writeLog: Array<readonly BinKey[] | undefined> = [];

  private constructor(
    private readonly dir: string,
    readonly openedFrom: OpenedFrom,
    private readonly db: Db,
    private record: CommitRecord,
    private readonly tries: StoreTries,
    /** The committed tries (those of `record`). */
    private committed: TrieState,
    private readonly undoHeights: bigint[],
    private readonly keepRecent: number,
    private readonly pruneInterval: number,
    private readonly sync: boolean,
    cacheSize: number,
  ) {
    this.values = new LRU(cacheSize);
  }

  static async open(dir: string, opts: CommitStoreOptions = {}): Promise<CommitStore> {
    const keepRecent = opts.keepRecent ?? 100;
    if (!Number.isInteger(keepRecent) || keepRecent < 0) throw new Error("keepRecent must be an integer >= 0 (0 keeps every height)");
    const pruneInterval = opts.pruneInterval ?? 1;
    if (!Number.isInteger(pruneInterval) || pruneInterval < 1) throw new Error("pruneInterval must be an integer >= 1");
    const tries = new StoreTries(opts.stores ?? []);
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
      const decoded = raw ? decodeRecord(raw) : undefined;
      let record: CommitRecord;
      let committed: TrieState;
      let openedFrom: OpenedFrom = "state scan";
      if (decoded && decoded.format !== RECORD_FORMAT) {
        ({ record, state: committed } = await convertLegacy(db, tries, decoded));
      } else {
        const saved = decoded && takeTriesImage(dir, decoded, tries.arena);
        openedFrom = saved ? "tries image" : "state scan";
        committed = saved ? { roots: saved } : await loadTries(db, tries, decoded?.stores ?? []);
        record = decoded ?? { height: 0n, hash: tries.appHash(committed), converted: 0n, stores: [] };
        // The height converted at keeps the earlier tree's app hash: nothing to compare with.
        if (record.height !== record.converted && !bytesEqual(tries.appHash(committed), record.hash)) {
          throw new Error(`commit store: the stored state's store roots do not give the app hash of height ${record.height}`);
        }
      }
      const undoHeights: bigint[] = [];
      await scanKeys(db, NS.undo, (k) => undoHeights.push(new DataView(k.buffer, k.byteOffset).getBigUint64(0)));
      return new CommitStore(
        dir,
        openedFrom,
        db,
        record,
        tries,
        committed,
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

  /**
   * The last height whose app hash is the root of the single tree this store was converted
   * from (0 if it never was): no proof, rollback or older state reaches below it.
   */
  get convertedAt(): bigint {
    return this.record.converted;
  }

  /** Number of keys in committed state. */
  get size(): number {
    let n = 0;
    for (const root of this.committed.roots.values()) if (root !== NONE) n += this.tries.arena.leaves(root);
    return n;
  }

  /** Nodes of the committed tries (and of a computed, not yet committed update). */
  get treeNodes(): number {
    return this.tries.arena.size;
  }

  get(key: Uint8Array): Uint8Array | undefined {
    return this.getBin(toBin(key));
  }

  getBin(k: BinKey): Uint8Array | undefined {
    const cached = this.values.get(k);
    if (cached) return cached;
    // The tries know every committed key, so misses never touch the disk.
    return this.hasBin(k) ? this.read(k) : undefined;
  }

  /** The value of a committed key not in the value cache, from disk. */
  private read(k: BinKey): Uint8Array {
    const v = this.db.getSync(nsKey(NS.state, fromBin(k)));
    if (v === undefined) throw new Error("commit store: tries and disk disagree");
    this.values.set(k, v);
    return v;
  }

  has(key: Uint8Array): boolean {
    return this.hasBin(toBin(key));
  }

  hasBin(k: BinKey): boolean {
    const slash = k.indexOf("/");
    if (slash <= 0) return false;
    const root = this.committed.roots.get(k.slice(0, slash));
    return root !== undefined && findLeaf(this.tries.arena, root, k, slash + 1) !== NONE;
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
    const arena = this.tries.arena;
    let from: WalkStart = reverse ? { key: hi, inclusive: false, reverse } : { key: lo, inclusive: true, reverse };
    // A walk holds node numbers: after a commit or rollback between two steps it seeks again
    // from the last key it gave, in the tries of the new height.
    walk: for (;;) {
      const moves = this.moves;
      for (const [prefix, root] of this.storesInOrder(lo, hi, reverse)) {
        const pending = startWalk(arena, root, prefix, from);
        for (let leaf = nextLeaf(arena, pending, reverse); leaf !== NONE; leaf = nextLeaf(arena, pending, reverse)) {
          const k = arena.key(leaf);
          if (reverse ? lo !== undefined && k < lo : hi !== undefined && k >= hi) return;
          yield [fromBin(k), this.values.get(k) ?? this.read(k)];
          if (moves !== this.moves) {
            from = { key: k, inclusive: false, reverse };
            continue walk;
          }
        }
      }
      return;
    }
  }

  /** The prefix and root of each non-empty store with keys in [lo, hi), in the walk's order. */
  private storesInOrder(lo: BinKey | undefined, hi: BinKey | undefined, reverse: boolean): Array<[string, number]> {
    if (this.storeOrder?.moves !== this.moves) {
      // The store's keys are those in [name + "/", name + "0"): "0" follows "/".
      const stores = [...this.committed.roots.keys()].map((name) => ({ name, prefix: name + "/", end: name + "0" }));
      stores.sort((a, b) => (a.prefix < b.prefix ? -1 : 1));
      this.storeOrder = { moves: this.moves, stores };
    }
    const out: Array<[string, number]> = [];
    for (const { name, prefix, end } of this.storeOrder.stores) {
      const root = this.committed.roots.get(name)!;
      if (root === NONE || (hi !== undefined && hi <= prefix) || (lo !== undefined && lo >= end)) continue;
      out.push([prefix, root]);
    }
    if (reverse) out.reverse();
    return out;
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

  /** The app hash the state would have after applying the branch; pure, remembered for commit(). */
  computeAppHash(branch: Branch): Uint8Array {
    // A computation for other changes would discard the trie nodes the running commit settles.
    if (this.busy) throw new Error("commit store: commit or rollback in progress");
    return this.compute(binChangesOf(branch)).appHash.slice();
  }

  /** The changes as trie input: each value hashed, in key order. */
  private keyChangesOf(changes: BinChanges): KeyChange[] {
    const p = this.prepared;
    if (p && sameChanges(p.changes, changes)) return p.keyChanges;
    const keyChanges = changes.map(([key, v]) => ({ key, valueHash: v === undefined ? undefined : sha256(v) }));
    this.prepared = { changes, keyChanges };
    return keyChanges;
  }

  private compute(changes: BinChanges): Computed {
    const c = this.computed;
    if (c && c.base === this.moves && sameChanges(c.changes, changes)) return c;
    this.discardComputed();
    const keyChanges = this.keyChangesOf(changes);
    const update = this.tries.apply(this.committed, keyChanges);
    const previous = this.previousValues(changes);
    // Awaited by commit(); a computation never committed must not leave a rejection unheard.
    previous.catch(() => undefined);
    this.computed = { base: this.moves, changes, keyChanges, update, appHash: this.tries.appHash(update), previous };
    return this.computed;
  }

  private discardComputed(): void {
    if (this.computed) this.tries.discard(this.computed.update);
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
      const { update, keyChanges, appHash, previous: reading } = this.compute(binChanges);
      const record: CommitRecord = { height, hash: appHash, converted: this.record.converted, stores: [...update.roots.keys()].sort() };
      // A chained batch: abstract-level's array form validates every op object and costs
      // several times more for the ~10^4 ops of a busy block.
      const batch = this.db.batch();
      const previous = await reading;
      const changes: Changes = binChanges.map(([k, v]) => [fromBin(k), v]);
      const bins = binChanges.map(([k]) => k);
      const undo: Changes = changes.map(([k], i) => [k, previous.get(bins[i]!) ?? this.getBin(bins[i]!)]);
      writeState(batch, changes, keyChanges);
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
        if (v === undefined) this.values.delete(bk);
        else this.values.set(bk, v);
      });
      this.moveTo(update, update, record, bins.length <= MAX_LOGGED_WRITES ? bins : undefined);
      this.undoHeights.splice(0, pruned);
      this.undoHeights.push(height);
      return { height, appHash: record.hash };
    });
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
   * Committed values of changed keys that are not in the value cache, in one batched read begun
   * when the app hash is computed: the undo log needs every previous value, and a key written
   * without being read first (or evicted since) would cost a synchronous disk read each.
   */
  private async previousValues(changes: BinChanges): Promise<Map<BinKey, Uint8Array>> {
    const keys: BinKey[] = [];
    const dbKeys: Uint8Array[] = [];
    for (const [bk] of changes) {
      if (this.values.get(bk) === undefined && this.hasBin(bk)) {
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

  /** Counts commits and rollbacks: the committed state is the same while it stays. */
  get version(): number {
    return this.moves;
  }

  /**
   * The keys each commit since `version` wrote (each list sorted), oldest first; undefined
   * when one of them is not known: a rollback, a commit too large to log, or one older than
   * the log. What lets an answer computed from state outlive the height it was computed at.
   */
  writtenSince(version: number): ReadonlyArray<readonly BinKey[]> | undefined {
    const count = this.moves - version;
    if (count < 0 || count > this.writeLog.length) return undefined;
    const lists = this.writeLog.slice(this.writeLog.length - count);
    return lists.every((l) => l !== undefined) ? (lists as Array<readonly BinKey[]>) : undefined;
  }

  private moveTo(state: TrieState, nodes: TrieUpdate, record: CommitRecord, written?: readonly BinKey[]): void {
    this.moves++;
    this.writeLog.push(written);
    if (this.writeLog.length > WRITE_LOG_LENGTH) this.writeLog.shift();
    this.tries.settle(nodes);
    this.committed = state;
    this.record = record;
    this.computed = undefined;
    this.prepared = undefined;
  }

  /**
   * Undoes the last commit from its undo log: the previous values go back, and the tries, a
   * function of the state, are brought back by applying them; they must reproduce the
   * previous app hash. Meta writes of the height are undone too.
   */
  async rollback(): Promise<CommitInfo> {
    return this.exclusive(async () => {
      const height = this.record.height;
      this.refuseBelowConversion(height - 1n, `cannot roll back height ${height}`, true);
      const raw = height > 0n ? await this.db.get(heightKey(NS.undo, height)) : undefined;
      if (!raw) throw new Error(`cannot roll back height ${height}: no undo information (kept for the last ${this.keepRecent} heights)`);
      const undo = decodeUndo(raw);
      this.discardComputed();
      const keyChanges = this.keyChangesOf(toBinChanges(undo.entries));
      const update = this.tries.apply(this.committed, keyChanges);
      const state = restrictTo(update, undo.prev.stores);
      if (!state || !bytesEqual(this.tries.appHash(state), undo.prev.hash)) {
        this.tries.discard(update);
        throw new Error(`cannot roll back height ${height}: the undo log does not reproduce the previous app hash`);
      }
      const batch = this.db.batch();
      writeState(batch, undo.entries, keyChanges);
      // Meta written more than once at a height keeps its first previous value: undo in reverse.
      writeEntries(batch, NS.meta, [...undo.meta].reverse());
      batch.del(heightKey(NS.undo, height));
      batch.put(COMMIT_KEY, encodeRecord(undo.prev));
      await batch.write({ sync: this.sync });

      for (const [k] of undo.entries) this.values.delete(toBin(k));
      this.moveTo(state, update, undo.prev);
      const i = this.undoHeights.indexOf(height);
      if (i >= 0) this.undoHeights.splice(i, 1);
      return { height: undo.prev.height, appHash: undo.prev.hash };
    });
  }

  /** Oldest height whose state can still be read (stateAt) or rolled back to. */
  get oldestHeight(): bigint {
    const first = this.undoHeights[0];
    const oldest = first === undefined ? this.record.height : first - 1n;
    return oldest < this.record.converted ? this.record.converted : oldest;
  }

  /**
   * The state committed at `height`: the undo logs of every later height, newest first, put
   * back over the latest state. Undefined when a log it needs is pruned; refused below the
   * height the store was converted at. The view reads through the latest state, so it holds
   * until the next commit or rollback (`current`).
   */
  async stateAt(height: bigint): Promise<HistoricalState | undefined> {
    if (height < this.record.converted) this.refuseBelowConversion(height, `no state of height ${height}`);
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
      const record = logs.length === 0 ? this.record : logs[logs.length - 1]!.prev;
      return new HistoricalState(record, this, logs, () => moves === this.moves);
    }
  }

  /** Each store's name and root at `state`'s height (the latest when omitted), by name: what the app hash commits to. */
  storeRoots(state?: HistoricalState): StoreRoot[] {
    return this.onTriesOf(state, (tries) => this.tries.storeRoots(tries));
  }

  /**
   * ICS-23 proof (IAVL shape) of `keyInStore` in store `store` at `state`'s height (the
   * latest when omitted): existence with the value, or non-existence through the key's two
   * neighbours in key order (one of them absent past either end of the store). With the
   * store roots of that height, from which commit-info.ts proves the store's root in the app
   * hash. Absence in an empty store has no ICS-23 proof (there is no neighbour): refused.
   */
  proveInStore(
    store: string,
    keyInStore: Uint8Array,
    state?: HistoricalState,
  ): { value: Uint8Array | undefined; proof: CommitmentProof; storeRoots: StoreRoot[] } {
    return this.onTriesOf(state, (tries) => {
      const root = tries.roots.get(store);
      if (root === undefined) throw new Error(`commit store: no store named ${store}`);
      const view = state ?? this;
      const off = store.length + 1;
      const key = store + "/" + toBin(keyInStore);
      const storeRoots = this.tries.storeRoots(tries);
      const prove = (leaf: number): ExistenceProof => {
        const value = view.get(fromBin(this.tries.arena.key(leaf)));
        if (value === undefined) throw new Error("commit store: a key of the trie is not in the state");
        return existenceProof(this.tries.arena, root, leaf, off, value);
      };
      const leaf = findLeaf(this.tries.arena, root, key, off);
      if (leaf !== NONE) {
        const exist = prove(leaf);
        return { value: exist.value, proof: { exist }, storeRoots };
      }
      if (root === NONE) throw new Error(`commit store: store ${store} is empty; absence in an empty store has no ICS-23 proof`);
      const { left, right } = neighbourLeaves(this.tries.arena, root, key, off);
      const nonexist = {
        key: Uint8Array.from(keyInStore),
        left: left === NONE ? undefined : prove(left),
        right: right === NONE ? undefined : prove(right),
      };
      return { value: undefined, proof: { nonexist }, storeRoots };
    });
  }

  /** Runs `fn` on the tries of `state`'s height (brought back uncommitted, then discarded) or the latest. */
  private onTriesOf<T>(state: HistoricalState | undefined, fn: (tries: TrieState) => T): T {
    // Checked for every view: after a rollback and a new commit a stale one may name the latest height.
    if (state && !state.current()) throw new Error("commit store: the historical view is out of date");
    const height = state?.height ?? this.record.height;
    this.refuseBelowConversion(height, `no store roots of height ${height}`, true);
    if (!state || state.height === this.record.height) return fn(this.committed);
    const update = this.tries.apply(this.committed, this.keyChangesOf(state.binChanges()));
    try {
      const tries = restrictTo(update, state.record.stores);
      if (!tries || !bytesEqual(this.tries.appHash(tries), state.appHash))
        throw new Error(`commit store: undo logs do not reproduce the app hash of height ${state.height}`);
      return fn(tries);
    } finally {
      this.tries.discard(update);
    }
  }

  /**
   * Heights up to the one converted at have the single tree's app hash, which the tries cannot
   * reproduce: `what` is refused for them (`inclusive`: for that height itself too).
   */
  private refuseBelowConversion(height: bigint, what: string, inclusive = false): void {
    const c = this.record.converted;
    if (c > 0n && (height < c || (inclusive && height === c))) {
      throw new Error(
        `${what}: heights up to ${c} were committed under the single-tree app hash this store was converted from at height ${c}`,
      );
    }
  }

  /** Heights that can still be rolled back, oldest first. */
  get rollbackHeights(): readonly bigint[] {
    const c = this.record.converted;
    return c > 0n ? this.undoHeights.filter((h) => h > c + 1n) : this.undoHeights;
  }

  /**
   * Closes the database; when no commit or rollback is running, first saves the committed
   * tries (tries-image.ts) for the next open. An update computed but not committed is dropped:
   * after a restart the consensus engine sends its block again.
   */
  async close(): Promise<void> {
    if (!this.busy) {
      this.discardComputed();
      try {
        writeTriesImage(this.dir, this.record, this.committed.roots, this.tries.arena);
      } catch {
        // Only the next open's speed depends on it: without an image it rebuilds the tries.
      }
    }
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

/** The tries of `update` naming exactly `stores`; undefined when another store still holds keys. */
function restrictTo(update: TrieUpdate, stores: readonly string[]): TrieState | undefined {
  const roots = new Map<string, number>();
  for (const name of stores) roots.set(name, update.roots.get(name) ?? NONE);
  for (const [name, root] of update.roots) if (!roots.has(name) && root !== NONE) return undefined;
  return { roots };
}

/** State records and their value-hash records for changes whose value hashes are `hashed` (same order). */
function writeState(batch: WriteBatch, changes: Changes, hashed: readonly KeyChange[]): void {
  changes.forEach(([k, v], i) => {
    if (v === undefined) {
      batch.del(nsKey(NS.state, k));
      batch.del(nsKey(NS.valueHash, k));
    } else {
      batch.put(nsKey(NS.state, k), v);
      batch.put(nsKey(NS.valueHash, k), hashed[i]!.valueHash!);
    }
  });
}

/** Puts each entry under `ns`, or deletes it where its value is undefined. */
function writeEntries(batch: WriteBatch, ns: number, entries: ReadonlyArray<readonly [Uint8Array, Uint8Array | undefined]>): void {
  for (const [k, v] of entries) {
    if (v === undefined) batch.del(nsKey(ns, k));
    else batch.put(nsKey(ns, k), v);
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
