import {
  CycleStatus,
  DenomStatus,
  SettlementMode,
  Cycle,
  DenomOutcome,
  Obligation,
  Position,
  Reserve,
} from "../../gen/blockchain/netting/v1/netting";
import { Params } from "../../gen/blockchain/netting/v1/params";
import { HeldSlice, type PositionEntry } from "../../gen/blockchain/netting/v1/query";
import { Schema } from "../../store/collections";
import { pairKey, protoValue, stringKey, stringValue, tripleKey, uint64Key, uint64Value } from "../../store/codecs";
import { accAddressKey } from "../../types/address-key";
import type { Coin } from "../../types/coins";
import type { Context } from "../../types/context";
import { noFreeze, type FreezeGuard } from "../../types/hooks";
import { nettingErrors as E } from "./errors";
import { nettingEvents as events } from "./events";
import type { BankKeeper, PaymsgKeeper } from "./expected-keepers";
import { defaultNettingParams, denomPolicy } from "./params";
import { partyIndex } from "./party-index";

export const NETTING_MODULE = "netting";
const BPS = 10000n;
/** hold_reason of a held slice governance abandoned (no DenomStatus names it; genesis tells it from a live hold). */
export const ABANDONED_PREFIX = "abandoned: ";
/** hold_reason of a slice whose settlement would debit a frozen account. */
const FROZEN_HOLD = "debtor frozen";

const POSITION_KEY = tripleKey(uint64Key, stringKey, accAddressKey);
const PARTICIPANT_DENOM_KEY = pairKey(accAddressKey, stringKey);
const max0 = (v: bigint): bigint => (v > 0n ? v : 0n);
const debitOf = (position: bigint): bigint => max0(-position);
/**
 * Boundaries at which a slice of cycle `heldCycle` has been refused, counting the close of
 * `lastClosed` (counted by cycle id, so a change of cycle_blocks does not skew it).
 */
const cyclesHeldAt = (lastClosed: bigint, heldCycle: bigint): bigint => max0(lastClosed - heldCycle + 1n);
const byDenom = (a: { denom: string }, b: { denom: string }): number => (a.denom < b.denom ? -1 : a.denom > b.denom ? 1 : 0);

export interface SubmitObligation {
  from: string;
  to: string;
  denom: string;
  amount: bigint;
  batchHash: Uint8Array;
}

/**
 * Reserves, obligations, positions and cycles. Positions are kept per (cycle, denom,
 * participant) and each participant's committed reserve per denom (`locked`) is maintained
 * incrementally, so closing a slice walks only its positions, never its obligations.
 */
export class NettingKeeper {
  private readonly schema = new Schema("netting/");
  readonly params = this.schema.item(1, "params", protoValue(Params, "Params"), defaultNettingParams());
  readonly cycles = this.schema.map(2, "cycles", uint64Key, protoValue(Cycle, "Cycle"));
  /** `byParticipant`: (participant, cycle, id) for obligations the participant owes or is owed. */
  readonly obligations = this.schema.indexedMap(3, "obligations", uint64Key, protoValue(Obligation, "Obligation"), {
    byParticipant: partyIndex(4),
  });
  readonly positions = this.schema.map(5, "positions", POSITION_KEY, protoValue(Position, "Position"));
  readonly reserves = this.schema.map(6, "reserves", PARTICIPANT_DENOM_KEY, protoValue(Reserve, "Reserve"));
  /** Reserve committed to unsettled debit positions (every open or held slice), per (participant, denom). */
  readonly locked = this.schema.map(7, "locked", PARTICIPANT_DENOM_KEY, stringValue);
  readonly held = this.schema.map(8, "held", pairKey(uint64Key, stringKey), protoValue(HeldSlice, "HeldSlice"));
  readonly currentCycle = this.schema.item(9, "current_cycle", uint64Value, 0n);
  readonly nextCycleId = this.schema.sequence(10, "next_cycle_id");
  readonly nextObligationId = this.schema.sequence(11, "next_obligation_id");
  // Prefix byte 12 held the retired "locked_denoms" set (the locks themselves are listed by participant); it is never reused.

  private freeze: FreezeGuard = noFreeze;

  constructor(
    readonly bank: BankKeeper,
    private readonly paymsg: PaymsgKeeper,
  ) {}

  bindFreezeGuard(guard: FreezeGuard): void {
    this.freeze = guard;
  }

