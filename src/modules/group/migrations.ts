import { lastIdToNextId } from "../../store/layout-migration";
import type { Context } from "../../types/context";

/**
 * 1 → 2: the group, group policy and proposal id counters (prefix bytes 1, 6 and 10) held the
 * last id given and now are sequences holding the next one. The lookups by admin, member,
 * group, policy and voter became indexes of their maps with the entries they already had: no
 * other byte moves.
 */
export function migrateGroupV1ToV2(ctx: Context): void {
  for (const prefixByte of [1, 6, 10]) lastIdToNextId(ctx, "group/", prefixByte);
}
