import { Position, Reserve } from "../../gen/blockchain/netting/v1/netting";
import { emptyValue, pairKey, protoValue, stringKey, stringValue, tripleKey, uint64Key } from "../../store/codecs";
import type { Context } from "../../types/context";
import { legacyAccAddressText, moveOldEntries } from "../../types/layout-migration";
import type { NettingKeeper } from "./keeper";

const P = "netting/";
const PARTICIPANT_DENOM = pairKey(legacyAccAddressText, stringKey);

/**
 * 1 → 2: the participant in the keys of positions (byte 5), reserves (byte 6), locks (byte 7)
 * and the obligations' party index (byte 4, now `obligations.byParticipant`, written in step
 * with the obligations) is stored as address bytes, not bech32 text; the locked-denoms set
 * (byte 12) is dropped, the locks listing a participant's denoms themselves. The cycle and
 * obligation counters already held the next id and are read as sequences unchanged.
 */
export function migrateToV2(ctx: Context, k: NettingKeeper): void {
  moveOldEntries(ctx, P, 4, tripleKey(legacyAccAddressText, uint64Key, uint64Key), emptyValue, () => {});
  const index = k.obligations.indexes.byParticipant;
  for (const [id, o] of [...k.obligations.iterate(ctx)]) index.onSet(ctx, id, o, undefined);
  moveOldEntries(ctx, P, 5, tripleKey(uint64Key, stringKey, legacyAccAddressText), protoValue(Position, "Position"), (key, p) =>
    k.positions.set(ctx, key, p),
  );
  moveOldEntries(ctx, P, 6, PARTICIPANT_DENOM, protoValue(Reserve, "Reserve"), (key, r) => k.reserves.set(ctx, key, r));
  moveOldEntries(ctx, P, 7, PARTICIPANT_DENOM, stringValue, (key, locked) => k.locked.set(ctx, key, locked));
  moveOldEntries(ctx, P, 12, PARTICIPANT_DENOM, emptyValue, () => {});
}
