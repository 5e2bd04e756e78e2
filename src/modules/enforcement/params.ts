import type { Params } from "../../gen/blockchain/enforcement/v1/params";
import { accAddress } from "../../types/address";
import { coinFromProto, coinToProto, isValidDenom, normalizeCoins } from "../../types/coins";
import { sdkErrors } from "../../types/errors";
import { constitutionInvariantViolation } from "./errors";
import type { EnforcementInvariants } from "./expected-keepers";

export const BPS = 10_000n;

/**
 * Used at genesis for a pinned value left zero when the constitution sets none either: a day
 * of voting at ~6 s blocks, a provisional freeze that outlasts the vote, two thirds of power.
 */
export const FALLBACK_PINNED = { votingPeriodBlocks: 14_400n, provisionalFreezeBlocks: 28_800n, thresholdBps: 6_667n } as const;

/**
 * The chain's defaults (docs/modules/enforcement.md). The four
 * constitutional values (voting period, provisional freeze, threshold, recovery destination)
 * are left zero: genesis takes them from the constitution (or FALLBACK_PINNED without one).
 */
export function defaultEnforcementParams(): Params {
  return {
    votingPeriodBlocks: 0n,
    provisionalFreezeBlocks: 0n,
    thresholdBps: 0n,
    recoveryDestination: "",
    maxReasonLength: 1_024n,
    maxEvidenceUriLength: 512n,
    seizeRequiresEvidence: true,
    seizureDelayBlocks: 14_400n,
    seizureDelayTiers: [],
    seizureWindowBlocks: 100_800n,
    seizureWindowCap: [],
    maxSeizuresPerWindow: 10n,
    ombudsman: "",
  };
}

function invalid(detail: string): never {
  throw sdkErrors.ErrInvalidRequest.wrap(`invalid enforcement params: ${detail}`);
}

function positiveCoin(c: { denom: string; amount: string }, what: string) {
  if (!isValidDenom(c.denom)) invalid(`${what}: invalid denom ${JSON.stringify(c.denom.slice(0, 140))}`);
  if (!/^[0-9]{1,78}$/.test(c.amount) || BigInt(c.amount) === 0n) invalid(`${what}: amount must be a positive integer`);
  return coinFromProto(c);
}

/**
 * Stateless checks; returns the canonical form (tiers by denom then threshold, cap sorted).
 * `genesis` lets the pinned values be zero (filled from the constitution at init).
 */
export function validateEnforcementParams(p: Params, genesis = false): Params {
  if (p.votingPeriodBlocks === 0n && !genesis) invalid("voting_period_blocks must be positive");
  if (p.provisionalFreezeBlocks === 0n && !genesis) invalid("provisional_freeze_blocks must be positive");
  if ((p.thresholdBps === 0n && !genesis) || p.thresholdBps > BPS) invalid("threshold_bps must be 1..10000");
  if (p.recoveryDestination !== "" && !accAddress.isValid(p.recoveryDestination)) invalid("recovery_destination is not an account address");
  if (p.ombudsman !== "" && !accAddress.isValid(p.ombudsman)) invalid("ombudsman is not an account address");
  if (p.ombudsman !== "" && p.ombudsman === p.recoveryDestination) invalid("ombudsman cannot be the recovery destination");
  if (p.maxReasonLength === 0n) invalid("max_reason_length must be positive");
  if (p.maxEvidenceUriLength === 0n) invalid("max_evidence_uri_length must be positive");
  const tiers = p.seizureDelayTiers.map((t, i) => {
    const threshold = positiveCoin(t.threshold ?? { denom: "", amount: "" }, `seizure_delay_tiers[${i}].threshold`);
    return { threshold: coinToProto(threshold), delayBlocks: t.delayBlocks };
  });
  const seen = new Set<string>();
  for (const t of tiers) {
    const key = `${t.threshold.denom}/${t.threshold.amount}`;
    if (seen.has(key)) invalid(`seizure delay tier ${key} given twice`);
    seen.add(key);
  }
  tiers.sort((a, b) =>
    a.threshold.denom !== b.threshold.denom
      ? a.threshold.denom < b.threshold.denom
        ? -1
        : 1
      : cmp(BigInt(a.threshold.amount), BigInt(b.threshold.amount)),
  );
  const capDenoms = new Set<string>();
  for (const c of p.seizureWindowCap) {
    if (capDenoms.has(c.denom)) invalid(`seizure_window_cap names ${c.denom} twice`);
    capDenoms.add(c.denom);
  }
  const cap = normalizeCoins(p.seizureWindowCap.map((c, i) => positiveCoin(c, `seizure_window_cap[${i}]`))).map(coinToProto);
  return { ...p, seizureDelayTiers: tiers, seizureWindowCap: cap };
}

function cmp(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The four params the constitution pins, with their invariant counterparts. */
const PINNED = [
  ["voting_period_blocks", "votingPeriodBlocks", "enforcementVotingPeriodBlocks"],
  ["provisional_freeze_blocks", "provisionalFreezeBlocks", "enforcementProvisionalFreezeBlocks"],
  ["threshold_bps", "thresholdBps", "enforcementThresholdBps"],
  ["recovery_destination", "recoveryDestination", "enforcementRecoveryDestination"],
] as const;

const unset = (v: bigint | string) => v === 0n || v === "";

/**
 * Refuses params that disagree with the constitution (its ErrInvariantViolation). An invariant
 * left unset (zero) pins nothing. With `adoptUnset` (genesis), a param left zero takes the
 * invariant's value instead of being refused.
 */
export function checkAgainstInvariants(p: Params, inv: EnforcementInvariants | undefined, adoptUnset = false): Params {
  if (!inv) return p;
  const out: Params = { ...p };
  for (const [name, field, invField] of PINNED) {
    const want = inv[invField];
    if (unset(want)) continue;
    const have = out[field];
    if (adoptUnset && unset(have)) {
      (out as unknown as Record<string, unknown>)[field] = want;
      continue;
    }
    if (have !== want)
      throw constitutionInvariantViolation.wrap(`enforcement ${name} ${String(have)} disagrees with the constitution's ${String(want)}`);
  }
  return out;
}

/** Genesis: pinned values left zero come from the constitution, else from FALLBACK_PINNED. */
export function resolveGenesisParams(p: Params, inv: EnforcementInvariants | undefined): Params {
  const adopted = checkAgainstInvariants(validateEnforcementParams(p, true), inv, true);
  return validateEnforcementParams({
    ...adopted,
    votingPeriodBlocks: adopted.votingPeriodBlocks || FALLBACK_PINNED.votingPeriodBlocks,
    provisionalFreezeBlocks: adopted.provisionalFreezeBlocks || FALLBACK_PINNED.provisionalFreezeBlocks,
    thresholdBps: adopted.thresholdBps || FALLBACK_PINNED.thresholdBps,
  });
}

/** The params with every value the invariants pin (non-zero) taken from them. */
export function withInvariants(p: Params, inv: EnforcementInvariants | undefined): Params {
  if (!inv) return p;
  const out: Params = { ...p };
  for (const [, field, invField] of PINNED) {
    const want = inv[invField];
    if (!unset(want)) (out as unknown as Record<string, unknown>)[field] = want;
  }
  return out;
}
