import {
  bitAt, EMPTY_HASH, innerHash, leafHash, type Ref, type TreeNode,
} from "./smt-node.js";

/**
 * Compressed binary sparse Merkle tree over sha256(key): a subtree holding one leaf is that
 * leaf, placed at the shallowest depth where its path is unique; an empty subtree hashes to
 * 32 zero bytes. Updates are batched and touch only the paths of changed keys, so a commit
 * costs O(k log n) node reads and hashes regardless of state size.
 */

/** Synchronous access to persisted nodes (LRU cache + LevelDB getSync in the commit store). */
export interface NodeSource {
  load(nodeKey: Uint8Array): TreeNode;
}

/** One change, keyed by sha256(key); valueHash undefined = delete. */
export interface TreeChange {
  keyHash: Uint8Array;
  valueHash: Uint8Array | undefined;
}

export interface TreeUpdate {
  root: Ref | null;
  /** New nodes, children before parents, so node keys can be assigned in one pass. */
  created: Ref[];
  /** Node keys of persisted nodes that are no longer part of the tree. */
  orphaned: Uint8Array[];
}

export function rootHash(root: Ref | null): Uint8Array {
  return root === null ? EMPTY_HASH : root.hash;
}

export function resolve(src: NodeSource, ref: Ref): TreeNode {
  if (ref.node) return ref.node;
  if (!ref.key) throw new Error("smt: reference without node or key");
  return src.load(ref.key);
}

interface Entry {
  keyHash: Uint8Array;
  valueHash: Uint8Array;
  /** The existing leaf this entry came from, reused unchanged. */
  ref?: Ref;
}

/** Applies `changes` (sorted by keyHash, unique) to the tree rooted at `root`. */
export function applyChanges(src: NodeSource, root: Ref | null, changes: TreeChange[]): TreeUpdate {
  const created: Ref[] = [];
  const orphaned: Uint8Array[] = [];

  const orphan = (ref: Ref) => {
    if (ref.key) orphaned.push(ref.key);
  };

  const isLeaf = (ref: Ref) => resolve(src, ref).t === "leaf";

  const makeInner = (left: Ref | null, right: Ref | null): Ref | null => {
    if (left === null && right === null) return null;
    // A lone leaf floats up to where it is unique, keeping the tree compressed.
    if (left === null && isLeaf(right!)) return right;
    if (right === null && isLeaf(left!)) return left;
    const ref: Ref = {
      hash: innerHash(left === null ? EMPTY_HASH : left.hash, right === null ? EMPTY_HASH : right.hash),
      node: { t: "inner", left, right },
    };
    created.push(ref);
    return ref;
  };

  const build = (entries: Entry[], lo: number, hi: number, depth: number): Ref | null => {
    if (lo === hi) return null;
    if (hi - lo === 1) {
      const e = entries[lo]!;
      if (e.ref) return e.ref;
      const ref: Ref = {
        hash: leafHash(e.keyHash, e.valueHash),
        node: { t: "leaf", keyHash: e.keyHash, valueHash: e.valueHash },
      };
      created.push(ref);
      return ref;
    }
    const mid = splitPoint(entries, lo, hi, depth, (e) => e.keyHash);
    return makeInner(build(entries, lo, mid, depth + 1), build(entries, mid, hi, depth + 1));
  };

  const update = (ref: Ref | null, depth: number, lo: number, hi: number): Ref | null => {
    if (lo === hi) return ref;
    if (ref === null) {
      const entries: Entry[] = [];
      for (let i = lo; i < hi; i++) {
        const c = changes[i]!;
        if (c.valueHash) entries.push({ keyHash: c.keyHash, valueHash: c.valueHash });
      }
      return build(entries, 0, entries.length, depth);
    }
    const node = resolve(src, ref);
    if (node.t === "leaf") {
      const { entries, kept } = mergeLeaf(ref, node.keyHash, node.valueHash, changes, lo, hi);
      if (!kept) orphan(ref);
      return build(entries, 0, entries.length, depth);
    }
    const mid = splitPoint(changes, lo, hi, depth, (c) => c.keyHash);
    const left = update(node.left, depth + 1, lo, mid);
    const right = update(node.right, depth + 1, mid, hi);
    if (left === node.left && right === node.right) return ref;
    orphan(ref);
    return makeInner(left, right);
  };

  if (depthCheck(changes)) throw new Error("smt: changes must be sorted by key hash and unique");
  const newRoot = update(root, 0, 0, changes.length);
  return { root: newRoot, created, orphaned };
}

function mergeLeaf(
  ref: Ref, keyHash: Uint8Array, valueHash: Uint8Array, changes: TreeChange[], lo: number, hi: number,
): { entries: Entry[]; kept: boolean } {
  const entries: Entry[] = [];
  let placed = false;
  let kept = false;
  for (let i = lo; i < hi; i++) {
    const c = changes[i]!;
    const cmp = Buffer.compare(c.keyHash, keyHash);
    if (!placed && cmp > 0) {
      entries.push({ keyHash, valueHash, ref });
      placed = kept = true;
    }
    if (cmp === 0) {
      placed = true;
      if (c.valueHash && Buffer.compare(c.valueHash, valueHash) === 0) {
        entries.push({ keyHash, valueHash, ref });
        kept = true;
      } else if (c.valueHash) {
        entries.push({ keyHash: c.keyHash, valueHash: c.valueHash });
      }
      continue;
    }
    if (c.valueHash) entries.push({ keyHash: c.keyHash, valueHash: c.valueHash });
  }
  if (!placed) {
    entries.push({ keyHash, valueHash, ref });
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

function depthCheck(changes: TreeChange[]): boolean {
  for (let i = 1; i < changes.length; i++) {
    if (Buffer.compare(changes[i - 1]!.keyHash, changes[i]!.keyHash) >= 0) return true;
  }
  return false;
}
