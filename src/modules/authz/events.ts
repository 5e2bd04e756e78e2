import type { Context } from "../../types/context";

/** cosmos.authz.v1beta1.EventGrant, as the SDK emits it (typed event, JSON-quoted values). */
export function emitGrant(ctx: Context, msgTypeUrl: string, granter: string, grantee: string): void {
  ctx.events.emitTyped("cosmos.authz.v1beta1.EventGrant", { msg_type_url: msgTypeUrl, granter, grantee });
}

export function emitRevoke(ctx: Context, msgTypeUrl: string, granter: string, grantee: string): void {
  ctx.events.emitTyped("cosmos.authz.v1beta1.EventRevoke", { msg_type_url: msgTypeUrl, granter, grantee });
}
