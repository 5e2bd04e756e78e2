import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProposalStatus } from "cosmjs-types/cosmos/gov/v1/gov";
import * as gtx from "cosmjs-types/cosmos/group/v1/tx";
import { ProposalExecutorResult, VoteOption } from "cosmjs-types/cosmos/group/v1/types";
import { Status } from "../../../src/gen/blockchain/land/v1/parcel";
import type { Secp256k1Key } from "../../../src/client/signer";
import type { AnyMsg } from "../../../src/types/codec";
import { DENOM, type TestChain } from "../../helpers/chain";
import { endVotingPeriod, govParams, proposalIdOf, submitMsg, validatorKey, voteMsg } from "../../helpers/gov";
import { moduleChain, moduleKeys } from "../../helpers/module-setup";
import { createGroupWithPolicy, members, responseOf, submit, thresholdPolicy, vote } from "../group/setup";
import { WINDOW, at, expectLandError, eventsOf, msg, now, parcel, transfer } from "./setup";

/**
 * The end-to-end land transfer: three registry offices, each a real x/group policy of three
 * officers deciding two-of-three; every office act is a group proposal one officer submits and
 * a second approves (EXEC_TRY), executed as the policy account. Offices are admitted by a real
 * governance proposal. One run completes after the window, the other is stopped by an objection.
 */
const people = moduleKeys("land-e2e", ["a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3", "holder", "buyer", "neighbour"]);

interface Office {
  address: string;
  officers: [Secp256k1Key, Secp256k1Key, Secp256k1Key];
}

async function createOffice(chain: TestChain, officers: Office["officers"]): Promise<Office> {
  const [o1, o2, o3] = officers;
  const res = await chain.mustDeliver(o1, [
    createGroupWithPolicy(o1.address, members([o1.address, "1"], [o2.address, "1"], [o3.address, "1"]), thresholdPolicy("2", 3600n)),
  ]);
  return { address: responseOf(res, gtx.MsgCreateGroupWithPolicyResponse).groupPolicyAddress, officers };
}

/** One officer proposes and votes yes, a second approves with EXEC_TRY (two of three): the messages run as the office. */
async function officeActs(chain: TestChain, office: Office, msgs: AnyMsg[], approver = 1): Promise<{ result: string; logs: string }> {
  const [proposer] = office.officers;
  const submitted = await chain.mustDeliver(proposer, [submit(office.address, [proposer.address], msgs)], { gasLimit: 1_000_000n });
  const proposalId = responseOf(submitted, gtx.MsgSubmitProposalResponse).proposalId;
  await chain.mustDeliver(proposer, [vote(proposalId, proposer.address)]);
  const second = office.officers[approver]!;
  const res = await chain.mustDeliver(second, [vote(proposalId, second.address, VoteOption.VOTE_OPTION_YES, gtx.Exec.EXEC_TRY)], {
    gasLimit: 1_000_000n,
  });
  const exec = eventsOf(res, "cosmos.group.v1.EventExec")[0]!;
  return { result: exec.result!, logs: exec.logs ?? "" };
}

const SUCCESS = JSON.stringify(ProposalExecutorResult[ProposalExecutorResult.PROPOSAL_EXECUTOR_RESULT_SUCCESS]);
const FAILURE = JSON.stringify(ProposalExecutorResult[ProposalExecutorResult.PROPOSAL_EXECUTOR_RESULT_FAILURE]);

