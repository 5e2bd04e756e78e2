import { RoleAssignment } from "../../gen/blockchain/treasury/v1/treasury";
import { emptyValue, pairKey, protoValue, uint64Key } from "../../store/codecs";
import { lastIdToNextId } from "../../store/layout-migration";
import type { Context } from "../../types/context";
import { legacyAccAddressText, moveOldEntries } from "../../types/layout-migration";
import type { TreasuryKeeper } from "./keeper";

/**
 * 1 → 2: the treasury counter (byte 3) and the lock counter (byte 7) held the last id given
 * out and now hold the next; the beneficiary in the locks' index key (byte 6) and the holder
 * in a role's key (byte 9) are stored as address bytes, not bech32 text. The index is rebuilt
 * from the locks, which it must agree with.
 */
export function migrateToV2(ctx: Context, k: TreasuryKeeper): void {
  const P = "treasury/";
  lastIdToNextId(ctx, P, 3);
  lastIdToNextId(ctx, P, 7);
  moveOldEntries(ctx, P, 6, pairKey(legacyAccAddressText, uint64Key), emptyValue, () => {});
  const index = k.locks.indexes.byBeneficiary;
  for (const [id, lock] of [...k.locks.iterate(ctx)]) index.onSet(ctx, id, lock, undefined);
  moveOldEntries(ctx, P, 9, pairKey(uint64Key, legacyAccAddressText), protoValue(RoleAssignment, "RoleAssignment"), (key, r) =>
    k.roles.set(ctx, key, r),
  );
}
