import { AmendmentStatus, type Amendment } from "../../gen/blockchain/constitution/v1/constitution";
import type { Context } from "../../types/context";

const E = "blockchain.constitution.v1.";

/** Typed events of events.proto, fields in proto order, 64-bit integers as strings, enums by name. */
export const constitutionEvents = {
  amendmentProposed(ctx: Context, a: Amendment, requiredPower: bigint): void {
    ctx.events.emitTyped(E + "EventAmendmentProposed", {
      amendment_id: a.id.toString(),
      reason: a.reason,
      effective_at_height: a.effectiveAtHeight.toString(),
      snapshot_power: a.snapshotPower.toString(),
      required_power: requiredPower.toString(),
    });
  },
  amendmentRatified(ctx: Context, a: Amendment, validator: string, power: bigint, requiredPower: bigint): void {
    ctx.events.emitTyped(E + "EventAmendmentRatified", {
      amendment_id: a.id.toString(),
      validator,
      power: power.toString(),
      ratified_power: a.ratifiedPower.toString(),
      required_power: requiredPower.toString(),
    });
  },
  amendmentResolved(ctx: Context, a: Amendment, requiredPower: bigint): void {
    ctx.events.emitTyped(E + "EventAmendmentResolved", {
      amendment_id: a.id.toString(),
      status: AmendmentStatus[a.status] ?? String(a.status),
      ratified_power: a.ratifiedPower.toString(),
      required_power: requiredPower.toString(),
    });
  },
};
