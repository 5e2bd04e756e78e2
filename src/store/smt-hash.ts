import { hash } from "node:crypto";

/**
 * Nodes of the sparse Merkle tree and their hashing (ICS-23 `smt` spec: SHA-256,
 * prehashed key and value, leaf prefix 0x00, inner prefix 0x01, 32-zero empty child).
 */
export const HASH_LEN = 32;
export const EMPTY_HASH: Uint8Array = new Uint8Array(HASH_LEN);

// One-shot hashing of a reused scratch buffer: a hash object per node costs twice as much,
// and a commit hashes every node on the paths of its changed keys.
export function sha256(data: Uint8Array): Uint8Array {
  return hash("sha256", data, "buffer");
}

const scratch = new Uint8Array(1 + 2 * HASH_LEN);

export function leafHash(keyHash: Uint8Array, valueHash: Uint8Array): Uint8Array {
  return prefixedPairHash(0, keyHash, valueHash);
}

export function innerHash(left: Uint8Array, right: Uint8Array): Uint8Array {
  return prefixedPairHash(1, left, right);
}

function prefixedPairHash(prefix: number, a: Uint8Array, b: Uint8Array): Uint8Array {
  // Proofs from outside may carry odd-sized siblings; they hash as given (and fail to verify).
  if (a.length !== HASH_LEN || b.length !== HASH_LEN) return hash("sha256", Buffer.concat([Uint8Array.of(prefix), a, b]), "buffer");
  scratch[0] = prefix;
  scratch.set(a, 1);
  scratch.set(b, 1 + HASH_LEN);
  return hash("sha256", scratch, "buffer");
}

/** Bit `depth` of a 32-byte path, most significant bit first (0 = left). */
export function bitAt(path: Uint8Array, depth: number): number {
  return (path[depth >> 3]! >> (7 - (depth & 7))) & 1;
}

export function bytesEqualHash(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.compare(a, b) === 0;
}