describe("land end to end: three offices as x/group policies", () => {
  let chain: TestChain;
  let nairobi: Office;
  let arusha: Office;
  let kampala: Office;
  const { holder, buyer, neighbour } = people;

  async function mustAct(office: Office, msgs: AnyMsg[]): Promise<void> {
    const out = await officeActs(chain, office, msgs);
    expect(out).toEqual({ result: SUCCESS, logs: JSON.stringify("") });
  }

  /** Registers a parcel and runs a transfer up to quorum; returns [parcelId, transferId]. */
  async function toQuorum(n: number): Promise<[bigint, bigint]> {
    await mustAct(nairobi, [msg.registerParcel(nairobi.address, `sha256:plot-${n}`, `NAIROBI/KAREN/${n}`, holder.address)]);
    const parcelId = BigInt(n);
    expect(parcel(chain, parcelId)).toMatchObject({ authority: nairobi.address, holder: holder.address, status: Status.STATUS_REGISTERED });

    // Proposal: signed by the holder; the declared price is recorded only.
    await chain.mustDeliver(holder, [msg.propose(holder.address, parcelId, buyer.address, "KES 18,000,000")]);
    const transferId = BigInt(n);
    expect(parcel(chain, parcelId).status).toBe(Status.STATUS_TRANSFER_PENDING);

    // Another office cannot validate: its group proposal executes and fails with the land error, changing nothing.
    const wrong = await officeActs(chain, arusha, [msg.validate(arusha.address, transferId)]);
    expect(wrong.result).toBe(FAILURE);
    expect(wrong.logs).toContain("office is not in charge of the parcel");
    expect(transfer(chain, transferId).validated).toBe(false);

    // Validation by the parcel's own office.
    await mustAct(nairobi, [msg.validate(nairobi.address, transferId)]);
    expect(transfer(chain, transferId)).toMatchObject({ validated: true, validatedBy: nairobi.address });

    // The parcel's own office is not independent.
    const own = await officeActs(chain, nairobi, [msg.attest(nairobi.address, transferId)]);
    expect(own.logs).toContain("the parcel's own office cannot attest");

    // Independent attestations to quorum (2).
    await mustAct(arusha, [msg.attest(arusha.address, transferId)]);
    expect(transfer(chain, transferId).quorumAt).toBe(0n);
    await mustAct(kampala, [msg.attest(kampala.address, transferId)]);
    const t = transfer(chain, transferId);
    expect(t.attestors).toEqual([arusha.address, kampala.address]);
    expect(t.quorumAt).toBe(now(chain));
    return [parcelId, transferId];
  }

  beforeAll(async () => {
    chain = await moduleChain("land-e2e", Object.keys(people), [{ denom: DENOM, amount: "1000000000" }], (s) => {
      s.land.params.challenge_window = WINDOW.toString();
    });
    const { a1, a2, a3, b1, b2, b3, c1, c2, c3 } = people;
    nairobi = await createOffice(chain, [a1, a2, a3]);
    arusha = await createOffice(chain, [b1, b2, b3]);
    kampala = await createOffice(chain, [c1, c2, c3]);
    // Governance admits the three offices by a real proposal.
    const submitted = await chain.mustDeliver(holder, [
      submitMsg(
        holder.address,
        [
          msg.registerAuthority(nairobi.address, "KE", "Nairobi Central Registry"),
          msg.registerAuthority(arusha.address, "TZ", "Arusha Land Registry"),
          msg.registerAuthority(kampala.address, "UG", "Kampala Land Office"),
        ],
        govParams(chain).minDeposit,
      ),
    ]);
    const id = proposalIdOf(submitted);
    await chain.mustDeliver(validatorKey(), [voteMsg(validatorKey().address, id, 1 /* YES */)]);
    expect((await endVotingPeriod(chain, id))!.status).toBe(ProposalStatus.PROPOSAL_STATUS_PASSED);
  });
  afterAll(async () => chain.close());

  it("an office cannot admit another: only governance can (ErrNotGovernance through the group)", async () => {
    const out = await officeActs(chain, nairobi, [msg.registerAuthority(people.a1.address, "KE", "x", true, nairobi.address)]);
    expect(out.result).toBe(FAILURE);
    expect(out.logs).toContain("expected gov account as only signer");
  });

  it("run 1: proposal, validation, attestations to quorum, completion after the challenge window", async () => {
    const [parcelId, transferId] = await toQuorum(1);
    const holderBalance = chain.balance(holder.address);
    const buyerBalance = chain.balance(buyer.address);
    chain.setNextBlockTime(at(chain, WINDOW - 1n));
    expectLandError(await chain.deliver(buyer, [msg.complete(buyer.address, transferId)]), 22);
    chain.setNextBlockTime(at(chain, 1n));
    await chain.mustDeliver(neighbour, [msg.complete(neighbour.address, transferId)]);
    expect(parcel(chain, parcelId)).toMatchObject({ holder: buyer.address, status: Status.STATUS_REGISTERED });
    expect(transfer(chain, transferId)).toMatchObject({ price: "KES 18,000,000", completedAt: now(chain), objectedBy: "" });
    // No coins moved with the declared price.
    expect(chain.balance(holder.address)).toBe(holderBalance);
    expect(buyerBalance - chain.balance(buyer.address)).toBeLessThan(1_000_000n); // the fees of the refused completion
  });

  it("run 2: an objection inside the window disputes the parcel; completion is refused after the window", async () => {
    const [parcelId, transferId] = await toQuorum(2);
    chain.setNextBlockTime(at(chain, WINDOW / 2n));
    await chain.mustDeliver(neighbour, [msg.object(neighbour.address, transferId, "the boundary survey includes my borehole")]);
    expect(parcel(chain, parcelId)).toMatchObject({ holder: holder.address, status: Status.STATUS_DISPUTED });
    expect(transfer(chain, transferId)).toMatchObject({
      objectedBy: neighbour.address,
      objectionReason: "the boundary survey includes my borehole",
      completedAt: 0n,
    });
    chain.setNextBlockTime(at(chain, WINDOW));
    expectLandError(await chain.deliver(buyer, [msg.complete(buyer.address, transferId)]), 15);
    expect(parcel(chain, parcelId).holder).toBe(holder.address);
  });
});
