import type { Params } from "../../gen/blockchain/alias/v1/params";
import { aliasErrors } from "./errors";

/** Payload lengths governance may choose: 8 symbols (40 bits) up to 16 (80 bits). */
export const MIN_PAYLOAD_LENGTH = 8;
export const MAX_PAYLOAD_LENGTH = 16;
export const DEFAULT_PAYLOAD_LENGTH = MIN_PAYLOAD_LENGTH;

export function defaultAliasParams(): Params {
  return { payloadLength: DEFAULT_PAYLOAD_LENGTH };
}

/** payload_length: 8..16 (zero, which reads back as "unknown", is outside). */
export function validateAliasParams(p: Params): void {
  if (p.payloadLength < MIN_PAYLOAD_LENGTH || p.payloadLength > MAX_PAYLOAD_LENGTH) {
    throw aliasErrors.ErrInvalidParams.wrap(
      `payload_length must be within ${MIN_PAYLOAD_LENGTH}..${MAX_PAYLOAD_LENGTH}, got ${p.payloadLength}`,
    );
  }
}
