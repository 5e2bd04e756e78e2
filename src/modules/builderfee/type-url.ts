import { builderfeeErrors } from "./errors";

/** "/" + a proto full name: dot-separated identifiers, as every Any type URL in a tx body. */
const TYPE_URL_RE = /^\/[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)+$/;
const MAX_TYPE_URL_CHARS = 256;

export function validateMsgTypeUrl(url: string): void {
  if (url.length > MAX_TYPE_URL_CHARS || !TYPE_URL_RE.test(url)) {
    throw builderfeeErrors.ErrInvalidMsgTypeURL.wrap(`${JSON.stringify(url.slice(0, 100))} must be "/" followed by a proto message name`);
  }
}
