import { sdkErrors } from "./errors";

/**
 * Fixed-point decimals as the SDK's LegacyDec: a bigint holding value × 10^18. On the proto
 * wire (gogoproto customtype) a Dec is that integer as a decimal string ("100000000000000000"
 * for 0.1, what cosmjs sends); in SDK JSON it is "0.100000000000000000". Both are parsed here;
 * no floats anywhere.
 */
export type Dec = bigint;

export const DEC_PRECISION = 18;
export const DEC_ONE: Dec = 10n ** 18n;
const HALF = DEC_ONE / 2n;
/** LegacyDec's bound: 256 bits of integer part plus the 18 decimals (~ 315 bits). */
const MAX_DEC_BITS = 315n;
const INT_RE = /^-?[0-9]+$/;
const DEC_RE = /^(-?)([0-9]+)\.([0-9]{1,18})$/;

function checkRange(d: Dec, text: string): Dec {
  const abs = d < 0n ? -d : d;
  if (abs >> MAX_DEC_BITS !== 0n) throw sdkErrors.ErrInvalidRequest.wrap(`decimal out of range: ${text.slice(0, 100)}`);
  return d;
}

/** Longer than any in-range decimal (sign, 95 digits, point, 18 decimals): refused before BigInt parses it. */
const MAX_DEC_TEXT = 120;

/** "0.1", "1.500000000000000000", "-3" (SDK text form; up to 18 decimals). */
export function decFromString(text: string): Dec {
  if (text.length > MAX_DEC_TEXT) throw sdkErrors.ErrInvalidRequest.wrap(`decimal out of range: ${text.slice(0, 100)}`);
  if (INT_RE.test(text)) return checkRange(BigInt(text) * DEC_ONE, text);
  const m = DEC_RE.exec(text);
  if (!m) throw sdkErrors.ErrInvalidRequest.wrap(`invalid decimal: ${JSON.stringify(text.slice(0, 100))}`);
  const value = BigInt(m[2]) * DEC_ONE + BigInt(m[3].padEnd(DEC_PRECISION, "0"));
  return checkRange(m[1] === "-" ? -value : value, text);
}

/** SDK text form with all 18 decimals: "0.100000000000000000". */
export function decToString(d: Dec): string {
  const neg = d < 0n;
  const abs = neg ? -d : d;
  const frac = (abs % DEC_ONE).toString().padStart(DEC_PRECISION, "0");
  return `${neg ? "-" : ""}${abs / DEC_ONE}.${frac}`;
}

/**
 * A Dec field as it arrives in a proto message: the scaled integer (wire form). A string with
 * a point is the SDK's JSON form, accepted too since it is unambiguous (the wire form never has one).
 */
export function decFromWire(text: string, what = "decimal"): Dec {
  if (text === "") return 0n;
  if (text.length > MAX_DEC_TEXT) throw sdkErrors.ErrInvalidRequest.wrap(`${what} out of range: ${text.slice(0, 100)}`);
  if (INT_RE.test(text)) return checkRange(BigInt(text), text);
  if (DEC_RE.test(text)) return decFromString(text);
  throw sdkErrors.ErrInvalidRequest.wrap(`invalid ${what}: ${JSON.stringify(text.slice(0, 100))}`);
}

/** The proto wire form: the scaled integer as a decimal string. */
export function decToWire(d: Dec): string {
  return d.toString();
}

export function decFromInt(i: bigint): Dec {
  return i * DEC_ONE;
}

/** Rounds a value scaled by 10^36 back to 10^18 half-to-even, as LegacyDec's chopPrecisionAndRound. */
function chopRound(x: bigint): bigint {
  const neg = x < 0n;
  const abs = neg ? -x : x;
  const q = abs / DEC_ONE;
  const r = abs % DEC_ONE;
  let out = q;
  if (r > HALF || (r === HALF && q % 2n === 1n)) out = q + 1n;
  return neg ? -out : out;
}

export function decMul(a: Dec, b: Dec): Dec {
  return chopRound(a * b);
}

export function decMulTruncate(a: Dec, b: Dec): Dec {
  return (a * b) / DEC_ONE;
}

/** LegacyDec.Quo: truncating division at 36 digits, then half-to-even rounding to 18. */
export function decQuo(a: Dec, b: Dec): Dec {
  if (b === 0n) throw sdkErrors.ErrInvalidRequest.wrap("division by zero");
  return chopRound((a * DEC_ONE * DEC_ONE) / b);
}

export function decQuoTruncate(a: Dec, b: Dec): Dec {
  if (b === 0n) throw sdkErrors.ErrInvalidRequest.wrap("division by zero");
  return (a * DEC_ONE) / b;
}

export function decQuoRoundUp(a: Dec, b: Dec): Dec {
  if (b === 0n) throw sdkErrors.ErrInvalidRequest.wrap("division by zero");
  const n = a * DEC_ONE;
  const q = n / b;
  return n % b !== 0n && n < 0n === b < 0n ? q + 1n : q;
}

export function decMulInt(a: Dec, i: bigint): Dec {
  return a * i;
}

/** LegacyDec.QuoInt: plain truncating division. */
export function decQuoInt(a: Dec, i: bigint): Dec {
  if (i === 0n) throw sdkErrors.ErrInvalidRequest.wrap("division by zero");
  return a / i;
}

/** Integer part, rounding toward zero (LegacyDec.TruncateInt). */
export function decTruncate(d: Dec): bigint {
  return d / DEC_ONE;
}
