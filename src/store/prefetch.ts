import type { Ref, TreeNode } from "./smt-node.js";
import { splitPoint } from "./smt.js";

/** What the prefetch walk needs from the node store. */
export interface PrefetchSource {
  /** The node if it is in memory, kept there for the coming update; never touches the disk. */
  peek(ref: Ref): TreeNode | undefined;
  /** Reads these nodes in batches and keeps them for the coming update; false = abandon the walk. */
  loadMany(nodeKeys: Uint8Array[]): Promise<boolean>;
}

interface Visit {
  ref: Ref;
  depth: number;
  lo: number;
  hi: number;
}

/**
 * Loads every stored node that `applyChanges` will visit for these key hashes (sorted,
 * unique), so the synchronous update then runs on memory. The walk follows the same split
 * as the update; it goes down through what is cached and gathers the nodes missing at the
 * edge, reading them in one batch per round — one round per uncached tree level instead
 * of one disk read per node. Under a range holding a delete, the untouched sibling is loaded
 * too (not descended into): the update checks whether it is a leaf that must float up.
 */
export async function prefetchPaths(
  src: PrefetchSource, root: Ref | null, keyHashes: Uint8Array[], deleted: boolean[],
): Promise<void> {
  // deletesBefore[i] = deletes among the first i changes, to ask "any delete in [lo, hi)?" in O(1).
  const deletesBefore = [0];
  for (const d of deleted) deletesBefore.push(deletesBefore[deletesBefore.length - 1]! + (d ? 1 : 0));
  let frontier: Visit[] = root === null || keyHashes.length === 0 ? [] : [{ ref: root, depth: 0, lo: 0, hi: keyHashes.length }];
  while (frontier.length > 0) {
    const missing: Visit[] = [];
    const stack = frontier;
    while (stack.length > 0) {
      const v = stack.pop()!;
      const node = src.peek(v.ref);
      if (node === undefined) {
        missing.push(v);
        continue;
      }
      if (node.t === "leaf" || v.lo === v.hi) continue;
      const mid = splitPoint(keyHashes, v.lo, v.hi, v.depth, (h) => h);
      // A delete may empty one side; the update then asks whether the untouched side is a leaf.
      const mayEmpty = deletesBefore[v.hi]! > deletesBefore[v.lo]!;
      if (node.left !== null && (v.lo < mid || mayEmpty)) stack.push({ ref: node.left, depth: v.depth + 1, lo: v.lo, hi: mid });
      if (node.right !== null && (mid < v.hi || mayEmpty)) stack.push({ ref: node.right, depth: v.depth + 1, lo: mid, hi: v.hi });
    }
    if (missing.length === 0) return;
    if (!(await src.loadMany(missing.map((v) => v.ref.key!)))) return;
    frontier = missing;
  }
}
