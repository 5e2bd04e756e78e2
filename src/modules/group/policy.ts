import {
  PercentageDecisionPolicy,
  ThresholdDecisionPolicy,
  type DecisionPolicyWindows,
  type TallyResult,
} from "cosmjs-types/cosmos/group/v1/types";
import type { AnyMsg } from "../../types/codec";
import type { Decision } from "../../types/hooks";
import { groupErrors } from "./errors";
import { ONE, parseNonNegativeDec, parsePositiveDec } from "./decimal";
import type { GroupConfig } from "./params";
import { durationNanos } from "../../types/time";

export const THRESHOLD_POLICY_URL = "/cosmos.group.v1.ThresholdDecisionPolicy";
export const PERCENTAGE_POLICY_URL = "/cosmos.group.v1.PercentageDecisionPolicy";

export interface DecisionPolicy {
  decision: Decision;
  votingPeriodNanos: bigint;
  minExecutionPeriodNanos: bigint;
}

export interface DecisionResult {
  allow: boolean;
  final: boolean;
}

function windowsOf(w: DecisionPolicyWindows | undefined): { votingPeriodNanos: bigint; minExecutionPeriodNanos: bigint } {
  const votingPeriodNanos = durationNanos(w?.votingPeriod);
  const minExecutionPeriodNanos = durationNanos(w?.minExecutionPeriod);
  if (votingPeriodNanos <= 0n) throw groupErrors.ErrInvalid.wrap("voting period cannot be zero");
  if (minExecutionPeriodNanos < 0n) throw groupErrors.ErrInvalid.wrap("min execution period cannot be negative");
  return { votingPeriodNanos, minExecutionPeriodNanos };
}

/** Unpacks and checks a decision policy Any statelessly (the SDK's GetDecisionPolicy + ValidateBasic). */
export function decodeDecisionPolicy(any: AnyMsg | undefined): DecisionPolicy {
  if (!any) throw groupErrors.ErrType.wrap("decision policy is required");
  if (any.typeUrl === THRESHOLD_POLICY_URL) {
    const p = decodeOrType(() => ThresholdDecisionPolicy.decode(any.value));
    let threshold: bigint;
    try {
      threshold = parsePositiveDec(p.threshold);
    } catch (e) {
      throw wrapDetail(e, "threshold");
    }
    return { decision: { kind: "threshold", threshold }, ...windowsOf(p.windows) };
  }
  if (any.typeUrl === PERCENTAGE_POLICY_URL) {
    const p = decodeOrType(() => PercentageDecisionPolicy.decode(any.value));
    let percentage: bigint;
    try {
      percentage = parsePositiveDec(p.percentage);
    } catch (e) {
      throw wrapDetail(e, "percentage threshold");
    }
    if (percentage > ONE) throw groupErrors.ErrInvalid.wrap("percentage must be > 0 and <= 1");
    return { decision: { kind: "percentage", percentage }, ...windowsOf(p.windows) };
  }
  throw groupErrors.ErrType.wrap(`unsupported decision policy ${JSON.stringify(any.typeUrl.slice(0, 100))}`);
}

function decodeOrType<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    throw groupErrors.ErrType.wrap(`malformed decision policy: ${(e as Error).message}`);
  }
}

function wrapDetail(e: unknown, detail: string): unknown {
  if (e instanceof Error) e.message = `${detail}: ${e.message}`;
  return e;
}

/** Stateful check against the config (the SDK's DecisionPolicy.Validate). */
export function validatePolicyWindows(p: DecisionPolicy, config: GroupConfig): void {
  const maxExecution = config.maxExecutionPeriodSeconds * 1_000_000_000n;
  if (p.minExecutionPeriodNanos > p.votingPeriodNanos + maxExecution) {
    throw groupErrors.ErrInvalid.wrap("min_execution_period should be smaller than voting_period + max_execution_period");
  }
}

/** Weighted counts of a tally, 1e18 fixed-point. */
export interface Tally {
  yes: bigint;
  abstain: bigint;
  no: bigint;
  noWithVeto: bigint;
}

export function tallyFromProto(t: TallyResult): Tally {
  return {
    yes: parseNonNegativeDec(t.yesCount || "0"),
    abstain: parseNonNegativeDec(t.abstainCount || "0"),
    no: parseNonNegativeDec(t.noCount || "0"),
    noWithVeto: parseNonNegativeDec(t.noWithVetoCount || "0"),
  };
}

/** The SDK's DecisionPolicy.Allow for both policy kinds, in exact arithmetic. */
export function allow(decision: Decision, tally: Tally, totalWeight: bigint): DecisionResult {
  const counted = tally.yes + tally.abstain + tally.no + tally.noWithVeto;
  const undecided = totalWeight > counted ? totalWeight - counted : 0n;
  // An emptied group decides nothing (the SDK would let a zero threshold pass).
  if (totalWeight === 0n) return { allow: false, final: true };
  if (decision.kind === "threshold") {
    // A threshold above the group's weight (members left) is met by everyone voting yes.
    const real = decision.threshold < totalWeight ? decision.threshold : totalWeight;
    if (tally.yes >= real) return { allow: true, final: true };
    if (tally.yes + undecided < real) return { allow: false, final: true };
    return { allow: false, final: false };
  }
  // yes / total >= percentage, compared without division.
  if (tally.yes * ONE >= decision.percentage * totalWeight) return { allow: true, final: true };
  if ((tally.yes + undecided) * ONE < decision.percentage * totalWeight) return { allow: false, final: true };
  return { allow: false, final: false };
}
