import { LENGTH_PREFIX_BYTES, PADDING_BLOCK } from "./constants";
import { EnvelopeError } from "./errors";

/**
 * Hides the payload length to the nearest 256 bytes. Layout: uint32 big-endian payload
 * length, the payload, zero fill up to the smallest non-zero multiple of 256. The explicit
 * length (rather than e.g. ISO 7816 padding) keeps trailing zero bytes in a payload intact.
 */
export function padPayload(payload: Uint8Array): Uint8Array {
  if (payload.length > 0xffffffff - LENGTH_PREFIX_BYTES) {
    throw new EnvelopeError("malformed", "payload too large for a 32-bit length prefix");
  }
  const used = LENGTH_PREFIX_BYTES + payload.length;
  const out = new Uint8Array(Math.ceil(used / PADDING_BLOCK) * PADDING_BLOCK);
  new DataView(out.buffer).setUint32(0, payload.length, false);
  out.set(payload, LENGTH_PREFIX_BYTES);
  return out;
}

/**
 * Accepts any whole number of 256-byte blocks (a writer may pad further to hide more),
 * but the declared length must fit and every fill byte must be zero, so exactly one
 * payload corresponds to each padded plaintext.
 */
export function unpadPayload(padded: Uint8Array): Uint8Array {
  if (padded.length === 0 || padded.length % PADDING_BLOCK !== 0) {
    throw new EnvelopeError("bad_padding", `padded payload is ${padded.length} bytes, not a non-zero multiple of ${PADDING_BLOCK}`);
  }
  const view = new DataView(padded.buffer, padded.byteOffset, padded.byteLength);
  const length = view.getUint32(0, false);
  const end = LENGTH_PREFIX_BYTES + length;
  if (end > padded.length) {
    throw new EnvelopeError("bad_padding", `declared payload length ${length} exceeds the padded plaintext`);
  }
  for (let i = end; i < padded.length; i++) {
    if (padded[i] !== 0) throw new EnvelopeError("bad_padding", "padding fill is not all zero");
  }
  return padded.slice(LENGTH_PREFIX_BYTES, end);
}
