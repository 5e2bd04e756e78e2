import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VoteOption } from "cosmjs-types/cosmos/gov/v1/gov";
import { QueryVoteRequest, QueryVoteResponse } from "cosmjs-types/cosmos/gov/v1/query";
import { MsgVote } from "cosmjs-types/cosmos/gov/v1/tx";
import { TestChain, pack, testKey } from "../../helpers/chain";
import { proposalIdOf, submitMsg, voteMsg } from "../../helpers/gov";
import { MIN_DEPOSIT, coins, expectError, expectGovError, govChain, msgs } from "./setup";

const alice = testKey("alice");
const bob = testKey("bob");

describe("gov: MsgVote and MsgVoteWeighted", () => {
  let chain: TestChain;
  let voting: bigint;
  let depositing: bigint;

  beforeAll(async () => {
    chain = await govChain();
    voting = proposalIdOf(await chain.mustDeliver(alice, [submitMsg(alice.address, [], coins(MIN_DEPOSIT), { metadata: "text" })]));
    depositing = proposalIdOf(await chain.mustDeliver(alice, [submitMsg(alice.address, [], coins(1_000_000n), { metadata: "text" })]));
  });
  afterAll(async () => chain.close());

  const voteOf = (voter: string) =>
    chain.query("/cosmos.gov.v1.Query/Vote", QueryVoteRequest, { proposalId: voting, voter }, QueryVoteResponse).vote!;

  it("records a vote and replaces it when the voter votes again", async () => {
    await chain.mustDeliver(bob, [voteMsg(bob.address, voting, VoteOption.VOTE_OPTION_NO)]);
    expect(voteOf(bob.address).options).toEqual([{ option: VoteOption.VOTE_OPTION_NO, weight: "1.000000000000000000" }]);
    await chain.mustDeliver(bob, [
      msgs.voteWeighted(bob.address, voting, [
        { option: VoteOption.VOTE_OPTION_YES, weight: "0.25" },
        { option: VoteOption.VOTE_OPTION_ABSTAIN, weight: "0.75" },
      ]),
    ]);
    expect(voteOf(bob.address).options).toEqual([
      { option: VoteOption.VOTE_OPTION_YES, weight: "0.25" },
      { option: VoteOption.VOTE_OPTION_ABSTAIN, weight: "0.75" },
    ]);
  });

  it("refuses votes on proposals not in their voting period (gov 3)", async () => {
    expectGovError(await chain.deliver(bob, [voteMsg(bob.address, depositing, VoteOption.VOTE_OPTION_YES)]), 3);
    expectGovError(await chain.deliver(bob, [voteMsg(bob.address, 999n, VoteOption.VOTE_OPTION_YES)]), 3);
  });

  it("refuses invalid options (gov 7)", async () => {
    expectGovError(await chain.deliver(bob, [voteMsg(bob.address, voting, VoteOption.VOTE_OPTION_UNSPECIFIED)]), 7);
    expectGovError(
      await chain.deliver(bob, [
        pack("/cosmos.gov.v1.MsgVote", MsgVote, { proposalId: voting, voter: bob.address, option: 9 as VoteOption, metadata: "" }),
      ]),
      7,
    );
    const weighted = async (options: Array<{ option: number; weight: string }>) =>
      chain.deliver(bob, [msgs.voteWeighted(bob.address, voting, options)]);
    expectGovError(await weighted([{ option: VoteOption.VOTE_OPTION_YES, weight: "0.5" }]), 7);
    expectGovError(
      await weighted([
        { option: VoteOption.VOTE_OPTION_YES, weight: "0.5" },
        { option: VoteOption.VOTE_OPTION_NO, weight: "0.6" },
      ]),
      7,
    );
    expectGovError(
      await weighted([
        { option: VoteOption.VOTE_OPTION_YES, weight: "0.5" },
        { option: VoteOption.VOTE_OPTION_YES, weight: "0.5" },
      ]),
      7,
    );
    expectGovError(
      await weighted([
        { option: VoteOption.VOTE_OPTION_YES, weight: "1" },
        { option: VoteOption.VOTE_OPTION_NO, weight: "0" },
      ]),
      7,
    );
    expectGovError(await weighted([{ option: VoteOption.VOTE_OPTION_YES, weight: "one" }]), 7);
    expectGovError(await weighted([{ option: VoteOption.VOTE_OPTION_UNSPECIFIED, weight: "1" }]), 7);
    expectError(await weighted([]), "sdk", 18);
  });

  it("refuses vote metadata over 255 bytes (gov 15)", async () => {
    expectGovError(
      await chain.deliver(bob, [
        pack("/cosmos.gov.v1.MsgVote", MsgVote, {
          proposalId: voting,
          voter: bob.address,
          option: VoteOption.VOTE_OPTION_YES,
          metadata: "x".repeat(256),
        }),
      ]),
      15,
    );
  });
});
