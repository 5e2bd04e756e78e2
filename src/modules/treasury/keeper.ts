import { DisputeState, Lock, LockType } from "../../gen/blockchain/treasury/v1/lock";
import { Params } from "../../gen/blockchain/treasury/v1/params";
import { Role, RoleAssignment, SpendPolicy, SpendWindow, Treasury, TreasuryBalance } from "../../gen/blockchain/treasury/v1/treasury";
import type { MsgCreateLock, MsgSpend } from "../../gen/blockchain/treasury/v1/tx";
import { Schema } from "../../store/collections";
import { pairKey, protoValue, stringKey, uint64Key, uint64Value } from "../../store/codecs";
import { multiIndex } from "../../store/indexed-map";
import { moduleAddress } from "../../types/address";
import { accAddressKey } from "../../types/address-key";
import { formatCoins, type Coin } from "../../types/coins";
import type { Context } from "../../types/context";
import { noFreeze, type FreezeGuard } from "../../types/hooks";
import { treasuryErrors as E } from "./errors";
import { treasuryEvents } from "./events";
import type { BankKeeper } from "./expected-keepers";
import { defaultTreasuryParams } from "./params";
import { coinsOf, noReservedBytes, positiveAmount, requireDenom, validateSchedule } from "./validation";
import { vestedAmount } from "./vesting";

export const TREASURY_MODULE = "treasury";
/** Escrows belong to no treasury: their funds sit in the module account under treasury id 0. */
export const ESCROW_TREASURY_ID = 0n;

const ROLE_NAMES: Readonly<Record<number, string>> = {
  [Role.ROLE_ADMIN]: "ROLE_ADMIN",
  [Role.ROLE_SPENDER]: "ROLE_SPENDER",
  [Role.ROLE_PAUSER]: "ROLE_PAUSER",
};
/** (treasury id, denom) of balances, spend policies and windows. */
const idKey = pairKey(uint64Key, stringKey);
/** (treasury id, holder) of role assignments. */
const ROLE_KEY = pairKey(uint64Key, accAddressKey);
/** Key prefix of every (treasury id, …) entry of one treasury, whatever the second part. */
export function idKeyPrefix(treasuryId: bigint): Uint8Array {
  return idKey.prefix(treasuryId);
}

/** What a spender may still send of a denom now: the spend-policy arithmetic MsgSpend applies. */
export interface Capacity {
  /** undefined = no period cap. */
  remainingThisPeriod: bigint | undefined;
  available: bigint;
  perTransactionLimit: bigint | undefined;
  /** 0 when the policy has no period. */
  periodResetsAt: bigint;
  /** The window a spend now would count against. */
  window: SpendWindow | undefined;
  policy: SpendPolicy | undefined;
}

function optAmount(s: string): bigint | undefined {
  return s === "" ? undefined : BigInt(s);
}

/**
 * Treasuries, their balances (total and locked per denom, held by the module account), roles,
 * spend policies and windows, and the locks (vesting, time, escrow) sharing one id space.
 */
export class TreasuryKeeper {
  private readonly schema = new Schema("treasury/");
  readonly params = this.schema.item(1, "params", protoValue(Params, "Params"), defaultTreasuryParams());
  readonly treasuries = this.schema.map(2, "treasuries", uint64Key, protoValue(Treasury, "Treasury"));
  /** The id the next treasury takes (ids start at 1). */
  readonly nextTreasuryId = this.schema.sequence(3, "next_treasury_id");
  readonly locks = this.schema.indexedMap(4, "locks", uint64Key, protoValue(Lock, "Lock"), {
    byTreasury: multiIndex(5, uint64Key, (_id: bigint, l: Lock) => (l.treasuryId === ESCROW_TREASURY_ID ? undefined : l.treasuryId)),
    byBeneficiary: multiIndex(6, accAddressKey, (_id: bigint, l: Lock) => l.beneficiary),
  });
  /** The id the next lock takes, vesting, time or escrow alike (ids start at 1). */
  readonly nextLockId = this.schema.sequence(7, "next_lock_id");
  readonly balances = this.schema.map(8, "balances", idKey, protoValue(TreasuryBalance, "TreasuryBalance"));
  readonly roles = this.schema.map(9, "roles", ROLE_KEY, protoValue(RoleAssignment, "RoleAssignment"));
  readonly policies = this.schema.map(10, "spend_policies", idKey, protoValue(SpendPolicy, "SpendPolicy"));
  readonly windows = this.schema.map(11, "spend_windows", idKey, protoValue(SpendWindow, "SpendWindow"));
  /** Active locks per treasury (derived; rebuilt from the locks at genesis). */
  readonly activeLocks = this.schema.map(12, "active_locks", uint64Key, uint64Value);

