import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProposalStatus, VoteOption } from "cosmjs-types/cosmos/gov/v1/gov";
import { QueryVotesRequest, QueryVotesResponse } from "cosmjs-types/cosmos/gov/v1/query";
import { MsgCancelProposal, MsgCancelProposalResponse } from "cosmjs-types/cosmos/gov/v1/tx";
import { TxMsgData } from "cosmjs-types/cosmos/base/abci/v1beta1/abci";
import { TestChain, pack, testKey } from "../../helpers/chain";
import { getProposal, proposalIdOf, submitMsg, voteMsg } from "../../helpers/gov";
import { FEE, MIN_DEPOSIT, coins, expectGovError, expectStatus, govChain, msgs, supply } from "./setup";

const alice = testKey("alice");
const bob = testKey("bob");
const carol = testKey("carol");
const cancel = (proposer: string, proposalId: bigint) =>
  pack("/cosmos.gov.v1.MsgCancelProposal", MsgCancelProposal, { proposalId, proposer });

async function open(chain: TestChain, deposit: bigint): Promise<bigint> {
  return proposalIdOf(await chain.mustDeliver(alice, [submitMsg(alice.address, [], coins(deposit), { metadata: "text" })]));
}

describe("gov: MsgCancelProposal", () => {
  let chain: TestChain;

  beforeAll(async () => {
    chain = await govChain();
  });
  afterAll(async () => chain.close());

  it("burns proposal_cancel_ratio of every deposit, refunds the rest and deletes the proposal and its votes", async () => {
    const id = await open(chain, 6_000_000n);
    await chain.mustDeliver(bob, [msgs.deposit(bob.address, id, coins(4_000_001n))]);
    await chain.mustDeliver(bob, [voteMsg(bob.address, id, VoteOption.VOTE_OPTION_YES)]);
    const aliceBefore = chain.balance(alice.address);
    const bobBefore = chain.balance(bob.address);
    const supplyBefore = supply(chain);

    const res = await chain.mustDeliver(alice, [cancel(alice.address, id)]);
    const out = MsgCancelProposalResponse.decode(TxMsgData.decode(res.data).msgResponses[0].value);
    expect(out.proposalId).toBe(id);
    expect(out.canceledHeight).toBe(res.height);

    expect(getProposal(chain, id)).toBeUndefined();
    expect(chain.query("/cosmos.gov.v1.Query/Votes", QueryVotesRequest, { proposalId: id }, QueryVotesResponse).votes).toEqual([]);
    // 50%, truncated per deposit: alice 3_000_000 of 6_000_000; bob 2_000_000 of 4_000_001.
    expect(chain.balance(alice.address)).toBe(aliceBefore - FEE + 3_000_000n);
    expect(chain.balance(bob.address)).toBe(bobBefore + 2_000_001n);
    expect(supply(chain)).toBe(supplyBefore - 5_000_000n);
  });

  it("refuses an unknown proposal (gov 2), another proposer (gov 18), a finished proposal (gov 21), an ended voting period (gov 20)", async () => {
    expectGovError(await chain.deliver(alice, [cancel(alice.address, 999n)]), 2);
    const id = await open(chain, MIN_DEPOSIT);
    expectGovError(await chain.deliver(bob, [cancel(bob.address, id)]), 18);

    const end = getProposal(chain, id)!.votingEndTime!;
    chain.setNextBlockTime({ seconds: end.seconds + 1n, nanos: 0 });
    // The tx runs in the block whose time is past the voting end, before the end blocker tallies.
    expectGovError(await chain.deliver(alice, [cancel(alice.address, id)]), 20);
    expectStatus(getProposal(chain, id), ProposalStatus.PROPOSAL_STATUS_REJECTED);
    expectGovError(await chain.deliver(alice, [cancel(alice.address, id)]), 21);
  });
});

describe("gov: proposal_cancel_dest", () => {
  let chain: TestChain;

  beforeAll(async () => {
    chain = await govChain({ proposalCancelDest: carol.address, proposalCancelRatio: "0.250000000000000000" });
  });
  afterAll(async () => chain.close());

  it("sends the cancellation charge to the destination account instead of burning it", async () => {
    const id = await open(chain, MIN_DEPOSIT);
    const carolBefore = chain.balance(carol.address);
    const aliceBefore = chain.balance(alice.address);
    await chain.mustDeliver(alice, [cancel(alice.address, id)]);
    expect(chain.balance(carol.address)).toBe(carolBefore + 2_500_000n);
    expect(chain.balance(alice.address)).toBe(aliceBefore - FEE + 7_500_000n);
  });
});
