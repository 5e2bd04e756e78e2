import type { Params } from "../../gen/blockchain/stablecoin/v1/params";
import { isValidDenom } from "../../types/coins";
import { stablecoinErrors } from "./errors";

/** Wire-sheet defaults: a generous default ceiling and no per-denom overrides. */
export function defaultStablecoinParams(): Params {
  return { defaultMintCeiling: "1000000000000000", mintCeilings: [] };
}

const INT_RE = /^[0-9]{1,78}$/;

/** A cosmos.Int param: a non-negative decimal integer; empty reads as zero, as docs/wire/fields-part-b.md allows. */
export function parseCeiling(value: string, what: string): bigint {
  if (value === "") return 0n;
  if (!INT_RE.test(value))
    throw stablecoinErrors.ErrInvalidParams.wrap(`${what}: ${JSON.stringify(value.slice(0, 100))} is not a non-negative integer`);
  return BigInt(value);
}

/**
 * Checks every field and returns the canonical form stored on chain (integers without
 * leading zeros, ceilings sorted by denom) so that equal params always encode equally.
 */
export function validateStablecoinParams(p: Params): Params {
  const defaultMintCeiling = parseCeiling(p.defaultMintCeiling, "default_mint_ceiling").toString();
  const seen = new Set<string>();
  const mintCeilings = p.mintCeilings.map((c) => {
    if (!isValidDenom(c.denom))
      throw stablecoinErrors.ErrInvalidParams.wrap(`mint ceiling denom ${JSON.stringify(c.denom.slice(0, 140))} is invalid`);
    if (seen.has(c.denom)) throw stablecoinErrors.ErrInvalidParams.wrap(`mint ceiling for ${c.denom} given twice`);
    seen.add(c.denom);
    return { denom: c.denom, ceiling: parseCeiling(c.ceiling, `mint ceiling of ${c.denom}`).toString() };
  });
  mintCeilings.sort((a, b) => (a.denom < b.denom ? -1 : a.denom > b.denom ? 1 : 0));
  return { defaultMintCeiling, mintCeilings };
}

/** The supply ceiling for a denom: its own entry when present, else the default. */
export function ceilingFor(p: Params, denom: string): bigint {
  const own = p.mintCeilings.find((c) => c.denom === denom);
  return parseCeiling(own ? own.ceiling : p.defaultMintCeiling, "mint ceiling");
}
