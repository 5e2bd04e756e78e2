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

/** The crit bit of two equal keys (LeafKeys.critBit: the first position where their bits differ). */
export const EQUAL = -1;

/** Bit `pos` of key[off..]. */
export function bitAt(key: string, off: number, pos: number): number {
  const i = off + (pos >> 4);
  if (i >= key.length) return 0;
  const j = pos & 15;
  return j === 0 ? 1 : (key.charCodeAt(i) >> (8 - j)) & 1;
}
