import { PayloadEnvelope } from "../../gen/blockchain/paymsg/v1/envelope";
import { EnvelopeError } from "./errors";

export { PayloadEnvelope };

/** The bytes a payload store serves. */
export function encodeEnvelope(envelope: PayloadEnvelope): Uint8Array {
  return PayloadEnvelope.encode(envelope).finish();
}

/**
 * Decodes only the wire form; sizes and version are checked when the envelope is opened,
 * so a reader can still inspect an envelope it is unable to open.
 */
export function decodeEnvelope(bytes: Uint8Array): PayloadEnvelope {
  try {
    return PayloadEnvelope.decode(bytes);
  } catch (e) {
    throw new EnvelopeError("malformed", `not a PayloadEnvelope encoding: ${(e as Error).message}`);
  }
}
