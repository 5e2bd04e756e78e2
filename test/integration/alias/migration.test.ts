import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuditorGrant, Jurisdiction, Role, RoleGrant, ViewingKey } from "../../../src/gen/blockchain/alias/v1/alias";
import type { AliasKeeper } from "../../../src/modules/alias";
import {
  emptyValue,
  int64Key,
  pairKey,
  protoValue,
  stringKey,
  stringValue,
  tripleKey,
  uint32Key,
  uint64Key,
} from "../../../src/store/codecs";
import type { Module } from "../../../src/types/module";
import type { TestChain } from "../../helpers/chain";
import { expectMigrationRestores, oldMap, rewrite } from "../../helpers/layout-migration";
import { aliasChain, aliasKeeper, createOffice, keys, msg, onboard, pubKey } from "./setup";

const { bankA, alice, bob, auditor, m1, m2 } = keys;
const ALIAS = "alias/";
const GRANT = tripleKey(stringKey, uint32Key, stringKey);

/** Consensus version 3: addresses in keys are address bytes (they were bech32 text); the indexes are their maps'. */
describe("alias: the 2 -> 3 migration", () => {
  let chain: TestChain;
  let office: string;
  const alias = () => chain.app.modules.modules.find((m) => m.name === "alias") as Module & { keeper: AliasKeeper };

  beforeAll(async () => {
    chain = await aliasChain();
    await onboard(chain);
    await chain.mustDeliver(bankA, [
      msg.setJurisdiction(bankA.address, alice.address, "DE"),
      msg.setJurisdiction(bankA.address, bob.address, "FR"),
    ]);
    await chain.mustDeliver(alice, [msg.register(alice.address), msg.registerKey(alice.address, pubKey(1))]);
    await chain.mustDeliver(alice, [msg.registerKey(alice.address, pubKey(2))]);
    ({ office } = await createOffice(chain, m1, [m1.address, m2.address], "1"));
    expect(
      (
        await chain.govExec([
          msg.grant(office, Role.ROLE_SUPERVISOR, "DE"),
          msg.grant(office, Role.ROLE_ENFORCEMENT_AUTHORITY, "*"),
          msg.auditor(auditor.address, 1000n),
        ])
      ).log,
    ).toBe("");
    expect((await chain.govExec([msg.revoke(office, Role.ROLE_ENFORCEMENT_AUTHORITY, "*"), msg.auditor(auditor.address, 2000n)])).log).toBe(
      "",
    );
  });
  afterAll(async () => chain.close());

  it("moves every address-keyed record to address bytes and rebuilds the indexes; lookups are as before", () => {
    const m = alias();
    const k = aliasKeeper(chain);
    expect(m.consensusVersion).toBe(3);
    const ctx = chain.app.queryContext();
    const id = k.activeIdOf(ctx, alice.address);
    expect(id).toBeDefined();
    const readers = k.payloadReaders(ctx, "DE");
    expectMigrationRestores(ctx, m, ALIAS, 2, () => {
      // The version-2 indexes were kept by hand, under text addresses: the current ones go first.
      const byAddress = oldMap(ALIAS, 3, stringKey, stringValue);
      for (const [aliasId, a] of k.aliases.iterate(ctx)) {
        k.aliases.indexes.byAddress.onRemove(ctx, aliasId, a);
        byAddress.set(ctx, a.address, aliasId);
      }
      const perimeter = oldMap(ALIAS, 6, pairKey(stringKey, stringKey), emptyValue);
      for (const [address, j] of [...k.jurisdictions.iterate(ctx)]) {
        k.jurisdictions.indexes.perimeter.onRemove(ctx, address, j);
        perimeter.set(ctx, [j.country, address], true);
      }
      const scopes = oldMap(ALIAS, 11, tripleKey(stringKey, uint32Key, stringKey), emptyValue);
      for (const [key, g] of [...k.roleGrants.iterate(ctx)]) {
        k.roleGrants.indexes.byScope.onRemove(ctx, key, g);
        scopes.set(ctx, [g.jurisdiction, g.role, g.holder], true);
      }
      const expiry = oldMap(ALIAS, 12, pairKey(int64Key, stringKey), emptyValue);
      for (const [address, g] of [...k.auditors.iterate(ctx)]) {
        k.auditors.indexes.expiry.onRemove(ctx, address, g);
        expiry.set(ctx, [g.expiresAtHeight, address], true);
      }
      const same = <T>(x: T) => x;
      rewrite(ctx, k.jurisdictions.primary, oldMap(ALIAS, 5, stringKey, protoValue(Jurisdiction)), same, same);
      rewrite(ctx, k.viewingKeys, oldMap(ALIAS, 7, pairKey(stringKey, uint64Key), protoValue(ViewingKey)), same, same);
      rewrite(ctx, k.auditors.primary, oldMap(ALIAS, 9, stringKey, protoValue(AuditorGrant)), same, same);
      rewrite(ctx, k.roleGrants.primary, oldMap(ALIAS, 10, GRANT, protoValue(RoleGrant)), same, same);
      rewrite(ctx, k.revokedRoleGrants, oldMap(ALIAS, 13, pairKey(GRANT, int64Key), protoValue(RoleGrant)), same, same);
      rewrite(ctx, k.pastAuditors, oldMap(ALIAS, 15, pairKey(stringKey, int64Key), protoValue(AuditorGrant)), same, same);
      expect(k.getJurisdiction(ctx, alice.address)).toBeUndefined();
    });
    expect(k.activeIdOf(ctx, alice.address)).toBe(id);
    expect(k.getJurisdiction(ctx, bob.address)?.country).toBe("FR");
    expect(k.currentViewingKey(ctx, alice.address)?.version).toBe(2n);
    expect(k.payloadReaders(ctx, "DE")).toEqual(readers);
    expect(k.hasRole(ctx, office, Role.ROLE_SUPERVISOR, "DE")).toBe(true);
    expect(k.isAuditorActive(ctx, auditor.address)).toBe(true);
    expect([...k.jurisdictions.indexes.perimeter.iterate(ctx, "DE")]).toEqual([alice.address]);
  });
});
