import type { Params } from "../../gen/blockchain/custody/v1/params";
import { custodyErrors } from "./errors";

export const MAX_FEE_BPS = 10_000;

/**
 * Defaults where the spec shows none: two attestors, a redemption delay of 100 blocks, no fee,
 * and a reserve report older than 14 400 blocks (about a day at 6 s) counts as not solvent.
 */
export function defaultCustodyParams(): Params {
  return { attestationThreshold: 2, redemptionDelayBlocks: 100n, feeBps: 0, reserveReportMaxAgeBlocks: 14_400n };
}

export function validateCustodyParams(p: Params): Params {
  if (p.attestationThreshold < 1) throw custodyErrors.ErrInvalidParams.wrap("attestation_threshold must be at least 1");
  if (p.feeBps > MAX_FEE_BPS) throw custodyErrors.ErrInvalidParams.wrap(`fee_bps must be at most ${MAX_FEE_BPS}`);
  if (p.redemptionDelayBlocks > BigInt(Number.MAX_SAFE_INTEGER)) throw custodyErrors.ErrInvalidParams.wrap("redemption_delay_blocks too large");
  return p;
}
