import { isLeaf, type NodeArena, NONE } from "./node-arena";
import { bitAt, EQUAL } from "./trie-bits";

/**
 * One store's commitment: a binary PATRICIA (crit-bit) trie over the raw keys of the store.
 * An inner node splits its keys at the first bit where they differ; no node has one child, so
 * a trie over n keys has n − 1 inner nodes and its shape is a function of the key set alone,
 * as its hashes are of the key/value set: insertion order and batching do not matter.
 *
 * Updates are batched and copy-on-write: a block's changes, sorted by key, are pushed down
 * from the root, visiting only subtrees they fall in, so a commit costs O(k · depth) hashes
 * regardless of state size.
 */

/** One change: `key` is the full state key (binary string); valueHash undefined = delete. */
export interface KeyChange {
  key: string;
  valueHash: Uint8Array | undefined;
}

/** What an update allocated and what it replaced, for commit (free `retired`) or discard (free `created`). */
export interface NodeLog {
  created: number[];
  retired: number[];
}

/**
 * The trie rooted at `root` with changes[lo, hi) applied (sorted by key, unique, all keys of
 * the store whose keys start at `off`). Committed nodes are never modified.
 */
export function applyChanges(
  arena: NodeArena,
  root: number,
  changes: readonly KeyChange[],
  lo: number,
  hi: number,
  off: number,
  log: NodeLog,
): number {
  return new Merge(arena, changes, off, log).merge(root, lo, hi);
}

/** A trie over leaves already sorted by key (distinct); its new inner nodes go to `created`. */
export function buildTrie(arena: NodeArena, leaves: readonly number[], off: number, created: number[]): number {
  if (leaves.length === 0) return NONE;
  // The rightmost path under construction: pending nodes whose left subtree is done, with the
  // bit they part at. Adjacent keys part at that bit, so each leaf closes the pending nodes
  // that part deeper than it does and hangs under the rest (no recursion: depth is unbounded).
  const lefts: number[] = [];
  const crits: number[] = [];
  let cur = leaves[0]!;
  for (let i = 1; i < leaves.length; i++) {
    const d = arena.critBitOfLeaves(leaves[i - 1]!, leaves[i]!, off);
    // The later key must have the 1 where they part.
    if (d === EQUAL || arena.keyBitAt(leaves[i]!, off, d) === 0) throw new Error("trie: keys must be sorted and distinct");
    while (crits.length > 0 && crits[crits.length - 1]! > d) cur = join(arena, crits.pop()!, lefts.pop()!, cur, created);
    lefts.push(cur);
    crits.push(d);
    cur = leaves[i]!;
  }
  while (crits.length > 0) cur = join(arena, crits.pop()!, lefts.pop()!, cur, created);
  return cur;
}

function join(arena: NodeArena, crit: number, left: number, right: number, created: number[]): number {
  if (left === NONE) return right;
  if (right === NONE) return left;
  const node = arena.newInner(left, right, crit);
  created.push(node);
  return node;
}

/** Tasks of Merge.merge, four numbers each: the op and its operands. */
const MERGE = 0;
const JOIN = 1;
const COMBINE = 2;

class Merge {
  constructor(
    private readonly arena: NodeArena,
    private readonly changes: readonly KeyChange[],
    private readonly off: number,
    private readonly log: NodeLog,
  ) {}

