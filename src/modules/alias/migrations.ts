import { hasValidAliasCheck } from "../../types/alias-id";
import type { Context } from "../../types/context";
import type { AliasKeeper } from "./keeper";
import { MAX_PAYLOAD_LENGTH, MIN_PAYLOAD_LENGTH } from "./params";

/**
 * 1 → 2: identifiers carry the mod-32 check character and payload_length lives in 8..16.
 * A payload_length outside the range is brought to its nearest bound. An active identifier
 * whose check character does not hold under the new rule is retired (kept, never reissued)
 * and its account is issued one the new way, as a rotation would: lookups validate only the
 * new rule, so an identifier left in place would no longer resolve.
 */
export function migrateAliasV1ToV2(ctx: Context, k: AliasKeeper): void {
  const params = k.getParams(ctx);
  const payloadLength = Math.min(MAX_PAYLOAD_LENGTH, Math.max(MIN_PAYLOAD_LENGTH, params.payloadLength));
  if (payloadLength !== params.payloadLength) k.params.set(ctx, { ...params, payloadLength });
  const stale = [...k.aliases.iterate(ctx)].filter(([id]) => !hasValidAliasCheck(id)).map(([, a]) => a.address);
  for (const address of stale) {
    k.retireAliasOf(ctx, address);
    k.issueAlias(ctx, address);
  }
}
