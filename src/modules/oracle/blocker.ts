import type { Context } from "../../types/context";
import type { OracleKeeper } from "./keeper";

/** End of every block: at the last block of a round, agree the rates and count misses, all or nothing. */
export function oracleEndBlock(k: OracleKeeper, ctx: Context): void {
  if (!k.isRoundEnd(ctx)) return;
  ctx.atomic((inner) => k.tallyRound(inner));
}
