import { isValidDenom } from "../../types/coins";
import { sdkErrors } from "../../types/errors";
import { oracleErrors as E } from "./errors";

/**
 * Text and id limits: the chain's decisions, in
 * docs/modules/oracle.md. Every over-long field is ErrLimitReached.
 */
export const oracleLimits = {
  maxNameChars: 128,
  maxCredentialsChars: 1024,
  maxReasonChars: 512,
  /** The nft module's class and NFT id bound (cosmos.nft: a letter then 2–100 of [a-zA-Z0-9/:-]). */
  maxIdChars: 101,
  maxMethodChars: 128,
  maxReportUriChars: 512,
  maxReportHashChars: 128,
  maxValueDigits: 78,
  maxDenomChars: 128,
  /** A vote's rate text, in UTF-8 bytes. */
  maxRateBytes: 64,
  /** An appraiser's class id, in UTF-8 bytes (no other format: classes may be named freely). */
  maxClassIdBytes: 64,
} as const;

const ID_RE = /^[a-zA-Z][a-zA-Z0-9/:-]{2,100}$/;
const CONTROL_RE = /[\u0000-\u001f\u007f-\u009f]/;

export function chars(s: string): number {
  return [...s].length;
}

/** ErrLimitReached when `s` is longer than `max` characters. */
export function limit(s: string, max: number, field: string): void {
  if (s.length > max && chars(s) > max) throw E.ErrLimitReached.wrap(`${field} is longer than ${max} characters`);
}

/** ErrLimitReached when `s` takes more than `max` bytes in UTF-8. */
export function limitBytes(s: string, max: number, field: string): void {
  if (Buffer.byteLength(s, "utf8") > max) throw E.ErrLimitReached.wrap(`${field} is longer than ${max} bytes`);
}

export function limitCount(n: number, max: number, field: string): void {
  if (n > max) throw E.ErrLimitReached.wrap(`${field}: ${n} entries, at most ${max}`);
}

/** A class or NFT id in the nft module's format. */
export function validId(id: string, field: string): void {
  if (!ID_RE.test(id))
    throw sdkErrors.ErrInvalidRequest.wrap(
      `${field} ${JSON.stringify(id.slice(0, 120))} must be a letter followed by 2-100 of [a-zA-Z0-9/:-]`,
    );
}

/** Printable text without control characters (newlines allowed where `multiline`). */
export function printable(s: string, field: string, multiline = false): void {
  if (CONTROL_RE.test(multiline ? s.replace(/\n/g, "") : s)) throw sdkErrors.ErrInvalidRequest.wrap(`${field} must be printable text`);
}

export function validDenom(denom: string, kind: typeof E.ErrInvalidValuation, field: string): void {
  if (!isValidDenom(denom)) throw kind.wrap(`${field} ${JSON.stringify(denom.slice(0, 140))} is not a valid denom`);
}