  getParams(ctx: Context): Params {
    return this.params.get(ctx);
  }

  requireParticipant(ctx: Context, participant: string): void {
    if (!this.paymsg.isApprovedParticipant(ctx, participant)) throw E.ErrNotApprovedParticipant.wrap(participant);
  }

  reserveOf(ctx: Context, participant: string, denom: string): bigint {
    const r = this.reserves.get(ctx, [participant, denom]);
    return r === undefined ? 0n : BigInt(r.amount);
  }

  lockedOf(ctx: Context, participant: string, denom: string): bigint {
    const v = this.locked.get(ctx, [participant, denom]);
    return v === undefined ? 0n : BigInt(v);
  }

  private setReserve(ctx: Context, participant: string, denom: string, amount: bigint): void {
    if (amount === 0n) this.reserves.remove(ctx, [participant, denom]);
    else this.reserves.set(ctx, [participant, denom], { participant, denom, amount: amount.toString() });
  }

  private setLocked(
    ctx: Context,
    participant: string,
    denom: string,
    amount: bigint,
    before = this.lockedOf(ctx, participant, denom),
  ): void {
    if (amount === before) return;
    if (amount === 0n) this.locked.remove(ctx, [participant, denom]);
    else this.locked.set(ctx, [participant, denom], amount.toString());
  }

  positionOf(ctx: Context, cycleId: bigint, denom: string, participant: string): bigint {
    const p = this.positions.get(ctx, [cycleId, denom, participant]);
    return p === undefined ? 0n : BigInt(p.amount);
  }

  private setPosition(ctx: Context, cycleId: bigint, denom: string, participant: string, amount: bigint): void {
    if (amount === 0n) this.positions.remove(ctx, [cycleId, denom, participant]);
    else this.positions.set(ctx, [cycleId, denom, participant], { cycleId, denom, participant, amount: amount.toString() });
  }

  postReserve(ctx: Context, participant: string, coins: readonly Coin[]): void {
    this.requireParticipant(ctx, participant);
    this.bank.sendCoinsFromAccountToModule(ctx, participant, NETTING_MODULE, coins);
    for (const c of coins) {
      const after = this.reserveOf(ctx, participant, c.denom) + c.amount;
      this.setReserve(ctx, participant, c.denom, after);
      events.reserveChanged(ctx, participant, c.denom, after, true);
    }
  }

  /** The module pays, so bank's send check never sees the participant: the freeze is checked here. */
  withdrawReserve(ctx: Context, participant: string, coins: readonly Coin[]): void {
    this.requireParticipant(ctx, participant);
    this.freeze.assertNotFrozen(ctx, participant);
    for (const c of coins) {
      const reserve = this.reserveOf(ctx, participant, c.denom);
      const available = reserve - this.lockedOf(ctx, participant, c.denom);
      if (c.amount > reserve) throw E.ErrInsufficientReserve.wrap(`reserve ${reserve}${c.denom}, requested ${c.amount}`);
      if (c.amount > available) throw E.ErrReserveCommitted.wrap(`available ${available}${c.denom} of ${reserve}, requested ${c.amount}`);
      this.setReserve(ctx, participant, c.denom, reserve - c.amount);
      events.reserveChanged(ctx, participant, c.denom, reserve - c.amount, false);
    }
    this.bank.sendCoinsFromModuleToAccount(ctx, NETTING_MODULE, participant, coins);
  }

  /**
   * The mode an obligation takes: gross when netting is off, the currency has no policy, the
   * amount reaches gross_threshold, or netting it would take the cycle's gross amount in the
   * currency beyond aggregate_gross_threshold (when set).
   */
  modeFor(ctx: Context, denom: string, amount: bigint): SettlementMode {
    const p = this.params.get(ctx);
    const cycleId = this.currentCycle.get(ctx);
    if (p.cycleBlocks === 0n || cycleId === 0n) return SettlementMode.SETTLEMENT_MODE_GROSS;
    const policy = denomPolicy(p, denom);
    if (policy === undefined || amount >= policy.gross) return SettlementMode.SETTLEMENT_MODE_GROSS;
    if (policy.aggregate > 0n) {
      const outcome = this.cycles.get(ctx, cycleId)!.outcomes.find((d) => d.denom === denom);
      const netted = outcome === undefined ? 0n : BigInt(outcome.grossAmount);
      if (netted + amount > policy.aggregate) return SettlementMode.SETTLEMENT_MODE_GROSS;
    }
    return SettlementMode.SETTLEMENT_MODE_NET;
  }

