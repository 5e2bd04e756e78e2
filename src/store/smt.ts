import { NodeArena, NONE } from "./node-arena";
import { bitAt, compareHash, EMPTY_HASH } from "./smt-hash";

/**
 * Compressed binary sparse Merkle tree over sha256(key): a subtree holding one leaf is that
 * leaf, placed at the shallowest depth where its path is unique; an empty subtree hashes to
 * 32 zero bytes. Inner nodes sit at fixed positions (a prefix shared by two or more keys),
 * only leaves move. Updates are batched and touch only the paths of changed keys: a commit
 * costs O(k log n) hashes regardless of state size.
 */

/** One change, keyed by sha256(key); valueHash undefined = delete. */
export interface TreeChange {
  keyHash: Uint8Array;
  valueHash: Uint8Array | undefined;
}

/** A tree position: the first `depth` bits of `path`. */
export interface Position {
  depth: number;
  path: Uint8Array;
}

export interface TreeUpdate {
  root: number;
  /** Nodes built by this update (all in the new tree): freed if it is discarded. */
  created: number[];
  /** Paths of the created nodes, one per entry of `created` (a key hash under the node). */
  createdPaths: Uint8Array[];
  /** Committed nodes that are not in the new tree: freed once it is committed. */
  retired: number[];
  /** Positions whose committed node left and that no created node takes. */
  vacated: Position[];
}

export function rootHash(arena: NodeArena, root: number): Uint8Array {
  return root === NONE ? EMPTY_HASH : arena.hashOf(root);
}

interface Entry {
  keyHash: Uint8Array;
  valueHash: Uint8Array;
  /** The committed leaf this entry came from, reused unchanged. */
  node: number;
}

/** Applies `changes` (sorted by keyHash, unique) to the tree rooted at `root`, copy-on-write. */
export function applyChanges(arena: NodeArena, root: number, changes: TreeChange[]): TreeUpdate {
  const up: TreeUpdate = { root: NONE, created: [], createdPaths: [], retired: [], vacated: [] };

  // A replaced node's position is vacated only if nothing takes it: a record put for the
  // new node there overwrites the old one anyway.
  const retireAt = (node: number, depth: number, path: Uint8Array, replacement: number): number => {
    up.retired.push(node);
    if (replacement === NONE) up.vacated.push({ depth, path });
    return replacement;
  };

  /** The leaf at `depth`: a fresh one moves; a committed one is copied (positions are records). */
  const place = (node: number, depth: number): number => {
    if (arena.depth(node) === depth) return node;
    if (arena.isFresh(node)) {
      // Its old position may have been counted as taken by it when a committed node left.
      up.vacated.push({ depth: arena.depth(node), path: arena.keyHashOf(node) });
      arena.setDepth(node, depth);
      return node;
    }
    if (!arena.isLeaf(node)) throw new Error("smt: an inner node cannot move");
    const keyHash = arena.keyHashOf(node).slice();
    const copy = arena.newLeaf(keyHash, arena.valueHashOf(node), depth, true);
    arena.hashNode(copy);
    up.created.push(copy);
    up.createdPaths.push(keyHash);
    up.retired.push(node);
    up.vacated.push({ depth: arena.depth(node), path: keyHash });
    return copy;
  };

  const makeInner = (left: number, right: number, depth: number, path: Uint8Array): number => {
    if (left === NONE && right === NONE) return NONE;
    // A lone leaf floats up to where it is unique, keeping the tree compressed.
    if (left === NONE && arena.isLeaf(right)) return place(right, depth);
    if (right === NONE && arena.isLeaf(left)) return place(left, depth);
    const node = arena.newInner(left, right, depth, true);
    arena.hashNode(node);
    up.created.push(node);
    up.createdPaths.push(path);
    return node;
  };

  const build = (entries: Entry[], lo: number, hi: number, depth: number): number => {
    if (lo === hi) return NONE;
    if (hi - lo === 1) {
      const e = entries[lo]!;
      if (e.node !== NONE) return place(e.node, depth);
      const node = arena.newLeaf(e.keyHash, e.valueHash, depth, true);
      arena.hashNode(node);
      up.created.push(node);
      up.createdPaths.push(e.keyHash);
      return node;
    }
    const mid = splitPoint(entries, lo, hi, depth, (e) => e.keyHash);
    return makeInner(build(entries, lo, mid, depth + 1), build(entries, mid, hi, depth + 1), depth, entries[lo]!.keyHash);
  };

  const update = (node: number, depth: number, lo: number, hi: number): number => {
    if (lo === hi) return node;
    if (node === NONE) {
      const entries: Entry[] = [];
      for (let i = lo; i < hi; i++) {
        const c = changes[i]!;
        if (c.valueHash) entries.push({ keyHash: c.keyHash, valueHash: c.valueHash, node: NONE });
      }
      return build(entries, 0, entries.length, depth);
    }
    if (arena.isLeaf(node)) {
      const { entries, kept } = mergeLeaf(arena, node, changes, lo, hi);
      const built = build(entries, 0, entries.length, depth);
      return kept ? built : retireAt(node, depth, changes[lo]!.keyHash, built);
    }
    const mid = splitPoint(changes, lo, hi, depth, (c) => c.keyHash);
    const oldLeft = arena.left(node);
    const oldRight = arena.right(node);
    const left = update(oldLeft, depth + 1, lo, mid);
    const right = update(oldRight, depth + 1, mid, hi);
    if (left === oldLeft && right === oldRight) return node;
    return retireAt(node, depth, changes[lo]!.keyHash, makeInner(left, right, depth, changes[lo]!.keyHash));
  };

  if (!sortedUnique(changes)) throw new Error("smt: changes must be sorted by key hash and unique");
  up.root = update(root, 0, 0, changes.length);
  if (up.root !== NONE && arena.isLeaf(up.root)) up.root = place(up.root, 0);
  return up;
}

