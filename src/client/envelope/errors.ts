/**
 * Why an envelope or payload was refused. Callers map every code to paymsg
 * ErrInvalidMetadata (1110) when they surface it; the code lets them tell a reader
 * without access (`not_a_recipient`) from tampering or a producer bug.
 */
export type EnvelopeErrorCode =
  "unsupported_version" | "malformed" | "not_a_recipient" | "authentication_failed" | "bad_padding" | "hash_mismatch" | "invalid_metadata";

export class EnvelopeError extends Error {
  readonly code: EnvelopeErrorCode;

  constructor(code: EnvelopeErrorCode, message: string) {
    super(message);
    this.name = "EnvelopeError";
    this.code = code;
  }
}

export function requireLength(what: string, bytes: Uint8Array, expected: number): void {
  if (bytes.length !== expected) {
    throw new EnvelopeError("malformed", `${what} must be ${expected} bytes, got ${bytes.length}`);
  }
}