  /**
   * The module account pays every outflow, so bank's send check never sees who decided it: a
   * frozen account may take no decision that pays out or widens who may pay out.
   */
  private freeze: FreezeGuard = noFreeze;

  constructor(
    readonly bank: BankKeeper,
    /** The module account the chain's fees are collected in. */
    private readonly feeCollector: string,
  ) {}

  bindFreezeGuard(guard: FreezeGuard): void {
    this.freeze = guard;
  }

  getParams(ctx: Context): Params {
    return this.params.get(ctx);
  }

  getTreasury(ctx: Context, id: bigint): Treasury {
    const t = this.treasuries.get(ctx, id);
    if (!t) throw E.ErrTreasuryNotFound.wrap(`treasury ${id}`);
    return t;
  }

  getLock(ctx: Context, id: bigint): Lock {
    const l = this.locks.get(ctx, id);
    if (!l) throw E.ErrLockNotFound.wrap(`lock ${id}`);
    return l;
  }

  roleOf(ctx: Context, treasuryId: bigint, address: string): Role {
    return this.roles.get(ctx, [treasuryId, address])?.role ?? Role.ROLE_UNSPECIFIED;
  }

  isAdmin(ctx: Context, t: Treasury, address: string): boolean {
    return t.admin === address || this.roleOf(ctx, t.id, address) === Role.ROLE_ADMIN;
  }

  private requireAdmin(ctx: Context, t: Treasury, address: string): void {
    if (!this.isAdmin(ctx, t, address)) throw E.ErrUnauthorized.wrap(`${address} is not an admin of treasury ${t.id}`);
  }

  /** An admin decision that pays out or widens who may pay out (lock, revoke, role, policy, admin). */
  private requireUnfrozenAdmin(ctx: Context, t: Treasury, address: string): void {
    this.requireAdmin(ctx, t, address);
    this.freeze.assertNotFrozen(ctx, address);
  }

  balance(ctx: Context, treasuryId: bigint, denom: string): TreasuryBalance {
    return this.balances.get(ctx, [treasuryId, denom]) ?? { treasuryId, denom, total: "0", locked: "0" };
  }

  available(ctx: Context, treasuryId: bigint, denom: string): bigint {
    const b = this.balance(ctx, treasuryId, denom);
    return BigInt(b.total) - BigInt(b.locked);
  }

  private adjust(ctx: Context, treasuryId: bigint, denom: string, dTotal: bigint, dLocked: bigint): void {
    const b = this.balance(ctx, treasuryId, denom);
    const total = BigInt(b.total) + dTotal;
    const locked = BigInt(b.locked) + dLocked;
    if (total < 0n || locked < 0n || locked > total) throw new Error(`treasury ${treasuryId} ${denom} balance would be inconsistent`);
    if (total === 0n) this.balances.remove(ctx, [treasuryId, denom]);
    else this.balances.set(ctx, [treasuryId, denom], { treasuryId, denom, total: total.toString(), locked: locked.toString() });
  }

  createTreasury(ctx: Context, name: string, admin: string): bigint {
    const id = this.nextTreasuryId.next(ctx);
    this.treasuries.set(ctx, id, { id, name, admin, paused: false, createdAtHeight: ctx.height });
    treasuryEvents.created(ctx, id, admin);
    return id;
  }

