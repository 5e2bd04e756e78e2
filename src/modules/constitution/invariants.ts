import type { Invariants } from "../../gen/blockchain/constitution/v1/constitution";
import { accAddress } from "../../types/address";
import { constitutionErrors } from "./errors";

/** Basis points of a whole (100%). */
export const BPS_DENOMINATOR = 10_000n;
/** Group weights and thresholds are 1e18 fixed-point: one custodian signature is ONE. */
export const ONE = 10n ** 18n;

/**
 * The shortest public delay an amendment may have: a week of 5-second blocks. A settlement
 * below it is refused at genesis and when proposed, so no chain can rush its constitution.
 */
export const MIN_AMENDMENT_DELAY_BLOCKS = 120_960n;

/**
 * The invariants a new genesis starts from: a template the operator reviews. The recovery
 * destination is left unset: `init` (or a dev genesis) creates the foundation's group policy
 * account and puts it there; a genesis without one is refused.
 */
export function defaultInvariants(): Invariants {
  return {
    maxEntityPowerBps: 3300n,
    maxBeneficialOwnerPowerBps: 3300n,
    maxJurisdictionPowerBps: 5000n,
    concentrationEpochBlocks: 100n,
    minActiveValidators: 4,
    enforcementThresholdBps: 6667n,
    enforcementRecoveryDestination: "",
    enforcementVotingPeriodBlocks: 100_800n,
    enforcementProvisionalFreezeBlocks: 14_400n,
    amendmentDelayBlocks: MIN_AMENDMENT_DELAY_BLOCKS,
    amendmentThresholdBps: 6667n,
    foundationCustodianCount: 5,
    foundationSignatureThreshold: 3,
  };
}

const BPS_FIELDS = [
  ["max_entity_power_bps", "maxEntityPowerBps"],
  ["max_beneficial_owner_power_bps", "maxBeneficialOwnerPowerBps"],
  ["max_jurisdiction_power_bps", "maxJurisdictionPowerBps"],
  ["enforcement_threshold_bps", "enforcementThresholdBps"],
  ["amendment_threshold_bps", "amendmentThresholdBps"],
] as const;

const U64_FIELDS = [
  ["concentration_epoch_blocks", "concentrationEpochBlocks"],
  ["enforcement_voting_period_blocks", "enforcementVotingPeriodBlocks"],
  ["enforcement_provisional_freeze_blocks", "enforcementProvisionalFreezeBlocks"],
  ["amendment_delay_blocks", "amendmentDelayBlocks"],
] as const;

const U32_FIELDS = [
  ["min_active_validators", "minActiveValidators"],
  ["foundation_custodian_count", "foundationCustodianCount"],
  ["foundation_signature_threshold", "foundationSignatureThreshold"],
] as const;

/** Heights are int64: a delay must keep proposed_at_height + delay inside int64. */
const MAX_BLOCKS = (1n << 62n) - 1n;

/** True when every field is zero (no constitution at all). */
export function isEmptyInvariants(inv: Invariants): boolean {
  return (
    [...BPS_FIELDS, ...U64_FIELDS].every(([, f]) => inv[f] === 0n) &&
    U32_FIELDS.every(([, f]) => inv[f] === 0) &&
    inv.enforcementRecoveryDestination === ""
  );
}

/**
 * Stateless checks of a complete set: an empty set is ErrNoInvariants; any zero (unset) field,
 * a share over 100%, a delay below the floor, a signature threshold above the custodian count or
 * a malformed destination is ErrConstitutionalInvariant. Returns the set unchanged (there is no canonical rewriting).
 */
export function validateInvariants(inv: Invariants | undefined): Invariants {
  if (!inv || isEmptyInvariants(inv)) throw constitutionErrors.ErrNoInvariants.wrap("the invariants are empty");
  const bad = (detail: string): never => {
    throw constitutionErrors.ErrConstitutionalInvariant.wrap(detail);
  };
  for (const [name, f] of BPS_FIELDS) {
    if (inv[f] === 0n) bad(`${name} must not be zero`);
    if (inv[f] > BPS_DENOMINATOR) bad(`${name} ${inv[f]} exceeds ${BPS_DENOMINATOR} bps`);
  }
  for (const [name, f] of U64_FIELDS) {
    if (inv[f] === 0n) bad(`${name} must not be zero`);
    if (inv[f] > MAX_BLOCKS) bad(`${name} ${inv[f]} is too large`);
  }
  if (inv.amendmentDelayBlocks < MIN_AMENDMENT_DELAY_BLOCKS) {
    bad(`amendment_delay_blocks ${inv.amendmentDelayBlocks} is below the floor of ${MIN_AMENDMENT_DELAY_BLOCKS} blocks`);
  }
  for (const [name, f] of U32_FIELDS) if (inv[f] === 0) bad(`${name} must not be zero`);
  if (inv.foundationSignatureThreshold > inv.foundationCustodianCount) {
    bad(
      `foundation_signature_threshold ${inv.foundationSignatureThreshold} exceeds foundation_custodian_count ${inv.foundationCustodianCount}`,
    );
  }
  if (inv.enforcementRecoveryDestination === "") {
    bad(
      "enforcement_recovery_destination must not be empty: it is the foundation's group policy account (blockchaind init --foundation-custodians)",
    );
  }
  if (!accAddress.isValid(inv.enforcementRecoveryDestination)) {
    bad(`enforcement_recovery_destination ${JSON.stringify(inv.enforcementRecoveryDestination.slice(0, 100))} is not an account address`);
  }
  return inv;
}

/** Power that must ratify: the threshold's share of the snapshot, rounded up. */
export function requiredPower(snapshotPower: bigint, thresholdBps: bigint): bigint {
  return (snapshotPower * thresholdBps + BPS_DENOMINATOR - 1n) / BPS_DENOMINATOR;
}
