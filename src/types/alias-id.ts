/**
 * Alias identifiers: pure functions, no chain state, shared by the alias module and by
 * client software (re-exported from src/client) so an identifier can be checked offline.
 *
 * Normalised form (what the chain stores and compares):
 *
 *     CC PPPP…P K
 *
 * - CC: the ISO 3166-1 alpha-2 country, two of the 26 letters A–Z, never folded;
 * - P…: the payload, Crockford Base32 (0-9 A-Z without I L O U);
 * - K: one check character, also from the Crockford alphabet.
 *
 * Check: every character has one value, independent of its position: digits 0–9, letters
 * A–Z 10–35 (base 36; so a letter means the same in the prefix and in the payload). For
 * an identifier c_0 … c_n (check last) the weighted sum Σ v(c_i)·2^i is 0 mod 37. 37 is a
 * prime above every value and 2 is a primitive root mod 37, so every weight is non-zero and
 * two neighbouring weights differ: any single substituted character changes the sum by
 * (a−b)·2^i ≢ 0, and any swap of two adjacent different characters by (a−b)·2^i·(1−2) ≢ 0.
 * Both are therefore always detected, whatever the length.
 *
 * The check value is the one residue that makes the sum 0; when it is not the value of a
 * Crockford character (I, L, O, U or 36) the payload is not issued and the issuer draws
 * another. So an issued identifier is two letters followed by pure Crockford Base32.
 *
 * Parsing "in any form": surrounding whitespace, hyphens and spaces are dropped, letters
 * are upper-cased, and after the prefix the Crockford confusables are unfolded
 * (I and L → 1, O → 0). The display form groups the payload by hyphens.
 */

export const CROCKFORD_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const ALIAS_COUNTRY_LENGTH = 2;
export const ALIAS_CHECK_MODULUS = 37;
/** Payload lengths an identifier may have (the chain's payload_length param stays inside). */
export const ALIAS_MIN_PAYLOAD_LENGTH = 1;
export const ALIAS_MAX_PAYLOAD_LENGTH = 32;
/** Longest text a parser looks at (a display form with a hyphen between every character). */
const MAX_INPUT_LENGTH = 2 * (ALIAS_COUNTRY_LENGTH + ALIAS_MAX_PAYLOAD_LENGTH + 1) + 8;

const COUNTRY_RE = /^[A-Z]{2}$/;
const CROCKFORD_RE = /^[0-9A-HJKMNP-TV-Z]+$/;

export class AliasIdError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AliasIdError";
  }
}

/** Position-independent character value: 0–9 for digits, 10–35 for A–Z. */
function charValue(c: string): number {
  const code = c.charCodeAt(0);
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 90) return code - 55;
  throw new AliasIdError(`character ${JSON.stringify(c)} is not 0-9 or A-Z`);
}

function valueChar(v: number): string {
  return v < 10 ? String.fromCharCode(48 + v) : String.fromCharCode(55 + v);
}

/** Σ v(c_i)·2^i mod 37 over `body` (positions from 0). */
function weightedSum(body: string): number {
  let sum = 0;
  let weight = 1;
  for (const c of body) {
    sum = (sum + charValue(c) * weight) % ALIAS_CHECK_MODULUS;
    weight = (weight * 2) % ALIAS_CHECK_MODULUS;
  }
  return sum;
}

/** 2^n mod 37. */
function weightAt(n: number): number {
  let w = 1;
  for (let i = 0; i < n; i++) w = (w * 2) % ALIAS_CHECK_MODULUS;
  return w;
}

/** Modular inverse mod 37 (prime): a^35. */
function inverse(a: number): number {
  let result = 1;
  for (let i = 0; i < ALIAS_CHECK_MODULUS - 2; i++) result = (result * a) % ALIAS_CHECK_MODULUS;
  return result;
}

/**
 * The check character for country + payload, or undefined when the check value has no
 * Crockford character (that payload is then not issuable). Throws on a malformed body.
 */
export function aliasCheckCharacter(country: string, payload: string): string | undefined {
  if (!COUNTRY_RE.test(country)) throw new AliasIdError(`country prefix ${JSON.stringify(country.slice(0, 8))} is not two letters A-Z`);
  if (!CROCKFORD_RE.test(payload)) throw new AliasIdError("payload is not Crockford Base32");
  const body = country + payload;
  const sum = weightedSum(body);
  // sum + v·w ≡ 0  ⇒  v ≡ −sum · w⁻¹
  const w = weightAt(body.length);
  const v = ((ALIAS_CHECK_MODULUS - sum) % ALIAS_CHECK_MODULUS) * inverse(w) % ALIAS_CHECK_MODULUS;
  if (v >= 36) return undefined;
  const c = valueChar(v);
  return CROCKFORD_ALPHABET.includes(c) ? c : undefined;
}

