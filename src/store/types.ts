/**
 * The store contract every layer above is written against. Keys and values are bytes;
 * ordering is unsigned lexicographic byte order everywhere (iteration, the commit batch,
 * the commitment tree's input).
 */

/** A synchronous key-value view. Reads see this view's own writes over everything below it. */
export interface KVStore {
  get(key: Uint8Array): Uint8Array | undefined;
  has(key: Uint8Array): boolean;
  set(key: Uint8Array, value: Uint8Array): void;
  delete(key: Uint8Array): void;
  /**
   * Ordered iteration over [start, end) (either bound may be undefined = open), merged
   * with what lies below this view. Writes made to the store while an iterator is open
   * are allowed; the iterator must not crash (it may or may not see them).
   */
  iterator(start?: Uint8Array, end?: Uint8Array, reverse?: boolean): IterableIterator<[Uint8Array, Uint8Array]>;
}

/**
 * Reads by a key already in binary-string form (one char per byte, see store/bytes.ts). Branch
 * chains (message → tx → block → committed) pass keys down in this form, converting once.
 */
export interface BinKeyReader {
  getBin(key: string): Uint8Array | undefined;
  hasBin(key: string): boolean;
}

/** Reads and writes by binary-string key: collections build keys that way, no byte array per access. */
export interface BinKVStore extends BinKeyReader {
  setBin(key: string, value: Uint8Array): void;
  deleteBin(key: string): void;
}

/** A copy-on-write view over a parent. Nothing reaches the parent until write(). */
export interface Branch extends KVStore, BinKVStore {
  /** A child branch over this one (tx branch over block branch, message branch over tx branch). */
  branch(): Branch;
  /** Writes this branch's changes into its parent (in key order) and clears them. */
  write(): void;
  /** This branch's pending changes in key order; value undefined = deleted. */
  changes(): Array<[Uint8Array, Uint8Array | undefined]>;
}

/** Non-merkleized bookkeeping written in the same atomic batch as a commit (tx index, block info). */
export type MetaWrites = Array<[Uint8Array, Uint8Array | undefined]>;

export interface CommitInfo {
  height: bigint;
  appHash: Uint8Array;
}
