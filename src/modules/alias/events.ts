import type { Alias, AuditorGrant, Jurisdiction, RegulatorAppointment, RoleGrant, ViewingKey } from "../../gen/blockchain/alias/v1/alias";
import { Role } from "../../gen/blockchain/alias/v1/alias";
import type { Context } from "../../types/context";

/**
 * Plain Cosmos events: alias has no events.proto (docs/wire/fields-part-b.md),
 * so indexers filter on these types and snake_case attribute names, which are therefore stable.
 */
export const aliasEvents = {
  aliasIssued(ctx: Context, a: Alias): void {
    ctx.events.emit("alias_issued", { id: a.id, address: a.address });
  },
  aliasRetired(ctx: Context, id: string, address: string): void {
    ctx.events.emit("alias_retired", { id, address });
  },
  jurisdictionSet(ctx: Context, j: Jurisdiction, previous: string): void {
    ctx.events.emit("alias_jurisdiction_set", {
      address: j.address,
      country: j.country,
      previous_country: previous,
      recorded_by: j.recordedBy,
    });
  },
  viewingKeyRegistered(ctx: Context, k: ViewingKey): void {
    ctx.events.emit("alias_viewing_key_registered", { address: k.address, version: k.version.toString() });
  },
  viewingKeyRevoked(ctx: Context, k: ViewingKey): void {
    ctx.events.emit("alias_viewing_key_revoked", { address: k.address, version: k.version.toString() });
  },
  regulatorAppointed(ctx: Context, r: RegulatorAppointment, previous: string): void {
    ctx.events.emit("alias_regulator_appointed", { country: r.country, address: r.address, previous, appointed_by: r.appointedBy });
  },
  auditorGranted(ctx: Context, g: AuditorGrant): void {
    ctx.events.emit("alias_auditor_granted", {
      address: g.address,
      granted_by: g.grantedBy,
      expires_at_height: g.expiresAtHeight.toString(),
    });
  },
  roleGranted(ctx: Context, g: RoleGrant): void {
    ctx.events.emit("alias_role_granted", {
      holder: g.holder,
      role: Role[g.role] ?? String(g.role),
      jurisdiction: g.jurisdiction,
      granted_by: g.grantedBy,
      required_signatures: String(g.requiredShape?.signatures ?? 0),
      required_members: String(g.requiredShape?.members ?? 0),
    });
  },
  roleRevoked(ctx: Context, g: RoleGrant, by: string): void {
    ctx.events.emit("alias_role_revoked", {
      holder: g.holder,
      role: Role[g.role] ?? String(g.role),
      jurisdiction: g.jurisdiction,
      revoked_by: by,
    });
  },
  paramsUpdated(ctx: Context, payloadLength: number): void {
    ctx.events.emit("alias_params_updated", { payload_length: String(payloadLength) });
  },
};
