import { BTree } from "./btree";
import { type BinKey, compareBin, fromBin, toBin } from "./bytes";
import { mergeIterators, type Pending, seekWalk } from "./merge-iterator";
import type { BinKeyReader, Branch, KVStore } from "./types";

function isBinKeyReader(store: KVStore): store is KVStore & BinKeyReader {
  return typeof (store as Partial<BinKeyReader>).getBin === "function";
}

/**
 * Copy-on-write layer over a parent store. Block, tx and message branches all use it;
 * nothing reaches the parent before write(), so a failed tx is discarded by dropping it.
 */
export class BranchStore implements Branch {
  // Map for O(1) point reads. The B-tree serves ordered iteration and changes(); keys written
  // since it was last needed wait in `unsorted`, so a branch that is only read and written
  // point-wise (most tx branches) never pays for ordering.
  private readonly writes = new Map<BinKey, Pending>();
  private ordered: BTree<BinKey, Pending> | undefined;
  private unsorted: BinKey[] = [];
  private gen = 0;
  private readonly binParent: (KVStore & BinKeyReader) | undefined;

  constructor(private readonly parent: KVStore) {
    this.binParent = isBinKeyReader(parent) ? parent : undefined;
  }

  /** Bumped on every mutation, so callers can tell whether a branch changed since they looked. */
  get generation(): number {
    return this.gen;
  }

  get(key: Uint8Array): Uint8Array | undefined {
    return this.getBin(toBin(key));
  }

  getBin(k: BinKey): Uint8Array | undefined {
    const v = this.writes.get(k);
    if (v !== undefined) return v === null ? undefined : v;
    return this.binParent ? this.binParent.getBin(k) : this.parent.get(fromBin(k));
  }

  has(key: Uint8Array): boolean {
    return this.hasBin(toBin(key));
  }

  hasBin(k: BinKey): boolean {
    const v = this.writes.get(k);
    if (v !== undefined) return v !== null;
    return this.binParent ? this.binParent.hasBin(k) : this.parent.has(fromBin(k));
  }

  set(key: Uint8Array, value: Uint8Array): void {
    this.setBin(toBin(key), value);
  }

  setBin(k: BinKey, value: Uint8Array): void {
    if (!(value instanceof Uint8Array)) throw new TypeError("store value must be a Uint8Array");
    this.putBin(k, value);
  }

  delete(key: Uint8Array): void {
    this.putBin(toBin(key), null);
  }

  deleteBin(k: BinKey): void {
    this.putBin(k, null);
  }

  /** A write (value) or delete (null) by binary key; how child branches write into this one. */
  putBin(k: BinKey, v: Pending): void {
    if (!this.writes.has(k)) this.unsorted.push(k);
    this.writes.set(k, v);
    this.gen++;
  }

  private sorted(): BTree<BinKey, Pending> {
    // Created on first need: most tx and message branches are never iterated.
    this.ordered ??= new BTree<BinKey, Pending>(undefined, compareBin);
    if (this.unsorted.length > 0) {
      for (const k of this.unsorted) this.ordered.set(k, null);
      this.unsorted = [];
    }
    return this.ordered;
  }

  iterator(start?: Uint8Array, end?: Uint8Array, reverse = false): IterableIterator<[Uint8Array, Uint8Array]> {
    const below = this.parent.iterator(start, end, reverse);
    const own = seekWalk(
      this.sorted(),
      this.writes,
      start === undefined ? undefined : toBin(start),
      end === undefined ? undefined : toBin(end),
      reverse,
    );
    return mergeIterators(below, own, reverse);
  }

  branch(): Branch {
    return new BranchStore(this);
  }

  write(): void {
    const parent = this.parent;
    if (parent instanceof BranchStore) {
      for (const [k, v] of this.writes) parent.putBin(k, v);
    } else {
      for (const k of this.sorted().keys()) {
        const v = this.writes.get(k)!;
        if (v === null) parent.delete(fromBin(k));
        else parent.set(fromBin(k), v);
      }
    }
    this.writes.clear();
    this.ordered?.clear();
    this.unsorted = [];
    this.gen++;
  }

  changes(): Array<[Uint8Array, Uint8Array | undefined]> {
    return this.binChanges().map(([k, v]) => [fromBin(k), v]);
  }

  /** changes() with the keys left in binary-string form: the commit store hashes, caches and indexes by it. */
  binChanges(): Array<[BinKey, Uint8Array | undefined]> {
    const out: Array<[BinKey, Uint8Array | undefined]> = [];
    for (const k of this.sorted().keys()) {
      const v = this.writes.get(k)!;
      out.push([k, v === null ? undefined : v]);
    }
    return out;
  }
}