  deposit(ctx: Context, depositor: string, treasuryId: bigint, coins: Coin[]): void {
    this.getTreasury(ctx, treasuryId);
    this.bank.sendCoinsFromAccountToModule(ctx, depositor, TREASURY_MODULE, coins);
    for (const c of coins) this.adjust(ctx, treasuryId, c.denom, c.amount, 0n);
    treasuryEvents.deposited(ctx, treasuryId, depositor, formatCoins(coins));
  }

  /** The capacity of a denom for a spend at the block time. */
  capacity(ctx: Context, treasuryId: bigint, denom: string): Capacity {
    const available = this.available(ctx, treasuryId, denom);
    const policy = this.policies.get(ctx, [treasuryId, denom]);
    const perTransactionLimit = policy ? optAmount(policy.perTransactionLimit) : undefined;
    const periodLimit = policy ? optAmount(policy.periodLimit) : undefined;
    if (!policy || periodLimit === undefined) {
      return { remainingThisPeriod: undefined, available, perTransactionLimit, periodResetsAt: 0n, window: undefined, policy };
    }
    const now = ctx.unixSeconds;
    let window = this.windows.get(ctx, [treasuryId, denom]);
    // A fixed window: it resets once period_seconds have elapsed since it opened.
    if (!window || now >= window.windowStart + policy.periodSeconds) window = { treasuryId, denom, spent: "0", windowStart: now };
    const left = periodLimit - BigInt(window.spent);
    return {
      remainingThisPeriod: left > 0n ? left : 0n,
      available,
      perTransactionLimit,
      periodResetsAt: window.windowStart + policy.periodSeconds,
      window,
      policy,
    };
  }

  /**
   * Refuses an address bank will not credit from the module account (a blocked address), and
   * every module account, this one's included: coins sent there would leave the treasury's books.
   */
  private requireCreditable(address: string, what: string): void {
    if (this.bank.isBlocked(address) || this.bank.isModuleAccount(address))
      throw E.ErrDestinationDenied.wrap(`${what} ${address} cannot receive funds`);
  }

  private requireNotPaused(t: Treasury): void {
    if (t.paused) throw E.ErrTreasuryPaused.wrap(`treasury ${t.id}`);
  }

  spend(ctx: Context, spender: string, m: Omit<MsgSpend, "spender" | "memo">): void {
    const { treasuryId, recipient } = m;
    this.requireCreditable(recipient, "recipient");
    const t = this.getTreasury(ctx, treasuryId);
    this.requireNotPaused(t);
    const role = this.roleOf(ctx, treasuryId, spender);
    if (!this.isAdmin(ctx, t, spender) && role !== Role.ROLE_SPENDER)
      throw E.ErrUnauthorized.wrap(`${spender} may not spend from treasury ${treasuryId}`);
    this.freeze.assertNotFrozen(ctx, spender);
    const coins = coinsOf(m.amount);
    noReservedBytes(m);
    for (const c of coins) {
      const cap = this.capacity(ctx, treasuryId, c.denom);
      const p = cap.policy;
      if (p) {
        if (p.allowlist.length > 0 && !p.allowlist.includes(recipient))
          throw E.ErrDestinationDenied.wrap(`${recipient} is not on the allowlist for ${c.denom}`);
        if (p.blocklist.includes(recipient)) throw E.ErrDestinationDenied.wrap(`${recipient} is on the blocklist for ${c.denom}`);
      }
      if (cap.perTransactionLimit !== undefined && c.amount > cap.perTransactionLimit) {
        throw E.ErrSpendLimit.wrap(`${c.amount}${c.denom} exceeds the per-transaction limit ${cap.perTransactionLimit}`);
      }
      if (cap.remainingThisPeriod !== undefined && c.amount > cap.remainingThisPeriod) {
        throw E.ErrSpendLimit.wrap(`${c.amount}${c.denom} exceeds what remains this period (${cap.remainingThisPeriod})`);
      }
      if (c.amount > cap.available) throw E.ErrInsufficientFunds.wrap(`${c.amount}${c.denom} requested, ${cap.available} available`);
      if (cap.window)
        this.windows.set(ctx, [treasuryId, c.denom], { ...cap.window, spent: (BigInt(cap.window.spent) + c.amount).toString() });
      this.adjust(ctx, treasuryId, c.denom, -c.amount, 0n);
    }
    this.bank.sendCoinsFromModuleToAccount(ctx, TREASURY_MODULE, recipient, coins);
    treasuryEvents.spent(ctx, treasuryId, spender, recipient, formatCoins(coins));
  }

