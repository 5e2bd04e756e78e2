import type { Context } from "../../types/context";
import type { EnforcementKeeper } from "./keeper";

/**
 * End block (after gov, staking, constitution…; design.md): provisional freezes that lapse,
 * cases whose voting ends, held seizures that are due (under the rolling cap).
 */
export function enforcementEndBlock(k: EnforcementKeeper, ctx: Context): void {
  k.endBlock(ctx);
}
