/**
 * The bit string a trie key stands for: per byte a 1 bit followed by the byte's 8 bits
 * (most significant first), then a 0 bit at the end of the key. This is prefix-free (no key's
 * bits are a prefix of another's) and keeps unsigned byte order, a key before its extensions:
 * a trie over these bits lists its leaves sorted by raw key, as ICS-23 neighbour proofs need.
 *
 * Keys are binary strings (one char per byte) whose part from `off` on is the key in its
 * store. A bit position is `byte index << 4 | j`: j = 0 is the "a byte follows" bit, j = 1..8
 * the byte's bits. Positions compare in bit order.
 */

/** critBit of two equal keys. */
export const EQUAL = -1;

/** The first position where the bits of a[off..] and b[off..] differ, or EQUAL. */
export function critBit(a: string, b: string, off: number): number {
  const la = a.length;
  const lb = b.length;
  for (let i = off; ; i++) {
    if (i === la || i === lb) return la === lb ? EQUAL : (i - off) << 4;
    const x = a.charCodeAt(i) ^ b.charCodeAt(i);
    // clz32 of a byte is 24 for its top bit, which is bit 1 of the byte's nine.
    if (x !== 0) return ((i - off) << 4) | (Math.clz32(x) - 23);
  }
}

/** Bit `pos` of key[off..]. */
export function bitAt(key: string, off: number, pos: number): number {
  const i = off + (pos >> 4);
  if (i >= key.length) return 0;
  const j = pos & 15;
  return j === 0 ? 1 : (key.charCodeAt(i) >> (8 - j)) & 1;
}
