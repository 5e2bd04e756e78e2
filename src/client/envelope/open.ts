import { chacha20poly1305 } from "@noble/ciphers/chacha.js";
import { equalBytes } from "@noble/ciphers/utils.js";
import { sha256 } from "@noble/hashes/sha2.js";
import type { PayloadEnvelope, PaymentMetadata, RecipientBlock } from "../../gen/blockchain/paymsg/v1/envelope";
import { METADATA_HASH_BYTES } from "./constants";
import { EnvelopeError, requireLength } from "./errors";
import { keyId, viewingPublicKey } from "./keys";
import { decodePaymentMetadata } from "./metadata";
import { unpadPayload } from "./padding";
import { validateEnvelopeShape } from "./validate";
import { payloadAssociatedData, unwrapContentKey } from "./wrap";

export interface OpenParams {
  /** The reader's X25519 viewing private key. */
  privateKey: Uint8Array;
  /** Taken from the on-chain PaymentRecord, never from the envelope's source. */
  instructingParticipant: string;
  endToEndId: string;
}

/** Returns the payload (the PaymentMetadata encoding) or throws an EnvelopeError. */
export function openEnvelope(envelope: PayloadEnvelope, params: OpenParams): Uint8Array {
  validateEnvelopeShape(envelope);
  const publicKey = viewingPublicKey(params.privateKey);
  const ownKeyId = keyId(publicKey);

  let contentKey: Uint8Array | undefined;
  for (const block of hintedOrder(envelope.recipients, ownKeyId)) {
    // The AD is our own key_id, not the block's: the stored key_id is only a hint and
    // may be wrong without making the block unreadable.
    contentKey = unwrapContentKey(params.privateKey, publicKey, ownKeyId, block.ephemeralPublicKey, block.wrappedKey);
    if (contentKey) break;
  }
  if (!contentKey) {
    throw new EnvelopeError("not_a_recipient", "no recipient block opens with this viewing key");
  }

  const ad = payloadAssociatedData(params.instructingParticipant, params.endToEndId);
  let padded: Uint8Array;
  try {
    padded = chacha20poly1305(contentKey, envelope.nonce, ad).decrypt(envelope.ciphertext);
  } catch {
    throw new EnvelopeError(
      "authentication_failed",
      "payload ciphertext failed authentication (tampered, or not for this instructing participant and end-to-end id)",
    );
  }
  return unpadPayload(padded);
}

/** Blocks whose key_id matches come first; the rest follow in case the hint is wrong. */
function hintedOrder(blocks: RecipientBlock[], ownKeyId: Uint8Array): RecipientBlock[] {
  const matching = blocks.filter((b) => equalBytes(b.keyId, ownKeyId));
  const others = blocks.filter((b) => !equalBytes(b.keyId, ownKeyId));
  return [...matching, ...others];
}

/** Checks a payload against the on-chain metadata_hash and returns what it says. */
export function verifyAgainstHash(payload: Uint8Array, metadataHash: Uint8Array): PaymentMetadata {
  requireLength("metadata_hash", metadataHash, METADATA_HASH_BYTES);
  if (!equalBytes(sha256(payload), metadataHash)) {
    throw new EnvelopeError("hash_mismatch", "payload does not match the on-chain metadata_hash");
  }
  return decodePaymentMetadata(payload);
}

export function openAndVerify(envelope: PayloadEnvelope, params: OpenParams & { metadataHash: Uint8Array }): PaymentMetadata {
  return verifyAgainstHash(openEnvelope(envelope, params), params.metadataHash);
}
