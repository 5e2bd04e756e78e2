import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importGenesis } from "../../helpers/genesis-import";
import { Role } from "../../../src/gen/blockchain/alias/v1/alias";
import { composeAliasId } from "../../../src/client/alias-id";
import type { TestChain } from "../../helpers/chain";
import { aliasChain, aliasKeeper, createOffice, genesisGrants, keys, msg, onboard, pubKey } from "./setup";

const { bankA, alice, bob, carol, admin, regulator, supervisor, auditor, m1, m2 } = keys;

describe("alias genesis", () => {
  let chain: TestChain;

  beforeAll(async () => {
    // Plain-key role holders planted at genesis (which asks for no group account).
    chain = await aliasChain(
      genesisGrants([
        [admin.address, Role.ROLE_FOUNDATION_ADMINISTRATOR, "*"],
        [supervisor.address, Role.ROLE_SUPERVISOR, "DE"],
        [regulator.address, Role.ROLE_SUPERVISOR, "DE"],
      ]),
    );
    await onboard(chain);
    const { office } = await createOffice(chain, m1, [m1.address, m2.address], "2");
    await chain.mustDeliver(bankA, [
      msg.setJurisdiction(bankA.address, alice.address, "DE"),
      msg.setJurisdiction(bankA.address, bob.address, "FR"),
    ]);
    await chain.mustDeliver(alice, [msg.register(alice.address)]);
    await chain.mustDeliver(alice, [msg.rotate(alice.address)]);
    await chain.mustDeliver(bob, [msg.register(bob.address), msg.registerKey(bob.address, pubKey(1))]);
    await chain.mustDeliver(bob, [msg.registerKey(bob.address, pubKey(2)), msg.revokeKey(bob.address, 1n)]);
    // Kept history too: a revoked grant, a replaced regulator, a replaced auditor grant.
    expect(
      (
        await chain.govExec([
          msg.grant(office, Role.ROLE_SUPERVISOR, "FR"),
          msg.appoint("DE", supervisor.address),
          msg.auditor(auditor.address, chain.height + 500n),
        ])
      ).log,
    ).toBe("");
    expect(
      (
        await chain.govExec([
          msg.revoke(office, Role.ROLE_SUPERVISOR, "FR"),
          msg.grant(office, Role.ROLE_ENFORCEMENT_AUTHORITY, "FR", undefined, { signatures: 2, members: 2 }),
          msg.appoint("DE", regulator.address),
          msg.auditor(auditor.address, chain.height + 1000n),
        ])
      ).log,
    ).toBe("");
    await chain.mustDeliver(admin, [msg.setJurisdiction(admin.address, carol.address, "IT")]);
  });
  afterAll(async () => chain.close());

  it("exports every record; export → import → export is a fixed point with the same app hash", async () => {
    const exported = chain.app.exportAppState() as Record<string, any>;
    const a = exported.alias;
    expect(a.params).toEqual({ payload_length: 8 });
    expect(a.aliases).toHaveLength(2);
    expect(a.retired).toHaveLength(1);
    expect(a.jurisdictions).toHaveLength(3);
    expect(a.viewing_keys).toHaveLength(2);
    expect(a.regulators).toHaveLength(1);
    expect(a.auditor_grants).toHaveLength(1);
    expect(a.role_grants).toHaveLength(4);
    expect(a.revoked_role_grants).toEqual([
      expect.objectContaining({ holder: expect.any(String), role: "ROLE_SUPERVISOR", jurisdiction: "FR" }),
    ]);
    expect(a.past_regulators).toEqual([expect.objectContaining({ country: "DE", address: supervisor.address })]);
    expect(a.past_auditor_grants).toHaveLength(1);
    expect(a.role_grants.find((g: any) => g.role === "ROLE_ENFORCEMENT_AUTHORITY").required_shape).toEqual({ signatures: 2, members: 2 });

    const first = await importGenesis({ ...chain.genesis, validators: [], app_state: exported });
    expect(first.exported.alias).toEqual(a);
    const second = await importGenesis({ ...chain.genesis, validators: [], app_state: first.exported });
    expect(second.appHash).toBe(first.appHash);
    expect(second.exported).toEqual(first.exported);
  });

  it("imported state is live: lookups, roles, readers and keys", async () => {
    const exported = chain.app.exportAppState() as Record<string, any>;
    const other = await aliasChain((s) => {
      s.alias = exported.alias;
    });
    try {
      const k = aliasKeeper(other);
      const ctx = other.app.queryContext();
      expect(k.aliasOfAddress(ctx, alice.address)?.id).toBe(aliasKeeper(chain).aliasOfAddress(chain.app.queryContext(), alice.address)?.id);
      expect(k.isRetired(ctx, exported.alias.retired[0])).toBe(true);
      expect(k.hasRole(ctx, supervisor.address, Role.ROLE_SUPERVISOR, "DE")).toBe(true);
      expect(k.payloadReaders(ctx, "DE").map((x) => x.address)).toEqual([regulator.address, supervisor.address]);
      expect(k.currentViewingKey(ctx, bob.address)?.version).toBe(2n);
      expect(k.getJurisdiction(ctx, carol.address)?.country).toBe("IT");
      // The shaped grant's office does not exist on this chain (no group state imported): it does not hold.
      const office = exported.alias.role_grants.find((g: any) => g.role === "ROLE_ENFORCEMENT_AUTHORITY").holder;
      expect(k.hasRole(ctx, office, Role.ROLE_ENFORCEMENT_AUTHORITY, "FR")).toBe(false);
    } finally {
      await other.close();
    }
  });

  const base = () => (chain.app.exportAppState() as Record<string, any>).alias;

  it("accepts a retired identifier issued under an earlier check rule (its form is checked, not its check character)", async () => {
    const a = base();
    const valid = composeAliasId("DE", "ABCDEFGH");
    a.retired.push(valid.slice(0, -1) + (valid.endsWith("0") ? "1" : "0"));
    const other = await aliasChain((s) => (s.alias = a));
    await other.close();
  });
  it.each([
    ["payload_length 0", (a: any) => (a.params = { payload_length: 0 }), /payload_length/],
    ["payload_length 17", (a: any) => (a.params = { payload_length: 17 }), /payload_length must be within 8..16/],
    [
      "an identifier with a wrong check character",
      (a: any) => (a.aliases[0].id = a.aliases[0].id.slice(0, -1) + (a.aliases[0].id.endsWith("0") ? "1" : "0")),
      /check character/,
    ],
    [
      "an identifier in display form",
      (a: any) => (a.aliases[0].id = a.aliases[0].id.slice(0, 2) + "-" + a.aliases[0].id.slice(2)),
      /normalised form/,
    ],
    [
      "an identifier under another country than its account's",
      (a: any) => (a.aliases[0].id = composeAliasId("AT", "ABCDEFGH")),
      /does not carry/,
    ],
    ["an identifier both active and retired", (a: any) => a.retired.push(a.aliases[0].id), /both active and retired/],
    [
      "an identifier of an account with no jurisdiction",
      (a: any) => (a.jurisdictions = a.jurisdictions.filter((j: any) => j.address !== a.aliases[0].address)),
      /no jurisdiction/,
    ],
    ["a reserved country", (a: any) => (a.jurisdictions[0].country = "ZZ"), /foundation's reserved code/],
    ["a lower-case country", (a: any) => (a.jurisdictions[0].country = a.jurisdictions[0].country.toLowerCase()), /upper-case/],
    ["a 31-byte viewing key", (a: any) => (a.viewing_keys[0].public_key = Buffer.alloc(31, 1).toString("base64")), /not 32 bytes/],
    ["a duplicate regulator", (a: any) => a.regulators.push(a.regulators[0]), /duplicate regulator/],
    ["an auditor with no expiry", (a: any) => (a.auditor_grants[0].expires_at_height = "0"), /no expiry/],
    ["ROLE_UNSPECIFIED", (a: any) => (a.role_grants[0].role = "ROLE_UNSPECIFIED"), /ROLE_UNSPECIFIED/],
    [
      "a foundation administrator scoped to a country",
      (a: any) => (a.role_grants.find((g: any) => g.role === "ROLE_FOUNDATION_ADMINISTRATOR").jurisdiction = "DE"),
      /chain-wide only/,
    ],
    [
      "a zero-signature shape",
      (a: any) => (a.role_grants.find((g: any) => g.required_shape).required_shape = { signatures: 0, members: 1 }),
      /signatures must be at least 1/,
    ],
  ] as Array<[string, (a: any) => unknown, RegExp]>)("refuses genesis with %s", async (_label, mutate, why) => {
    const a = base();
    mutate(a);
    await expect(aliasChain((s) => (s.alias = a))).rejects.toThrow(why);
  });
});
