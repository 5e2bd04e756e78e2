/**
 * One chunk of a validator's missed-blocks bitmap, stored as the SDK 0.50 stores it
 * (x/slashing keeper/signing_info.go over bits-and-blooms/bitset): 1024 bits a chunk,
 * serialised by bitset.MarshalBinary — the bit length as a big-endian uint64, then the
 * 64-bit words big-endian, bit i in word i/64 at position i%64 from the least significant.
 */
export const MISSED_BLOCK_BITMAP_CHUNK_SIZE = 1024n;
const WORDS = Number(MISSED_BLOCK_BITMAP_CHUNK_SIZE / 64n);

export function emptyChunk(): Uint8Array {
  const out = new Uint8Array(8 + WORDS * 8);
  new DataView(out.buffer).setBigUint64(0, MISSED_BLOCK_BITMAP_CHUNK_SIZE);
  return out;
}

/** True when no bit of the chunk is set. */
export function isEmptyChunk(chunk: Uint8Array): boolean {
  return chunk.subarray(8).every((b) => b === 0);
}

function wordOffset(bit: number): number {
  return 8 + Math.floor(bit / 64) * 8;
}

export function testBit(chunk: Uint8Array, bit: number): boolean {
  if (chunk.length < wordOffset(bit) + 8) return false;
  const view = new DataView(chunk.buffer, chunk.byteOffset, chunk.length);
  return ((view.getBigUint64(wordOffset(bit)) >> BigInt(bit % 64)) & 1n) === 1n;
}

/** A copy of `chunk` with `bit` set or cleared. */
export function withBit(chunk: Uint8Array | undefined, bit: number, value: boolean): Uint8Array {
  const out = emptyChunk();
  if (chunk) out.set(chunk.subarray(0, Math.min(chunk.length, out.length)));
  const view = new DataView(out.buffer);
  const mask = 1n << BigInt(bit % 64);
  const word = view.getBigUint64(wordOffset(bit));
  view.setBigUint64(wordOffset(bit), value ? word | mask : word & ~mask);
  return out;
}
