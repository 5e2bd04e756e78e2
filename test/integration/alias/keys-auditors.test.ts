import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../src/gen/blockchain/alias/v1/alias";
import * as tx from "../../../src/gen/blockchain/alias/v1/tx";
import type { TestChain } from "../../helpers/chain";
import { aliasChain, aliasKeeper, expectAliasError, genesisGrants, gov, keys, msg, pubKey, responseOf, restOf, type Rest } from "./setup";

const { alice, bob, carol, foundation, regulator, supervisor, auditor, mallory } = keys;
const R = "/blockchain/alias/v1";
const b64 = (k: Uint8Array) => Buffer.from(k).toString("base64");

describe("alias viewing keys", () => {
  let chain: TestChain;
  let r: Rest;

  beforeAll(async () => {
    chain = await aliasChain();
    r = await restOf(chain);
  });
  afterAll(async () => {
    await r.rest.close();
    await chain.close();
  });

  it("refuses a key that is not 32 bytes or all zero (ErrInvalidViewingKey 13); any other 32 bytes are a key", async () => {
    expectAliasError(await chain.deliver(alice, [msg.registerKey(alice.address, new Uint8Array(31).fill(1))]), 13);
    expectAliasError(await chain.deliver(alice, [msg.registerKey(alice.address, new Uint8Array(33).fill(1))]), 13);
    expectAliasError(await chain.deliver(alice, [msg.registerKey(alice.address, new Uint8Array(0))]), 13);
    expectAliasError(await chain.deliver(alice, [msg.registerKey(alice.address, new Uint8Array(32))]), 13);
    // Small-order points (u = 1, an order-8 point, p − 1) and a non-canonical encoding are not screened.
    const one = new Uint8Array(32);
    one[0] = 1;
    const order8 = Buffer.from("e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800", "hex");
    const pMinusOne = Buffer.from("ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", "hex");
    for (const odd of [one, order8, pMinusOne, new Uint8Array(32).fill(0xff)]) {
      await chain.mustDeliver(mallory, [msg.registerKey(mallory.address, new Uint8Array(odd))]);
    }
  });

  it("versions keys; revocation by version keeps every version listed, newest first", async () => {
    const v1 = await chain.mustDeliver(alice, [msg.registerKey(alice.address, pubKey(1))]);
    expect(responseOf(v1, tx.MsgRegisterViewingKeyResponse).version).toBe(1n);
    const v2 = await chain.mustDeliver(alice, [msg.registerKey(alice.address, pubKey(2))]);
    expect(responseOf(v2, tx.MsgRegisterViewingKeyResponse).version).toBe(2n);
    // A key is never published twice, not even after its revocation.
    expectAliasError(await chain.deliver(alice, [msg.registerKey(alice.address, pubKey(1))]), 13);

    const rv = await chain.mustDeliver(alice, [msg.revokeKey(alice.address, 2n)]);
    // Revoking it again succeeds and changes nothing (its revocation height stays).
    await chain.mustDeliver(alice, [msg.revokeKey(alice.address, 2n)]);
    expectAliasError(await chain.deliver(alice, [msg.revokeKey(alice.address, 3n)]), 14);
    expectAliasError(await chain.deliver(alice, [msg.revokeKey(alice.address, 0n)]), 14);
    // Another account cannot revoke alice's key: its own version 1 does not exist.
    expectAliasError(await chain.deliver(carol, [msg.revokeKey(carol.address, 1n)]), 14);

    expect(await r.get(`${R}/viewing_keys/${alice.address}`)).toEqual({
      status: 200,
      body: {
        keys: [
          {
            address: alice.address,
            version: "2",
            public_key: b64(pubKey(2)),
            registered_at_height: v2.height.toString(),
            revoked: true,
            revoked_at_height: rv.height.toString(),
          },
          {
            address: alice.address,
            version: "1",
            public_key: b64(pubKey(1)),
            registered_at_height: v1.height.toString(),
            revoked: false,
            revoked_at_height: "0",
          },
        ],
      },
    });
    // The newest unrevoked version is the current one.
    expect(aliasKeeper(chain).currentViewingKey(chain.app.queryContext(), alice.address)?.version).toBe(1n);
    const v3 = await chain.mustDeliver(alice, [msg.registerKey(alice.address, pubKey(3))]);
    expect(responseOf(v3, tx.MsgRegisterViewingKeyResponse).version).toBe(3n);
    expect(aliasKeeper(chain).currentViewingKey(chain.app.queryContext(), alice.address)?.version).toBe(3n);
    expect(await r.get(`${R}/viewing_keys/${bob.address}`)).toEqual({ status: 200, body: { keys: [] } });
  });
});

