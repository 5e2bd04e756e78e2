import { Vote } from "../../gen/blockchain/enforcement/v1/enforcement";
import { pairKey, protoValue, stringKey, uint64Key, uint64Value } from "../../store/codecs";
import { lastIdToNextId } from "../../store/layout-migration";
import type { Context } from "../../types/context";
import { legacyAccAddressText, moveOldEntries } from "../../types/layout-migration";
import { HOLDING, type EnforcementKeeper } from "./keeper";

/**
 * 1 → 2: the case counter (byte 3) held the last id given out and now holds the next; the
 * validator in a vote's key (byte 4) and the address in the holding index's key (byte 6,
 * now the `cases.holding` unique index) are stored as address bytes, not bech32 text. The
 * index is rebuilt from the cases, which it must agree with.
 */
export function migrateToV2(ctx: Context, k: EnforcementKeeper): void {
  const P = "enforcement/";
  lastIdToNextId(ctx, P, 3);
  moveOldEntries(ctx, P, 4, pairKey(uint64Key, stringKey), protoValue(Vote, "Vote"), (key, vote) => k.votes.set(ctx, key, vote));
  moveOldEntries(ctx, P, 6, legacyAccAddressText, uint64Value, () => {});
  for (const [id, c] of [...k.cases.iterate(ctx)]) if (HOLDING.has(c.status)) k.cases.set(ctx, id, c);
}
