import { pairKey, stringKey, tripleKey, uint64Value, emptyValue } from "../../store/codecs";
import type { Context } from "../../types/context";
import { legacyAccAddressText, moveOldEntries } from "../../types/layout-migration";
import type { NftKeeper } from "./keeper";

/**
 * 1 → 2: the owner part of the by-owner index (prefix byte 4) and of the balance counters
 * (prefix byte 6) becomes the owner's address bytes; it was its bech32 text. Both are rewritten
 * under the same prefix bytes; the NFTs, their owner records (values), classes and supplies do
 * not move.
 */
export function migrateNftV1ToV2(k: NftKeeper, ctx: Context): void {
  // The index is dropped, then rebuilt from the owner records it indexes.
  moveOldEntries(ctx, "nft/", 4, tripleKey(legacyAccAddressText, stringKey, stringKey), emptyValue, () => {});
  for (const [nft, owner] of [...k.owners.iterate(ctx)]) k.owners.set(ctx, nft, owner);
  moveOldEntries(ctx, "nft/", 6, pairKey(legacyAccAddressText, stringKey), uint64Value, (key, n) => k.balances.set(ctx, key, n));
}
