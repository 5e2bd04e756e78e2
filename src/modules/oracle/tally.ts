import type { Dec } from "../../types/dec";

/** Basis points in one whole (10000 = 100%). */
export const BPS = 10_000n;

export interface BallotVote {
  validator: string;
  /** Bonded stake of the validator at the end of the round. */
  power: bigint;
  rate: Dec;
}

export interface TallyOutcome {
  /** The power-weighted median, or undefined when the threshold of power did not vote. */
  rate: Dec | undefined;
  /** Share of bonded power that voted for the denom, floor(voted × 10000 / total). */
  votingPowerBps: bigint;
}

/**
 * The power-weighted median of one denom's ballot: votes sorted by rate (ties by validator,
 * which cannot change the value), the rate of the first vote at which the running power
 * reaches half of the voted power. With an exact half split this is the lower of the two
 * middle rates, so the answer is always a rate some validator voted, never a rounded mean.
 * Zero-power votes are ignored. Pure: no state, no floats.
 */
export function weightedMedian(votes: readonly BallotVote[]): Dec | undefined {
  const counted = votes.filter((v) => v.power > 0n);
  if (counted.length === 0) return undefined;
  const sorted = [...counted].sort((a, b) =>
    a.rate < b.rate ? -1 : a.rate > b.rate ? 1 : a.validator < b.validator ? -1 : a.validator > b.validator ? 1 : 0,
  );
  let total = 0n;
  for (const v of sorted) total += v.power;
  let running = 0n;
  for (const v of sorted) {
    running += v.power;
    if (running * 2n >= total) return v.rate;
  }
  return sorted[sorted.length - 1].rate;
}

/**
 * One denom's outcome for a round: `votes` are the bonded validators that voted (with their
 * power), `totalPower` the power of every bonded validator (voters and abstainers). The rate
 * is agreed only when voted × 10000 ≥ threshold × total (the threshold exactly met passes).
 */
export function tallyDenom(votes: readonly BallotVote[], totalPower: bigint, thresholdBps: bigint): TallyOutcome {
  let voted = 0n;
  for (const v of votes) if (v.power > 0n) voted += v.power;
  if (totalPower <= 0n || voted === 0n) return { rate: undefined, votingPowerBps: 0n };
  const votingPowerBps = (voted * BPS) / totalPower;
  if (voted * BPS < thresholdBps * totalPower) return { rate: undefined, votingPowerBps };
  return { rate: weightedMedian(votes), votingPowerBps };
}
