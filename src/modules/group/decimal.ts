import { DEC_ONE, DEC_PRECISION } from "../../types/dec";
import { ErrInvalidDecString } from "./errors";

/**
 * Weights, thresholds and percentages are decimal strings on the wire, held as the same
 * 1e18 fixed-point as src/types/dec. Their text grammar is x/group's (math.Dec: no sign,
 * ".5" and "5." accepted, trailing zeros past 18 places ignored; printed without trailing
 * zeros), not LegacyDec's, so parsing and printing them stay here.
 */
export const ONE = DEC_ONE;
const DECIMALS = DEC_PRECISION;
const DEC_RE = /^(\d*)(?:\.(\d*))?$/;
const MAX_INTEGER_DIGITS = 40;

export function parseDec(s: string): bigint {
  const m = DEC_RE.exec(s);
  if (!m || s === "" || s === "." || (m[1] === "" && (m[2] ?? "") === "")) {
    throw ErrInvalidDecString.wrap(`${JSON.stringify(s.slice(0, 64))} is not a decimal number`);
  }
  const integer = m[1] ?? "";
  const fraction = m[2] ?? "";
  if (integer.length > MAX_INTEGER_DIGITS) throw ErrInvalidDecString.wrap(`${s.slice(0, 64)}: too large`);
  const significant = fraction.replace(/0+$/, "");
  if (significant.length > DECIMALS) throw ErrInvalidDecString.wrap(`${s.slice(0, 64)}: more than ${DECIMALS} decimal places`);
  return BigInt(integer || "0") * ONE + BigInt((significant + "0".repeat(DECIMALS)).slice(0, DECIMALS));
}

export function parseNonNegativeDec(s: string): bigint {
  return parseDec(s);
}

export function parsePositiveDec(s: string): bigint {
  const v = parseDec(s);
  if (v <= 0n) throw ErrInvalidDecString.wrap(`expected a positive decimal, got ${s.slice(0, 64)}`);
  return v;
}

/** Canonical form: no trailing fractional zeros ("3", "1.5", "0"). */
export function formatDec(v: bigint): string {
  const sign = v < 0n ? "-" : "";
  const abs = v < 0n ? -v : v;
  const integer = abs / ONE;
  const fraction = (abs % ONE).toString().padStart(DECIMALS, "0").replace(/0+$/, "");
  return fraction === "" ? `${sign}${integer}` : `${sign}${integer}.${fraction}`;
}
