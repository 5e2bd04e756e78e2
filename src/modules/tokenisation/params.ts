import type { Params } from "../../gen/blockchain/tokenisation/v1/params";
import { tokenisationErrors } from "./errors";

export const BPS_DENOMINATOR = 10_000;

/** The chain's defaults, recorded in docs/modules/tokenisation.md. */
export function defaultTokenisationParams(): Params {
  return {
    minChallengeWindowSeconds: 0n,
    maxChallengeWindowSeconds: 31_536_000n, // 365 days
    maxDisputeBondBps: BPS_DENOMINATOR,
  };
}

export function validateTokenisationParams(p: Params): Params {
  const bad = (d: string): never => {
    throw tokenisationErrors.ErrInvalidParams.wrap(d);
  };
  if (p.minChallengeWindowSeconds < 0n) bad("min_challenge_window_seconds must not be negative");
  if (p.maxChallengeWindowSeconds < p.minChallengeWindowSeconds)
    bad("max_challenge_window_seconds must be at least min_challenge_window_seconds");
  if (p.maxDisputeBondBps > BPS_DENOMINATOR) bad(`max_dispute_bond_bps must be at most ${BPS_DENOMINATOR}`);
  return { ...p };
}
