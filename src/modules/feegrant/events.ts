import type { Context } from "../../types/context";

export const feegrantEvents = {
  /** x/feegrant's plain events (set_feegrant, update_feegrant, use_feegrant, revoke_feegrant). */
  feegrant(
    ctx: Context,
    type: "set_feegrant" | "update_feegrant" | "use_feegrant" | "revoke_feegrant",
    granter: string,
    grantee: string,
  ): void {
    ctx.events.emit(type, { granter, grantee });
  },
  prune(ctx: Context, pruner: string): void {
    ctx.events.emit("prune_feegrant", { pruner });
  },
};
