import type { DenomPolicy, Params } from "../../gen/blockchain/netting/v1/params";
import { isValidDenom } from "../../types/coins";
import { sdkErrors } from "../../types/errors";

/** Spec defaults: netting off (cycle_blocks 0), no policies (every currency gross), holds unbounded. */
export function defaultNettingParams(): Params {
  return { cycleBlocks: 0n, denomPolicies: [], maxHoldCycles: 0n };
}

const INT_RE = /^[0-9]{1,78}$/;

/** The longest cycle governance may set (about two months of six-second blocks). */
export const MAX_CYCLE_BLOCKS = 1_000_000n;

/** An integer amount of zero or more; empty reads as zero where `emptyIsZero`. */
function nonNegative(value: string, what: string, emptyIsZero = true): bigint {
  if (value === "" && emptyIsZero) return 0n;
  if (!INT_RE.test(value))
    throw sdkErrors.ErrInvalidRequest.wrap(`${what}: ${JSON.stringify(value.slice(0, 100))} is not a non-negative integer`);
  return BigInt(value);
}

/** Checks every field and returns the canonical form (integers without leading zeros, policies sorted by denom). */
export function validateNettingParams(p: Params): Params {
  if (p.cycleBlocks > MAX_CYCLE_BLOCKS) throw sdkErrors.ErrInvalidRequest.wrap(`cycle_blocks ${p.cycleBlocks} exceeds ${MAX_CYCLE_BLOCKS}`);
  const seen = new Set<string>();
  const denomPolicies: DenomPolicy[] = p.denomPolicies.map((d) => {
    if (!isValidDenom(d.denom)) throw sdkErrors.ErrInvalidRequest.wrap(`policy denom ${JSON.stringify(d.denom.slice(0, 140))} is invalid`);
    if (seen.has(d.denom)) throw sdkErrors.ErrInvalidRequest.wrap(`policy for ${d.denom} given twice`);
    seen.add(d.denom);
    return {
      denom: d.denom,
      // An empty threshold is refused rather than read as zero (which would make the currency fully gross).
      grossThreshold: nonNegative(d.grossThreshold, `gross_threshold of ${d.denom}`, false).toString(),
      aggregateGrossThreshold: nonNegative(d.aggregateGrossThreshold, `aggregate_gross_threshold of ${d.denom}`).toString(),
    };
  });
  denomPolicies.sort((a, b) => (a.denom < b.denom ? -1 : a.denom > b.denom ? 1 : 0));
  return { cycleBlocks: p.cycleBlocks, denomPolicies, maxHoldCycles: p.maxHoldCycles };
}

/**
 * A currency's policy as numbers (undefined when it has none: fully gross): `gross` is the per-obligation threshold (zero = always gross),
 * `aggregate` caps the gross amount one cycle may net in the currency (zero = no cap).
 */
export function denomPolicy(p: Params, denom: string): { gross: bigint; aggregate: bigint } | undefined {
  const own = p.denomPolicies.find((d) => d.denom === denom);
  if (own === undefined) return undefined;
  return {
    gross: nonNegative(own.grossThreshold, "gross_threshold"),
    aggregate: nonNegative(own.aggregateGrossThreshold, "aggregate_gross_threshold"),
  };
}
