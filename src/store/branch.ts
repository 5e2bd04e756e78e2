import { BTree } from "./btree.js";
import { type BinKey, compareBin, fromBin, toBin } from "./bytes.js";
import { mergeIterators, type Pending, seekWalk } from "./merge-iterator.js";
import type { Branch, KVStore } from "./types.js";

/**
 * Copy-on-write layer over a parent store. Block, tx and message branches all use it;
 * nothing reaches the parent before write(), so a failed tx is discarded by dropping it.
 */
export class BranchStore implements Branch {
  // Map for O(1) point reads; the B-tree only serves ordered iteration and changes().
  private readonly writes = new Map<BinKey, Pending>();
  private readonly ordered = new BTree<BinKey, Pending>(undefined, compareBin);
  private gen = 0;

  constructor(private readonly parent: KVStore) {}

  /** Bumped on every mutation, so callers can tell whether a branch changed since they looked. */
  get generation(): number {
    return this.gen;
  }

  get(key: Uint8Array): Uint8Array | undefined {
    const v = this.writes.get(toBin(key));
    if (v !== undefined) return v === null ? undefined : v;
    return this.parent.get(key);
  }

  has(key: Uint8Array): boolean {
    const v = this.writes.get(toBin(key));
    if (v !== undefined) return v !== null;
    return this.parent.has(key);
  }

  set(key: Uint8Array, value: Uint8Array): void {
    if (!(value instanceof Uint8Array)) throw new TypeError("store value must be a Uint8Array");
    this.put(toBin(key), value);
  }

  delete(key: Uint8Array): void {
    this.put(toBin(key), null);
  }

  private put(k: BinKey, v: Pending): void {
    this.writes.set(k, v);
    this.ordered.set(k, v);
    this.gen++;
  }

  iterator(start?: Uint8Array, end?: Uint8Array, reverse = false): IterableIterator<[Uint8Array, Uint8Array]> {
    const below = this.parent.iterator(start, end, reverse);
    const own = seekWalk(
      this.ordered,
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
    for (const [k, v] of this.ordered.entries()) {
      if (v === null) this.parent.delete(fromBin(k));
      else this.parent.set(fromBin(k), v);
    }
    this.writes.clear();
    this.ordered.clear();
    this.gen++;
  }

  changes(): Array<[Uint8Array, Uint8Array | undefined]> {
    const out: Array<[Uint8Array, Uint8Array | undefined]> = [];
    for (const [k, v] of this.ordered.entries()) out.push([fromBin(k), v === null ? undefined : v]);
    return out;
  }
}
