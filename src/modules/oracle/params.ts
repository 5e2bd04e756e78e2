import type { Params } from "../../gen/blockchain/oracle/v1/params";
import { isValidDenom } from "../../types/coins";
import { sdkErrors } from "../../types/errors";
import { BPS } from "./tally";

/**
 * The chain's defaults (docs/modules/oracle.md): rounds of 5 blocks, half
 * of bonded power must vote, rates in USD for the staking token, a rate stale after 10
 * minutes, an appraisal stale a year after the date it reflects, at most 20 classes per appraiser.
 */
export function defaultOracleParams(): Params {
  return {
    votePeriod: 5n,
    voteThresholdBps: 5000n,
    quoteSymbol: "USD",
    acceptedDenoms: ["uyml"],
    maxRateAgeSeconds: 600n,
    maxAppraisalAgeSeconds: 31_536_000n,
    maxClassIdsPerAppraiser: 20n,
  };
}

const QUOTE_RE = /^[A-Za-z][A-Za-z0-9._-]{0,31}$/;
/** A rate needs at least half of the bonded power behind it. */
export const MIN_VOTE_THRESHOLD_BPS = 5000n;
/** At most this many accepted denoms: the end-of-round tally is sized for it (docs/benchmarks.md). */
export const MAX_ACCEPTED_DENOMS = 100;

function invalid(detail: string): never {
  throw sdkErrors.ErrInvalidRequest.wrap(`invalid oracle params: ${detail}`);
}

/** Checks every field and returns the canonical form (accepted denoms sorted) that is stored. */
export function validateOracleParams(p: Params): Params {
  if (p.votePeriod < 1n) invalid("vote_period must be at least 1 block");
  if (p.voteThresholdBps < MIN_VOTE_THRESHOLD_BPS || p.voteThresholdBps > BPS)
    invalid(`vote_threshold_bps must be ${MIN_VOTE_THRESHOLD_BPS}..${BPS}`);
  if (!QUOTE_RE.test(p.quoteSymbol)) invalid("quote_symbol must be 1-32 characters of [A-Za-z0-9._-] starting with a letter");
  if (p.acceptedDenoms.length > MAX_ACCEPTED_DENOMS) invalid(`at most ${MAX_ACCEPTED_DENOMS} accepted denoms`);
  const seen = new Set<string>();
  for (const d of p.acceptedDenoms) {
    if (!isValidDenom(d)) invalid(`accepted denom ${JSON.stringify(d.slice(0, 140))} is not a valid denom`);
    if (seen.has(d)) invalid(`accepted denom ${d} listed twice`);
    seen.add(d);
  }
  if (p.maxRateAgeSeconds < 1n) invalid("max_rate_age_seconds must be positive");
  if (p.maxAppraisalAgeSeconds < 1n) invalid("max_appraisal_age_seconds must be positive");
  if (p.maxClassIdsPerAppraiser < 1n) invalid("max_class_ids_per_appraiser must be positive");
  const acceptedDenoms = [...p.acceptedDenoms].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { ...p, acceptedDenoms };
}
