import { SettlementMode } from "../../gen/blockchain/netting/v1/netting";
import type { Context } from "../../types/context";

const E = "blockchain.netting.v1.";

/** Typed events of events.proto: 64-bit integers and Ints as decimal strings, enums by name. */
export const nettingEvents = {
  obligationSubmitted(
    ctx: Context,
    o: { id: bigint; cycleId: bigint; mode: SettlementMode; from: string; to: string; denom: string; amount: bigint },
  ): void {
    ctx.events.emitTyped(E + "EventObligationSubmitted", {
      id: o.id.toString(),
      cycle_id: o.cycleId.toString(),
      mode: SettlementMode[o.mode],
      from_participant: o.from,
      to_participant: o.to,
      denom: o.denom,
      amount: o.amount.toString(),
    });
  },
  reserveChanged(ctx: Context, participant: string, denom: string, balance: bigint, deposited: boolean): void {
    ctx.events.emitTyped(E + "EventReserveChanged", { participant, denom, amount: balance.toString(), deposited });
  },
  cycleSettled(
    ctx: Context,
    s: { cycleId: bigint; denom: string; gross: bigint; net: bigint; obligations: bigint; participants: bigint; retried: boolean },
  ): void {
    ctx.events.emitTyped(E + "EventCycleSettled", {
      cycle_id: s.cycleId.toString(),
      denom: s.denom,
      gross_amount: s.gross.toString(),
      net_amount: s.net.toString(),
      obligation_count: s.obligations.toString(),
      participant_count: s.participants.toString(),
      retried: s.retried,
    });
  },
  cycleHeld(ctx: Context, cycleId: bigint, denom: string, reason: string): void {
    ctx.events.emitTyped(E + "EventCycleHeld", { cycle_id: cycleId.toString(), denom, reason });
  },
  holdOverdue(ctx: Context, h: { cycleId: bigint; denom: string; heldSince: bigint; cyclesHeld: bigint; bound: bigint }): void {
    ctx.events.emitTyped(E + "EventHoldOverdue", {
      cycle_id: h.cycleId.toString(),
      denom: h.denom,
      held_since: h.heldSince.toString(),
      cycles_held: h.cyclesHeld.toString(),
      bound: h.bound.toString(),
    });
  },
  heldSliceAbandoned(ctx: Context, cycleId: bigint, denom: string, cyclesHeld: bigint, reason: string, released: string[]): void {
    ctx.events.emitTyped(E + "EventHeldSliceAbandoned", {
      cycle_id: cycleId.toString(),
      denom,
      cycles_held: cyclesHeld.toString(),
      reason,
      released,
    });
  },
};
