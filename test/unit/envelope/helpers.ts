import { sha256 } from "@noble/hashes/sha2.js";

/** Deterministic stand-in for the CSPRNG so test vectors are reproducible. */
export function seededRandom(seed: string): (length: number) => Uint8Array {
  let counter = 0;
  return (length) => {
    const out = new Uint8Array(length);
    for (let off = 0; off < length; off += 32) {
      const block = sha256(new TextEncoder().encode(`${seed}/${counter++}`));
      out.set(block.subarray(0, Math.min(32, length - off)), off);
    }
    return out;
  };
}

export function flipByte(bytes: Uint8Array, index: number): Uint8Array {
  const copy = Uint8Array.from(bytes);
  copy[index] = copy[index]! ^ 0x01;
  return copy;
}
