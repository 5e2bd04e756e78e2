import type { Authority, FractionalisationAuthority, Parcel, Transfer } from "../../gen/blockchain/land/v1/parcel";
import type { Params } from "../../gen/blockchain/land/v1/params";
import type { Context } from "../../types/context";

/**
 * Plain Cosmos events: land has no events.proto (docs/wire/fields-part-a.md). Types `land_<what>`,
 * attribute names snake_case; indexers filter on them, so they are stable.
 */
export const landEvents = {
  authorityRegistered(ctx: Context, a: Authority): void {
    ctx.events.emit("land_authority_registered", {
      office: a.address,
      name: a.name,
      jurisdiction: a.jurisdiction,
      active: String(a.active),
    });
  },
  parcelRegistered(ctx: Context, p: Parcel): void {
    ctx.events.emit("land_parcel_registered", {
      parcel_id: p.id.toString(),
      geometry_hash: p.geometryHash,
      cadastral_ref: p.cadastralRef,
      holder: p.holder,
      authority: p.authority,
    });
  },
  deedAttached(ctx: Context, parcelId: bigint, index: number, kind: string, documentHash: string): void {
    ctx.events.emit("land_deed_attached", { parcel_id: parcelId.toString(), index: String(index), kind, document_hash: documentHash });
  },
  encumbranceRecorded(ctx: Context, parcelId: bigint, index: number, kind: string, holder: string): void {
    ctx.events.emit("land_encumbrance_recorded", { parcel_id: parcelId.toString(), index: String(index), kind, holder });
  },
  encumbranceReleased(ctx: Context, parcelId: bigint, index: number, by: string): void {
    ctx.events.emit("land_encumbrance_released", { parcel_id: parcelId.toString(), index: String(index), released_by: by });
  },
  restrictionImposed(ctx: Context, parcelId: bigint, index: number, kind: string, value: string, by: string): void {
    ctx.events.emit("land_restriction_imposed", { parcel_id: parcelId.toString(), index: String(index), kind, value, imposed_by: by });
  },
  restrictionLifted(ctx: Context, parcelId: bigint, index: number, kind: string, by: string): void {
    ctx.events.emit("land_restriction_lifted", { parcel_id: parcelId.toString(), index: String(index), kind, lifted_by: by });
  },
  parcelFrozen(ctx: Context, parcelId: bigint, index: number, reason: string, by: string): void {
    ctx.events.emit("land_parcel_frozen", { parcel_id: parcelId.toString(), index: String(index), reason, imposed_by: by });
  },
  parcelUnfrozen(ctx: Context, p: Parcel, index: number, reason: string, by: string): void {
    ctx.events.emit("land_parcel_unfrozen", {
      parcel_id: p.id.toString(),
      index: String(index),
      lift_reason: reason,
      lifted_by: by,
      status: statusName(p.status),
    });
  },
  transferProposed(ctx: Context, t: Transfer): void {
    ctx.events.emit("land_transfer_proposed", {
      transfer_id: t.id.toString(),
      parcel_id: t.parcelId.toString(),
      from: t.from,
      to: t.to,
      price: t.price,
    });
  },
  transferValidated(ctx: Context, t: Transfer): void {
    ctx.events.emit("land_transfer_validated", {
      transfer_id: t.id.toString(),
      parcel_id: t.parcelId.toString(),
      validated_by: t.validatedBy,
    });
  },
  transferAttested(ctx: Context, t: Transfer, attestor: string, quorum: number): void {
    ctx.events.emit("land_transfer_attested", {
      transfer_id: t.id.toString(),
      parcel_id: t.parcelId.toString(),
      attestor,
      attestations: String(t.attestors.length),
      quorum: String(quorum),
    });
  },
  quorumReached(ctx: Context, t: Transfer, challengeEndsAt: bigint): void {
    ctx.events.emit("land_transfer_quorum_reached", {
      transfer_id: t.id.toString(),
      parcel_id: t.parcelId.toString(),
      quorum_at: t.quorumAt.toString(),
      challenge_ends_at: challengeEndsAt.toString(),
    });
  },
  transferObjected(ctx: Context, t: Transfer): void {
    ctx.events.emit("land_transfer_objected", {
      transfer_id: t.id.toString(),
      parcel_id: t.parcelId.toString(),
      objected_by: t.objectedBy,
      objection_reason: t.objectionReason,
    });
  },
  transferCompleted(ctx: Context, t: Transfer): void {
    ctx.events.emit("land_transfer_completed", {
      transfer_id: t.id.toString(),
      parcel_id: t.parcelId.toString(),
      from: t.from,
      to: t.to,
      price: t.price,
      completed_at: t.completedAt.toString(),
    });
  },
  fractionalisationAuthorised(ctx: Context, a: FractionalisationAuthority): void {
    ctx.events.emit("land_fractionalisation_authorised", {
      parcel_id: a.parcelId.toString(),
      right: a.right,
      max_share_bps: String(a.maxShareBps),
      expires_at: a.expiresAt.toString(),
      granted_by: a.grantedBy,
    });
  },
  fractionalisationWithdrawn(ctx: Context, a: FractionalisationAuthority, by: string): void {
    ctx.events.emit("land_fractionalisation_withdrawn", {
      parcel_id: a.parcelId.toString(),
      withdrawn_by: by,
      withdrawn_at: a.withdrawnAt.toString(),
    });
  },
  vehicleOpened(ctx: Context, parcelId: bigint, vehicleId: bigint): void {
    ctx.events.emit("land_vehicle_opened", { parcel_id: parcelId.toString(), vehicle_id: vehicleId.toString() });
  },
  paramsUpdated(ctx: Context, p: Params): void {
    ctx.events.emit("land_params_updated", {
      attestation_quorum: String(p.attestationQuorum),
      challenge_window: p.challengeWindow.toString(),
      same_authority_attestation: String(p.sameAuthorityAttestation),
    });
  },
};

const STATUS_NAMES = ["STATUS_UNSPECIFIED", "STATUS_REGISTERED", "STATUS_TRANSFER_PENDING", "STATUS_DISPUTED", "STATUS_FROZEN"] as const;

export function statusName(s: number): string {
  return STATUS_NAMES[s] ?? "STATUS_UNSPECIFIED";
}
