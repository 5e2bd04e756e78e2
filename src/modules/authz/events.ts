import type { Context } from "../../types/context";

export const authzEvents = {
  /** cosmos.authz.v1beta1.EventGrant, as the SDK emits it (typed event, JSON-quoted values). */
  grant(ctx: Context, msgTypeUrl: string, granter: string, grantee: string): void {
    ctx.events.emitTyped("cosmos.authz.v1beta1.EventGrant", { msg_type_url: msgTypeUrl, granter, grantee });
  },
  revoke(ctx: Context, msgTypeUrl: string, granter: string, grantee: string): void {
    ctx.events.emitTyped("cosmos.authz.v1beta1.EventRevoke", { msg_type_url: msgTypeUrl, granter, grantee });
  },
};
