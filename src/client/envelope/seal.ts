import { chacha20poly1305 } from "@noble/ciphers/chacha.js";
import { x25519 } from "@noble/curves/ed25519.js";
import { bytesToHex, randomBytes } from "@noble/hashes/utils.js";
import type { PayloadEnvelope, RecipientBlock } from "../../gen/blockchain/paymsg/v1/envelope";
import { CONTENT_KEY_BYTES, ENVELOPE_VERSION, NONCE_BYTES, X25519_KEY_BYTES, type RandomSource } from "./constants";
import { EnvelopeError, requireLength } from "./errors";
import { keyId } from "./keys";
import { padPayload } from "./padding";
import { validateEnvelopeShape } from "./validate";
import { payloadAssociatedData, wrapContentKey, wrappingKey } from "./wrap";

export interface SealParams {
  /** The PaymentMetadata encoding whose SHA-256 is the on-chain metadata_hash. */
  payload: Uint8Array;
  instructingParticipant: string;
  endToEndId: string;
  /** Registered X25519 viewing keys of every entitled party; duplicates are sealed once. */
  recipients: Uint8Array[];
  /** Only for reproducible test vectors; defaults to the platform CSPRNG. */
  random?: RandomSource;
}

export function sealEnvelope(params: SealParams): PayloadEnvelope {
  const random = params.random ?? randomBytes;
  const recipients = uniqueKeys(params.recipients);
  if (recipients.length === 0) throw new EnvelopeError("malformed", "an envelope needs at least one recipient");

  const contentKey = random(CONTENT_KEY_BYTES);
  const nonce = random(NONCE_BYTES);
  requireLength("content key", contentKey, CONTENT_KEY_BYTES);
  requireLength("nonce", nonce, NONCE_BYTES);

  const ad = payloadAssociatedData(params.instructingParticipant, params.endToEndId);
  const ciphertext = chacha20poly1305(contentKey, nonce, ad).encrypt(padPayload(params.payload));

  const blocks = recipients.map((pub) => sealForRecipient(contentKey, pub, random));
  const envelope: PayloadEnvelope = { version: ENVELOPE_VERSION, recipients: blocks, nonce, ciphertext };
  validateEnvelopeShape(envelope);
  return envelope;
}

function sealForRecipient(contentKey: Uint8Array, recipientPublicKey: Uint8Array, random: RandomSource): RecipientBlock {
  const ephemeralPrivate = random(X25519_KEY_BYTES);
  requireLength("ephemeral private key", ephemeralPrivate, X25519_KEY_BYTES);
  const ephemeralPublicKey = x25519.getPublicKey(ephemeralPrivate);
  let shared: Uint8Array;
  try {
    shared = x25519.getSharedSecret(ephemeralPrivate, recipientPublicKey);
  } catch {
    // noble refuses low-order points, which would make the wrapping key public.
    throw new EnvelopeError("malformed", "recipient public key is not a usable X25519 key");
  }
  const id = keyId(recipientPublicKey);
  const wrappedKey = wrapContentKey(wrappingKey(shared, ephemeralPublicKey, recipientPublicKey), contentKey, id);
  return { keyId: id, ephemeralPublicKey, wrappedKey };
}

function uniqueKeys(keys: Uint8Array[]): Uint8Array[] {
  const seen = new Set<string>();
  const out: Uint8Array[] = [];
  for (const key of keys) {
    requireLength("recipient public key", key, X25519_KEY_BYTES);
    const hex = bytesToHex(key);
    if (!seen.has(hex)) {
      seen.add(hex);
      out.push(key);
    }
  }
  return out;
}
