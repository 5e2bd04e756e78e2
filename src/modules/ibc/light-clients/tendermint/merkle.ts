import { sha256 } from "@noble/hashes/sha2.js";

const LEAF_PREFIX = Uint8Array.of(0);
const INNER_PREFIX = Uint8Array.of(1);

function hashConcat(prefix: Uint8Array, ...parts: Uint8Array[]): Uint8Array {
  const h = sha256.create().update(prefix);
  for (const p of parts) h.update(p);
  return h.digest();
}

/** The largest power of two strictly below `n` (n ≥ 2): where RFC 6962 splits a list. */
function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/**
 * CometBFT's simple Merkle root (crypto/merkle HashFromByteSlices): RFC 6962 with a 0x00 leaf
 * and 0x01 inner-node prefix, the empty list hashing to sha256(""). Recursion depth is
 * log2 of the list length.
 */
export function merkleRoot(items: readonly Uint8Array[]): Uint8Array {
  return rootOf(items, 0, items.length);
}

function rootOf(items: readonly Uint8Array[], from: number, to: number): Uint8Array {
  const n = to - from;
  if (n === 0) return sha256(new Uint8Array(0));
  if (n === 1) return hashConcat(LEAF_PREFIX, items[from]);
  const k = splitPoint(n);
  return hashConcat(INNER_PREFIX, rootOf(items, from, from + k), rootOf(items, from + k, to));
}
