import type { Params } from "../../gen/blockchain/custody/v1/params";
import { custodyErrors } from "./errors";

/** Basis points in one whole (10000 = 100%). */
export const BPS = 10_000n;
/** The highest fee governance may set: 10%. */
export const MAX_FEE_BPS = 1000;
/** A claim is credited or a reserve published on the word of at least two attestors. */
export const MIN_ATTESTATION_THRESHOLD = 2;

/**
 * The chain's defaults: two attestors, a redemption delay of 100 blocks, no fee,
 * and reserve reports count for 14 400 blocks (about a day at 6 s).
 */
export function defaultCustodyParams(): Params {
  return { attestationThreshold: 2, redemptionDelayBlocks: 100n, feeBps: 0, reserveReportMaxAgeBlocks: 14_400n };
}

/** Refused with ErrInvalidParams wherever params are set: genesis and governance alike. */
export function validateCustodyParams(p: Params): Params {
  const invalid = (detail: string) => custodyErrors.ErrInvalidParams.wrap(detail);
  if (p.attestationThreshold < MIN_ATTESTATION_THRESHOLD)
    throw invalid(`attestation_threshold must be at least ${MIN_ATTESTATION_THRESHOLD}`);
  if (p.feeBps > MAX_FEE_BPS) throw invalid(`fee_bps must be at most ${MAX_FEE_BPS}`);
  if (p.reserveReportMaxAgeBlocks === 0n) throw invalid("reserve_report_max_age_blocks must be positive");
  if (p.redemptionDelayBlocks > BigInt(Number.MAX_SAFE_INTEGER)) throw invalid("redemption_delay_blocks too large");
  return p;
}

/**
 * Params stored before the bounds above, brought within them: threshold raised to 2, fee
 * lowered to the cap, a max age of 0 (which meant "no limit") made the largest age.
 */
export function boundedCustodyParams(p: Params): Params {
  return {
    ...p,
    attestationThreshold: Math.max(p.attestationThreshold, MIN_ATTESTATION_THRESHOLD),
    feeBps: Math.min(p.feeBps, MAX_FEE_BPS),
    reserveReportMaxAgeBlocks: p.reserveReportMaxAgeBlocks === 0n ? (1n << 64n) - 1n : p.reserveReportMaxAgeBlocks,
  };
}
