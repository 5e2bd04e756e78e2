import type { Params } from "../../gen/blockchain/validatorgov/v1/params";
import { validatorgovErrors } from "./errors";

/**
 * The chain's defaults: a planned rotation takes 100 blocks, a recovery's
 * challenge window is 1000 blocks, a declaration goes stale 100000 blocks after it was signed
 * for, and one seat is 1 YML of the bond denom (consensus power 1).
 */
export function defaultValidatorgovParams(): Params {
  return {
    plannedRotationDelayBlocks: 100n,
    recoveryChallengeWindowBlocks: 1000n,
    attestationIntervalBlocks: 100_000n,
    seatBondAmount: "1000000",
  };
}

const INT_RE = /^[0-9]{1,78}$/;
/** Far beyond any real schedule, and small enough that heights never overflow int64. */
const MAX_BLOCKS = 1n << 40n;

export function seatBond(p: Params): bigint {
  return BigInt(p.seatBondAmount);
}

/**
 * Every field must be positive, and a recovery's challenge window at least a planned rotation's
 * delay (a stolen key must not move a validator faster than its owner can); returns the
 * canonical form (seat bond without leading zeros).
 */
export function validateValidatorgovParams(p: Params): Params {
  const blocks: Array<[string, bigint]> = [
    ["planned_rotation_delay_blocks", p.plannedRotationDelayBlocks],
    ["recovery_challenge_window_blocks", p.recoveryChallengeWindowBlocks],
    ["attestation_interval_blocks", p.attestationIntervalBlocks],
  ];
  for (const [name, v] of blocks) {
    if (v <= 0n || v > MAX_BLOCKS) throw validatorgovErrors.ErrInvalidParams.wrap(`${name} must be between 1 and ${MAX_BLOCKS}, got ${v}`);
  }
  if (p.recoveryChallengeWindowBlocks < p.plannedRotationDelayBlocks) {
    throw validatorgovErrors.ErrInvalidParams.wrap(
      `recovery_challenge_window_blocks (${p.recoveryChallengeWindowBlocks}) must not be below planned_rotation_delay_blocks (${p.plannedRotationDelayBlocks})`,
    );
  }
  if (!INT_RE.test(p.seatBondAmount) || BigInt(p.seatBondAmount) === 0n) {
    throw validatorgovErrors.ErrInvalidParams.wrap(
      `seat_bond_amount must be a positive integer, got ${JSON.stringify(p.seatBondAmount.slice(0, 100))}`,
    );
  }
  return { ...p, seatBondAmount: BigInt(p.seatBondAmount).toString() };
}
