import { ConcentrationCap } from "../../gen/blockchain/validatorgov/v1/concentration";
import { RotationKind, RotationStatus, type OperatorRotation } from "../../gen/blockchain/validatorgov/v1/rotation";
import type { Context } from "../../types/context";

const E = "blockchain.validatorgov.v1.";

/** Enum value names as proto3 JSON writes them (the generated enums map numbers back to names). */
const concentrationCapToJSON = (v: ConcentrationCap): string => ConcentrationCap[v] ?? "UNRECOGNIZED";
const rotationKindToJSON = (v: RotationKind): string => RotationKind[v] ?? "UNRECOGNIZED";
const rotationStatusToJSON = (v: RotationStatus): string => RotationStatus[v] ?? "UNRECOGNIZED";

/** The typed events of validatorgov's events.proto (docs/wire/fields-part-a.md): 64-bit integers as strings, enums by name. */
export const validatorgovEvents = {
  rotationProposed(ctx: Context, r: OperatorRotation): void {
    ctx.events.emitTyped(E + "EventRotationProposed", {
      rotation_id: r.id.toString(),
      current_operator: r.currentOperator,
      new_operator: r.newOperator,
      proposer: r.proposer,
      kind: rotationKindToJSON(r.kind),
      reason: r.reason,
      completes_at_height: r.completesAtHeight.toString(),
    });
  },
  recoveryApproved(ctx: Context, r: OperatorRotation): void {
    ctx.events.emitTyped(E + "EventRecoveryApproved", {
      rotation_id: r.id.toString(),
      current_operator: r.currentOperator,
      new_operator: r.newOperator,
      completes_at_height: r.completesAtHeight.toString(),
      validator_paused: r.pausedValidator,
    });
  },
  rotationResolved(ctx: Context, r: OperatorRotation): void {
    ctx.events.emitTyped(E + "EventRotationResolved", {
      rotation_id: r.id.toString(),
      current_operator: r.currentOperator,
      new_operator: r.newOperator,
      kind: rotationKindToJSON(r.kind),
      status: rotationStatusToJSON(r.status),
    });
  },
  validatorDemoted(
    ctx: Context,
    operator: string,
    cap: ConcentrationCap,
    group: string,
    groupPowerBps: bigint,
    capBps: bigint,
    jailed: boolean,
  ): void {
    ctx.events.emitTyped(E + "EventValidatorDemoted", {
      operator,
      cap: concentrationCapToJSON(cap),
      group,
      group_power_bps: groupPowerBps.toString(),
      cap_bps: capBps.toString(),
      jailed_validator: jailed,
    });
  },
  validatorRestored(ctx: Context, operator: string, cap: ConcentrationCap, group: string, unjailed: boolean): void {
    ctx.events.emitTyped(E + "EventValidatorRestored", { operator, cap: concentrationCapToJSON(cap), group, unjailed_validator: unjailed });
  },
  concentrationUncorrected(
    ctx: Context,
    cap: ConcentrationCap,
    group: string,
    groupPowerBps: bigint,
    capBps: bigint,
    active: number,
    min: number,
  ): void {
    ctx.events.emitTyped(E + "EventConcentrationUncorrected", {
      cap: concentrationCapToJSON(cap),
      group,
      group_power_bps: groupPowerBps.toString(),
      cap_bps: capBps.toString(),
      active_validators: active,
      min_active_validators: min,
    });
  },
  declarationStale(ctx: Context, operator: string, attestedAt: bigint, staleSince: bigint): void {
    ctx.events.emitTyped(E + "EventDeclarationStale", {
      operator,
      attested_at_height: attestedAt.toString(),
      stale_since_height: staleSince.toString(),
    });
  },
  /** Plain events for what events.proto has no typed event for. */
  applied(ctx: Context, candidate: string): void {
    ctx.events.emit("validatorgov_application", { candidate });
  },
  decided(ctx: Context, candidate: string, status: string): void {
    ctx.events.emit("validatorgov_application_decided", { candidate, status });
  },
  attested(ctx: Context, operator: string, height: bigint): void {
    ctx.events.emit("validatorgov_ownership_attested", { operator, attested_at_height: height.toString() });
  },
  seatsSet(ctx: Context, operator: string, seats: bigint, tokens: bigint): void {
    ctx.events.emit("validatorgov_seats_set", { validator: operator, seats: seats.toString(), tokens: tokens.toString() });
  },
};

export { ConcentrationCap, RotationKind, RotationStatus };
