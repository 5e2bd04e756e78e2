import { pairKey, stringKey, uint64Key, type ValueCodec } from "../../store/codecs";
import { accAddressKey } from "../../types/address-key";
import type { Context } from "../../types/context";
import { moveOldEntries } from "../../types/layout-migration";
import type { Slot, ShareState, TokenisationKeeper } from "./keeper";

/** The space-separated text consensus version 2 stored, read once by the migration. */
function textValue<V>(name: string, parse: (fields: string[]) => V): ValueCodec<V> {
  return {
    name,
    encode: () => {
      throw new Error(`${name}: the version-2 text layout is read only`);
    },
    decode: (b) => parse(new TextDecoder().decode(b).split(" ")),
  };
}

const v2Slot = textValue<Slot>("v2-slot", ([last, accrued]) => ({ lastIndex: BigInt(last!), accrued: BigInt(accrued!) }));
const v2ShareState = textValue<ShareState>("v2-share-state", ([id, index, halted]) => ({
  assetId: BigInt(id!),
  index: BigInt(index!),
  halted: halted === "h",
}));

/**
 * 2 → 3: holder slots and share-denom states are stored as proto messages (HolderSlot,
 * ShareDenomState) instead of space-separated text; their keys stay (a position's holder was
 * already its address bytes). The by-collection index of assets keeps its bytes: it is now
 * declared as the assets map's index.
 */
export function migrateTokenisationV2ToV3(ctx: Context, k: TokenisationKeeper): void {
  moveOldEntries(ctx, "tokenisation/", 6, pairKey(uint64Key, accAddressKey), v2Slot, ([assetId, holder], slot) =>
    k.setSlot(ctx, assetId, holder, slot),
  );
  moveOldEntries(ctx, "tokenisation/", 8, stringKey, v2ShareState, (denom, share) => k.setShareState(ctx, denom, share));
}
