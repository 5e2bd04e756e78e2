import { Schema } from "../../store/collections";
import { stringValue } from "../../store/codecs";
import type { Context } from "../../types/context";
import type { StakingKeeper } from "./keeper";

/**
 * 1 → 2: last_total_power becomes a uint64 (the shared scalar codec); it was the power's
 * decimal text. Nothing else moves: the by-validator, by-source and by-destination indexes
 * keep their prefix bytes and (validator, delegator[, other validator]) layout.
 */
export function migrateLastTotalPower(k: StakingKeeper, ctx: Context): void {
  const legacy = new Schema("staking/").item(6, "legacy_last_total_power", stringValue);
  const text = legacy.get(ctx);
  if (text === undefined) return;
  if (!/^[0-9]+$/.test(text)) throw new Error(`staking migration: last_total_power ${JSON.stringify(text)} is not a decimal power`);
  k.lastTotalPower.set(ctx, BigInt(text));
}
