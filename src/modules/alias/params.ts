import type { Params } from "../../gen/blockchain/alias/v1/params";
import { ALIAS_MAX_PAYLOAD_LENGTH } from "../../types/alias-id";
import { aliasErrors } from "./errors";

/** 10 Crockford characters = 50 bits per country: enough that drawing a free one never runs out in practice. */
export const DEFAULT_PAYLOAD_LENGTH = 10;

export function defaultAliasParams(): Params {
  return { payloadLength: DEFAULT_PAYLOAD_LENGTH };
}

/** payload_length: 1..32 (zero reads back as "unknown" and is refused). */
export function validateAliasParams(p: Params): void {
  if (p.payloadLength === 0) throw aliasErrors.ErrInvalidParams.wrap("payload_length must be set (zero means unknown)");
  if (p.payloadLength > ALIAS_MAX_PAYLOAD_LENGTH) {
    throw aliasErrors.ErrInvalidParams.wrap(`payload_length must be at most ${ALIAS_MAX_PAYLOAD_LENGTH}, got ${p.payloadLength}`);
  }
}
