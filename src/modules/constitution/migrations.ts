import { lastIdToNextId } from "../../store/layout-migration";
import type { Context } from "../../types/context";

/** 1 → 2: the amendment counter (prefix byte 3) held the last id given out; it holds the next. */
export function migrateToV2(ctx: Context): void {
  lastIdToNextId(ctx, "constitution/", 3);
}
