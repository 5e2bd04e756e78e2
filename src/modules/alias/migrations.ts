import { AuditorGrant, Jurisdiction, RoleGrant, ViewingKey } from "../../gen/blockchain/alias/v1/alias";
import { emptyValue, int64Key, pairKey, protoValue, stringKey, stringValue, tripleKey, uint32Key, uint64Key } from "../../store/codecs";
import { hasValidAliasCheck } from "../../types/alias-id";
import type { Context } from "../../types/context";
import { legacyAccAddressText, moveOldEntries } from "../../types/layout-migration";
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
  // Retiring and issuing read the records in the current layout: the keys move first
  // (migrateAddressKeys then finds nothing left to move).
  migrateAddressKeys(ctx, k);
  const params = k.getParams(ctx);
  const payloadLength = Math.min(MAX_PAYLOAD_LENGTH, Math.max(MIN_PAYLOAD_LENGTH, params.payloadLength));
  if (payloadLength !== params.payloadLength) k.params.set(ctx, { ...params, payloadLength });
  const stale = [...k.aliases.iterate(ctx)].filter(([id]) => !hasValidAliasCheck(id)).map(([, a]) => a.address);
  for (const address of stale) {
    k.retireAliasOf(ctx, address);
    k.issueAlias(ctx, address);
  }
}

const ADDRESS = legacyAccAddressText;
const GRANT = tripleKey(ADDRESS, uint32Key, stringKey);

/**
 * 2 → 3: addresses in keys are their bytes, no longer their bech32 text: jurisdictions,
 * viewing keys, auditor grants (current and past), role grants (current and revoked). The
 * indexes become the indexes of their maps and are rebuilt from them: each address's active
 * id, each country's perimeter, the grants by scope (now (jurisdiction, role) then the grant's
 * key) and the auditors' expiry schedule.
 */
export function migrateAddressKeys(ctx: Context, k: AliasKeeper): void {
  moveOldEntries(ctx, "alias/", 5, ADDRESS, protoValue(Jurisdiction, "Jurisdiction"), (address, j) =>
    k.jurisdictions.primary.set(ctx, address, j),
  );
  moveOldEntries(ctx, "alias/", 7, pairKey(ADDRESS, uint64Key), protoValue(ViewingKey, "ViewingKey"), (key, v) =>
    k.viewingKeys.set(ctx, key, v),
  );
  moveOldEntries(ctx, "alias/", 9, ADDRESS, protoValue(AuditorGrant, "AuditorGrant"), (address, g) =>
    k.auditors.primary.set(ctx, address, g),
  );
  moveOldEntries(ctx, "alias/", 10, GRANT, protoValue(RoleGrant, "RoleGrant"), (key, g) => k.roleGrants.primary.set(ctx, key, g));
  moveOldEntries(ctx, "alias/", 13, pairKey(GRANT, int64Key), protoValue(RoleGrant, "RoleGrant"), (key, g) =>
    k.revokedRoleGrants.set(ctx, key, g),
  );
  moveOldEntries(ctx, "alias/", 15, pairKey(ADDRESS, int64Key), protoValue(AuditorGrant, "AuditorGrant"), (key, g) =>
    k.pastAuditors.set(ctx, key, g),
  );
  // The old indexes go; every record then indexes itself again.
  const drop = () => {};
  moveOldEntries(ctx, "alias/", 3, ADDRESS, stringValue, drop);
  moveOldEntries(ctx, "alias/", 6, pairKey(stringKey, ADDRESS), emptyValue, drop);
  moveOldEntries(ctx, "alias/", 11, tripleKey(stringKey, uint32Key, ADDRESS), emptyValue, drop);
  moveOldEntries(ctx, "alias/", 12, pairKey(int64Key, ADDRESS), emptyValue, drop);
  for (const [id, a] of k.aliases.iterate(ctx)) k.aliases.indexes.byAddress.onSet(ctx, id, a, undefined);
  for (const [address, j] of k.jurisdictions.iterate(ctx)) k.jurisdictions.indexes.perimeter.onSet(ctx, address, j, undefined);
  for (const [key, g] of k.roleGrants.iterate(ctx)) k.roleGrants.indexes.byScope.onSet(ctx, key, g, undefined);
  for (const [address, g] of k.auditors.iterate(ctx)) k.auditors.indexes.expiry.onSet(ctx, address, g, undefined);
}