  private countActive(ctx: Context, treasuryId: bigint, delta: bigint): void {
    if (treasuryId === ESCROW_TREASURY_ID) return;
    const n = (this.activeLocks.get(ctx, treasuryId) ?? 0n) + delta;
    if (n === 0n) this.activeLocks.remove(ctx, treasuryId);
    else this.activeLocks.set(ctx, treasuryId, n);
  }

  createLock(ctx: Context, m: MsgCreateLock): bigint {
    this.requireCreditable(m.beneficiary, "beneficiary");
    requireDenom(m.denom);
    const t = this.getTreasury(ctx, m.treasuryId);
    this.requireNotPaused(t);
    this.requireUnfrozenAdmin(ctx, t, m.admin);
    const amount = positiveAmount(m.amount);
    const params = this.getParams(ctx);
    validateSchedule(m);
    if (m.endTime - m.startTime < params.minLockSeconds) {
      throw E.ErrInvalidSchedule.wrap(`a lock must last at least ${params.minLockSeconds} seconds`);
    }
    if (m.endTime <= ctx.unixSeconds) throw E.ErrInvalidSchedule.wrap("end_time must be in the future");
    if ((this.activeLocks.get(ctx, t.id) ?? 0n) >= params.maxLocksPerTreasury) {
      throw E.ErrLimitReached.wrap(`treasury ${t.id} has ${params.maxLocksPerTreasury} active locks`);
    }
    const available = this.available(ctx, t.id, m.denom);
    if (amount > available) throw E.ErrInsufficientFunds.wrap(`${amount}${m.denom} requested, ${available} available`);
    const id = this.nextLockId.next(ctx);
    const lock: Lock = {
      id,
      treasuryId: t.id,
      beneficiary: m.beneficiary,
      denom: m.denom,
      totalAmount: amount.toString(),
      releasedAmount: "0",
      startTime: m.startTime,
      cliffTime: m.cliffTime,
      endTime: m.endTime,
      releaseIntervals: m.releaseIntervals,
      lockType: m.lockType,
      revocable: m.revocable,
      active: true,
      createdAtHeight: ctx.height,
      depositor: "",
      moderator: "",
      dispute: DisputeState.DISPUTE_STATE_NONE,
      disputeReason: "",
      disputeOpenedBy: "",
    };
    this.locks.set(ctx, id, lock);
    this.adjust(ctx, t.id, m.denom, 0n, amount);
    this.countActive(ctx, t.id, 1n);
    treasuryEvents.lockCreated(ctx, id, t.id, lock.beneficiary, `${amount}${lock.denom}`);
    return id;
  }

  /** Cumulative vested, claimable now, and what remains locked. */
  claimable(ctx: Context, l: Lock): { vested: bigint; claimable: bigint; remaining: bigint } {
    const total = BigInt(l.totalAmount);
    const released = BigInt(l.releasedAmount);
    if (!l.active) return { vested: released, claimable: 0n, remaining: 0n };
    const vested = vestedAmount(l, total, ctx.unixSeconds);
    return { vested, claimable: vested - released, remaining: total - released };
  }

