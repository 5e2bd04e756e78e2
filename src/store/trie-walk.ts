import { isLeaf, type NodeArena, NONE } from "./node-arena";
import { bitAt, EQUAL } from "./trie-bits";

/**
 * Ordered walks over one store's trie. A crit-bit trie lists its leaves in key order (left
 * subtrees hold the keys with a 0 at the node's bit), so the tries are also the committed
 * state's ordered key set: no separate index of keys is needed.
 *
 * A walk is a stack of subtrees still to visit, the next one on top; it holds node numbers,
 * so it is valid only while the tries it walks are (the commit store re-seeks after a commit).
 * No recursion: a trie is as deep as its keys allow.
 */

/** Where a walk starts: at `key` (included or not), or at the store's first / last key. */
export interface WalkStart {
  /** A full state key; undefined starts at the store's first key (forward) or last (reverse). */
  key: string | undefined;
  /** Whether a leaf holding exactly `key` is part of the walk. */
  inclusive: boolean;
  reverse: boolean;
}

/**
 * The bit where `key` parts from the leaf its bits lead to in the trie at `root` (EQUAL when
 * that leaf holds `key`). Above it the key's bits choose a side at each node; below it they no
 * longer do: the subtree found there is wholly before or wholly after `key`.
 */
export function partingBit(arena: NodeArena, root: number, key: string, off: number): number {
  let node = root;
  while (!isLeaf(node)) node = arena.child(node, bitAt(key, off, arena.crit(node)));
  return arena.critBitWith(node, key, off);
}

/**
 * The walk over the leaves of the trie at `root` (the keys of the store whose prefix is
 * `prefix`) from `start` on: forward over keys ≥ (or >) the start key, reverse over keys ≤
 * (or <) it.
 */
export function startWalk(arena: NodeArena, root: number, prefix: string, start: WalkStart): number[] {
  const pending: number[] = [];
  if (root === NONE) return pending;
  const { key, inclusive, reverse } = start;
  if (key === undefined) {
    pending.push(root);
    return pending;
  }
  if (!key.startsWith(prefix)) {
    // Every key of the store is on one side of a key outside its prefix.
    const storeAfterKey = key < prefix;
    if (storeAfterKey !== reverse) pending.push(root);
    return pending;
  }
  const off = prefix.length;
  const d = partingBit(arena, root, key, off);
  let node = root;
  while (!isLeaf(node) && (d === EQUAL || arena.crit(node) < d)) {
    const bit = bitAt(key, off, arena.crit(node));
    // The sibling not taken is visited after (forward, right sibling) or before (reverse, left).
    if (!reverse && bit === 0) pending.push(arena.right(node));
    if (reverse && bit === 1) pending.push(arena.left(node));
    node = arena.child(node, bit);
  }
  if (d === EQUAL) {
    if (inclusive) pending.push(node);
  } else if ((bitAt(key, off, d) === 0) !== reverse) {
    pending.push(node);
  }
  return pending;
}

/** The walk's next leaf, or NONE when it is done. */
export function nextLeaf(arena: NodeArena, pending: number[], reverse: boolean): number {
  let node = pending.pop();
  if (node === undefined) return NONE;
  while (!isLeaf(node)) {
    pending.push(reverse ? arena.left(node) : arena.right(node));
    node = reverse ? arena.right(node) : arena.left(node);
  }
  return node;
}
