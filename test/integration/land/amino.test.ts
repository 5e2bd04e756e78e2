import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProposalStatus, VoteOption } from "cosmjs-types/cosmos/gov/v1/gov";
import { Status } from "../../../src/gen/blockchain/land/v1/parcel";
import { makeStdSignDoc, signAminoTx } from "../../../src/client/amino";
import type { Secp256k1Key } from "../../../src/client/signer";
import type { AnyMsg } from "../../../src/types/codec";
import { CHAIN_ID, DENOM, type DeliverResult, type TestChain } from "../../helpers/chain";
import { endVotingPeriod, govParams, proposalIdOf, submitMsg, validatorKey, voteMsg } from "../../helpers/gov";
import { exec } from "../authz/setup";
import { WINDOW, admit, at, createOffice, expectLandError, gov, keys, landChain, msg, params, parcel, permission, transfer } from "./setup";

/**
 * LEGACY_AMINO_JSON signing for every land message. Only MsgUpdateParams has an amino name
 * (blockchain/x/land/MsgUpdateParams); every other message signs under its type URL, as the
 * SDK's x/tx encoder does for a message without one. Office messages travel inside an authz
 * MsgExec (the office is a group policy, which has no key), governance ones inside a
 * gov proposal: both carry the land message's amino JSON in the signed document.
 */
describe("land: LEGACY_AMINO_JSON for every message", () => {
  let chain: TestChain;
  let A: string;
  let B: string;
  const { op1, op2, holder, buyer, mallory } = keys;
  const FEE = [{ denom: DENOM, amount: "5000" }];

  async function aminoDeliver(key: Secp256k1Key, msgs: AnyMsg[]): Promise<DeliverResult> {
    const account = chain.account(key.address)!;
    const txBytes = signAminoTx(msgs, [{ key, accountNumber: account.accountNumber, sequence: account.sequence }], {
      chainId: CHAIN_ID,
      fee: FEE,
      gasLimit: 2_000_000n,
    });
    return chain.deliverRaw(txBytes);
  }
  async function mustAmino(key: Secp256k1Key, msgs: AnyMsg[]): Promise<DeliverResult> {
    const res = await aminoDeliver(key, msgs);
    expect(res.log).toBe("");
    return res;
  }
  const signDocMsgs = (msgs: AnyMsg[]) =>
    (makeStdSignDoc(msgs, { chainId: CHAIN_ID, fee: FEE, gasLimit: 1n }, 0n, 0n) as { msgs: unknown[] }).msgs;

  /** A real gov proposal, submitted with an amino signature, voted through. */
  async function aminoGovernance(msgs: AnyMsg[]): Promise<ProposalStatus> {
    const res = await mustAmino(holder, [submitMsg(holder.address, msgs, govParams(chain).minDeposit)]);
    const id = proposalIdOf(res);
    await chain.mustDeliver(validatorKey(), [voteMsg(validatorKey().address, id, VoteOption.VOTE_OPTION_YES)]);
    return (await endVotingPeriod(chain, id))!.status;
  }

  beforeAll(async () => {
    chain = await landChain();
    A = await createOffice(chain, op1);
    B = await createOffice(chain, op2);
    await admit(chain, B, "TZ");
  });
  afterAll(async () => chain.close());

  it("sign documents: the type URL for unnamed messages, blockchain/x/land/MsgUpdateParams for params; empty fields omitted", () => {
    expect(signDocMsgs([msg.propose(holder.address, 3n, buyer.address, "")])).toEqual([
      { type: "/blockchain.land.v1.MsgProposeTransfer", value: { creator: holder.address, parcel_id: "3", to: buyer.address } },
    ]);
    expect(signDocMsgs([msg.encumber(A, 1n, { release: true, index: 2, kind: "", detail: "" })])).toEqual([
      { type: "/blockchain.land.v1.MsgRecordEncumbrance", value: { creator: A, parcel_id: "1", release: true, index: 2 } },
    ]);
    expect(signDocMsgs([msg.updateParams({ attestationQuorum: 2, challengeWindow: 60n, sameAuthorityAttestation: false })])).toEqual([
      { type: "blockchain/x/land/MsgUpdateParams", value: { authority: gov, params: { attestation_quorum: 2, challenge_window: "60" } } },
    ]);
  });

  it("governance messages: MsgRegisterAuthority and MsgUpdateParams in an amino-signed proposal", async () => {
    const status = await aminoGovernance([
      msg.registerAuthority(A, "KE", "Nairobi"),
      msg.updateParams({ attestationQuorum: 1, challengeWindow: WINDOW, sameAuthorityAttestation: false }),
    ]);
    expect(status).toBe(ProposalStatus.PROPOSAL_STATUS_PASSED);
    expect(params(chain).attestationQuorum).toBe(1);
    // And refused from a direct amino-signed tx by anyone else.
    expectLandError(await aminoDeliver(mallory, [msg.registerAuthority(A, "KE", "x", true, mallory.address)]), 24);
    expectLandError(
      await aminoDeliver(mallory, [
        msg.updateParams({ attestationQuorum: 1, challengeWindow: 1n, sameAuthorityAttestation: false }, mallory.address),
      ]),
      24,
    );
  });

  it("office messages in an amino-signed authz MsgExec; holder, objector and completer sign their own", async () => {
    await mustAmino(op1, [
      exec(op1.address, [
        msg.registerParcel(A, "geo-amino-1", "KE/AM/1", holder.address),
        msg.registerParcel(A, "geo-amino-2", "KE/AM/2", holder.address),
        msg.deed(A, 1n),
        msg.encumber(A, 1n),
        msg.encumber(A, 1n, { release: true, index: 0 }),
        msg.restrict(A, 1n, { kind: "heritage_protected" }),
        msg.restrict(A, 1n, { lift: true, index: 0, kind: "" }),
        msg.freeze(A, 1n, "hold"),
        msg.freeze(A, 1n, "", true),
        msg.authorise(A, 1n, { expiresAt: 1_900_000_000n }),
      ]),
    ]);
    const p = parcel(chain, 1n);
    expect([p.deeds.length, p.encumbrances[0]!.released, p.restrictions[0]!.lifted, p.freezes[0]!.lifted, p.status]).toEqual([
      1,
      true,
      true,
      true,
      Status.STATUS_REGISTERED,
    ]);
    expect(permission(chain, 1n).live).toBe(true);
    await mustAmino(op1, [exec(op1.address, [msg.authorise(A, 1n, { withdraw: true })])]);
    expect(permission(chain, 1n).authorisation.withdrawn).toBe(true);

    await mustAmino(holder, [msg.propose(holder.address, 1n, buyer.address, "USD 1")]);
    await mustAmino(holder, [msg.propose(holder.address, 2n, buyer.address)]);
    await mustAmino(op1, [exec(op1.address, [msg.validate(A, 1n)])]);
    await mustAmino(op2, [exec(op2.address, [msg.attest(B, 1n)])]);
    await mustAmino(mallory, [msg.object(mallory.address, 2n, "boundary dispute")]);
    chain.setNextBlockTime(at(chain, WINDOW));
    await mustAmino(buyer, [msg.complete(buyer.address, 1n)]);
    expect(transfer(chain, 1n).completedAt).toBeGreaterThan(0n);
    expect(parcel(chain, 1n).holder).toBe(buyer.address);
    expect(parcel(chain, 2n).status).toBe(Status.STATUS_DISPUTED);
  });
});
