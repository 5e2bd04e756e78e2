import { concatBytes, utf8ToBytes } from "@noble/hashes/utils.js";

/** 4-byte big-endian length then the bytes: makes concatenated variable fields unambiguous. */
export function lengthPrefixed(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(4 + bytes.length);
  new DataView(out.buffer).setUint32(0, bytes.length, false);
  out.set(bytes, 4);
  return out;
}

export function lengthPrefixedStrings(...parts: string[]): Uint8Array {
  return concatBytes(...parts.map((p) => lengthPrefixed(utf8ToBytes(p))));
}