  /**
   * The subtree `node` with changes[lo, hi) applied. An explicit stack instead of recursion:
   * a trie is as deep as its keys allow (see docs/store.md), deeper than the call stack.
   */
  merge(root: number, rootLo: number, rootHi: number): number {
    const { arena, changes, off } = this;
    const tasks: number[] = [MERGE, root, rootLo, rootHi];
    const results: number[] = [];
    while (tasks.length > 0) {
      const d = tasks.pop()!;
      const c = tasks.pop()!;
      const b = tasks.pop()!;
      const op = tasks.pop()!;
      if (op === JOIN) {
        // b = bit, c = the subtree built beside the merged one, d = 1 when it goes right.
        const merged = results.pop()!;
        results.push(d === 1 ? this.join(b, merged, c) : this.join(b, c, merged));
        continue;
      }
      if (op === COMBINE) {
        // b = the inner node whose children were merged.
        const right = results.pop()!;
        const left = results.pop()!;
        if (left === arena.left(b) && right === arena.right(b)) {
          results.push(b);
        } else {
          this.log.retired.push(b);
          results.push(this.join(arena.crit(b), left, right));
        }
        continue;
      }
      const [node, lo, hi] = [b, c, d];
      if (lo === hi) {
        results.push(node);
        continue;
      }
      if (node === NONE) {
        results.push(this.buildInserts(lo, hi));
        continue;
      }
      if (isLeaf(node)) {
        results.push(this.mergeLeaf(node, lo, hi));
        continue;
      }
      // Keys below `node` share their first `crit` bits; the changes share their first `at`
      // bits with its keys (for sorted keys the first and last change part earliest).
      const rep = arena.rep(node);
      const crit = arena.crit(node);
      const at = Math.min(this.partAt(rep, changes[lo]!.key), this.partAt(rep, changes[hi - 1]!.key));
      if (at < crit) {
        // Some changes leave the node's prefix at bit `at`: a new node there, the old one below it.
        const split = this.split(lo, hi, at);
        if (arena.keyBitAt(rep, off, at) === 0) tasks.push(JOIN, at, this.buildInserts(split, hi), 1, MERGE, node, lo, split);
        else tasks.push(JOIN, at, this.buildInserts(lo, split), 0, MERGE, node, split, hi);
        continue;
      }
      const split = this.split(lo, hi, crit);
      // Run in reverse: the left child's merge, the right child's, then their combination.
      tasks.push(COMBINE, node, 0, 0, MERGE, arena.right(node), split, hi, MERGE, arena.left(node), lo, split);
    }
    return results[0]!;
  }

  /** A leaf and the changes that fall where it is: merged in key order, rebuilt. */
  private mergeLeaf(leaf: number, lo: number, hi: number): number {
    const { arena, changes } = this;
    const leaves: number[] = [];
    let placed = false;
    for (let i = lo; i < hi; i++) {
      const c = changes[i]!;
      // The leaf's key against the change's: below 0 the change comes after the leaf.
      const order = placed ? -1 : arena.compareKey(leaf, c.key);
      if (!placed && order < 0) {
        leaves.push(leaf);
        placed = true;
      }
      if (order === 0) {
        placed = true;
        const fresh = c.valueHash && this.newLeaf(c);
        if (fresh !== undefined && arena.sameHash(fresh, leaf)) {
          // Rewritten with its own value: the committed leaf stays.
          this.log.created.pop();
          arena.free(fresh);
          leaves.push(leaf);
        } else {
          this.log.retired.push(leaf);
          if (fresh !== undefined) leaves.push(fresh);
        }
        continue;
      }
      if (c.valueHash) leaves.push(this.newLeaf(c));
    }
    if (!placed) leaves.push(leaf);
    return buildTrie(arena, leaves, this.off, this.log.created);
  }

  private buildInserts(lo: number, hi: number): number {
    const leaves: number[] = [];
    // Deletes of keys that are not there change nothing.
    for (let i = lo; i < hi; i++) if (this.changes[i]!.valueHash) leaves.push(this.newLeaf(this.changes[i]!));
    return buildTrie(this.arena, leaves, this.off, this.log.created);
  }

  private newLeaf(c: KeyChange): number {
    const leaf = this.arena.newLeaf(c.key, this.off, c.valueHash!);
    this.log.created.push(leaf);
    return leaf;
  }

  /** The bit where a leaf's key and `key` part; equal keys part nowhere. */
  private partAt(leaf: number, key: string): number {
    const d = this.arena.critBitWith(leaf, key, this.off);
    return d === EQUAL ? Infinity : d;
  }

  private join(crit: number, left: number, right: number): number {
    return join(this.arena, crit, left, right, this.log.created);
  }

  /** First index in [lo, hi) whose key has bit `pos` set; the range shares every earlier bit. */
  private split(lo: number, hi: number, pos: number): number {
    const { changes, off } = this;
    let a = lo;
    let b = hi;
    while (a < b) {
      const m = (a + b) >> 1;
      if (bitAt(changes[m]!.key, off, pos) === 0) a = m + 1;
      else b = m;
    }
    return a;
  }
}

/** Frees the nodes of an update that will not be committed. */
export function discardNodes(arena: NodeArena, log: NodeLog): void {
  for (const n of log.created) arena.free(n);
}

/** Makes an update's tries the committed ones: the nodes they replaced are freed. */
export function settleNodes(arena: NodeArena, log: NodeLog): void {
  for (const n of log.retired) arena.free(n);
}
