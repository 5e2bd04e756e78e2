import { chacha20poly1305 } from "@noble/ciphers/chacha.js";
import { x25519 } from "@noble/curves/ed25519.js";
import { hkdf } from "@noble/hashes/hkdf.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { concatBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import { lengthPrefixedStrings } from "./bytes";
import { CONTENT_KEY_BYTES, DOMAIN, NONCE_BYTES } from "./constants";

/** Binds the payload ciphertext to the payment it describes, so it cannot be replayed onto another. */
export function payloadAssociatedData(instructingParticipant: string, endToEndId: string): Uint8Array {
  return lengthPrefixedStrings(DOMAIN, instructingParticipant, endToEndId);
}

// Explicit rather than HKDF's implicit default so other implementations cannot get it wrong.
const HKDF_SALT = new Uint8Array(32);
const WRAP_LABEL = utf8ToBytes(`${DOMAIN}/wrap`);

/**
 * Both public keys go into the info so a wrapping key is tied to exactly this ephemeral
 * key and this recipient (the shared secret alone does not commit to either).
 */
export function wrappingKey(sharedSecret: Uint8Array, ephemeralPublicKey: Uint8Array, recipientPublicKey: Uint8Array): Uint8Array {
  const info = concatBytes(WRAP_LABEL, ephemeralPublicKey, recipientPublicKey);
  return hkdf(sha256, sharedSecret, HKDF_SALT, info, CONTENT_KEY_BYTES);
}

// A constant nonce is safe only because every wrapping key is derived from a fresh
// ephemeral key and seals exactly one message; never reuse a wrapping key.
const WRAP_NONCE = new Uint8Array(NONCE_BYTES);

export function wrapContentKey(wrapKey: Uint8Array, contentKey: Uint8Array, recipientKeyId: Uint8Array): Uint8Array {
  return chacha20poly1305(wrapKey, WRAP_NONCE, recipientKeyId).encrypt(contentKey);
}

/** Returns undefined rather than throwing: failing to unwrap just means "not this block". */
export function unwrapContentKey(
  privateKey: Uint8Array,
  publicKey: Uint8Array,
  ownKeyId: Uint8Array,
  ephemeralPublicKey: Uint8Array,
  wrappedKey: Uint8Array,
): Uint8Array | undefined {
  try {
    const shared = x25519.getSharedSecret(privateKey, ephemeralPublicKey);
    const key = wrappingKey(shared, ephemeralPublicKey, publicKey);
    return chacha20poly1305(key, WRAP_NONCE, ownKeyId).decrypt(wrappedKey);
  } catch {
    return undefined;
  }
}
