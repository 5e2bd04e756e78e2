import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../src/gen/blockchain/alias/v1/alias";
import { makeStdSignDoc, signAminoTx } from "../../../src/client/amino";
import type { Secp256k1Key } from "../../../src/client/signer";
import type { AnyMsg } from "../../../src/types/codec";
import { CHAIN_ID, DENOM, type TestChain } from "../../helpers/chain";
import { aliasChain, aliasKeeper, createOffice, expectAliasError, genesisGrants, keys, msg, onboard, pubKey } from "./setup";

const { bankA, alice, foundation, regulator, supervisor, mallory, m1 } = keys;

describe("LEGACY_AMINO_JSON signing of every alias message", () => {
  let chain: TestChain;

  beforeAll(async () => {
    // A regulator must supervise its country: the regulator key does from genesis.
    chain = await aliasChain(genesisGrants([[regulator.address, Role.ROLE_SUPERVISOR, "DE"]]));
    await onboard(chain);
  });
  afterAll(async () => chain.close());

  async function amino(key: Secp256k1Key, msgs: AnyMsg[]) {
    const account = chain.account(key.address)!;
    const tx = signAminoTx(msgs, [{ key, accountNumber: account.accountNumber, sequence: account.sequence }], {
      chainId: CHAIN_ID,
      fee: [{ denom: DENOM, amount: "5000" }],
      gasLimit: 600_000n,
      memo: "amino",
    });
    return chain.deliverRaw(tx);
  }

  it("uses the wire sheet's amino names for every message", () => {
    const all: Array<[string, AnyMsg]> = [
      ["RegisterAlias", msg.register(alice.address)],
      ["RotateAlias", msg.rotate(alice.address)],
      ["SetJurisdiction", msg.setJurisdiction(bankA.address, alice.address, "DE")],
      ["RegisterViewingKey", msg.registerKey(alice.address, pubKey(1))],
      ["RevokeViewingKey", msg.revokeKey(alice.address, 1n)],
      ["AppointRegulator", msg.appoint("DE", regulator.address)],
      ["GrantAuditor", msg.auditor(regulator.address, 10n)],
      ["GrantRole", msg.grant(supervisor.address, Role.ROLE_SUPERVISOR, "DE", foundation.address, { signatures: 1, members: 2 })],
      ["RevokeRole", msg.revoke(supervisor.address, Role.ROLE_SUPERVISOR, "DE")],
      ["UpdateParams", msg.params(10)],
    ];
    const doc = makeStdSignDoc(
      all.map(([, m]) => m),
      { chainId: CHAIN_ID, fee: [], gasLimit: 1n },
      0n,
      0n,
    ) as { msgs: Array<{ type: string; value: unknown }> };
    expect(doc.msgs.map((m) => m.type)).toEqual(all.map(([name]) => `blockchain/x/alias/Msg${name}`));
    expect(doc.msgs[7].value).toEqual({
      authority: foundation.address,
      holder: supervisor.address,
      jurisdiction: "DE",
      required_shape: { members: 2, signatures: 1 },
      role: 5,
    });
    expect(doc.msgs[9].value).toEqual({ authority: expect.any(String), params: { payload_length: 10 } });
  });

  it("account messages: jurisdiction, identifier, rotation, keys", async () => {
    for (const [key, m] of [
      [bankA, msg.setJurisdiction(bankA.address, alice.address, "DE")],
      [alice, msg.register(alice.address)],
      [alice, msg.rotate(alice.address)],
      [alice, msg.registerKey(alice.address, pubKey(9))],
      [alice, msg.revokeKey(alice.address, 1n)],
    ] as const) {
      const res = await amino(key, [m]);
      expect(res.log).toBe("");
      expect(res.code).toBe(0);
    }
    const k = aliasKeeper(chain);
    const ctx = chain.app.queryContext();
    expect(k.aliasOfAddress(ctx, alice.address)?.id.startsWith("DE")).toBe(true);
    expect(k.viewingKeysOf(ctx, alice.address)[0].revoked).toBe(true);
  });

  it("authority messages: the foundation's appointments and grants succeed, governance-only ones reach the handler's signer check", async () => {
    const { office } = await createOffice(chain, m1, [m1.address], "1");
    for (const m of [
      msg.appoint("DE", regulator.address, foundation.address),
      msg.grant(office, Role.ROLE_SUPERVISOR, "DE", foundation.address),
      msg.revoke(office, Role.ROLE_SUPERVISOR, "DE", foundation.address),
    ]) {
      const res = await amino(foundation, [m]);
      expect(res.log).toBe("");
    }
    expect(aliasKeeper(chain).regulatorOf(chain.app.queryContext(), "DE")).toBe(regulator.address);
    expectAliasError(await amino(mallory, [msg.auditor(mallory.address, chain.height + 10n, mallory.address)]), 8);
    expectAliasError(await amino(mallory, [msg.params(12, mallory.address)]), 8);
  });
});
