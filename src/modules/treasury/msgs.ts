import { LockType } from "../../gen/blockchain/treasury/v1/lock";
import type { SpendPolicy } from "../../gen/blockchain/treasury/v1/treasury";
import * as tx from "../../gen/blockchain/treasury/v1/tx";
import { accAddress } from "../../types/address";
import { isValidDenom, type Coin } from "../../types/coins";
import { defineMsg, defineUpdateParamsMsg } from "../../types/define";
import { sdkErrors } from "../../types/errors";
import type { MsgDef } from "../../types/module";
import { treasuryErrors as E } from "./errors";
import type { TreasuryKeeper } from "./keeper";
import { validateTreasuryParams } from "./params";

const T = "/blockchain.treasury.v1.";
const AMINO = "blockchain/x/treasury/";
const MAX_NAME_CHARS = 128;
const MAX_MEMO_CHARS = 256;
const MAX_REASON_CHARS = 512;
/** sdk.Int's 256-bit bound. */
const MAX_AMOUNT = (1n << 256n) - 1n;
const INT_RE = /^[0-9]{1,78}$/;

export function positiveAmount(amount: string, what = "amount"): bigint {
  if (!INT_RE.test(amount)) throw E.ErrInvalidAmount.wrap(`${what} ${JSON.stringify(amount.slice(0, 100))} is not a positive integer`);
  const v = BigInt(amount);
  if (v === 0n || v > MAX_AMOUNT) throw E.ErrInvalidAmount.wrap(`${what} ${amount} must be positive and below 2^256`);
  return v;
}

function denom(d: string): string {
  if (!isValidDenom(d)) throw E.ErrInvalidAmount.wrap(`invalid denom ${JSON.stringify(d.slice(0, 140))}`);
  return d;
}

/** A Coins list: non-empty, sorted, no duplicates, every amount positive. */
export function coinsOf(list: ReadonlyArray<{ denom: string; amount: string }>): Coin[] {
  if (list.length === 0) throw E.ErrInvalidAmount.wrap("amount must not be empty");
  const coins = list.map((c) => ({ denom: denom(c.denom), amount: positiveAmount(c.amount, `amount of ${c.denom}`) }));
  for (let i = 1; i < coins.length; i++) {
    if (coins[i - 1].denom >= coins[i].denom) throw E.ErrInvalidAmount.wrap("coins must be sorted by denom without duplicates");
  }
  return coins;
}

/** The confidentiality fields are reserved: unpopulated and unverified, so a set one is refused. */
function noReservedBytes(m: { amountCommitment: Uint8Array; amountRangeProof: Uint8Array; metadataHash: Uint8Array }): void {
  if (m.amountCommitment.length > 0 || m.amountRangeProof.length > 0 || m.metadataHash.length > 0) {
    throw E.ErrInvalidAmount.wrap("amount_commitment, amount_range_proof and metadata_hash are reserved and must be empty");
  }
}

function memo(m: string): void {
  if ([...m].length > MAX_MEMO_CHARS) throw sdkErrors.ErrInvalidRequest.wrap(`memo longer than ${MAX_MEMO_CHARS} characters`);
}

function limit(s: string, what: string): void {
  if (s !== "") positiveAmount(s, what);
}

export function validatePolicy(p: SpendPolicy): void {
  denom(p.denom);
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
  if (m.cliffTime < m.startTime || m.cliffTime > m.endTime) throw E.ErrInvalidSchedule.wrap("cliff_time must lie between start_time and end_time");
  if (m.lockType === LockType.LOCK_TYPE_TIME && (m.cliffTime !== m.startTime || m.releaseIntervals !== 0n)) {
    throw E.ErrInvalidSchedule.wrap("a time lock has cliff_time = start_time and no release intervals");
  }
  if (m.releaseIntervals > BigInt(m.endTime - m.startTime)) throw E.ErrInvalidSchedule.wrap("release_intervals exceed the schedule's seconds");
}

