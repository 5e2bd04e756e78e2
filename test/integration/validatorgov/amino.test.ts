import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aminoMsgJson, aminoNameOf } from "../../../src/codec/amino";
import { signAminoTx } from "../../../src/client/amino";
import type { Secp256k1Key } from "../../../src/client/signer";
import type { AnyMsg } from "../../../src/types/codec";
import { CHAIN_ID, DENOM, type TestChain } from "../../helpers/chain";
import { admit, declOf, expectVgovError, keys, msg, query, vgovChain } from "./setup";

const { alpha, beta, newop, mallory } = keys;
const A = "blockchain/x/validatorgov/";

describe("LEGACY_AMINO_JSON signing of every validatorgov message", () => {
  let chain: TestChain;

  beforeAll(async () => {
    chain = await vgovChain();
    await admit(chain, alpha, declOf("LEI-A", "UBO-A", "DE"));
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

  it("uses the wire sheet's amino names; MsgApplyValidator has none", () => {
    for (const name of [
      "UpdateParams",
      "ApproveValidator",
      "RotateOperator",
      "ProposeOperatorRecovery",
      "ApproveOperatorRecovery",
      "CancelOperatorRotation",
      "AttestOwnership",
      "SetValidatorPower",
    ]) {
      expect(aminoNameOf(`/blockchain.validatorgov.v1.Msg${name}`)).toBe(`${A}Msg${name}`);
    }
    expect(aminoNameOf("/blockchain.validatorgov.v1.MsgApplyValidator")).toBeUndefined();
    expect(aminoMsgJson(msg.seats(alpha.address, 3n, mallory.address), `${A}MsgSetValidatorPower`)).toEqual({
      type: `${A}MsgSetValidatorPower`,
      value: { authority: mallory.address, seats: "3", validator: alpha.address },
    });
  });

  it("operator and applicant messages signed with amino JSON succeed", async () => {
    const ok = async (key: Secp256k1Key, m: AnyMsg) => {
      const res = await amino(key, [m]);
      expect(res.log).toBe("");
      expect(res.code).toBe(0);
    };
    // MsgApplyValidator has no amino name (docs/wire/fields-part-a.md); the framework's type-URL fallback for
    // unnamed messages is the integrator's, so it is signed in direct mode here.
    await chain.mustDeliver(beta, [msg.apply(beta.address, declOf("LEI-B", "UBO-B", "FR"))]);
    expect(query.application(chain, beta.address).status).toBe("pending");
    await ok(alpha, msg.attest(alpha.address, declOf("LEI-A", "UBO-A2", "DE")));
    expect(query.approved(chain, alpha.address).declaration?.beneficialOwnerId).toBe("UBO-A2");
    await ok(alpha, msg.rotate(alpha.address, newop.address));
    await ok(alpha, msg.cancel(alpha.address, 1n));
    await ok(mallory, msg.recover(mallory.address, alpha.address, newop.address, "lost key"));
    expect(query.rotation(chain, 2n).proposer).toBe(mallory.address);
  });

  it("authority messages signed with amino JSON reach the handler's signer check (1100)", async () => {
    expectVgovError(await amino(mallory, [msg.approve(beta.address, true, mallory.address)]), 1100);
    expectVgovError(await amino(mallory, [msg.seats(alpha.address, 1n, mallory.address)]), 1100);
    expectVgovError(await amino(mallory, [msg.approveRecovery(2n, true, mallory.address)]), 1100);
    expectVgovError(
      await amino(mallory, [
        msg.updateParams(
          { plannedRotationDelayBlocks: 1n, recoveryChallengeWindowBlocks: 1n, attestationIntervalBlocks: 1n, seatBondAmount: "1" },
          mallory.address,
        ),
      ]),
      1100,
    );
  });
});
