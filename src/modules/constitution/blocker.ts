import type { Context } from "../../types/context";
import type { ConstitutionKeeper } from "./keeper";

/** End block: amendments whose delay ran out are enacted (enough ratified power) or lapse. */
export function constitutionEndBlock(k: ConstitutionKeeper, ctx: Context): void {
  k.resolveDue(ctx);
}