  /** A frozen debtor owes nothing new: in net mode only the ledger moves, so bank would not see it. */
  submitObligation(ctx: Context, o: SubmitObligation): { id: bigint; cycleId: bigint; mode: SettlementMode } {
    this.requireParticipant(ctx, o.from);
    this.requireParticipant(ctx, o.to);
    this.freeze.assertNotFrozen(ctx, o.from);
    const cycleId = this.currentCycle.get(ctx);
    const mode = this.modeFor(ctx, o.denom, o.amount);
    if (mode === SettlementMode.SETTLEMENT_MODE_GROSS) {
      this.bank.sendCoins(ctx, o.from, o.to, [{ denom: o.denom, amount: o.amount }]);
    } else {
      this.joinCycle(ctx, cycleId, o);
    }
    const id = this.nextObligationId.next(ctx);
    this.obligations.set(ctx, id, {
      cycleId,
      id,
      fromParticipant: o.from,
      toParticipant: o.to,
      denom: o.denom,
      amount: o.amount.toString(),
      batchHash: o.batchHash,
      mode,
      submittedAtHeight: ctx.height,
    });
    events.obligationSubmitted(ctx, { id, cycleId, mode, from: o.from, to: o.to, denom: o.denom, amount: o.amount });
    return { id, cycleId, mode };
  }

  /** Moves both signed positions; refused when the debtor's committed reserve would pass its reserve. */
  private joinCycle(ctx: Context, cycleId: bigint, o: SubmitObligation): void {
    const fromPos = this.positionOf(ctx, cycleId, o.denom, o.from);
    const fromAfter = fromPos - o.amount;
    const fromLockedBefore = this.lockedOf(ctx, o.from, o.denom);
    const fromLocked = fromLockedBefore - debitOf(fromPos) + debitOf(fromAfter);
    const reserve = this.reserveOf(ctx, o.from, o.denom);
    if (fromLocked > reserve) {
      throw E.ErrNetDebitCapExceeded.wrap(`net debit ${debitOf(fromAfter)}${o.denom} (committed ${fromLocked}) exceeds reserve ${reserve}`);
    }
    this.setPosition(ctx, cycleId, o.denom, o.from, fromAfter);
    this.setLocked(ctx, o.from, o.denom, fromLocked, fromLockedBefore);
    const toPos = this.positionOf(ctx, cycleId, o.denom, o.to);
    const toAfter = toPos + o.amount;
    this.setPosition(ctx, cycleId, o.denom, o.to, toAfter);
    if (debitOf(toPos) !== debitOf(toAfter))
      this.setLocked(ctx, o.to, o.denom, this.lockedOf(ctx, o.to, o.denom) - debitOf(toPos) + debitOf(toAfter));

    const cycle = this.cycles.get(ctx, cycleId)!;
    let outcome = cycle.outcomes.find((d) => d.denom === o.denom);
    if (outcome === undefined) {
      outcome = {
        denom: o.denom,
        status: DenomStatus.DENOM_STATUS_OPEN,
        grossAmount: "0",
        netAmount: "0",
        obligationCount: 0n,
        holdReason: "",
      };
      cycle.outcomes.push(outcome);
      cycle.outcomes.sort(byDenom);
    }
    outcome.grossAmount = (BigInt(outcome.grossAmount) + o.amount).toString();
    outcome.obligationCount += 1n;
    this.cycles.set(ctx, cycleId, cycle);
  }

  /** Opens the next cycle when netting is on and none is open. */
  ensureOpenCycle(ctx: Context): void {
    if (this.params.get(ctx).cycleBlocks === 0n || this.currentCycle.get(ctx) !== 0n) return;
    this.openCycle(ctx);
  }

  private openCycle(ctx: Context): bigint {
    const id = this.nextCycleId.next(ctx);
    this.cycles.set(ctx, id, { id, openedAtHeight: ctx.height, closedAtHeight: 0n, status: CycleStatus.CYCLE_STATUS_OPEN, outcomes: [] });
    this.currentCycle.set(ctx, id);
    return id;
  }

  /** The next boundary after the committed height, or zero when netting is off. */
  closesAtHeight(ctx: Context): bigint {
    const cb = this.params.get(ctx).cycleBlocks;
    if (cb === 0n || this.currentCycle.get(ctx) === 0n) return 0n;
    return (ctx.height / cb + 1n) * cb;
  }

