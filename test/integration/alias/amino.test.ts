import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../src/gen/blockchain/alias/v1/alias";
import { aminoNameOf, aminoMsgJson } from "../../../src/app/tx/amino";
import { signAminoTx } from "../../../src/client/amino";
import type { Secp256k1Key } from "../../../src/client/signer";
import type { AnyMsg } from "../../../src/types/codec";
import { CHAIN_ID, DENOM, type TestChain } from "../../helpers/chain";
import { aliasChain, aliasKeeper, expectAliasError, keys, msg, onboard, pubKey } from "./setup";

const { bankA, alice, foundation, regulator, supervisor, mallory } = keys;

describe("LEGACY_AMINO_JSON signing of every alias message", () => {
  let chain: TestChain;

  beforeAll(async () => {
    chain = await aliasChain();
    await onboard(chain);
  });
  afterAll(async () => chain.close());

  async function amino(key: Secp256k1Key, msgs: AnyMsg[]) {
    const account = chain.account(key.address)!;
    const tx = signAminoTx(msgs, [{ key, accountNumber: account.accountNumber, sequence: account.sequence }], {
      chainId: CHAIN_ID, fee: [{ denom: DENOM, amount: "5000" }], gasLimit: 600_000n, memo: "amino",
    });
    return chain.deliverRaw(tx);
  }

  it("uses the wire sheet's amino names", () => {
    for (const name of ["RegisterAlias", "RotateAlias", "SetJurisdiction", "RegisterViewingKey", "RevokeViewingKey", "AppointRegulator", "GrantAuditor", "GrantRole", "RevokeRole", "UpdateParams"]) {
      expect(aminoNameOf(`/blockchain.alias.v1.Msg${name}`)).toBe(`blockchain/x/alias/Msg${name}`);
    }
    expect(aminoNameOf("/blockchain.alias.v1.Params")).toBe("blockchain/x/alias/Params");
    const grant = aminoMsgJson(msg.grant(supervisor.address, Role.ROLE_SUPERVISOR, "DE", foundation.address, { signatures: 1, members: 2 }), "blockchain/x/alias/MsgGrantRole");
    expect(grant).toEqual({
      type: "blockchain/x/alias/MsgGrantRole",
      value: { authority: foundation.address, holder: supervisor.address, jurisdiction: "DE", required_shape: { members: 2, signatures: 1 }, role: 5 },
    });
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
    for (const m of [
      msg.appoint("DE", regulator.address, foundation.address),
      msg.grant(supervisor.address, Role.ROLE_SUPERVISOR, "DE", foundation.address),
      msg.revoke(supervisor.address, Role.ROLE_SUPERVISOR, "DE", foundation.address),
    ]) {
      const res = await amino(foundation, [m]);
      expect(res.log).toBe("");
    }
    expect(aliasKeeper(chain).regulatorOf(chain.app.queryContext(), "DE")).toBe(regulator.address);
    expectAliasError(await amino(mallory, [msg.auditor(mallory.address, chain.height + 10n, mallory.address)]), 8);
    expectAliasError(await amino(mallory, [msg.params(12, mallory.address)]), 8);
  });
});
