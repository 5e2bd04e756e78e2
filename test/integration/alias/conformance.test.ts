import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../src/gen/blockchain/alias/v1/alias";
import * as q from "../../../src/gen/blockchain/alias/v1/query";
import * as tx from "../../../src/gen/blockchain/alias/v1/tx";
import { composeAliasId, deriveAliasId } from "../../../src/client/alias-id";
import type { AliasKeeper } from "../../../src/modules/alias";
import type { Module } from "../../../src/types/module";
import type { TestChain } from "../../helpers/chain";
import {
  aliasChain,
  aliasKeeper,
  aliasOf,
  createOffice,
  expectAliasError,
  genesisGrants,
  gov,
  keys,
  msg,
  onboard,
  pubKey,
  query,
  queryCode,
  responseOf,
  restOf,
  type Rest,
} from "./setup";

/** Issue 33 (rules 12, 25–30): conformance of alias with clients of the existing chain. */

const { bankA, alice, bob, carol, dave, admin, foundation, mallory, m1, m2 } = keys;
const R = "/blockchain/alias/v1";

describe("alias conformance (issue 33)", () => {
  let chain: TestChain;
  let r: Rest;
  let office: string;
  let office2: string;

  beforeAll(async () => {
    chain = await aliasChain(genesisGrants([[admin.address, Role.ROLE_FOUNDATION_ADMINISTRATOR, "*"]]));
    r = await restOf(chain);
    await onboard(chain);
    ({ office } = await createOffice(chain, m1, [m1.address, m2.address], "2"));
    ({ office: office2 } = await createOffice(chain, m2, [m1.address, m2.address], "1"));
  });
  afterAll(async () => {
    await r.rest.close();
    await chain.close();
  });

  describe("rules 25–26 and 12: identifiers", () => {
    it("the jurisdiction is accepted in any letter case and stored upper-case", async () => {
      await chain.mustDeliver(bankA, [msg.setJurisdiction(bankA.address, alice.address, "de")]);
      expect((await r.get(`${R}/jurisdiction/${alice.address}`)).body.jurisdiction.country).toBe("DE");
    });

    it("registration issues the nonce-0 identifier: country + A[d[i] mod 32] × 8 + the mod-32 check character", async () => {
      const { id } = responseOf(await chain.mustDeliver(alice, [msg.register(alice.address)]), tx.MsgRegisterAliasResponse);
      expect(id).toBe(deriveAliasId("DE", alice.address, 0n, 8));
      expect(id).toHaveLength(2 + 8 + 1);
      expect(id).toBe(composeAliasId("DE", id.slice(2, -1)));
    });

    it("rotation takes the first nonce whose identifier is neither live nor retired (nonce 1)", async () => {
      const out = responseOf(await chain.mustDeliver(alice, [msg.rotate(alice.address)]), tx.MsgRotateAliasResponse);
      expect(out.retired).toBe(deriveAliasId("DE", alice.address, 0n, 8));
      expect(out.id).toBe(deriveAliasId("DE", alice.address, 1n, 8));
    });

    it("re-issue after a correction starts again at nonce 0 under the new country", async () => {
      const out = responseOf(
        await chain.mustDeliver(admin, [msg.setJurisdiction(admin.address, alice.address, "fr")]),
        tx.MsgSetJurisdictionResponse,
      );
      expect(out.retired).toBe(deriveAliasId("DE", alice.address, 1n, 8));
      expect(out.id).toBe(deriveAliasId("FR", alice.address, 0n, 8));
    });

    it("lookups validate the check character by the same rule (ErrMalformedID 5)", async () => {
      const id = aliasOf(chain, alice.address).id;
      const A = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
      const wrong = id.slice(0, -1) + A[(A.indexOf(id.slice(-1)) + 1) % 32];
      expect((await r.get(`${R}/alias/${id.toLowerCase()}`)).body.alias.address).toBe(alice.address);
      expect((await r.get(`${R}/alias/${wrong}`)).status).toBe(400);
      expect(queryCode(() => query(chain, "Alias", q.QueryAliasRequest, { id: wrong }, q.QueryAliasResponse))).toBe(18);
      expect((await r.get(`${R}/retired/${deriveAliasId("DE", alice.address, 0n, 8)}`)).body).toEqual({ retired: true });
    });
  });

  describe("rule 27: payload_length", () => {
    it("defaults to 8", async () => {
      expect((await r.get(`${R}/params`)).body).toEqual({ params: { payload_length: 8 } });
    });

    it.each([0, 7, 17, 32])("governance setting %i is ErrInvalidParams 6", async (n) => {
      expect(await chain.govExec([msg.params(n)])).toMatchObject({ codespace: "alias", code: 6 });
    });

    it("8..16 is accepted; issuance follows it", async () => {
      expect((await chain.govExec([msg.params(16)])).log).toBe("");
      await chain.mustDeliver(bankA, [msg.setJurisdiction(bankA.address, bob.address, "KE")]);
      const { id } = responseOf(await chain.mustDeliver(bob, [msg.register(bob.address)]), tx.MsgRegisterAliasResponse);
      expect(id).toBe(deriveAliasId("KE", bob.address, 0n, 16));
      expect((await chain.govExec([msg.params(8)])).log).toBe("");
    });
  });

  describe("rule 28: recording the country already recorded", () => {
    it("by governance: a no-op (retired and id empty, identifier kept)", async () => {
      const before = aliasOf(chain, alice.address).id;
      const res = await chain.govExec([msg.setJurisdiction(gov, alice.address, "FR")]);
      expect(res.log).toBe("");
      expect(aliasOf(chain, alice.address).id).toBe(before);
    });

    it("by a foundation administrator: a no-op, in any letter case", async () => {
      const before = aliasOf(chain, alice.address).id;
      const out = responseOf(
        await chain.mustDeliver(admin, [msg.setJurisdiction(admin.address, alice.address, "fr")]),
        tx.MsgSetJurisdictionResponse,
      );
      expect(out).toEqual({ retired: "", id: "" });
      expect(aliasOf(chain, alice.address).id).toBe(before);
    });

    it("by the onboarding participant: ErrJurisdictionSet 12", async () => {
      expectAliasError(await chain.deliver(bankA, [msg.setJurisdiction(bankA.address, bob.address, "KE")]), 12);
    });
  });

  describe("rule 29: MsgGrantRole refusal order", () => {
    it("1. scope (18), even from a stranger", async () => {
      expectAliasError(await chain.deliver(mallory, [msg.grant("yml1bad", 0 as Role, "XX", mallory.address)]), 18);
    });
    it("2. signer (8)", async () => {
      expectAliasError(await chain.deliver(mallory, [msg.grant("yml1bad", 0 as Role, "DE", mallory.address)]), 8);
    });
    it("3. holder address (sdk 7)", async () => {
      const res = await chain.deliver(foundation, [msg.grant("yml1bad", 0 as Role, "DE", foundation.address)]);
      expect({ codespace: res.codespace, code: res.code }).toEqual({ codespace: "sdk", code: 7 });
    });
    it("4. role (17)", async () => {
      expectAliasError(await chain.deliver(foundation, [msg.grant(carol.address, Role.ROLE_UNSPECIFIED, "DE", foundation.address)]), 17);
    });
    it("5. a holder that is not a group policy account (20), whoever signs", async () => {
      expectAliasError(await chain.deliver(foundation, [msg.grant(carol.address, Role.ROLE_SUPERVISOR, "DE", foundation.address)]), 20);
      expect(await chain.govExec([msg.grant(carol.address, Role.ROLE_SUPERVISOR, "*")])).toMatchObject({ codespace: "alias", code: 20 });
    });
    it("6. shape (23); a group holder is granted", async () => {
      expectAliasError(
        await chain.deliver(foundation, [msg.grant(office, Role.ROLE_SUPERVISOR, "DE", foundation.address, { signatures: 0, members: 1 })]),
        23,
      );
      expectAliasError(
        await chain.deliver(foundation, [msg.grant(office, Role.ROLE_SUPERVISOR, "DE", foundation.address, { signatures: 3, members: 3 })]),
        23,
      );
      await chain.mustDeliver(foundation, [
        msg.grant(office, Role.ROLE_SUPERVISOR, "de", foundation.address, { signatures: 2, members: 2 }),
      ]);
      expect(aliasKeeper(chain).hasRole(chain.app.queryContext(), office, Role.ROLE_SUPERVISOR, "DE")).toBe(true);
    });
  });

  describe("rule 29: MsgAppointRegulator", () => {
    it("1. signer (8) before the country", async () => {
      expectAliasError(await chain.deliver(mallory, [msg.appoint("XX", office, mallory.address)]), 8);
    });
    it("2. country (10)", async () => {
      expectAliasError(await chain.deliver(foundation, [msg.appoint("XX", office, foundation.address)]), 10);
    });
    it("3. an appointee without ROLE_SUPERVISOR covering the country: ErrOutOfScope 19", async () => {
      expectAliasError(await chain.deliver(foundation, [msg.appoint("FR", office, foundation.address)]), 19);
      expectAliasError(await chain.deliver(foundation, [msg.appoint("DE", dave.address, foundation.address)]), 19);
    });
    it("a supervisor of the country is appointed (country in any case); a chain-wide supervisor covers every country", async () => {
      await chain.mustDeliver(foundation, [msg.appoint("de", office, foundation.address)]);
      expect((await r.get(`${R}/regulator/DE`)).body.appointment.address).toBe(office);
      expect((await chain.govExec([msg.grant(office2, Role.ROLE_SUPERVISOR, "*")])).log).toBe("");
      await chain.mustDeliver(foundation, [msg.appoint("FR", office2, foundation.address)]);
      await chain.mustDeliver(foundation, [msg.appoint("DE", office2, foundation.address)]);
      // The replaced appointment is kept.
      const past = [...aliasKeeper(chain).pastRegulators.iterate(chain.app.queryContext())].map(([, a]) => [a.country, a.address]);
      expect(past).toEqual([["DE", office]]);
    });
  });

  describe("rule 30: viewing keys and revoked grants", () => {
    it("any 32 bytes but all zeros are a valid key (no canonical-encoding or small-order refusal)", async () => {
      expectAliasError(await chain.deliver(carol, [msg.registerKey(carol.address, new Uint8Array(32))]), 13);
      await chain.mustDeliver(carol, [msg.registerKey(carol.address, pubKey(0xff))]);
      const smallOrder = new Uint8Array(32);
      smallOrder[0] = 1;
      await chain.mustDeliver(carol, [msg.registerKey(carol.address, smallOrder)]);
    });

    it("revoking a revoked version succeeds and changes nothing; a version never published is 14", async () => {
      await chain.mustDeliver(carol, [msg.revokeKey(carol.address, 1n)]);
      const first = (await r.get(`${R}/viewing_keys/${carol.address}`)).body.keys;
      await chain.mustDeliver(carol, [msg.revokeKey(carol.address, 1n)]);
      expect((await r.get(`${R}/viewing_keys/${carol.address}`)).body.keys).toEqual(first);
      expectAliasError(await chain.deliver(carol, [msg.revokeKey(carol.address, 3n)]), 14);
    });

    it("a revoked role grant is marked and kept, no longer counted", async () => {
      const k = aliasKeeper(chain);
      const grant = k.getRoleGrant(chain.app.queryContext(), office2, Role.ROLE_SUPERVISOR, "*")!;
      expect((await chain.govExec([msg.revoke(office2, Role.ROLE_SUPERVISOR, "*")])).log).toBe("");
      const ctx = chain.app.queryContext();
      expect(k.hasRole(ctx, office2, Role.ROLE_SUPERVISOR, "FR")).toBe(false);
      expect(k.revokedRoleGrants.get(ctx, [[office2, Role.ROLE_SUPERVISOR, "*"], grant.grantedAtHeight])).toEqual(grant);
    });
  });

  describe("consensus version 2: the 1 -> 2 migration", () => {
    it("re-issues active identifiers whose check character fails the new rule, keeps the old ones retired, brings payload_length within 8..16", () => {
      const m = chain.app.modules.modules.find((x) => x.name === "alias") as Module & { keeper: AliasKeeper };
      expect(m.consensusVersion).toBe(3);
      const k = m.keeper;
      const ctx = chain.app.queryContext();
      const kept = aliasOf(chain, alice.address).id;
      const valid = composeAliasId("DE", "ABCDEFGH");
      const legacy = valid.slice(0, -1) + (valid.endsWith("0") ? "1" : "0");
      k.setJurisdiction(ctx, { address: dave.address, country: "DE", recordedBy: gov, recordedAtHeight: 1n });
      k.setAlias(ctx, { id: legacy, address: dave.address, registeredAtHeight: 1n });
      k.params.set(ctx, { payloadLength: 20 });

      m.migrations!.find((x) => x.from === 1)!.migrate(ctx);

      expect(k.getParams(ctx)).toEqual({ payloadLength: 16 });
      expect(k.aliasOfAddress(ctx, dave.address)?.id).toBe(deriveAliasId("DE", dave.address, 0n, 16));
      expect(k.isRetired(ctx, legacy)).toBe(true);
      expect(k.aliasOfAddress(ctx, alice.address)?.id).toBe(kept);
    });
  });
});
