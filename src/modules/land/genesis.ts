import { GenesisState } from "../../gen/blockchain/land/v1/genesis";
import { Status, type Transfer } from "../../gen/blockchain/land/v1/parcel";
import { accAddress } from "../../types/address";
import type { GenesisDef } from "../../types/module";
import { landErrors as E } from "./errors";
import type { GroupKeeper } from "./expected-keepers";
import { isAssignedCountry } from "../../types/iso3166";
import type { LandKeeper } from "./keeper";
import { defaultLandParams, validateLandParams } from "./params";
import { BPS_DENOMINATOR, derivedStatus, isOpen } from "./rules";

function bad(detail: string): never {
  throw E.ErrInvalidParams.wrap(`land genesis: ${detail}`);
}

/**
 * Checks everything the keeper would have enforced: unique ids below the next ids, unique
 * geometry and reference, known offices, stored statuses equal to the status the parcel's
 * freezes and latest transfer imply, at most one open transfer per parcel.
 */
export function validateLandGenesis(g: GenesisState): void {
  validateLandParams(g.params ?? defaultLandParams());
  const offices = new Set<string>();
  for (const a of g.authorities) {
    if (!accAddress.isValid(a.address)) bad(`office address ${JSON.stringify(a.address.slice(0, 100))}`);
    if (offices.has(a.address)) bad(`office ${a.address} listed twice`);
    if (!isAssignedCountry(a.jurisdiction)) bad(`office ${a.address} jurisdiction ${JSON.stringify(a.jurisdiction.slice(0, 16))}`);
    offices.add(a.address);
  }
  const nextParcel = g.nextParcelId === 0n ? 1n : g.nextParcelId;
  const nextTransfer = g.nextTransferId === 0n ? 1n : g.nextTransferId;

  const latest = new Map<bigint, Transfer>();
  const open = new Set<bigint>();
  const transferIds = new Set<bigint>();
  const parcelIds = new Set(g.parcels.map((p) => p.id));
  for (const t of g.transfers) {
    if (t.id === 0n || t.id >= nextTransfer) bad(`transfer id ${t.id} outside 1..${nextTransfer - 1n}`);
    if (transferIds.has(t.id)) bad(`transfer ${t.id} listed twice`);
    transferIds.add(t.id);
    if (!parcelIds.has(t.parcelId)) bad(`transfer ${t.id} names unknown parcel ${t.parcelId}`);
    if (!accAddress.isValid(t.from) || !accAddress.isValid(t.to)) bad(`transfer ${t.id} has an invalid from or to`);
    if (isOpen(t)) {
      if (open.has(t.parcelId)) bad(`parcel ${t.parcelId} has two open transfers`);
      open.add(t.parcelId);
    }
    const prev = latest.get(t.parcelId);
    if (prev === undefined || prev.id < t.id) latest.set(t.parcelId, t);
  }
  for (const [parcelId, t] of latest) {
    if (open.has(parcelId) && !isOpen(t)) bad(`parcel ${parcelId}: an open transfer precedes transfer ${t.id}`);
  }

  const ids = new Set<bigint>();
  const geometries = new Set<string>();
  const refs = new Set<string>();
  for (const p of g.parcels) {
    if (p.id === 0n || p.id >= nextParcel) bad(`parcel id ${p.id} outside 1..${nextParcel - 1n}`);
    if (ids.has(p.id)) bad(`parcel ${p.id} listed twice`);
    ids.add(p.id);
    if (p.geometryHash === "" || geometries.has(p.geometryHash)) bad(`parcel ${p.id}: empty or duplicate geometry_hash`);
    if (p.cadastralRef === "" || refs.has(p.cadastralRef)) bad(`parcel ${p.id}: empty or duplicate cadastral_ref`);
    geometries.add(p.geometryHash);
    refs.add(p.cadastralRef);
    if (!accAddress.isValid(p.holder)) bad(`parcel ${p.id} holder`);
    if (!offices.has(p.authority)) bad(`parcel ${p.id} names unknown office ${p.authority}`);
    if (p.status === Status.STATUS_UNSPECIFIED) bad(`parcel ${p.id} has STATUS_UNSPECIFIED`);
    const expected = derivedStatus(p, latest.get(p.id));
    if (p.status !== expected) bad(`parcel ${p.id} status ${p.status} should be ${expected}`);
  }

  const permissions = new Set<bigint>();
  for (const a of g.fractionalisationAuthorities) {
    if (!parcelIds.has(a.parcelId)) bad(`fractionalisation authority names unknown parcel ${a.parcelId}`);
    if (permissions.has(a.parcelId)) bad(`parcel ${a.parcelId} has two fractionalisation authorities`);
    permissions.add(a.parcelId);
    if (a.maxShareBps < 1 || a.maxShareBps > BPS_DENOMINATOR) bad(`parcel ${a.parcelId} max_share_bps ${a.maxShareBps}`);
  }
}

export function landGenesis(k: LandKeeper, group: GroupKeeper): GenesisDef<GenesisState> {
  return {
    typeName: "blockchain.land.v1.GenesisState",
    codec: GenesisState,
    defaultGenesis: () => ({
      params: defaultLandParams(),
      authorities: [],
      parcels: [],
      transfers: [],
      nextParcelId: 1n,
      nextTransferId: 1n,
      fractionalisationAuthorities: [],
    }),
    validate: validateLandGenesis,
    // Runs after group (init order), so offices can be checked to be group policy accounts.
    init: (ctx, g) => {
      k.params.set(ctx, validateLandParams(g.params ?? defaultLandParams()));
      for (const a of g.authorities) {
        if (!group.isGroupPolicy(ctx, a.address))
          throw E.ErrOfficeNotGroup.wrap(`land genesis: office ${a.address} is not a group policy account`);
        k.authorities.set(ctx, a.address, a);
      }
      for (const p of g.parcels) k.parcels.set(ctx, p.id, p);
      for (const t of g.transfers) {
        k.transfers.set(ctx, t.id, t);
        if (isOpen(t)) k.pending.set(ctx, t.id);
      }
      for (const a of g.fractionalisationAuthorities) k.fractionalisation.set(ctx, a.parcelId, a);
      k.nextParcelId.set(ctx, g.nextParcelId === 0n ? 1n : g.nextParcelId);
      k.nextTransferId.set(ctx, g.nextTransferId === 0n ? 1n : g.nextTransferId);
    },
    export: (ctx) => ({
      params: k.getParams(ctx),
      authorities: [...k.authorities.iterate(ctx)].map(([, v]) => v),
      parcels: [...k.parcels.iterate(ctx)].map(([, v]) => v),
      transfers: [...k.transfers.iterate(ctx)].map(([, v]) => v),
      nextParcelId: k.nextParcelId.peek(ctx),
      nextTransferId: k.nextTransferId.peek(ctx),
      fractionalisationAuthorities: [...k.fractionalisation.iterate(ctx)].map(([, v]) => v),
    }),
  };
}
