import { DEC_ONE } from "../../types/dec";
import { BPS_DENOMINATOR } from "./params";

/**
 * The exact-income arithmetic, all integer and all rounding down, so what is owed never
 * exceeds what was paid in. The index is income per token scaled by 1e18 (a LegacyDec's wire form).
 */

/** The holders' part of a payment: holder_share_bps of it, rounded down. */
export function holderPortion(amount: bigint, holderShareBps: number): bigint {
  return (amount * BigInt(holderShareBps)) / BigInt(BPS_DENOMINATOR);
}

/** How far `distributed` base units move the per-token index over `supply` tokens (rounded down). */
export function indexIncrement(distributed: bigint, supply: bigint): bigint {
  if (supply <= 0n) return 0n;
  return (distributed * DEC_ONE) / supply;
}

/** What the index owes `balance` tokens since `lastIndex` (rounded down: < 1 unit of dust per settlement). */
export function owedSince(balance: bigint, index: bigint, lastIndex: bigint): bigint {
  if (balance <= 0n || index <= lastIndex) return 0n;
  return (balance * (index - lastIndex)) / DEC_ONE;
}

/** A bond of `bps` of a price, rounded down. */
export function bpsOf(amount: bigint, bps: number): bigint {
  return (amount * BigInt(bps)) / BigInt(BPS_DENOMINATOR);
}