export function treasuryMsgs(k: TreasuryKeeper): MsgDef[] {
  return [
    defineUpdateParamsMsg({
      typeUrl: T + "MsgUpdateParams", codec: tx.MsgUpdateParams, responseCodec: tx.MsgUpdateParamsResponse,
      aminoName: AMINO + "MsgUpdateParams", invalidSigner: E.ErrInvalidSigner, missingParams: E.ErrInvalidParams,
      validate: validateTreasuryParams, store: k.params,
    }),
    defineMsg({
      typeUrl: T + "MsgCreateTreasury", codec: tx.MsgCreateTreasury, responseCodec: tx.MsgCreateTreasuryResponse, signer: "creator",
      validate: (m) => {
        accAddress.validate(m.creator);
        if (m.admin !== "") accAddress.validate(m.admin);
        if ([...m.name].length > MAX_NAME_CHARS) throw sdkErrors.ErrInvalidRequest.wrap(`name longer than ${MAX_NAME_CHARS} characters`);
      },
      handle: (ctx, m) => ({ id: k.createTreasury(ctx, m.name, m.admin === "" ? m.creator : m.admin) }),
    }),
    defineMsg({
      typeUrl: T + "MsgDeposit", codec: tx.MsgDeposit, responseCodec: tx.MsgDepositResponse, signer: "depositor",
      validate: (m) => {
        accAddress.validate(m.depositor);
        coinsOf(m.amount);
      },
      handle: (ctx, m) => {
        k.deposit(ctx, m.depositor, m.treasuryId, coinsOf(m.amount));
        return {};
      },
    }),
    defineMsg({
      typeUrl: T + "MsgSpend", codec: tx.MsgSpend, responseCodec: tx.MsgSpendResponse, signer: "spender",
      validate: (m) => {
        accAddress.validate(m.spender);
        accAddress.validate(m.recipient);
        coinsOf(m.amount);
        memo(m.memo);
        noReservedBytes(m);
      },
      handle: (ctx, m) => {
        k.spend(ctx, m.spender, m.treasuryId, m.recipient, coinsOf(m.amount));
        return {};
      },
    }),
    defineMsg({
      typeUrl: T + "MsgCreateLock", codec: tx.MsgCreateLock, responseCodec: tx.MsgCreateLockResponse, signer: "admin",
      validate: (m) => {
        accAddress.validate(m.admin);
        accAddress.validate(m.beneficiary);
        denom(m.denom);
        positiveAmount(m.amount);
        validateSchedule(m);
      },
      handle: (ctx, m) => ({
        id: k.createLock(ctx, m.admin, {
          treasuryId: m.treasuryId, beneficiary: m.beneficiary, denom: m.denom, totalAmount: positiveAmount(m.amount).toString(),
          startTime: m.startTime, cliffTime: m.cliffTime, endTime: m.endTime, releaseIntervals: m.releaseIntervals, lockType: m.lockType, revocable: m.revocable,
        }),
      }),
    }),
    defineMsg({
      typeUrl: T + "MsgClaimLock", codec: tx.MsgClaimLock, responseCodec: tx.MsgClaimLockResponse, signer: "beneficiary",
      validate: (m) => void accAddress.validate(m.beneficiary),
      handle: (ctx, m) => ({ released: k.claim(ctx, m.beneficiary, m.lockId).toString() }),
    }),
    defineMsg({
      typeUrl: T + "MsgRevokeLock", codec: tx.MsgRevokeLock, responseCodec: tx.MsgRevokeLockResponse, signer: "admin",
      validate: (m) => void accAddress.validate(m.admin),
      handle: (ctx, m) => {
        const r = k.revoke(ctx, m.admin, m.lockId);
        return { returned: r.returned.toString(), vestedToBeneficiary: r.vested.toString() };
      },
    }),
    defineMsg({
      typeUrl: T + "MsgOpenEscrow", codec: tx.MsgOpenEscrow, responseCodec: tx.MsgOpenEscrowResponse, signer: "depositor", aminoName: AMINO + "MsgOpenEscrow",
      validate: (m) => {
        accAddress.validate(m.depositor);
        accAddress.validate(m.beneficiary);
        accAddress.validate(m.moderator);
        if (!m.amount) throw E.ErrInvalidAmount.wrap("amount must be set");
        denom(m.amount.denom);
        positiveAmount(m.amount.amount);
        memo(m.memo);
        noReservedBytes(m);
      },
      handle: (ctx, m) => ({
        lockId: k.openEscrow(ctx, m.depositor, m.beneficiary, m.moderator, { denom: m.amount!.denom, amount: positiveAmount(m.amount!.amount) }),
      }),
    }),
    defineMsg({
      typeUrl: T + "MsgReleaseEscrow", codec: tx.MsgReleaseEscrow, responseCodec: tx.MsgReleaseEscrowResponse, signer: "depositor", aminoName: AMINO + "MsgReleaseEscrow",
      validate: (m) => void accAddress.validate(m.depositor),
      handle: (ctx, m) => {
        k.releaseEscrow(ctx, m.depositor, m.lockId);
        return {};
      },
    }),
    defineMsg({
      typeUrl: T + "MsgDisputeEscrow", codec: tx.MsgDisputeEscrow, responseCodec: tx.MsgDisputeEscrowResponse, signer: "party", aminoName: AMINO + "MsgDisputeEscrow",
      validate: (m) => {
        accAddress.validate(m.party);
        if (m.reason.trim() === "") throw E.ErrNoReason.wrap("a dispute needs a reason");
        if ([...m.reason].length > MAX_REASON_CHARS) throw sdkErrors.ErrInvalidRequest.wrap(`reason longer than ${MAX_REASON_CHARS} characters`);
      },
      handle: (ctx, m) => {
        k.disputeEscrow(ctx, m.party, m.lockId, m.reason);
        return {};
      },
    }),
    defineMsg({
      typeUrl: T + "MsgResolveEscrow", codec: tx.MsgResolveEscrow, responseCodec: tx.MsgResolveEscrowResponse, signer: "moderator", aminoName: AMINO + "MsgResolveEscrow",
      validate: (m) => void accAddress.validate(m.moderator),
      handle: (ctx, m) => {
        k.resolveEscrow(ctx, m.moderator, m.lockId, m.payBeneficiary);
        return {};
      },
    }),
    defineMsg({
      typeUrl: T + "MsgAssignRole", codec: tx.MsgAssignRole, responseCodec: tx.MsgAssignRoleResponse, signer: "admin",
      validate: (m) => {
        accAddress.validate(m.admin);
        accAddress.validate(m.address);
      },
      handle: (ctx, m) => {
        k.assignRole(ctx, m.admin, m.treasuryId, m.address, m.role);
        return {};
      },
    }),
    defineMsg({
      typeUrl: T + "MsgRevokeRole", codec: tx.MsgRevokeRole, responseCodec: tx.MsgRevokeRoleResponse, signer: "admin",
      validate: (m) => {
        accAddress.validate(m.admin);
        accAddress.validate(m.address);
      },
      handle: (ctx, m) => {
        k.revokeRole(ctx, m.admin, m.treasuryId, m.address);
        return {};
      },
    }),
    defineMsg({
      typeUrl: T + "MsgSetSpendPolicy", codec: tx.MsgSetSpendPolicy, responseCodec: tx.MsgSetSpendPolicyResponse, signer: "admin",
      validate: (m) => {
        accAddress.validate(m.admin);
        if (!m.policy) throw sdkErrors.ErrInvalidRequest.wrap("policy must be set");
        validatePolicy(m.policy);
      },
      handle: (ctx, m) => {
        const p = m.policy!;
        const canon = { ...p, perTransactionLimit: p.perTransactionLimit === "" ? "" : BigInt(p.perTransactionLimit).toString(), periodLimit: p.periodLimit === "" ? "" : BigInt(p.periodLimit).toString() };
        k.setSpendPolicy(ctx, m.admin, canon);
        return {};
      },
    }),
    defineMsg({
      typeUrl: T + "MsgSetPaused", codec: tx.MsgSetPaused, responseCodec: tx.MsgSetPausedResponse, signer: "sender",
      validate: (m) => void accAddress.validate(m.sender),
      handle: (ctx, m) => {
        k.setPaused(ctx, m.sender, m.treasuryId, m.paused);
        return {};
      },
    }),
    defineMsg({
      typeUrl: T + "MsgSetAdmin", codec: tx.MsgSetAdmin, responseCodec: tx.MsgSetAdminResponse, signer: "admin",
      validate: (m) => {
        accAddress.validate(m.admin);
        accAddress.validate(m.newAdmin);
      },
      handle: (ctx, m) => {
        k.setAdmin(ctx, m.admin, m.treasuryId, m.newAdmin);
        return {};
      },
    }),
  ];
}