describe("alias auditors and payload readers", () => {
  let chain: TestChain;
  let r: Rest;

  beforeAll(async () => {
    // Plain keys as role holders: planted at genesis, which asks for no group account.
    chain = await aliasChain(
      genesisGrants([
        [supervisor.address, Role.ROLE_SUPERVISOR, "DE"],
        [carol.address, Role.ROLE_SUPERVISOR, "*"],
        [regulator.address, Role.ROLE_SUPERVISOR, "DE"],
        [bob.address, Role.ROLE_ENFORCEMENT_AUTHORITY, "DE"],
      ]),
    );
    r = await restOf(chain);
    await chain.mustDeliver(regulator, [msg.registerKey(regulator.address, pubKey(11))]);
    await chain.mustDeliver(supervisor, [msg.registerKey(supervisor.address, pubKey(12))]);
    await chain.mustDeliver(auditor, [msg.registerKey(auditor.address, pubKey(13))]);
  });
  afterAll(async () => {
    await r.rest.close();
    await chain.close();
  });

  it("auditor grants need a future expiry and governance (ErrInvalidAuditorGrant 16, ErrInvalidSigner 8)", async () => {
    expect(await chain.govExec([msg.auditor(auditor.address, 0n)])).toMatchObject({ codespace: "alias", code: 16 });
    expect(await chain.govExec([msg.auditor(auditor.address, -5n)])).toMatchObject({ codespace: "alias", code: 16 });
    // The gov batch runs in the next block: its own height is not in the future.
    expect(await chain.govExec([msg.auditor(auditor.address, chain.height + 1n)])).toMatchObject({ codespace: "alias", code: 16 });
    expectAliasError(await chain.deliver(foundation, [msg.auditor(auditor.address, chain.height + 100n, foundation.address)]), 8);
    expectAliasError(await chain.deliver(mallory, [msg.auditor(mallory.address, chain.height + 100n, mallory.address)]), 8);
  });

  it("payload readers: the regulator, country supervisors, chain-wide supervisors; never auditors; each once", async () => {
    expect((await chain.govExec([msg.appoint("DE", regulator.address), msg.auditor(auditor.address, chain.height + 6n)])).log).toBe("");
    const empty = { version: "0", public_key: null, registered_at_height: "0", revoked: false, revoked_at_height: "0" };
    const res = await r.get(`${R}/payload_readers/de`);
    expect(res.status).toBe(200);
    expect(res.body.readers.map((x: any) => [x.address, x.basis, x.scope, x.key.public_key])).toEqual([
      [regulator.address, "PAYLOAD_READER_REGULATOR", "", b64(pubKey(11))],
      [supervisor.address, "PAYLOAD_READER_SUPERVISOR", "DE", b64(pubKey(12))],
      [carol.address, "PAYLOAD_READER_SUPERVISOR", "*", null],
    ]);
    expect(res.body.readers[2].key).toEqual({ address: carol.address, ...empty });
    expect((await r.get(`${R}/payload_readers/FR`)).body.readers.map((x: any) => x.address)).toEqual([carol.address]);
    for (const bad of ["*", "ZZ", "zz", "XX", "DEU"])
      expect((await r.get(`${R}/payload_readers/${encodeURIComponent(bad)}`)).status).toBe(400);
  });

  it("an auditor's grant lapses at expires_at_height on the dev chain with no transaction", async () => {
    const grant = aliasKeeper(chain).auditors.get(chain.app.queryContext(), auditor.address)!;
    const active = await r.get(`${R}/auditors`);
    expect(active.body.auditors).toEqual([
      {
        grant: {
          address: auditor.address,
          granted_by: gov,
          granted_at_height: grant.grantedAtHeight.toString(),
          expires_at_height: grant.expiresAtHeight.toString(),
        },
        key: {
          address: auditor.address,
          version: "1",
          public_key: b64(pubKey(13)),
          registered_at_height: expect.any(String),
          revoked: false,
          revoked_at_height: "0",
        },
      },
    ]);
    // Empty blocks only, up to the last height at which the grant holds.
    while (chain.height + 1n < grant.expiresAtHeight) await chain.produceBlocks(1);
    expect(chain.height).toBe(grant.expiresAtHeight - 1n);
    expect((await r.get(`${R}/auditors`)).body.auditors).toHaveLength(1);
    expect(aliasKeeper(chain).isAuditorActive(chain.app.queryContext(), auditor.address)).toBe(true);
    await chain.produceBlocks(1);
    expect(aliasKeeper(chain).isAuditorActive(chain.app.queryContext(), auditor.address)).toBe(false);
    expect(aliasKeeper(chain).activeAuditors(chain.app.queryContext())).toEqual([]);
    expect(chain.height).toBe(grant.expiresAtHeight);
    expect(await r.get(`${R}/auditors`)).toEqual({ status: 200, body: { auditors: [] } });
    // A renewed grant (governance) makes the auditor active again.
    expect((await chain.govExec([msg.auditor(auditor.address, chain.height + 50n)])).log).toBe("");
    expect((await r.get(`${R}/auditors`)).body.auditors.map((a: any) => a.grant.address)).toEqual([auditor.address]);
  });
});