  /** End of block: at a boundary retry held slices (oldest first), close the open cycle, open the next. */
  endBlock(ctx: Context): void {
    const cb = this.params.get(ctx).cycleBlocks;
    if (cb === 0n) return;
    if (this.currentCycle.get(ctx) === 0n) {
      this.openCycle(ctx);
      return;
    }
    if (ctx.height % cb !== 0n) return;
    const closing = this.currentCycle.get(ctx);
    const bound = this.params.get(ctx).maxHoldCycles;
    for (const [[cycleId, denom], slice] of [...this.held.iterate(ctx)]) {
      const cycle = this.cycles.get(ctx, cycleId)!;
      const outcome = cycle.outcomes.find((d) => d.denom === denom)!;
      if (this.trySettle(ctx, cycle, outcome, true)) {
        this.held.remove(ctx, [cycleId, denom]);
        if (cycle.outcomes.every((d) => d.status === DenomStatus.DENOM_STATUS_SETTLED)) cycle.status = CycleStatus.CYCLE_STATUS_SETTLED;
        this.cycles.set(ctx, cycleId, cycle);
        continue;
      }
      const cyclesHeld = cyclesHeldAt(closing, cycleId);
      if (bound > 0n && cyclesHeld > bound) {
        events.holdOverdue(ctx, { cycleId, denom, heldSince: slice.heldSinceHeight, cyclesHeld, bound });
      }
    }
    const cycle = this.cycles.get(ctx, closing)!;
    for (const outcome of cycle.outcomes) {
      if (!this.trySettle(ctx, cycle, outcome, false)) {
        this.held.set(ctx, [cycle.id, outcome.denom], {
          cycleId: cycle.id,
          denom: outcome.denom,
          reason: outcome.holdReason,
          heldSinceHeight: ctx.height,
        });
      }
    }
    cycle.closedAtHeight = ctx.height;
    cycle.status = cycle.outcomes.every((d) => d.status === DenomStatus.DENOM_STATUS_SETTLED)
      ? CycleStatus.CYCLE_STATUS_SETTLED
      : CycleStatus.CYCLE_STATUS_HELD;
    this.cycles.set(ctx, cycle.id, cycle);
    this.currentCycle.set(ctx, 0n);
    this.openCycle(ctx);
  }

  /**
   * One currency slice: positions must sum to zero and each debit be covered by its reserve and
   * owed by an account that is not frozen; then every position is discharged against reserves in
   * one atomic step. Otherwise the outcome is held with its reason and nothing moves (a slice
   * held for a freeze settles at the first boundary after the freeze ends, or governance
   * abandons it). Mutates `outcome` (caller stores the cycle).
   */
  private trySettle(ctx: Context, cycle: Cycle, outcome: DenomOutcome, retried: boolean): boolean {
    const denom = outcome.denom;
    const slice = [...this.positions.iterate(ctx, { prefix: POSITION_KEY.prefix2(cycle.id, denom) })];
    let sum = 0n;
    let net = 0n;
    let reason = "";
    for (const [, p] of slice) {
      const amount = BigInt(p.amount);
      sum += amount;
      const debit = debitOf(amount);
      net += debit;
      if (reason === "" && debit > this.reserveOf(ctx, p.participant, denom)) {
        reason = `${E.ErrInsufficientReserve.description}: reserve of ${p.participant} does not cover its net debit ${debit}${denom}`;
      }
      // Settling would take a frozen debtor's reserve; a frozen creditor only receives.
      if (reason === "" && debit > 0n && this.freeze.isFrozen(ctx, p.participant)) {
        reason = `${FROZEN_HOLD}: ${p.participant} owes a net debit ${debit}${denom} while frozen`;
      }
    }
    if (sum !== 0n) reason = `${E.ErrPositionsUnbalanced.description}: ${denom} positions sum to ${sum}`;
    if (reason !== "") {
      const first = outcome.status !== DenomStatus.DENOM_STATUS_HELD;
      outcome.status = DenomStatus.DENOM_STATUS_HELD;
      outcome.holdReason = reason;
      if (first) events.cycleHeld(ctx, cycle.id, denom, reason);
      return false;
    }
    ctx.atomic((inner) => {
      for (const [, p] of slice) {
        const amount = BigInt(p.amount);
        this.setReserve(inner, p.participant, denom, this.reserveOf(inner, p.participant, denom) + amount);
        if (amount < 0n) this.setLocked(inner, p.participant, denom, this.lockedOf(inner, p.participant, denom) + amount);
        this.positions.remove(inner, [cycle.id, denom, p.participant]);
      }
    });
    outcome.status = DenomStatus.DENOM_STATUS_SETTLED;
    outcome.netAmount = net.toString();
    outcome.holdReason = "";
    events.cycleSettled(ctx, {
      cycleId: cycle.id,
      denom,
      gross: BigInt(outcome.grossAmount),
      net,
      obligations: outcome.obligationCount,
      participants: BigInt(slice.length),
      retried,
    });
    return true;
  }

