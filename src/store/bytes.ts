/**
 * Byte helpers shared by the store. Keys travel internally as latin1 "binary strings":
 * one char per byte, so JS string comparison is unsigned byte order and Map lookups
 * hash natively.
 */
export type BinKey = string;

/** Store keys are short; below this length plain char-code loops beat Buffer's conversions several-fold. */
const SHORT = 1024;

export function toBin(bytes: Uint8Array): BinKey {
  if (bytes.length <= SHORT) return String.fromCharCode.apply(null, bytes as unknown as number[]);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
}

/**
 * Binary strings of byte arrays that are shared and never written to (the address cache's
 * decoded addresses): a key part built from one costs no conversion. Only arrays registered
 * here are looked up by identity — any other array is converted afresh on every use.
 */
const sharedBins = new WeakMap<Uint8Array, BinKey>();

export function markShared(bytes: Uint8Array): void {
  sharedBins.set(bytes, toBin(bytes));
}

/** toBin, answered from the registry for a shared array. */
export function sharedOrToBin(bytes: Uint8Array): BinKey {
  return sharedBins.get(bytes) ?? toBin(bytes);
}

export function fromBin(key: BinKey): Uint8Array {
  if (key.length <= SHORT) {
    const out = new Uint8Array(key.length);
    for (let i = 0; i < key.length; i++) out[i] = key.charCodeAt(i);
    return out;
  }
  const b = Buffer.from(key, "latin1");
  // Callers may keep keys for a long time; never hand out a view into Buffer's shared pool.
  return new Uint8Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
}

export function concat(...parts: Uint8Array[]): Uint8Array {
  return concatAll(parts);
}

/** Array form for unbounded part counts (spreading huge arrays overflows the call stack). */
export function concatAll(parts: Uint8Array[]): Uint8Array {
  let len = 0;
  for (const p of parts) len += p.length;
  const out = new Uint8Array(len);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  return Buffer.compare(a, b);
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.compare(a, b) === 0;
}

export function u64be(n: bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, n);
  return out;
}

export function readU64be(b: Uint8Array, offset = 0): bigint {
  return new DataView(b.buffer, b.byteOffset, b.byteLength).getBigUint64(offset);
}

/** A copy of a typed array in a larger one of `length` elements (the rest zero). */
export function grown<T extends Uint8Array | Uint32Array | Int32Array>(a: T, length: number): T {
  const out = new (a.constructor as new (n: number) => T)(length);
  out.set(a);
  return out;
}

export const compareBin = (a: BinKey, b: BinKey): number => (a < b ? -1 : a > b ? 1 : 0);