  claim(ctx: Context, beneficiary: string, lockId: bigint): bigint {
    const l = this.getLock(ctx, lockId);
    if (l.beneficiary !== beneficiary) throw E.ErrUnauthorized.wrap(`only the beneficiary claims lock ${lockId}`);
    // An escrow never vests by time: only its depositor (or the moderator of a dispute) releases it.
    if (l.lockType === LockType.LOCK_TYPE_CONDITIONAL)
      throw E.ErrNothingToClaim.wrap(`lock ${lockId} is an escrow; only its depositor releases it`);
    if (!l.active) throw E.ErrLockInactive.wrap(`lock ${lockId}`);
    this.requireNotPaused(this.getTreasury(ctx, l.treasuryId));
    const { claimable } = this.claimable(ctx, l);
    if (claimable === 0n) throw E.ErrNothingToClaim.wrap(`lock ${lockId}`);
    const released = BigInt(l.releasedAmount) + claimable;
    const active = released < BigInt(l.totalAmount);
    this.locks.set(ctx, lockId, { ...l, releasedAmount: released.toString(), active });
    this.adjust(ctx, l.treasuryId, l.denom, -claimable, -claimable);
    if (!active) this.countActive(ctx, l.treasuryId, -1n);
    this.bank.sendCoinsFromModuleToAccount(ctx, TREASURY_MODULE, beneficiary, [{ denom: l.denom, amount: claimable }]);
    treasuryEvents.claimed(ctx, lockId, beneficiary, claimable);
    return claimable;
  }

  /** Ends a revocable lock: what has vested goes to the beneficiary, the rest back to available. */
  revoke(ctx: Context, admin: string, lockId: bigint): { returned: bigint; vested: bigint } {
    const l = this.getLock(ctx, lockId);
    if (!l.active) throw E.ErrLockInactive.wrap(`lock ${lockId}`);
    // An escrow belongs to no treasury and is never revocable.
    if (!l.revocable || l.lockType === LockType.LOCK_TYPE_CONDITIONAL) throw E.ErrNotRevocable.wrap(`lock ${lockId}`);
    const t = this.getTreasury(ctx, l.treasuryId);
    this.requireNotPaused(t);
    this.requireUnfrozenAdmin(ctx, t, admin);
    const total = BigInt(l.totalAmount);
    const vestedNow = vestedAmount(l, total, ctx.unixSeconds);
    const toBeneficiary = vestedNow - BigInt(l.releasedAmount);
    const returned = total - vestedNow;
    this.locks.set(ctx, lockId, { ...l, releasedAmount: vestedNow.toString(), active: false });
    this.adjust(ctx, l.treasuryId, l.denom, -toBeneficiary, -(toBeneficiary + returned));
    this.countActive(ctx, l.treasuryId, -1n);
    if (toBeneficiary > 0n)
      this.bank.sendCoinsFromModuleToAccount(ctx, TREASURY_MODULE, l.beneficiary, [{ denom: l.denom, amount: toBeneficiary }]);
    treasuryEvents.revoked(ctx, lockId, returned, toBeneficiary);
    return { returned, vested: toBeneficiary };
  }

  openEscrow(ctx: Context, depositor: string, beneficiary: string, moderator: string, coin: Coin): bigint {
    if (depositor === beneficiary) throw E.ErrSelfEscrow.wrap("an escrow cannot pay its own depositor");
    if (moderator === depositor || moderator === beneficiary)
      throw E.ErrModeratorIsParty.wrap("the moderator may be neither depositor nor beneficiary");
    this.bank.sendCoinsFromAccountToModule(ctx, depositor, TREASURY_MODULE, [coin]);
    const id = this.nextLockId.next(ctx);
    const now = ctx.unixSeconds;
    this.locks.set(ctx, id, {
      id,
      treasuryId: ESCROW_TREASURY_ID,
      beneficiary,
      denom: coin.denom,
      totalAmount: coin.amount.toString(),
      releasedAmount: "0",
      startTime: now,
      cliffTime: now,
      endTime: 0n,
      releaseIntervals: 0n,
      lockType: LockType.LOCK_TYPE_CONDITIONAL,
      revocable: false,
      active: true,
      createdAtHeight: ctx.height,
      depositor,
      moderator,
      dispute: DisputeState.DISPUTE_STATE_NONE,
      disputeReason: "",
      disputeOpenedBy: "",
    });
    treasuryEvents.escrow(ctx, "opened", id, { depositor, beneficiary, moderator, amount: `${coin.amount}${coin.denom}` });
    return id;
  }

