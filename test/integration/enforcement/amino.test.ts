import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeStdSignDoc, signAminoTx } from "../../../src/client/amino";
import type { Secp256k1Key } from "../../../src/client/signer";
import type { TxOptions } from "../../../src/client/tx-builder";
import type { AnyMsg } from "../../../src/types/codec";
import { CHAIN_ID, type TestChain } from "../../helpers/chain";
import { CaseAction, caseIdOf, enforcementChain, getCase, getParams, keys, msg, setJurisdictions, validator, CaseStatus } from "./setup";

// LEGACY_AMINO_JSON for every enforcement message: each is signed in amino mode and reaches its
// handler (a success, or the handler's own refusal for governance-signed messages, which proves
// the signature verified: a bad amino signature is sdk 4).

const opts: TxOptions = { chainId: CHAIN_ID, gasLimit: 400_000n };

describe("LEGACY_AMINO_JSON for every enforcement message", () => {
  let chain: TestChain;
  beforeAll(async () => {
    chain = await enforcementChain({ authorities: [[keys.authDE.address, "DE"]] });
    expect((await chain.govExec(setJurisdictions([[keys.other.address, "DE"]]))).log).toBe("");
  });
  afterAll(async () => chain.close());

  async function amino(key: Secp256k1Key, msgs: AnyMsg[]) {
    const account = chain.account(key.address)!;
    return chain.deliverRaw(signAminoTx(msgs, [{ key, accountNumber: account.accountNumber, sequence: account.sequence }], opts));
  }

  it("names every message by its wire amino name in the sign doc", () => {
    const doc = makeStdSignDoc([msg.open(validator().address, keys.target.address, CaseAction.CASE_ACTION_SEIZE)], opts, 0n, 0n) as any;
    expect(doc.msgs[0].type).toBe("blockchain/x/enforcement/MsgOpenCase");
    expect(doc.msgs[0].value.legal_instrument).toMatchObject({ issuing_authority: "High Court", kind: 1 });
  });

  it("open, vote, withdraw, emergency freeze and release, veto and sweep succeed or reach their handler", async () => {
    const open = await amino(validator(), [msg.open(validator().address, keys.target.address)]);
    expect(open.log).toBe("");
    const id = caseIdOf(open);
    expect((await amino(validator(), [msg.vote(validator().address, id)])).log).toBe("");
    expect(getCase(chain, id).yesPower).toBe(10n);
    expect((await amino(validator(), [msg.withdraw(validator().address, id)])).log).toBe("");
    expect(getCase(chain, id).status).toBe(CaseStatus.CASE_STATUS_WITHDRAWN);

    const ef = await amino(keys.authDE, [msg.emergencyFreeze(keys.authDE.address, keys.other.address)]);
    expect(ef.log).toBe("");
    const efId = caseIdOf(ef);
    expect((await amino(keys.authDE, [msg.emergencyRelease(keys.authDE.address, efId)])).log).toBe("");
    expect(getCase(chain, efId).status).toBe(CaseStatus.CASE_STATUS_REVERSED);

    const vetoed = caseIdOf(await chain.mustDeliver(validator(), [msg.open(validator().address, keys.target.address)]));
    expect((await amino(keys.ombudsman, [msg.veto(keys.ombudsman.address, vetoed)])).log).toBe("");
    expect(getCase(chain, vetoed).status).toBe(CaseStatus.CASE_STATUS_VETOED);

    const sweep = await amino(keys.mallory, [msg.sweep(keys.mallory.address, vetoed)]);
    expect({ codespace: sweep.codespace, code: sweep.code }).toEqual({ codespace: "enforcement", code: 1110 });
  });

  it("governance messages signed in amino by a non-authority reach the handler and are refused there (1100)", async () => {
    for (const m of [msg.updateParams(getParams(chain), keys.mallory.address), msg.reverse(1n, "appeal", keys.mallory.address)]) {
      const res = await amino(keys.mallory, [m]);
      expect({ codespace: res.codespace, code: res.code }).toEqual({ codespace: "enforcement", code: 1100 });
    }
  });
});
