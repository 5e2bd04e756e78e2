import { concat } from "./bytes";
import { sha256 } from "./hash";

/**
 * The simple Merkle tree of CometBFT (crypto/merkle) and of the SDK's commit info: RFC 6962
 * with a 0x00 leaf and 0x01 inner-node prefix, the left subtree holding the largest power of
 * two strictly below the leaf count, the empty list hashing to sha256 of nothing. Recursion
 * depth is log2 of the list length.
 */
const LEAF_PREFIX = Uint8Array.of(0);
export const SIMPLE_MERKLE_INNER_PREFIX = Uint8Array.of(1);

export function simpleMerkleRoot(items: readonly Uint8Array[]): Uint8Array {
  return items.length === 0 ? sha256(new Uint8Array()) : subtreeRoot(items, 0, items.length);
}

export function simpleMerkleLeafHash(item: Uint8Array): Uint8Array {
  return sha256(concat(LEAF_PREFIX, item));
}

/** One step of a leaf's path to the root: the sibling subtree's root and its side. */
export interface MerkleStep {
  sibling: Uint8Array;
  siblingIsLeft: boolean;
}

/** The path of leaf `index` to the root, leaf first (CometBFT's aunts, with their sides). */
export function simpleMerklePath(items: readonly Uint8Array[], index: number): MerkleStep[] {
  if (index < 0 || index >= items.length) throw new Error(`simple merkle: no leaf ${index} of ${items.length}`);
  const steps: MerkleStep[] = [];
  let from = 0;
  let to = items.length;
  while (to - from > 1) {
    const mid = from + splitPoint(to - from);
    if (index < mid) {
      steps.push({ sibling: subtreeRoot(items, mid, to), siblingIsLeft: false });
      to = mid;
    } else {
      steps.push({ sibling: subtreeRoot(items, from, mid), siblingIsLeft: true });
      from = mid;
    }
  }
  return steps.reverse();
}

function subtreeRoot(items: readonly Uint8Array[], from: number, to: number): Uint8Array {
  if (to - from === 1) return simpleMerkleLeafHash(items[from]!);
  const mid = from + splitPoint(to - from);
  return sha256(concat(SIMPLE_MERKLE_INNER_PREFIX, subtreeRoot(items, from, mid), subtreeRoot(items, mid, to)));
}

/** Largest power of two strictly below n (n ≥ 2): where the tree splits a list. */
function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}
