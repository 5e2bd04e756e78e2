import { Role } from "../../gen/blockchain/alias/v1/alias";
import { canonicalCountry, isReservedCountry } from "../../types/iso3166";
import { aliasErrors as E } from "./errors";

/** The chain-wide scope marker of a role grant. */
export const CHAIN_WIDE = "*";
/** The code reserved for the foundation: never a jurisdiction, a role scope or a reader country. */
export const FOUNDATION_CODE = "ZZ";

const MAX_SHOWN = 16;

function shown(s: string): string {
  return JSON.stringify(s.slice(0, MAX_SHOWN));
}

/**
 * A country given in a message or query: any letter case, returned upper-case; only assigned
 * ISO 3166-1 alpha-2 codes pass. Reserved codes (ZZ, the foundation's, among them) and the
 * chain-wide marker are refused with ErrInvalidCountry.
 */
export function parseCountry(input: string, field = "country"): string {
  if (input === "") throw E.ErrInvalidCountry.wrap(`${field} is required`);
  if (input === CHAIN_WIDE) throw E.ErrInvalidCountry.wrap(`${field}: the chain-wide marker is not a country`);
  const code = canonicalCountry(input);
  if (code !== undefined) return code;
  const upper = /^[A-Za-z]{2}$/.test(input) ? input.toUpperCase() : input;
  if (upper === FOUNDATION_CODE) throw E.ErrInvalidCountry.wrap(`${field}: ${FOUNDATION_CODE} is the foundation's reserved code`);
  if (isReservedCountry(upper)) throw E.ErrInvalidCountry.wrap(`${field}: ${shown(upper)} is a reserved code, not an assigned country`);
  throw E.ErrInvalidCountry.wrap(`${field}: ${shown(input)} is not an assigned ISO 3166-1 alpha-2 code`);
}

/**
 * A role scope: "*" (chain-wide) or an assigned country in any letter case. Anything else,
 * the foundation's reserved code and an empty scope included, is ErrInvalidScope.
 */
export function parseScope(input: string): string {
  if (input === CHAIN_WIDE) return CHAIN_WIDE;
  if (input === "") throw E.ErrInvalidScope.wrap('jurisdiction is required (an assigned country code or "*" for chain-wide)');
  if (input.toUpperCase() === FOUNDATION_CODE)
    throw E.ErrInvalidScope.wrap(`${FOUNDATION_CODE} is the foundation's reserved code, not a role scope`);
  const code = canonicalCountry(input);
  if (code === undefined) throw E.ErrInvalidScope.wrap(`jurisdiction ${shown(input)} is not an assigned ISO 3166-1 alpha-2 code or "*"`);
  return code;
}

/** A role named in a grant or revoke: a known value other than ROLE_UNSPECIFIED. */
export function validateRole(role: Role): void {
  if (role === Role.ROLE_UNSPECIFIED) throw E.ErrInvalidRole.wrap("ROLE_UNSPECIFIED cannot be granted or revoked");
  if (Role[role] === undefined || role === Role.UNRECOGNIZED) throw E.ErrInvalidRole.wrap(`unknown role ${role}`);
}
