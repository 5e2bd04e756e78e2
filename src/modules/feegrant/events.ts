import type { Context } from "../../types/context";

/** x/feegrant's plain events (set_feegrant, update_feegrant, use_feegrant, revoke_feegrant). */
export function emitFeegrant(ctx: Context, type: "set_feegrant" | "update_feegrant" | "use_feegrant" | "revoke_feegrant", granter: string, grantee: string): void {
  ctx.events.emit(type, { granter, grantee });
}

export function emitPrune(ctx: Context, pruner: string): void {
  ctx.events.emit("prune_feegrant", { pruner });
}
