import { BTree } from "./btree";
import { type BinKey, fromBin, toBin } from "./bytes";

/** A pending write: bytes = set, null = tombstone. */
export type Pending = Uint8Array | null;

/**
 * Walks an ordered write set by re-seeking from the last key returned instead of holding
 * a B-tree iterator, so writes made during iteration cannot invalidate it.
 */
export function* seekWalk(
  tree: BTree<BinKey, Pending>,
  values: ReadonlyMap<BinKey, Pending>,
  start: BinKey | undefined,
  end: BinKey | undefined,
  reverse: boolean,
): Generator<[BinKey, Pending]> {
  // The tree orders the keys; the current value of each lives in `values`.
  if (!reverse) {
    let pair = start === undefined ? firstPair(tree) : tree.getPairOrNextHigher(start);
    while (pair && (end === undefined || pair[0] < end)) {
      const k = pair[0];
      const v = values.get(k);
      if (v !== undefined) yield [k, v];
      pair = tree.nextHigherPair(k);
    }
  } else {
    let pair = end === undefined ? lastPair(tree) : tree.nextLowerPair(end);
    while (pair && (start === undefined || pair[0] >= start)) {
      const k = pair[0];
      const v = values.get(k);
      if (v !== undefined) yield [k, v];
      pair = tree.nextLowerPair(k);
    }
  }
}

function firstPair(tree: BTree<BinKey, Pending>): [BinKey, Pending] | undefined {
  const k = tree.minKey();
  return k === undefined ? undefined : [k, tree.get(k) as Pending];
}

function lastPair(tree: BTree<BinKey, Pending>): [BinKey, Pending] | undefined {
  const k = tree.maxKey();
  return k === undefined ? undefined : [k, tree.get(k) as Pending];
}

/**
 * Merges a layer's own writes over the iterator of what lies below; on equal keys the
 * own write wins and tombstones hide the lower entry.
 */
export function* mergeIterators(
  below: Iterator<[Uint8Array, Uint8Array]>,
  own: Iterator<[BinKey, Pending]>,
  reverse: boolean,
): Generator<[Uint8Array, Uint8Array]> {
  let b = below.next();
  let bKey = b.done ? "" : toBin(b.value[0]);
  let o = own.next();
  for (;;) {
    if (b.done && o.done) return;
    const takeBelow = !b.done && (o.done || (reverse ? bKey > o.value[0] : bKey < o.value[0]));
    if (takeBelow) {
      yield b.value;
      b = below.next();
      if (!b.done) bKey = toBin(b.value[0]);
      continue;
    }
    const [k, v] = (o as IteratorYieldResult<[BinKey, Pending]>).value;
    if (!b.done && bKey === k) {
      b = below.next();
      if (!b.done) bKey = toBin(b.value[0]);
    }
    o = own.next();
    if (v !== null) yield [fromBin(k), v];
  }
}
