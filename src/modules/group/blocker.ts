import type { Context } from "../../types/context";
import type { GroupKeeper } from "./keeper";
import { endBlock } from "./proposals";

/** End block: final tallies at voting period end, then pruning of expired proposals. */
export function groupEndBlock(k: GroupKeeper, ctx: Context): void {
  endBlock(k, ctx);
}
