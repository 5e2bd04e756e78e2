import { sha256 } from "@noble/hashes/sha2.js";
import secp256k1 from "secp256k1";

/**
 * Upload authorisation: the instructing participant's account key signs
 *
 *   M = lp(UPLOAD_DOMAIN) || lp(utf8(instructing_participant)) || lp(utf8(end_to_end_id)) || SHA-256(envelope bytes)
 *
 * (lp(x) = u32be(len(x)) || x) with secp256k1 ECDSA over SHA-256(M), 64-byte r||s, low-S,
 * the same signing convention as Cosmos transactions, so any account key signer works.
 * The signature authorises exactly these bytes under exactly this key; replaying it can
 * only upload the same envelope again.
 */
export const UPLOAD_DOMAIN = "blockchain/paymsg/payload-store/upload/v1";

/** Request header carrying the base64 signature. */
export const SIGNATURE_HEADER = "x-payload-signature";

const utf8 = new TextEncoder();

function lp(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(4 + bytes.length);
  new DataView(out.buffer).setUint32(0, bytes.length, false);
  out.set(bytes, 4);
  return out;
}

/** M above: what a signer passes to a Cosmos-style `sign(bytes)` that hashes with SHA-256. */
export function uploadSignBytes(instructingParticipant: string, endToEndId: string, envelopeBytes: Uint8Array): Uint8Array {
  const parts = [
    lp(utf8.encode(UPLOAD_DOMAIN)),
    lp(utf8.encode(instructingParticipant)),
    lp(utf8.encode(endToEndId)),
    sha256(envelopeBytes),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

/** True only for a 64-byte low-S signature by `publicKey` (33-byte compressed secp256k1). */
export function verifyUploadSignature(
  signature: Uint8Array,
  publicKey: Uint8Array,
  instructingParticipant: string,
  endToEndId: string,
  envelopeBytes: Uint8Array,
): boolean {
  if (signature.length !== 64 || publicKey.length !== 33) return false;
  try {
    // libsecp256k1 refuses high-S signatures, so a signature has exactly one accepted form.
    return secp256k1.ecdsaVerify(signature, sha256(uploadSignBytes(instructingParticipant, endToEndId, envelopeBytes)), publicKey);
  } catch {
    return false;
  }
}

/** What a participant's client does: `sign` is e.g. `Secp256k1Key.sign` (SHA-256 then ECDSA). */
export function signUpload(
  sign: (bytes: Uint8Array) => Uint8Array,
  instructingParticipant: string,
  endToEndId: string,
  envelopeBytes: Uint8Array,
): string {
  return Buffer.from(sign(uploadSignBytes(instructingParticipant, endToEndId, envelopeBytes))).toString("base64");
}
