import { hash } from "node:crypto";

export const HASH_LEN = 32;

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

/** Root of a store without keys: sha256 of nothing, as the SDK's empty IAVL tree. */
export const EMPTY_ROOT: Uint8Array = sha256(new Uint8Array());