  private escrowLock(ctx: Context, lockId: bigint): Lock {
    const l = this.getLock(ctx, lockId);
    if (l.lockType !== LockType.LOCK_TYPE_CONDITIONAL) throw E.ErrNotEscrow.wrap(`lock ${lockId}`);
    if (!l.active) throw E.ErrLockClosed.wrap(`escrow ${lockId} is settled`);
    return l;
  }

  private settle(ctx: Context, l: Lock, to: string, dispute: DisputeState): void {
    this.locks.set(ctx, l.id, { ...l, releasedAmount: l.totalAmount, active: false, dispute });
    this.bank.sendCoinsFromModuleToAccount(ctx, TREASURY_MODULE, to, [{ denom: l.denom, amount: BigInt(l.totalAmount) }]);
  }

  releaseEscrow(ctx: Context, depositor: string, lockId: bigint): void {
    const l = this.escrowLock(ctx, lockId);
    if (l.depositor !== depositor) throw E.ErrNotDepositor.wrap(`only the depositor releases escrow ${lockId}`);
    this.freeze.assertNotFrozen(ctx, depositor);
    if (l.dispute === DisputeState.DISPUTE_STATE_OPEN) throw E.ErrEscrowDisputed.wrap(`escrow ${lockId}`);
    this.settle(ctx, l, l.beneficiary, l.dispute);
    treasuryEvents.escrow(ctx, "released", lockId, { beneficiary: l.beneficiary });
  }

  disputeEscrow(ctx: Context, party: string, lockId: bigint, reason: string): void {
    const l = this.escrowLock(ctx, lockId);
    if (party !== l.depositor && party !== l.beneficiary) throw E.ErrNotParty.wrap(`${party} is not a party to escrow ${lockId}`);
    if (l.dispute === DisputeState.DISPUTE_STATE_OPEN) throw E.ErrAlreadyDisputed.wrap(`escrow ${lockId}`);
    this.locks.set(ctx, lockId, { ...l, dispute: DisputeState.DISPUTE_STATE_OPEN, disputeReason: reason, disputeOpenedBy: party });
    treasuryEvents.escrow(ctx, "disputed", lockId, { party, reason });
  }

  resolveEscrow(ctx: Context, moderator: string, lockId: bigint, payBeneficiary: boolean): void {
    const l = this.escrowLock(ctx, lockId);
    if (l.moderator !== moderator) throw E.ErrNotModerator.wrap(`only the named moderator decides escrow ${lockId}`);
    if (l.dispute !== DisputeState.DISPUTE_STATE_OPEN) throw E.ErrNoOpenCase.wrap(`escrow ${lockId} has no open dispute`);
    // The escrowed coins are the depositor's: while it is frozen they may go back to it, not on.
    if (payBeneficiary) this.freeze.assertNotFrozen(ctx, l.depositor);
    this.settle(ctx, l, payBeneficiary ? l.beneficiary : l.depositor, DisputeState.DISPUTE_STATE_RESOLVED);
    treasuryEvents.escrow(ctx, "resolved", lockId, { pay_beneficiary: String(payBeneficiary) });
  }

  assignRole(ctx: Context, admin: string, treasuryId: bigint, address: string, role: Role): void {
    const t = this.getTreasury(ctx, treasuryId);
    this.requireUnfrozenAdmin(ctx, t, admin);
    if (role !== Role.ROLE_ADMIN && role !== Role.ROLE_SPENDER && role !== Role.ROLE_PAUSER)
      throw E.ErrInvalidRole.wrap(`role ${role} grants nothing`);
    if (!this.roles.has(ctx, [treasuryId, address])) {
      const max = this.getParams(ctx).maxRoleAssignmentsPerTreasury;
      let n = 0n;
      for (const _ of this.roles.iterate(ctx, { prefix: ROLE_KEY.prefix(treasuryId) })) n++;
      if (n >= max) throw E.ErrLimitReached.wrap(`treasury ${treasuryId} has ${max} role assignments`);
    }
    this.roles.set(ctx, [treasuryId, address], { treasuryId, address, role });
    treasuryEvents.roleChanged(ctx, treasuryId, address, ROLE_NAMES[role] ?? String(role));
  }

