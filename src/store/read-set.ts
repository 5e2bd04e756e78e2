import { type BinKey, toBin } from "./bytes";
import type { BinKeyReader, KVStore } from "./types";

/**
 * What a read-only computation read of committed state: the keys it looked up and the
 * ranges it iterated (each as asked for, so a walk stopped early still counts its whole
 * range). Its result stays exact while no commit writes a key in either.
 */
export interface ReadSet {
  keys: ReadonlySet<BinKey>;
  /** [start, end), bounds undefined = open. */
  ranges: ReadonlyArray<readonly [BinKey | undefined, BinKey | undefined]>;
  /** Its memory, roughly: the keys and bounds with each entry's overhead (what a cache holding it counts). */
  bytes: number;
}

/** A read set entry's overhead beside its key bytes, roughly. */
const ENTRY_BYTES = 64;

/** A read set larger than this is not worth keeping: checking it would cost what recomputing does. */
export const MAX_READ_SET = 64;

/**
 * A read-only view of a committed store that records every key and range read through it.
 * Writes are refused, as the committed store refuses them: a query's writes stay in a branch.
 */
export class ReadRecorder implements KVStore, BinKeyReader {
  private readonly keys = new Set<BinKey>();
  private readonly ranges: Array<readonly [BinKey | undefined, BinKey | undefined]> = [];

  constructor(private readonly committed: KVStore & BinKeyReader) {}

  get(key: Uint8Array): Uint8Array | undefined {
    return this.getBin(toBin(key));
  }

  getBin(k: BinKey): Uint8Array | undefined {
    this.keys.add(k);
    return this.committed.getBin(k);
  }

  has(key: Uint8Array): boolean {
    return this.hasBin(toBin(key));
  }

  hasBin(k: BinKey): boolean {
    this.keys.add(k);
    return this.committed.hasBin(k);
  }

  set(): void {
    throw new Error("read recorder is read-only; write through a branch");
  }

  delete(): void {
    throw new Error("read recorder is read-only; write through a branch");
  }

  iterator(start?: Uint8Array, end?: Uint8Array, reverse = false): IterableIterator<[Uint8Array, Uint8Array]> {
    this.ranges.push([start === undefined ? undefined : toBin(start), end === undefined ? undefined : toBin(end)]);
    return this.committed.iterator(start, end, reverse);
  }

  /** What was read so far; undefined once it is larger than MAX_READ_SET. */
  readSet(): ReadSet | undefined {
    if (this.keys.size + this.ranges.length > MAX_READ_SET) return undefined;
    let bytes = 0;
    for (const k of this.keys) bytes += k.length + ENTRY_BYTES;
    for (const [start, end] of this.ranges) bytes += (start?.length ?? 0) + (end?.length ?? 0) + ENTRY_BYTES;
    return { keys: new Set(this.keys), ranges: [...this.ranges], bytes };
  }
}

/** The first index of sorted `keys` whose key is ≥ `k`. */
function lowerBound(keys: readonly BinKey[], k: BinKey): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < k) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether a commit that wrote `written` (sorted, unsigned byte order) left every key and range of `reads` alone. */
export function untouchedBy(reads: Pick<ReadSet, "keys" | "ranges">, written: readonly BinKey[]): boolean {
  for (const k of reads.keys) {
    const i = lowerBound(written, k);
    if (i < written.length && written[i] === k) return false;
  }
  for (const [start, end] of reads.ranges) {
    const i = start === undefined ? 0 : lowerBound(written, start);
    if (i < written.length && (end === undefined || written[i]! < end)) return false;
  }
  return true;
}
