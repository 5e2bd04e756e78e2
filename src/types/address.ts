import { bech32 } from "bech32";
import { sha256 } from "@noble/hashes/sha2.js";
import { ripemd160 } from "@noble/hashes/legacy.js";
import { sdkErrors } from "./errors";
import { markShared } from "../store/bytes";

/** Chain-wide bech32 prefixes; set once at start-up from the chain config (default "yml"). */
export const bech32Prefix = { account: "yml", validator: "ymlvaloper", consensus: "ymlvalcons" };

export function setBech32Prefix(account: string): void {
  bech32Prefix.account = account;
  bech32Prefix.validator = `${account}valoper`;
  bech32Prefix.consensus = `${account}valcons`;
}

const BECH32_LIMIT = 1023;

export function toBech32(prefix: string, bytes: Uint8Array): string {
  return bech32.encode(prefix, bech32.toWords(bytes), BECH32_LIMIT);
}

/**
 * Decoded addresses by string: keepers decode the same few addresses for every store key they
 * build, and bech32 decoding dominates that cost. Bounded; cleared wholesale when full. Callers
 * get a copy, so nobody can alter a cached value.
 */
const decodedCache = new Map<string, Map<string, Uint8Array>>();
const DECODED_CACHE_MAX = 100_000;

/** Decodes a bech32 string with an expected prefix; throws ErrInvalidAddress on anything else. */
export function fromBech32(address: string, expectedPrefix: string): Uint8Array {
  let byAddress = decodedCache.get(expectedPrefix);
  if (!byAddress) decodedCache.set(expectedPrefix, (byAddress = new Map()));
  const hit = byAddress.get(address);
  if (hit) return hit.slice();
  const bytes = decodeBech32(address, expectedPrefix);
  if (byAddress.size >= DECODED_CACHE_MAX) byAddress.clear();
  const shared = bytes.slice();
  markShared(shared);
  byAddress.set(address, shared);
  return bytes;
}

/**
 * fromBech32 without the copy: the cached bytes themselves. Only for building store keys, which
 * copy their parts into the joined key; the result must never be written to or kept.
 */
function fromBech32Shared(address: string, expectedPrefix: string): Uint8Array {
  const hit = decodedCache.get(expectedPrefix)?.get(address);
  if (hit) return hit;
  fromBech32(address, expectedPrefix);
  return decodedCache.get(expectedPrefix)!.get(address)!;
}

function decodeBech32(address: string, expectedPrefix: string): Uint8Array {
  if (address.length === 0) throw sdkErrors.ErrInvalidAddress.wrap("empty address string is not allowed");
  let decoded: { prefix: string; words: number[] };
  try {
    decoded = bech32.decode(address, BECH32_LIMIT);
  } catch (e) {
    throw sdkErrors.ErrInvalidAddress.wrap(`invalid address ${JSON.stringify(address.slice(0, 100))}: decoding bech32 failed`);
  }
  if (decoded.prefix !== expectedPrefix) {
    throw sdkErrors.ErrInvalidAddress.wrap(`invalid Bech32 prefix; expected ${expectedPrefix}, got ${decoded.prefix}`);
  }
  const bytes = Uint8Array.from(bech32.fromWords(decoded.words));
  if (bytes.length === 0 || bytes.length > 255) {
    throw sdkErrors.ErrInvalidAddress.wrap(`address length must be 1..255 bytes, got ${bytes.length}`);
  }
  return bytes;
}

export const accAddress = {
  encode: (bytes: Uint8Array): string => toBech32(bech32Prefix.account, bytes),
  decode: (address: string): Uint8Array => fromBech32(address, bech32Prefix.account),
  /** decode() for a store key's part: shared bytes (no copy per access), never to be written to or kept. */
  keyPart: (address: string): Uint8Array => fromBech32Shared(address, bech32Prefix.account),
  /** Throws ErrInvalidAddress unless `address` is a valid account address; returns it. */
  validate(address: string): string {
    // The shared decoding: a check needs no copy of the bytes.
    fromBech32Shared(address, bech32Prefix.account);
    return address;
  },
  isValid(address: string): boolean {
    try {
      fromBech32Shared(address, bech32Prefix.account);
      return true;
    } catch {
      return false;
    }
  },
};

export const valAddress = {
  encode: (bytes: Uint8Array): string => toBech32(bech32Prefix.validator, bytes),
  decode: (address: string): Uint8Array => fromBech32(address, bech32Prefix.validator),
};

/** Address of a secp256k1 public key (33-byte compressed): RIPEMD160(SHA256(pubkey)). */
export function secp256k1Address(pubkey: Uint8Array): Uint8Array {
  return ripemd160(sha256(pubkey));
}

/** Module account address: first 20 bytes of sha256(module name), per the chain conventions. */
export function moduleAddressBytes(moduleName: string): Uint8Array {
  return sha256(new TextEncoder().encode(moduleName)).slice(0, 20);
}

export function moduleAddress(moduleName: string): string {
  return accAddress.encode(moduleAddressBytes(moduleName));
}

/** The SDK's address.Hash (ADR-028): sha256(sha256(type) || key). */
function addressHash(typ: Uint8Array, key: Uint8Array): Uint8Array {
  const inner = sha256(typ);
  const data = new Uint8Array(inner.length + key.length);
  data.set(inner);
  data.set(key, inner.length);
  return sha256(data);
}

/**
 * A module-derived account address, the SDK's address.Module(moduleName, derivationKeys...)
 * (ADR-028): 32 bytes nobody holds a key for, e.g. group policy accounts. With no key it is
 * the classic module address (moduleAddress).
 */
export function derivedModuleAddress(moduleName: string, ...derivationKeys: Uint8Array[]): string {
  if (derivationKeys.length === 0) return moduleAddress(moduleName);
  const name = new TextEncoder().encode(moduleName);
  const first = derivationKeys[0]!;
  const key = new Uint8Array(name.length + 1 + first.length);
  key.set(name);
  key.set(first, name.length + 1);
  let addr = addressHash(new TextEncoder().encode("module"), key);
  for (const k of derivationKeys.slice(1)) addr = addressHash(addr, k);
  return accAddress.encode(addr);
}

/** An account address in its canonical bech32 form (lower case, the chain's prefix). */
export function canonicalAddress(address: string): string {
  return accAddress.encode(accAddress.decode(address));
}
