import { type NodeArena, NONE } from "./node-arena";
import { bitAt, bytesEqualHash, EMPTY_HASH, innerHash, leafHash, sha256 } from "./smt-hash";

/**
 * The path from the root to where a key lives or would live: sibling hashes top-down and
 * the leaf found there (absent = an empty subtree). This is what an ICS-23 CommitmentProof
 * (smt spec: inner prefix 0x01, 32-byte children) is assembled from.
 */
export interface SmtProof {
  siblings: Uint8Array[];
  leaf?: { keyHash: Uint8Array; valueHash: Uint8Array };
}

export function provePath(arena: NodeArena, root: number, keyHash: Uint8Array): SmtProof {
  const siblings: Uint8Array[] = [];
  const hashOf = (n: number) => (n === NONE ? EMPTY_HASH : arena.hashOf(n).slice());
  let node = root;
  let depth = 0;
  while (node !== NONE) {
    if (arena.isLeaf(node)) {
      return { siblings, leaf: { keyHash: arena.keyHashOf(node).slice(), valueHash: arena.valueHashOf(node).slice() } };
    }
    const bit = bitAt(keyHash, depth++);
    siblings.push(hashOf(arena.child(node, bit ^ 1)));
    node = arena.child(node, bit);
  }
  return { siblings };
}

function foldRoot(keyHash: Uint8Array, proof: SmtProof): Uint8Array {
  let h = proof.leaf ? leafHash(proof.leaf.keyHash, proof.leaf.valueHash) : EMPTY_HASH;
  for (let i = proof.siblings.length - 1; i >= 0; i--) {
    const sib = proof.siblings[i]!;
    h = bitAt(keyHash, i) ? innerHash(sib, h) : innerHash(h, sib);
  }
  return h;
}

export function verifyExistence(root: Uint8Array, key: Uint8Array, value: Uint8Array, proof: SmtProof): boolean {
  const keyHash = sha256(key);
  if (!proof.leaf || proof.siblings.length > 256) return false;
  if (!bytesEqualHash(proof.leaf.keyHash, keyHash) || !bytesEqualHash(proof.leaf.valueHash, sha256(value))) return false;
  return bytesEqualHash(foldRoot(keyHash, proof), root);
}

export function verifyNonExistence(root: Uint8Array, key: Uint8Array, proof: SmtProof): boolean {
  const keyHash = sha256(key);
  if (proof.siblings.length > 256) return false;
  if (proof.leaf) {
    if (bytesEqualHash(proof.leaf.keyHash, keyHash)) return false;
    // The other leaf must sit on our path, else it says nothing about our key.
    for (let i = 0; i < proof.siblings.length; i++) {
      if (bitAt(proof.leaf.keyHash, i) !== bitAt(keyHash, i)) return false;
    }
  }
  return bytesEqualHash(foldRoot(keyHash, proof), root);
}

/**
 * Key hashes of the leaves just before and just after `keyHash` in key-hash order (absent at
 * either end): the neighbours an ICS-23 non-existence proof shows are adjacent. Going down
 * the key's path, every left subtree passed is smaller and every right one larger, the last
 * ones passed being the closest; a leaf met at the end is closer still.
 */
export function neighbourLeaves(arena: NodeArena, root: number, keyHash: Uint8Array): { left?: Uint8Array; right?: Uint8Array } {
  let smaller = NONE;
  let larger = NONE;
  let node = root;
  let depth = 0;
  while (node !== NONE && !arena.isLeaf(node)) {
    const bit = bitAt(keyHash, depth++);
    const other = arena.child(node, bit ^ 1);
    if (other !== NONE) {
      if (bit === 1) smaller = other;
      else larger = other;
    }
    node = arena.child(node, bit);
  }
  if (node !== NONE) {
    const c = Buffer.compare(arena.keyHashOf(node), keyHash);
    if (c < 0) smaller = node;
    else if (c > 0) larger = node;
  }
  const outermost = (n: number, side: number): Uint8Array => {
    while (!arena.isLeaf(n)) {
      const child = arena.child(n, side);
      n = child !== NONE ? child : arena.child(n, side ^ 1);
    }
    return arena.keyHashOf(n).slice();
  };
  return { left: smaller === NONE ? undefined : outermost(smaller, 1), right: larger === NONE ? undefined : outermost(larger, 0) };
}