/** The identifier for country + payload, or undefined when that payload cannot carry a check character. */
export function composeAliasId(country: string, payload: string): string | undefined {
  const check = aliasCheckCharacter(country, payload);
  return check === undefined ? undefined : country + payload + check;
}

/** True when a normalised identifier's check character agrees with the rest. */
export function hasValidAliasCheck(id: string): boolean {
  return weightedSum(id) === 0;
}

export interface ParsedAliasId {
  /** The normalised form: the only form the chain stores and compares. */
  id: string;
  country: string;
  payload: string;
  check: string;
}

/** Unfolds one character after the prefix: Crockford confusables to their digit. */
function unfold(c: string): string {
  if (c === "I" || c === "L") return "1";
  if (c === "O") return "0";
  return c;
}

/**
 * Normalises an identifier given in any form and verifies it; throws AliasIdError with the
 * reason when it is not a well-formed identifier. Does not check that the country is an
 * assigned code (see isAssignedCountry) or the payload length against the chain's params.
 */
export function parseAliasId(input: string): ParsedAliasId {
  if (typeof input !== "string" || input.length === 0) throw new AliasIdError("identifier is empty");
  if (input.length > MAX_INPUT_LENGTH) throw new AliasIdError(`identifier longer than ${MAX_INPUT_LENGTH} characters`);
  const compact = input.trim().replace(/[-\s]/g, "").toUpperCase();
  if (!/^[0-9A-Z]+$/.test(compact)) throw new AliasIdError("identifier has characters other than letters, digits and hyphens");
  const country = compact.slice(0, ALIAS_COUNTRY_LENGTH);
  if (!COUNTRY_RE.test(country)) throw new AliasIdError("identifier must start with a two-letter country code");
  const rest = Array.from(compact.slice(ALIAS_COUNTRY_LENGTH), unfold).join("");
  if (rest.length < ALIAS_MIN_PAYLOAD_LENGTH + 1) throw new AliasIdError("identifier is too short");
  if (rest.length > ALIAS_MAX_PAYLOAD_LENGTH + 1) throw new AliasIdError("identifier is too long");
  if (!CROCKFORD_RE.test(rest)) throw new AliasIdError("payload has a character outside Crockford Base32 (U is never used)");
  const id = country + rest;
  if (!hasValidAliasCheck(id)) throw new AliasIdError("check character does not match (mistyped identifier)");
  return { id, country, payload: rest.slice(0, -1), check: rest.slice(-1) };
}

/** The normalised form of a valid identifier, or undefined. */
export function normaliseAliasId(input: string): string | undefined {
  try {
    return parseAliasId(input).id;
  } catch {
    return undefined;
  }
}

export function isValidAliasId(input: string): boolean {
  return normaliseAliasId(input) !== undefined;
}

/**
 * The display form: country, payload in groups of `group` characters, check character
 * attached to the last group, separated by hyphens (e.g. "DE-7K3M9-QW2XT4").
 */
export function formatAliasId(id: string, group = 5): string {
  const p = parseAliasId(id);
  const tail = p.payload + p.check;
  const groups: string[] = [];
  for (let i = 0; i < p.payload.length; i += group) groups.push(tail.slice(i, Math.min(i + group, p.payload.length)));
  groups[groups.length - 1] += p.check;
  return [p.country, ...groups].join("-");
}

/**
 * The payload for `length` characters taken from `bytes` (5 bits per character, most
 * significant bit first). The chain feeds it a hash; `bytes` must hold at least 5·length bits.
 */
export function payloadFromBytes(bytes: Uint8Array, length: number): string {
  if (bytes.length * 8 < length * 5) throw new AliasIdError("not enough bytes for the payload");
  let out = "";
  for (let i = 0; i < length; i++) {
    const bit = i * 5;
    const byte = bit >> 3;
    const word = (bytes[byte] << 8) | (byte + 1 < bytes.length ? bytes[byte + 1] : 0);
    const v = (word >> (11 - (bit & 7))) & 31;
    out += CROCKFORD_ALPHABET[v];
  }
  return out;
}
