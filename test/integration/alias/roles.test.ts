import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../src/gen/blockchain/alias/v1/alias";
import type { TestChain } from "../../helpers/chain";
import {
  aliasChain,
  aliasKeeper,
  createOffice,
  expectAliasError,
  genesisGrants,
  gov,
  keys,
  msg,
  restOf,
  updateMembers,
  type Rest,
} from "./setup";

const { bob, carol, foundation, regulator, mallory, m1, m2, m3 } = keys;
const R = "/blockchain/alias/v1";
const shape = (signatures: number, members: number) => ({ signatures, members });

describe("alias role registry", () => {
  let chain: TestChain;
  let r: Rest;
  let office: string;
  let groupId: bigint;
  /** One-member offices standing for a supervisor, a chain-wide authority and a registry. */
  let sup: string;
  let wide: string;
  let registry: string;

  beforeAll(async () => {
    // The regulator key supervises DE from genesis (genesis asks for no group account).
    chain = await aliasChain(genesisGrants([[regulator.address, Role.ROLE_SUPERVISOR, "DE"]]));
    r = await restOf(chain);
    // An office of three equal members acting on two signatures.
    ({ office, groupId } = await createOffice(chain, m1, [m1.address, m2.address, m3.address], "2"));
    ({ office: sup } = await createOffice(chain, m1, [m1.address], "1"));
    ({ office: wide } = await createOffice(chain, m2, [m2.address], "1"));
    ({ office: registry } = await createOffice(chain, m3, [m3.address], "1"));
  });
  afterAll(async () => {
    await r.rest.close();
    await chain.close();
  });

  it("governance grants country-scoped and chain-wide roles; REST reads them back", async () => {
    const res = await chain.govExec([msg.grant(sup, Role.ROLE_SUPERVISOR, "de"), msg.grant(wide, Role.ROLE_ENFORCEMENT_AUTHORITY, "*")]);
    expect(res.log).toBe("");
    const grants = await r.get(`${R}/role_grants/${sup}`);
    expect(grants.status).toBe(200);
    expect(grants.body.grants).toEqual([
      {
        holder: sup,
        role: "ROLE_SUPERVISOR",
        jurisdiction: "DE",
        granted_by: gov,
        granted_at_height: expect.stringMatching(/^\d+$/),
        required_shape: null,
      },
    ]);
    expect((await r.get(`${R}/chain_wide_grants`)).body.grants.map((g: any) => [g.holder, g.role])).toEqual([
      [wide, "ROLE_ENFORCEMENT_AUTHORITY"],
    ]);
    expect(await r.get(`${R}/role_grants/${bob.address}`)).toEqual({ status: 200, body: { grants: [] } });
    const k = aliasKeeper(chain);
    const ctx = chain.app.queryContext();
    expect(k.hasRole(ctx, sup, Role.ROLE_SUPERVISOR, "DE")).toBe(true);
    expect(k.hasRole(ctx, sup, Role.ROLE_SUPERVISOR, "FR")).toBe(false);
    expect(k.hasRole(ctx, wide, Role.ROLE_ENFORCEMENT_AUTHORITY, "FR")).toBe(true);
    expect(k.hasRole(ctx, wide, Role.ROLE_SUPERVISOR, "FR")).toBe(false);
  });

  it("the foundation grants and revokes country-scoped roles, never chain-wide ones (ErrInvalidSigner 8)", async () => {
    await chain.mustDeliver(foundation, [msg.grant(registry, Role.ROLE_REGISTRY_AUTHORITY, "FR", foundation.address)]);
    expectAliasError(await chain.deliver(foundation, [msg.grant(bob.address, Role.ROLE_SUPERVISOR, "*", foundation.address)]), 8);
    expectAliasError(
      await chain.deliver(foundation, [msg.grant(bob.address, Role.ROLE_FOUNDATION_ADMINISTRATOR, "*", foundation.address)]),
      8,
    );
    expectAliasError(await chain.deliver(foundation, [msg.revoke(wide, Role.ROLE_ENFORCEMENT_AUTHORITY, "*", foundation.address)]), 8);
    expectAliasError(await chain.deliver(mallory, [msg.grant(mallory.address, Role.ROLE_SUPERVISOR, "DE", mallory.address)]), 8);
    expectAliasError(await chain.deliver(mallory, [msg.revoke(sup, Role.ROLE_SUPERVISOR, "DE", mallory.address)]), 8);
    const holders = await r.get(`${R}/role_holders/fr`);
    expect(holders.body.grants.map((g: any) => [g.holder, g.role, g.granted_by])).toEqual([
      [registry, "ROLE_REGISTRY_AUTHORITY", foundation.address],
    ]);
    await chain.mustDeliver(foundation, [msg.revoke(registry, Role.ROLE_REGISTRY_AUTHORITY, "FR", foundation.address)]);
    expect((await r.get(`${R}/role_holders/FR`)).body).toEqual({ grants: [], pagination: { next_key: null, total: "0" } });
  });

  it("refuses ROLE_UNSPECIFIED and unknown roles (ErrInvalidRole 17)", async () => {
    expectAliasError(await chain.deliver(foundation, [msg.grant(bob.address, Role.ROLE_UNSPECIFIED, "DE", foundation.address)]), 17);
    expectAliasError(await chain.deliver(foundation, [msg.grant(bob.address, 42 as Role, "DE", foundation.address)]), 17);
    expectAliasError(await chain.deliver(foundation, [msg.revoke(bob.address, Role.ROLE_UNSPECIFIED, "DE", foundation.address)]), 17);
  });

  it("refuses a foundation administrator scoped to a country, the foundation's code and an empty scope (ErrInvalidScope 18)", async () => {
    expect(await chain.govExec([msg.grant(bob.address, Role.ROLE_FOUNDATION_ADMINISTRATOR, "DE")])).toMatchObject({
      codespace: "alias",
      code: 18,
    });
    expectAliasError(await chain.deliver(foundation, [msg.grant(bob.address, Role.ROLE_SUPERVISOR, "ZZ", foundation.address)]), 18);
    expectAliasError(await chain.deliver(foundation, [msg.grant(bob.address, Role.ROLE_SUPERVISOR, "", foundation.address)]), 18);
  });

  it("validates the jurisdiction before the signer (ErrInvalidScope 18 even from a stranger)", async () => {
    expectAliasError(await chain.deliver(mallory, [msg.grant(bob.address, Role.ROLE_SUPERVISOR, "XX", mallory.address)]), 18);
    expectAliasError(await chain.deliver(mallory, [msg.revoke(bob.address, Role.ROLE_SUPERVISOR, "EU", mallory.address)]), 18);
    expectAliasError(await chain.deliver(mallory, [msg.grant(bob.address, Role.ROLE_SUPERVISOR, "ZZ", mallory.address)]), 18);
  });

  it("revoking a grant that was never made is ErrGrantNotFound 21", async () => {
    expectAliasError(await chain.deliver(foundation, [msg.revoke(carol.address, Role.ROLE_SUPERVISOR, "DE", foundation.address)]), 21);
    // A chain-wide grant is not a grant over DE.
    expect(await chain.govExec([msg.revoke(wide, Role.ROLE_ENFORCEMENT_AUTHORITY, "DE")])).toMatchObject({ codespace: "alias", code: 21 });
  });

  it("required_shape: refused when malformed (23), when the holder is not a group (20) or the group falls short (23)", async () => {
    expectAliasError(await chain.deliver(foundation, [msg.grant(office, Role.ROLE_SUPERVISOR, "FR", foundation.address, shape(0, 1))]), 23);
    expectAliasError(await chain.deliver(foundation, [msg.grant(office, Role.ROLE_SUPERVISOR, "FR", foundation.address, shape(3, 2))]), 23);
    expectAliasError(
      await chain.deliver(foundation, [msg.grant(carol.address, Role.ROLE_SUPERVISOR, "FR", foundation.address, shape(1, 1))]),
      20,
    );
    // The office acts on 2 of 3: a floor of 3 signatures or 4 members is not met.
    expectAliasError(await chain.deliver(foundation, [msg.grant(office, Role.ROLE_SUPERVISOR, "FR", foundation.address, shape(3, 3))]), 23);
    expectAliasError(await chain.deliver(foundation, [msg.grant(office, Role.ROLE_SUPERVISOR, "FR", foundation.address, shape(2, 4))]), 23);
  });

  it("required_shape is met at grant time and re-checked on every use", async () => {
    await chain.mustDeliver(foundation, [msg.grant(office, Role.ROLE_SUPERVISOR, "FR", foundation.address, shape(2, 3))]);
    const k = aliasKeeper(chain);
    expect(k.hasRole(chain.app.queryContext(), office, Role.ROLE_SUPERVISOR, "FR")).toBe(true);
    expect((await r.get(`${R}/payload_readers/FR`)).body.readers.map((x: any) => x.address)).toEqual([office]);
    expect((await r.get(`${R}/role_grants/${office}`)).body.grants[0].required_shape).toEqual({ signatures: 2, members: 3 });

    // The office drops to two members: it no longer holds the role, though the grant is still listed.
    await chain.mustDeliver(m1, [updateMembers(m1.address, groupId, [[m3.address, "0"]])]);
    const ctx = chain.app.queryContext();
    expect(k.hasRole(ctx, office, Role.ROLE_SUPERVISOR, "FR")).toBe(false);
    expect(() => k.requireRole(ctx, office, Role.ROLE_SUPERVISOR, "FR")).toThrow(/office shape not met/);
    expect((await r.get(`${R}/payload_readers/FR`)).body.readers).toEqual([]);
    expect((await r.get(`${R}/role_holders/FR?role=ROLE_SUPERVISOR`)).body.grants.map((g: any) => g.holder)).toEqual([office]);
    expect((await r.get(`${R}/role_holders/FR?role=ROLE_MONETARY_AUTHORITY`)).body.grants).toEqual([]);
    for (const bad of ["-1", "99", "ROLE_NOPE"]) expect((await r.get(`${R}/role_holders/FR?role=${bad}`)).status).toBe(400);
    expect((await r.get(`${R}/role_holders/*`)).status).toBe(400);
  });

  it("requireRole answers out of scope (ErrOutOfScope 19) for a holder scoped elsewhere", () => {
    const k = aliasKeeper(chain);
    const ctx = chain.app.queryContext();
    expect(() => k.requireRole(ctx, sup, Role.ROLE_SUPERVISOR, "IT")).toThrow(expect.objectContaining({ codespace: "alias", code: 19 }));
    expect(() => k.requireRole(ctx, carol.address, Role.ROLE_SUPERVISOR, "IT")).toThrow(
      expect.objectContaining({ codespace: "alias", code: 21 }),
    );
    expect(() => k.requireRole(ctx, sup, Role.ROLE_SUPERVISOR, "DE")).not.toThrow();
  });

  it("the office back at three members holds its role again; a shaped grant to an account that is no group policy is ErrHolderNotGroup 20", async () => {
    const k = aliasKeeper(chain);
    await chain.mustDeliver(m1, [updateMembers(m1.address, groupId, [[m3.address, "1"]])]);
    expect(k.hasRole(chain.app.queryContext(), office, Role.ROLE_SUPERVISOR, "FR")).toBe(true);
    expectAliasError(
      await chain.deliver(foundation, [msg.grant(carol.address, Role.ROLE_SUPERVISOR, "IT", foundation.address, shape(1, 1))]),
      20,
    );
    const ctx = chain.app.queryContext();
    expect(k.hasRole(ctx, carol.address, Role.ROLE_SUPERVISOR, "IT")).toBe(false);
    expect(() => k.requireRole(ctx, carol.address, Role.ROLE_SUPERVISOR, "IT")).toThrow(
      expect.objectContaining({ codespace: "alias", code: 21 }),
    );
  });

  it("regulators: one per country, appointed by governance or the foundation from the country's supervisors", async () => {
    expectAliasError(await chain.deliver(mallory, [msg.appoint("DE", mallory.address, mallory.address)]), 8);
    expectAliasError(await chain.deliver(foundation, [msg.appoint("ZZ", regulator.address, foundation.address)]), 10);
    const none = await r.get(`${R}/regulator/DE`);
    expect(none.status).toBe(404);
    expect(none.body.message).toMatch(/no regulator appointed/);
    expect((await chain.govExec([msg.appoint("DE", sup)])).log).toBe("");
    const res = await chain.mustDeliver(foundation, [msg.appoint("de", regulator.address, foundation.address)]);
    expect(await r.get(`${R}/regulator/de`)).toEqual({
      status: 200,
      body: {
        appointment: {
          country: "DE",
          address: regulator.address,
          appointed_by: foundation.address,
          appointed_at_height: res.height.toString(),
        },
        key: {
          address: regulator.address,
          version: "0",
          public_key: null,
          registered_at_height: "0",
          revoked: false,
          revoked_at_height: "0",
        },
      },
    });
    expect(aliasKeeper(chain).regulatorOf(chain.app.queryContext(), "DE")).toBe(regulator.address);
    expect(aliasKeeper(chain).regulatorOf(chain.app.queryContext(), "FR")).toBeUndefined();
  });
});
