import { Authority, type FractionalisationAuthority, type Parcel, type Transfer } from "../../gen/blockchain/land/v1/parcel";
import { emptyValue, pairKey, protoValue, uint64Key } from "../../store/codecs";
import { legacyAccAddressText, moveOldEntries } from "../../types/layout-migration";
import type { Context } from "../../types/context";
import type { LandKeeper } from "./keeper";

/**
 * 1 → 2: the stamps land writes on records become block heights, as registered_at always was
 * (deeds' and encumbrances' recorded_at, restrictions' imposed_at, freezes' imposed_at and
 * lifted_at, transfers' proposed_at, permissions' granted_at and withdrawn_at); they were
 * block times. A time cannot be turned back into the height it was written at, so every stamp
 * set before the upgrade becomes the upgrade's height: a bound that holds for each of them
 * ("on record by this height") and keeps every lifted_at at or after its imposed_at. An unset
 * stamp (0) stays 0; quorum_at, completed_at and expires_at stay Unix seconds.
 */
export function migrateStampsToHeights(ctx: Context, k: LandKeeper): void {
  const at = (stamp: bigint): bigint => (stamp === 0n ? 0n : ctx.height);
  const parcels: Parcel[] = [...k.parcels.iterate(ctx)].map(([, p]) => ({
    ...p,
    deeds: p.deeds.map((d) => ({ ...d, recordedAt: at(d.recordedAt) })),
    encumbrances: p.encumbrances.map((e) => ({ ...e, recordedAt: at(e.recordedAt) })),
    restrictions: p.restrictions.map((r) => ({ ...r, imposedAt: at(r.imposedAt) })),
    freezes: p.freezes.map((f) => ({ ...f, imposedAt: at(f.imposedAt), liftedAt: at(f.liftedAt) })),
  }));
  const transfers: Transfer[] = [...k.transfers.iterate(ctx)].map(([, t]) => ({ ...t, proposedAt: at(t.proposedAt) }));
  const permissions: FractionalisationAuthority[] = [...k.fractionalisation.iterate(ctx)].map(([, a]) => ({
    ...a,
    grantedAt: at(a.grantedAt),
    withdrawnAt: at(a.withdrawnAt),
  }));
  for (const p of parcels) k.parcels.set(ctx, p.id, p);
  for (const t of transfers) k.transfers.set(ctx, t.id, t);
  for (const a of permissions) k.fractionalisation.set(ctx, a.parcelId, a);
}

/**
 * 2 → 3: addresses in keys are their bytes. The offices (keyed by the office's address) and
 * the parcels-by-holder index move from the bech32 text to the address bytes; the id counters
 * become sequences over the same bytes (they always held the next id).
 */
export function migrateAddressKeys(ctx: Context, k: LandKeeper): void {
  moveOldEntries(ctx, "land/", 2, legacyAccAddressText, protoValue(Authority, "Authority"), (address, a) =>
    k.authorities.set(ctx, address, a),
  );
  // The index is derived: its old entries go, and every parcel indexes itself again.
  moveOldEntries(ctx, "land/", 6, pairKey(legacyAccAddressText, uint64Key), emptyValue, () => {});
  for (const [id, p] of k.parcels.iterate(ctx)) k.parcels.indexes.byHolder.onSet(ctx, id, p, undefined);
}
