import { LockType } from "../../gen/blockchain/treasury/v1/lock";
import type { SpendPolicy } from "../../gen/blockchain/treasury/v1/treasury";
import type * as tx from "../../gen/blockchain/treasury/v1/tx";
import { accAddress } from "../../types/address";
import { isValidDenom, type Coin } from "../../types/coins";
import { sdkErrors } from "../../types/errors";
import { treasuryErrors as E } from "./errors";

// Field checks shared by the message handlers, the keeper (where a stateful check must come
// first) and genesis.

/** sdk.Int's 256-bit bound. */
const MAX_AMOUNT = (1n << 256n) - 1n;
const INT_RE = /^[0-9]{1,78}$/;

export function positiveAmount(amount: string, what = "amount"): bigint {
  if (!INT_RE.test(amount)) throw E.ErrInvalidAmount.wrap(`${what} ${JSON.stringify(amount.slice(0, 100))} is not a positive integer`);
  const v = BigInt(amount);
  if (v === 0n || v > MAX_AMOUNT) throw E.ErrInvalidAmount.wrap(`${what} ${amount} must be positive and below 2^256`);
  return v;
}

export function requireDenom(d: string): string {
  if (!isValidDenom(d)) throw E.ErrInvalidAmount.wrap(`invalid denom ${JSON.stringify(d.slice(0, 140))}`);
  return d;
}

/** A Coins list: non-empty, sorted, no duplicates, every amount positive. */
export function coinsOf(list: ReadonlyArray<{ denom: string; amount: string }>): Coin[] {
  if (list.length === 0) throw E.ErrInvalidAmount.wrap("amount must not be empty");
  const coins = list.map((c) => ({ denom: requireDenom(c.denom), amount: positiveAmount(c.amount, `amount of ${c.denom}`) }));
  for (let i = 1; i < coins.length; i++) {
    if (coins[i - 1].denom >= coins[i].denom) throw E.ErrInvalidAmount.wrap("coins must be sorted by denom without duplicates");
  }
  return coins;
}

/** The confidentiality fields are reserved: unpopulated and unverified, so a set one is refused. */
export function noReservedBytes(m: { amountCommitment: Uint8Array; amountRangeProof: Uint8Array; metadataHash: Uint8Array }): void {
  if (m.amountCommitment.length > 0 || m.amountRangeProof.length > 0 || m.metadataHash.length > 0) {
    throw E.ErrInvalidAmount.wrap("amount_commitment, amount_range_proof and metadata_hash are reserved and must be empty");
  }
}

function limit(s: string, what: string): void {
  if (s !== "") positiveAmount(s, what);
}

export function validatePolicy(p: SpendPolicy): void {
  requireDenom(p.denom);
  limit(p.perTransactionLimit, "per_transaction_limit");
  limit(p.periodLimit, "period_limit");
  if (p.periodLimit !== "" && p.periodSeconds === 0n) throw E.ErrInvalidAmount.wrap("a period_limit needs period_seconds");
  for (const a of [...p.allowlist, ...p.blocklist]) accAddress.validate(a);
  if (new Set(p.allowlist).size !== p.allowlist.length || new Set(p.blocklist).size !== p.blocklist.length) {
    throw sdkErrors.ErrInvalidRequest.wrap("allowlist and blocklist may not repeat an address");
  }
}

/** Stateless schedule rules; the keeper adds min_lock_seconds and the block time. */
export function validateSchedule(m: Pick<tx.MsgCreateLock, "lockType" | "startTime" | "cliffTime" | "endTime" | "releaseIntervals">): void {
  if (m.lockType !== LockType.LOCK_TYPE_TIME && m.lockType !== LockType.LOCK_TYPE_VESTING) {
    throw E.ErrInvalidSchedule.wrap("lock_type must be LOCK_TYPE_TIME or LOCK_TYPE_VESTING (escrows open with MsgOpenEscrow)");
  }
  if (m.startTime <= 0n) throw E.ErrInvalidSchedule.wrap("start_time must be a positive Unix time");
  if (m.endTime <= m.startTime) throw E.ErrInvalidSchedule.wrap("end_time must be after start_time");
  if (m.cliffTime < m.startTime || m.cliffTime > m.endTime)
    throw E.ErrInvalidSchedule.wrap("cliff_time must lie between start_time and end_time");
  if (m.lockType === LockType.LOCK_TYPE_TIME && (m.cliffTime !== m.startTime || m.releaseIntervals !== 0n)) {
    throw E.ErrInvalidSchedule.wrap("a time lock has cliff_time = start_time and no release intervals");
  }
  if (m.releaseIntervals > BigInt(m.endTime - m.startTime))
    throw E.ErrInvalidSchedule.wrap("release_intervals exceed the schedule's seconds");
}