  /** Governance gives up a held slice: its positions are dropped and the locks they held released. */
  abandonHeldSlice(ctx: Context, cycleId: bigint, denom: string, reason: string): string[] {
    const slice = this.held.get(ctx, [cycleId, denom]);
    if (slice === undefined) throw E.ErrCycleNotFound.wrap(`no held slice ${denom} in cycle ${cycleId}`);
    const released: string[] = [];
    for (const [, p] of [...this.positions.iterate(ctx, { prefix: POSITION_KEY.prefix2(cycleId, denom) })]) {
      const amount = BigInt(p.amount);
      if (amount < 0n) this.setLocked(ctx, p.participant, denom, max0(this.lockedOf(ctx, p.participant, denom) + amount));
      this.positions.remove(ctx, [cycleId, denom, p.participant]);
      released.push(p.participant);
    }
    this.held.remove(ctx, [cycleId, denom]);
    const cycle = this.cycles.get(ctx, cycleId)!;
    const outcome = cycle.outcomes.find((d) => d.denom === denom)!;
    outcome.holdReason = ABANDONED_PREFIX + reason;
    this.cycles.set(ctx, cycleId, cycle);
    // Between boundaries the open cycle is the one after the last closed.
    const cyclesHeld = cyclesHeldAt(this.currentCycle.get(ctx) - 1n, cycleId);
    events.heldSliceAbandoned(ctx, cycleId, denom, cyclesHeld, reason, released);
    return released;
  }

  /** Per denom: reserve, committed, available and the open-window position. */
  positionEntries(ctx: Context, participant: string): PositionEntry[] {
    const denoms = new Set<string>();
    for (const [[, denom]] of this.reserves.iterate(ctx, { prefix: PARTICIPANT_DENOM_KEY.prefix(participant) })) denoms.add(denom);
    for (const [[, denom]] of this.locked.iterate(ctx, { prefix: PARTICIPANT_DENOM_KEY.prefix(participant) })) denoms.add(denom);
    const cycleId = this.currentCycle.get(ctx);
    const open = cycleId === 0n ? undefined : this.cycles.get(ctx, cycleId);
    for (const d of open?.outcomes ?? []) if (this.positions.has(ctx, [cycleId, d.denom, participant])) denoms.add(d.denom);
    return [...denoms].sort().map((denom) => {
      const reserve = this.reserveOf(ctx, participant, denom);
      const locked = this.lockedOf(ctx, participant, denom);
      return {
        denom,
        reserve: reserve.toString(),
        locked: locked.toString(),
        available: max0(reserve - locked).toString(),
        netPosition: (cycleId === 0n ? 0n : this.positionOf(ctx, cycleId, denom, participant)).toString(),
      };
    });
  }

  /** Share of gross that netting removed, per currency of the cycle. */
  compression(cycle: Cycle): { denom: string; compressionBps: bigint }[] {
    return cycle.outcomes.map((d) => {
      const gross = BigInt(d.grossAmount);
      const net = BigInt(d.netAmount);
      const bps = gross === 0n || d.status !== DenomStatus.DENOM_STATUS_SETTLED ? 0n : ((gross - net) * BPS) / gross;
      return { denom: d.denom, compressionBps: bps };
    });
  }

  /** Rebuilds the committed reserves (locks) from the positions. */
  rebuildIndexes(ctx: Context): void {
    for (const [, p] of this.positions.iterate(ctx)) {
      const amount = BigInt(p.amount);
      if (amount < 0n) this.setLocked(ctx, p.participant, p.denom, this.lockedOf(ctx, p.participant, p.denom) - amount);
    }
  }
}
