import { sha256 } from "@noble/hashes/sha2.js";
import { randomBytes } from "@noble/hashes/utils.js";
import { PaymentMetadata } from "../../gen/blockchain/paymsg/v1/envelope";
import { SALT_BYTES, type RandomSource } from "./constants";
import { EnvelopeError, requireLength } from "./errors";

export { PaymentMetadata };

/**
 * A fresh salt per payment stops anyone from confirming a guessed purpose code or
 * remittance text against the public metadata_hash. Pass `salt` (bytes or a random source)
 * only for reproducible tests.
 */
export function newPaymentMetadata(purposeCode: string, remittanceInformation: string, salt?: Uint8Array | RandomSource): PaymentMetadata {
  const bytes = salt === undefined ? randomBytes(SALT_BYTES) : typeof salt === "function" ? salt(SALT_BYTES) : salt;
  requireLength("metadata salt", bytes, SALT_BYTES);
  return { salt: Uint8Array.from(bytes), purposeCode, remittanceInformation };
}

/** The canonical encoding (ascending field numbers, defaults omitted): the envelope payload. */
export function encodePaymentMetadata(meta: PaymentMetadata): Uint8Array {
  requireLength("metadata salt", meta.salt, SALT_BYTES);
  return PaymentMetadata.encode(meta).finish();
}

/** The value that goes on chain as metadata_hash. */
export function metadataHash(meta: PaymentMetadata): Uint8Array {
  return sha256(encodePaymentMetadata(meta));
}

/**
 * Decodes a payload and insists it is the canonical encoding of a well-formed
 * PaymentMetadata: otherwise two different byte strings could claim the same meaning.
 */
export function decodePaymentMetadata(payload: Uint8Array): PaymentMetadata {
  let meta: PaymentMetadata;
  try {
    meta = PaymentMetadata.decode(payload);
  } catch (e) {
    throw new EnvelopeError("invalid_metadata", `payload is not a PaymentMetadata encoding: ${(e as Error).message}`);
  }
  if (meta.salt.length !== SALT_BYTES) {
    throw new EnvelopeError("invalid_metadata", `metadata salt must be ${SALT_BYTES} bytes, got ${meta.salt.length}`);
  }
  const canonical = PaymentMetadata.encode(meta).finish();
  if (canonical.length !== payload.length || canonical.some((b, i) => b !== payload[i])) {
    throw new EnvelopeError("invalid_metadata", "payload is not the canonical PaymentMetadata encoding");
  }
  return meta;
}
