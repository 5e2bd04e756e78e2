import { bitAt, bytesEqualHash, EMPTY_HASH, hashOf, innerHash, leafHash, type Ref, sha256 } from "./smt-node.js";
import { type NodeSource, resolve } from "./smt.js";

/**
 * The path from the root to where a key lives or would live: sibling hashes top-down and
 * the leaf found there (absent = an empty subtree). This is what an ICS-23 CommitmentProof
 * (smt spec: inner prefix 0x01, 32-byte children) is assembled from.
 */
export interface SmtProof {
  siblings: Uint8Array[];
  leaf?: { keyHash: Uint8Array; valueHash: Uint8Array };
}

export function provePath(src: NodeSource, root: Ref | null, keyHash: Uint8Array): SmtProof {
  const siblings: Uint8Array[] = [];
  let ref = root;
  let depth = 0;
  while (ref !== null) {
    const node = resolve(src, ref);
    if (node.t === "leaf") return { siblings, leaf: { keyHash: node.keyHash, valueHash: node.valueHash } };
    const bit = bitAt(keyHash, depth++);
    siblings.push(hashOf(bit ? node.left : node.right));
    ref = bit ? node.right : node.left;
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