function mergeLeaf(arena: NodeArena, leaf: number, changes: TreeChange[], lo: number, hi: number): { entries: Entry[]; kept: boolean } {
  const keyHash = arena.keyHashOf(leaf);
  const valueHash = arena.valueHashOf(leaf);
  const entries: Entry[] = [];
  let placed = false;
  let kept = false;
  for (let i = lo; i < hi; i++) {
    const c = changes[i]!;
    const cmp = compareHash(c.keyHash, keyHash);
    if (!placed && cmp > 0) {
      entries.push({ keyHash, valueHash, node: leaf });
      placed = kept = true;
    }
    if (cmp === 0) {
      placed = true;
      if (c.valueHash && compareHash(c.valueHash, valueHash) === 0) {
        entries.push({ keyHash, valueHash, node: leaf });
        kept = true;
      } else if (c.valueHash) {
        entries.push({ keyHash: c.keyHash, valueHash: c.valueHash, node: NONE });
      }
      continue;
    }
    if (c.valueHash) entries.push({ keyHash: c.keyHash, valueHash: c.valueHash, node: NONE });
  }
  if (!placed) {
    entries.push({ keyHash, valueHash, node: leaf });
    kept = true;
  }
  return { entries, kept };
}

/** First index in [lo, hi) whose path has bit `depth` set; the range shares all earlier bits. */
export function splitPoint<T>(items: T[], lo: number, hi: number, depth: number, path: (t: T) => Uint8Array): number {
  let a = lo;
  let b = hi;
  while (a < b) {
    const m = (a + b) >> 1;
    if (bitAt(path(items[m]!), depth) === 0) a = m + 1;
    else b = m;
  }
  return a;
}

function sortedUnique(changes: TreeChange[]): boolean {
  for (let i = 1; i < changes.length; i++) {
    if (compareHash(changes[i - 1]!.keyHash, changes[i]!.keyHash) >= 0) return false;
  }
  return true;
}

/** Frees the nodes of an update that will not be committed. */
export function discardUpdate(arena: NodeArena, up: TreeUpdate): void {
  for (const n of up.created) arena.free(n);
}

/** Makes an update's tree the committed one: its nodes settle, the replaced ones are freed. */
export function settleUpdate(arena: NodeArena, up: TreeUpdate): void {
  arena.settle(up.created);
  for (const n of up.retired) arena.free(n);
}
