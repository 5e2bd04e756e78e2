import { x25519 } from "@noble/curves/ed25519.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { KEY_ID_BYTES, X25519_KEY_BYTES, type RandomSource } from "./constants";
import { requireLength } from "./errors";

export interface ViewingKey {
  privateKey: Uint8Array;
  publicKey: Uint8Array;
}

/** A fresh X25519 viewing key pair; the public half is what a party registers. */
export function generateViewingKey(random?: RandomSource): ViewingKey {
  const privateKey = random ? random(X25519_KEY_BYTES) : x25519.utils.randomSecretKey();
  requireLength("viewing private key", privateKey, X25519_KEY_BYTES);
  return { privateKey, publicKey: x25519.getPublicKey(privateKey) };
}

export function viewingPublicKey(privateKey: Uint8Array): Uint8Array {
  requireLength("viewing private key", privateKey, X25519_KEY_BYTES);
  return x25519.getPublicKey(privateKey);
}

/** First 8 bytes of SHA-256(public key): a lookup hint, not an identity proof. */
export function keyId(publicKey: Uint8Array): Uint8Array {
  requireLength("X25519 public key", publicKey, X25519_KEY_BYTES);
  return sha256(publicKey).slice(0, KEY_ID_BYTES);
}

/** Any clamped scalar: a point gives an all-zero shared secret under one exactly when it does under all. */
const PROBE_SCALAR = new Uint8Array(X25519_KEY_BYTES).fill(1);

/**
 * Whether an envelope can be sealed to `publicKey`. The chain accepts any 32 bytes but all-zero
 * as a viewing key, so a reader may publish a low-order point; noble refuses those (the
 * wrapping key would be public), and such a reader is left out rather than failing the seal.
 */
export function isUsableRecipientKey(publicKey: Uint8Array): boolean {
  if (publicKey.length !== X25519_KEY_BYTES) return false;
  try {
    x25519.getSharedSecret(PROBE_SCALAR, publicKey);
    return true;
  } catch {
    return false;
  }
}