  revokeRole(ctx: Context, admin: string, treasuryId: bigint, address: string): void {
    const t = this.getTreasury(ctx, treasuryId);
    this.requireAdmin(ctx, t, admin);
    if (!this.roles.has(ctx, [treasuryId, address])) throw E.ErrInvalidRole.wrap(`${address} holds no role in treasury ${treasuryId}`);
    this.roles.remove(ctx, [treasuryId, address]);
    treasuryEvents.roleChanged(ctx, treasuryId, address, "ROLE_UNSPECIFIED");
  }

  setSpendPolicy(ctx: Context, admin: string, policy: SpendPolicy): void {
    const t = this.getTreasury(ctx, policy.treasuryId);
    this.requireUnfrozenAdmin(ctx, t, admin);
    const max = this.getParams(ctx).maxSpendPolicyAddresses;
    if (BigInt(policy.allowlist.length + policy.blocklist.length) > max)
      throw E.ErrLimitReached.wrap(`allowlist plus blocklist exceed ${max} addresses`);
    const old = this.policies.get(ctx, [t.id, policy.denom]);
    this.policies.set(ctx, [t.id, policy.denom], policy);
    // A changed period or period limit starts a fresh window.
    if (!old || old.periodSeconds !== policy.periodSeconds || old.periodLimit !== policy.periodLimit || policy.periodLimit === "") {
      this.windows.remove(ctx, [t.id, policy.denom]);
    }
    treasuryEvents.policySet(ctx, t.id, policy.denom);
  }

  setPaused(ctx: Context, sender: string, treasuryId: bigint, paused: boolean): void {
    const t = this.getTreasury(ctx, treasuryId);
    if (!this.isAdmin(ctx, t, sender) && this.roleOf(ctx, treasuryId, sender) !== Role.ROLE_PAUSER) {
      throw E.ErrUnauthorized.wrap(`${sender} may not pause treasury ${treasuryId}`);
    }
    // Pausing protects the funds and stays open to a frozen admin; resuming lets spending go on.
    if (!paused) this.freeze.assertNotFrozen(ctx, sender);
    this.treasuries.set(ctx, treasuryId, { ...t, paused });
    treasuryEvents.paused(ctx, treasuryId, paused);
  }

  setAdmin(ctx: Context, admin: string, treasuryId: bigint, newAdmin: string): void {
    const t = this.getTreasury(ctx, treasuryId);
    this.requireUnfrozenAdmin(ctx, t, admin);
    this.treasuries.set(ctx, treasuryId, { ...t, admin: newAdmin });
    treasuryEvents.adminChanged(ctx, treasuryId, newAdmin);
  }

  /**
   * End block: with route_fees_to_operating_treasury on, the fees left in the fee collector
   * move to the operating treasury's available balance. A missing treasury routes nothing.
   */
  endBlock(ctx: Context): void {
    const feeCollector = this.feeCollector;
    const p = this.getParams(ctx);
    if (!p.routeFeesToOperatingTreasury || p.feeOperatingTreasuryId === 0n) return;
    if (!this.treasuries.has(ctx, p.feeOperatingTreasuryId)) return;
    const fees = this.bank.getAllBalances(ctx, moduleAddress(feeCollector)).filter((c) => c.amount > 0n);
    if (fees.length === 0) return;
    this.bank.sendCoinsFromModuleToModule(ctx, feeCollector, TREASURY_MODULE, fees);
    for (const c of fees) this.adjust(ctx, p.feeOperatingTreasuryId, c.denom, c.amount, 0n);
    treasuryEvents.feesRouted(ctx, p.feeOperatingTreasuryId, formatCoins(fees));
  }
}
