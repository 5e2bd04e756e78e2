import { hash } from "node:crypto";
import { SignDoc } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import secp256k1 from "secp256k1";

/** Half the secp256k1 group order: signatures with S above it are malleable and refused (low-S rule). */
const HALF_N = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;

export const SIGN_MODE_DIRECT = 1;

export function directSignBytes(bodyBytes: Uint8Array, authInfoBytes: Uint8Array, chainId: string, accountNumber: bigint): Uint8Array {
  return SignDoc.encode({ bodyBytes, authInfoBytes, chainId, accountNumber }).finish();
}

function isLowS(signature: Uint8Array): boolean {
  let s = 0n;
  for (let i = 32; i < 64; i++) s = (s << 8n) | BigInt(signature[i]);
  return s !== 0n && s <= HALF_N;
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
    return secp256k1.ecdsaVerify(signature, digest, pubKey);
  } catch {
    return false;
  }
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
