import type { Context } from "../../types/context";
import type { AuthzKeeper } from "./keeper";

/** x/authz BeginBlocker: expired grants leave state at the first block past their expiration. */
export function authzBeginBlock(ctx: Context, k: AuthzKeeper): void {
  k.pruneExpired(ctx);
}
