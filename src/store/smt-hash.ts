import { hash } from "node:crypto";

/**
 * Nodes of the sparse Merkle tree and their hashing (ICS-23 `smt` spec: SHA-256,
 * prehashed key and value, leaf prefix 0x00, inner prefix 0x01, 32-zero empty child).
 */
export const HASH_LEN = 32;
export const EMPTY_HASH: Uint8Array = new Uint8Array(HASH_LEN);
/** First byte of a leaf's and of an inner node's hash input. */
export const LEAF_PREFIX = 0;
export const INNER_PREFIX = 1;

// One-shot hashing to a latin1 string, copied out char by char: asking node:crypto for a
// Buffer costs 2.5× as much (an off-heap allocation per digest, and its output-encoding check
// lower-cases "buffer" on every call), and a commit hashes every node on its changed paths.
export function sha256(data: Uint8Array): Uint8Array {
  const out = new Uint8Array(HASH_LEN);
  sha256Into(data, out, 0);
  return out;
}

/** sha256(data) written to out[offset .. offset + 32). */
export function sha256Into(data: Uint8Array, out: Uint8Array, offset: number): void {
  const digest = hash("sha256", data, "latin1");
  for (let i = 0; i < HASH_LEN; i++) out[offset + i] = digest.charCodeAt(i);
}

const scratch = new Uint8Array(1 + 2 * HASH_LEN);

export function leafHash(keyHash: Uint8Array, valueHash: Uint8Array): Uint8Array {
  return prefixedPairHash(LEAF_PREFIX, keyHash, valueHash);
}

export function innerHash(left: Uint8Array, right: Uint8Array): Uint8Array {
  return prefixedPairHash(INNER_PREFIX, left, right);
}

function prefixedPairHash(prefix: number, a: Uint8Array, b: Uint8Array): Uint8Array {
  // Proofs from outside may carry odd-sized siblings; they hash as given (and fail to verify).
  if (a.length !== HASH_LEN || b.length !== HASH_LEN) return sha256(Buffer.concat([Uint8Array.of(prefix), a, b]));
  scratch[0] = prefix;
  scratch.set(a, 1);
  scratch.set(b, 1 + HASH_LEN);
  return sha256(scratch);
}

/** Bit `depth` of a 32-byte path, most significant bit first (0 = left). */
export function bitAt(path: Uint8Array, depth: number): number {
  return (path[depth >> 3]! >> (7 - (depth & 7))) & 1;
}

export function bytesEqualHash(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.compare(a, b) === 0;
}

/**
 * Unsigned byte order of two hashes. A JS loop: hashes nearly always differ in their first
 * byte, and Buffer.compare's call into C++ costs more than the comparison (an update compares
 * every changed key's hash a few times).
 */
export function compareHash(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = a[i]! - b[i]!;
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}
