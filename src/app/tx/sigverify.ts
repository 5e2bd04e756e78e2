import { hash } from "node:crypto";
import { SignDoc } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import secp256k1 from "secp256k1";
import { toBin } from "../../store/bytes";

/** Half the secp256k1 group order, big-endian: signatures with S above it are malleable and refused (low-S rule). */
const HALF_N = Buffer.from("7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0", "hex");

export const SIGN_MODE_DIRECT = 1;

export function directSignBytes(bodyBytes: Uint8Array, authInfoBytes: Uint8Array, chainId: string, accountNumber: bigint): Uint8Array {
  return SignDoc.encode({ bodyBytes, authInfoBytes, chainId, accountNumber }).finish();
}

/** 0 < S <= N/2 for r||s, compared byte by byte (no BigInt per signature). */
export function isLowS(signature: Uint8Array): boolean {
  let any = 0;
  for (let i = 32; i < 64; i++) any |= signature[i];
  if (any === 0) return false;
  for (let i = 0; i < 32; i++) {
    const d = signature[32 + i] - HALF_N[i];
    if (d !== 0) return d < 0;
  }
  return true;
}

/** Signature verifications this thread ran (tests assert which paths skip them; metrics). */
export const sigVerifications = { count: 0 };

/** Verifies a 64-byte r||s secp256k1 signature over SHA-256(signBytes) with the native libsecp256k1. */
export function verifySecp256k1(pubKey: Uint8Array, signBytes: Uint8Array, signature: Uint8Array): boolean {
  return verifySecp256k1Digest(pubKey, sha256(signBytes), signature);
}

export function sha256(bytes: Uint8Array): Uint8Array {
  // One-shot: no Hash object per signature.
  return hash("sha256", bytes, "buffer");
}

/** verifySecp256k1 over a digest already taken (the worker pool hashes on the main thread). */
export function verifySecp256k1Digest(pubKey: Uint8Array, digest: Uint8Array, signature: Uint8Array): boolean {
  sigVerifications.count++;
  if (signature.length !== 64 || !isLowS(signature)) return false;
  try {
    return secp256k1.ecdsaVerify(signature, digest, uncompressed(pubKey));
  } catch {
    return false;
  }
}

/**
 * Signers repeat, and parsing a compressed key costs libsecp256k1 a square root; the 65-byte
 * form of the same point parses without one (39–40 against 42–43 µs per verification here, the
 * lookup included). A key that is not a point throws here, as it would in ecdsaVerify.
 */
const uncompressedKeys = new Map<string, Uint8Array>();

function uncompressed(pubKey: Uint8Array): Uint8Array {
  if (pubKey.length !== 33) return pubKey;
  const k = toBin(pubKey);
  let key = uncompressedKeys.get(k);
  if (key === undefined) {
    key = secp256k1.publicKeyConvert(pubKey, false);
    if (uncompressedKeys.size >= 20_000) uncompressedKeys.clear();
    uncompressedKeys.set(k, key);
  }
  return key;
}

/**
 * Remembers txs whose signatures verified, keyed by tx hash plus what the sign bytes depend on
 * besides the tx bytes (chain id, account numbers, pubkeys), so CheckTx and block execution do not
 * both pay for verification. Bounded; the oldest entries go first.
 */
export class SigCache {
  private readonly entries = new Map<string, string>();

  constructor(private readonly capacity = 50_000) {}

  has(txHash: string, context: string): boolean {
    return this.entries.get(txHash) === context;
  }

  add(txHash: string, context: string): void {
    if (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    this.entries.set(txHash, context);
  }
}
