import { sha256 } from "@noble/hashes/sha2.js";

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
 * Payload: symbol i is A[d[i] mod 32] where d = SHA-256(country ‖ bech32 address ‖ nonce as
 * 8 bytes little-endian); the issuer tries nonce 0, 1, 2, … until the identifier is free.
 *
 * Check character (a Luhn mod 32): walk the payload from its last symbol to its first, then
 * the country from its last letter to its first, with weights 2, 1, 2, 1, … (2 on the last
 * payload symbol); a payload symbol is worth its index in A, a country letter A=0 … Z=25;
 * each product p adds floor(p/32) + p mod 32; the check is A[(32 − sum mod 32) mod 32]. Every
 * payload has a check character, and any single substituted payload symbol is detected.
 *
 * Parsing "in any form": surrounding whitespace, hyphens and spaces are dropped, letters
 * are upper-cased, and after the prefix the Crockford confusables are unfolded
 * (I and L → 1, O → 0). The display form groups the payload by hyphens.
 */

export const CROCKFORD_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const ALIAS_COUNTRY_LENGTH = 2;
/** Payload lengths a parser accepts (the chain's payload_length param is narrower). */
export const ALIAS_MIN_PAYLOAD_LENGTH = 1;
export const ALIAS_MAX_PAYLOAD_LENGTH = 32;
/** Longest text a parser looks at (a display form with a hyphen between every character). */
const MAX_INPUT_LENGTH = 2 * (ALIAS_COUNTRY_LENGTH + ALIAS_MAX_PAYLOAD_LENGTH + 1) + 8;
const RADIX = 32;

const COUNTRY_RE = /^[A-Z]{2}$/;
const CROCKFORD_RE = /^[0-9A-HJKMNP-TV-Z]+$/;

export class AliasIdError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AliasIdError";
  }
}

function checkBody(country: string, payload: string): void {
  if (!COUNTRY_RE.test(country)) throw new AliasIdError(`country prefix ${JSON.stringify(country.slice(0, 8))} is not two letters A-Z`);
  if (!CROCKFORD_RE.test(payload)) throw new AliasIdError("payload is not Crockford Base32");
}

/** The values walked by the check, last payload symbol first, first country letter last. */
function checkValues(country: string, payload: string): number[] {
  const symbols = Array.from(payload, (c) => CROCKFORD_ALPHABET.indexOf(c)).reverse();
  const letters = Array.from(country, (c) => c.charCodeAt(0) - 65).reverse();
  return [...symbols, ...letters];
}

/** The check character for country + payload. Throws on a malformed body. */
export function aliasCheckCharacter(country: string, payload: string): string {
  checkBody(country, payload);
  let sum = 0;
  checkValues(country, payload).forEach((v, i) => {
    const p = v * (i % 2 === 0 ? 2 : 1);
    sum += Math.floor(p / RADIX) + (p % RADIX);
  });
  return CROCKFORD_ALPHABET[(RADIX - (sum % RADIX)) % RADIX];
}

/** The identifier for country + payload. */
export function composeAliasId(country: string, payload: string): string {
  return country + payload + aliasCheckCharacter(country, payload);
}

/** True when a normalised identifier's check character agrees with the rest. */
export function hasValidAliasCheck(id: string): boolean {
  const country = id.slice(0, ALIAS_COUNTRY_LENGTH);
  const payload = id.slice(ALIAS_COUNTRY_LENGTH, -1);
  if (!COUNTRY_RE.test(country) || !CROCKFORD_RE.test(payload)) return false;
  return aliasCheckCharacter(country, payload) === id.slice(-1);
}

function u64le(n: bigint): Uint8Array {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setBigUint64(0, BigInt.asUintN(64, n), true);
  return b;
}

/**
 * The payload issued for `address` (bech32, as the chain stores it) under `country` at
 * `nonce`: symbol i = A[d[i] mod 32], d = SHA-256(country ‖ address ‖ nonce LE64).
 */
export function deriveAliasPayload(country: string, address: string, nonce: bigint, length: number): string {
  if (!Number.isInteger(length) || length < ALIAS_MIN_PAYLOAD_LENGTH || length > ALIAS_MAX_PAYLOAD_LENGTH) {
    throw new AliasIdError(`payload length ${length} is outside ${ALIAS_MIN_PAYLOAD_LENGTH}..${ALIAS_MAX_PAYLOAD_LENGTH}`);
  }
  const utf8 = new TextEncoder();
  const d = sha256(new Uint8Array([...utf8.encode(country), ...utf8.encode(address), ...u64le(nonce)]));
  return Array.from(d.subarray(0, length), (b) => CROCKFORD_ALPHABET[b % RADIX]).join("");
}

/** The identifier issued for `address` under `country` at `nonce`. */
export function deriveAliasId(country: string, address: string, nonce: bigint, length: number): string {
  return composeAliasId(country, deriveAliasPayload(country, address, nonce, length));
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
 * Normalises an identifier given in any form without verifying its check character; throws
 * AliasIdError when it is not shaped as an identifier (prefix, Crockford payload, length).
 */
export function parseAliasIdForm(input: string): ParsedAliasId {
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
  return { id: country + rest, country, payload: rest.slice(0, -1), check: rest.slice(-1) };
}

/**
 * Normalises an identifier given in any form and verifies it; throws AliasIdError with the
 * reason when it is not a well-formed identifier. Does not check that the country is an
 * assigned code (see isAssignedCountry) or the payload length against the chain's params.
 */
export function parseAliasId(input: string): ParsedAliasId {
  const parsed = parseAliasIdForm(input);
  if (!hasValidAliasCheck(parsed.id)) throw new AliasIdError("check character does not match (mistyped identifier)");
  return parsed;
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
