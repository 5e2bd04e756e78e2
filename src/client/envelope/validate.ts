import type { PayloadEnvelope } from "../../gen/blockchain/paymsg/v1/envelope";
import { ENVELOPE_VERSION, EPHEMERAL_KEY_BYTES, KEY_ID_BYTES, NONCE_BYTES, PADDING_BLOCK, TAG_BYTES, WRAPPED_KEY_BYTES } from "./constants";
import { EnvelopeError, requireLength } from "./errors";

/**
 * Checks the version and every size in the Limits table before any cryptography runs,
 * so a malformed envelope is reported as such rather than as a failed decryption.
 */
export function validateEnvelopeShape(envelope: PayloadEnvelope): void {
  if (envelope.version !== ENVELOPE_VERSION) {
    throw new EnvelopeError(
      "unsupported_version",
      `payload envelope version ${envelope.version} is not supported (this reader implements version ${ENVELOPE_VERSION})`,
    );
  }
  requireLength("envelope nonce", envelope.nonce, NONCE_BYTES);
  const body = envelope.ciphertext.length - TAG_BYTES;
  if (body <= 0 || body % PADDING_BLOCK !== 0) {
    throw new EnvelopeError(
      "malformed",
      `ciphertext is ${envelope.ciphertext.length} bytes; expected a non-zero multiple of ${PADDING_BLOCK} plus a ${TAG_BYTES}-byte tag`,
    );
  }
  if (envelope.recipients.length === 0) throw new EnvelopeError("malformed", "envelope has no recipient blocks");
  envelope.recipients.forEach((block, i) => {
    requireLength(`recipient block ${i} key_id`, block.keyId, KEY_ID_BYTES);
    requireLength(`recipient block ${i} ephemeral_public_key`, block.ephemeralPublicKey, EPHEMERAL_KEY_BYTES);
    requireLength(`recipient block ${i} wrapped_key`, block.wrappedKey, WRAPPED_KEY_BYTES);
  });
}
