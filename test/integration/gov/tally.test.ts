import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProposalStatus, VoteOption } from "cosmjs-types/cosmos/gov/v1/gov";
import { QueryTallyResultRequest, QueryTallyResultResponse } from "cosmjs-types/cosmos/gov/v1/query";
import { QueryValidatorsRequest, QueryValidatorsResponse } from "cosmjs-types/cosmos/staking/v1beta1/query";
import { MsgDelegate } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import { DENOM, TestChain, pack, testKey } from "../../helpers/chain";
import { endVotingPeriod, getProposal, proposalIdOf, submitMsg, validatorKey, voteMsg } from "../../helpers/gov";
import { FEE, GOV_ADDRESS, MIN_DEPOSIT, coins, expectStatus, govChain, msgs, supply } from "./setup";

const alice = testKey("alice");
const bob = testKey("bob");
const carol = testKey("carol");
const validator = validatorKey();

/** Submits a proposal (bank send of 1 from gov to bob) with the full deposit; returns its id. */
async function open(chain: TestChain, expedited = false): Promise<bigint> {
  const deposit = coins(expedited ? 50_000_000n : MIN_DEPOSIT);
  const res = await chain.mustDeliver(alice, [submitMsg(alice.address, [msgs.send(GOV_ADDRESS, bob.address, 1n)], deposit, { expedited })]);
  return proposalIdOf(res);
}

function tallyOf(chain: TestChain, proposalId: bigint) {
  return chain.query("/cosmos.gov.v1.Query/TallyResult", QueryTallyResultRequest, { proposalId }, QueryTallyResultResponse).tally!;
}

function bondedValidator(chain: TestChain) {
  const res = chain.query(
    "/cosmos.staking.v1beta1.Query/Validators",
    QueryValidatorsRequest,
    QueryValidatorsRequest.fromPartial({ status: "BOND_STATUS_BONDED" }),
    QueryValidatorsResponse,
  );
  return res.validators[0];
}

describe("gov: outcomes and deposits", () => {
  let chain: TestChain;

  beforeAll(async () => {
    chain = await govChain();
    await chain.mustDeliver(alice, [msgs.send(alice.address, GOV_ADDRESS, 1_000n)]);
  });
  afterAll(async () => chain.close());

  it("a rejected proposal changes nothing and refunds its deposit", async () => {
    const aliceBefore = chain.balance(alice.address);
    const bobBefore = chain.balance(bob.address);
    const id = await open(chain);
    await chain.mustDeliver(validator, [voteMsg(validator.address, id, VoteOption.VOTE_OPTION_NO)]);
    const p = await endVotingPeriod(chain, id);
    expectStatus(p, ProposalStatus.PROPOSAL_STATUS_REJECTED);
    expect(BigInt(p!.finalTallyResult!.noCount)).toBeGreaterThan(0n);
    expect(chain.balance(bob.address)).toBe(bobBefore);
    expect(chain.balance(alice.address)).toBe(aliceBefore - FEE);
    expect(chain.balance(GOV_ADDRESS)).toBe(1_000n);
  });

  it("a vetoed proposal changes nothing and burns its deposit (burn_vote_veto)", async () => {
    const aliceBefore = chain.balance(alice.address);
    const bobBefore = chain.balance(bob.address);
    const id = await open(chain);
    const supplyBefore = supply(chain);
    await chain.mustDeliver(validator, [voteMsg(validator.address, id, VoteOption.VOTE_OPTION_NO_WITH_VETO)]);
    const supplyAfterVoteFee = supply(chain);
    const p = await endVotingPeriod(chain, id);
    expectStatus(p, ProposalStatus.PROPOSAL_STATUS_REJECTED);
    expect(chain.balance(bob.address)).toBe(bobBefore);
    expect(chain.balance(alice.address)).toBe(aliceBefore - FEE - MIN_DEPOSIT);
    expect(chain.balance(GOV_ADDRESS)).toBe(1_000n);
    expect(supply(chain)).toBe(supplyAfterVoteFee - MIN_DEPOSIT);
    expect(supplyBefore).toBe(supplyAfterVoteFee);
  });

  it("a proposal without quorum is rejected and its deposit refunded (burn_vote_quorum off)", async () => {
    const aliceBefore = chain.balance(alice.address);
    const id = await open(chain);
    const p = await endVotingPeriod(chain, id);
    expectStatus(p, ProposalStatus.PROPOSAL_STATUS_REJECTED);
    expect(p!.finalTallyResult).toEqual({ yesCount: "0", abstainCount: "0", noCount: "0", noWithVetoCount: "0" });
    expect(chain.balance(alice.address)).toBe(aliceBefore - FEE);
  });

  it("an all-abstain vote is rejected and refunded", async () => {
    const aliceBefore = chain.balance(alice.address);
    const id = await open(chain);
    await chain.mustDeliver(validator, [voteMsg(validator.address, id, VoteOption.VOTE_OPTION_ABSTAIN)]);
    const p = await endVotingPeriod(chain, id);
    expectStatus(p, ProposalStatus.PROPOSAL_STATUS_REJECTED);
    expect(BigInt(p!.finalTallyResult!.abstainCount)).toBeGreaterThan(0n);
    expect(chain.balance(alice.address)).toBe(aliceBefore - FEE);
  });

  it("weighted votes split the validator's power: 0.6 yes / 0.4 no passes, 0.4 yes / 0.6 no does not", async () => {
    const power = BigInt(bondedValidator(chain).tokens);
    const yesId = await open(chain);
    await chain.mustDeliver(validator, [
      msgs.voteWeighted(validator.address, yesId, [
        { option: VoteOption.VOTE_OPTION_YES, weight: "0.6" },
        { option: VoteOption.VOTE_OPTION_NO, weight: "0.4" },
      ]),
    ]);
    const live = tallyOf(chain, yesId);
    expect(live).toEqual({
      yesCount: ((power * 6n) / 10n).toString(),
      abstainCount: "0",
      noCount: ((power * 4n) / 10n).toString(),
      noWithVetoCount: "0",
    });
    const passed = await endVotingPeriod(chain, yesId);
    expectStatus(passed, ProposalStatus.PROPOSAL_STATUS_PASSED);
    expect(passed!.finalTallyResult).toEqual(live);

    const noId = await open(chain);
    await chain.mustDeliver(validator, [
      msgs.voteWeighted(validator.address, noId, [
        { option: VoteOption.VOTE_OPTION_YES, weight: "0.4" },
        { option: VoteOption.VOTE_OPTION_NO, weight: "0.6" },
      ]),
    ]);
    expectStatus(await endVotingPeriod(chain, noId), ProposalStatus.PROPOSAL_STATUS_REJECTED);
  });

  it("a weighted veto share above veto_threshold vetoes even with a yes majority", async () => {
    const aliceBefore = chain.balance(alice.address);
    const id = await open(chain);
    await chain.mustDeliver(validator, [
      msgs.voteWeighted(validator.address, id, [
        { option: VoteOption.VOTE_OPTION_YES, weight: "0.65" },
        { option: VoteOption.VOTE_OPTION_NO_WITH_VETO, weight: "0.35" },
      ]),
    ]);
    expectStatus(await endVotingPeriod(chain, id), ProposalStatus.PROPOSAL_STATUS_REJECTED);
    expect(chain.balance(alice.address)).toBe(aliceBefore - FEE - MIN_DEPOSIT);
  });
});

describe("gov: delegators and their validator", () => {
  let chain: TestChain;

  beforeAll(async () => {
    chain = await govChain();
  });
  afterAll(async () => chain.close());

  it("a delegator's own vote replaces its validator's vote for its shares; silent delegators follow the validator", async () => {
    const val = bondedValidator(chain);
    const validatorPower = BigInt(val.tokens);
    const bobStake = validatorPower * 2n;
    const carolStake = validatorPower / 2n;
    const delegate = (who: typeof bob, amount: bigint) =>
      pack("/cosmos.staking.v1beta1.MsgDelegate", MsgDelegate, {
        delegatorAddress: who.address,
        validatorAddress: val.operatorAddress,
        amount: { denom: DENOM, amount: amount.toString() },
      });
    await chain.mustDeliver(bob, [delegate(bob, bobStake)]);
    await chain.mustDeliver(carol, [delegate(carol, carolStake)]);
    await chain.produceBlocks(1);

    const id = await open(chain);
    await chain.mustDeliver(validator, [voteMsg(validator.address, id, VoteOption.VOTE_OPTION_YES)]);
    expect(tallyOf(chain, id).yesCount).toBe((validatorPower + bobStake + carolStake).toString());

    await chain.mustDeliver(bob, [voteMsg(bob.address, id, VoteOption.VOTE_OPTION_NO)]);
    expect(tallyOf(chain, id)).toEqual({
      yesCount: (validatorPower + carolStake).toString(),
      abstainCount: "0",
      noCount: bobStake.toString(),
      noWithVetoCount: "0",
    });
    const p = await endVotingPeriod(chain, id);
    expectStatus(p, ProposalStatus.PROPOSAL_STATUS_REJECTED);
  });
});

describe("gov: expedited proposals", () => {
  let chain: TestChain;

  beforeAll(async () => {
    chain = await govChain();
    await chain.mustDeliver(alice, [msgs.send(alice.address, GOV_ADDRESS, 1_000n)]);
  });
  afterAll(async () => chain.close());

  it("short of the expedited threshold becomes a regular proposal, keeps its deposit, and can pass later", async () => {
    const aliceBefore = chain.balance(alice.address);
    const id = await open(chain, true);
    const opened = getProposal(chain, id)!;
    expect(opened.votingEndTime!.seconds - opened.votingStartTime!.seconds).toBe(15n);
    await chain.mustDeliver(validator, [
      msgs.voteWeighted(validator.address, id, [
        { option: VoteOption.VOTE_OPTION_YES, weight: "0.6" },
        { option: VoteOption.VOTE_OPTION_NO, weight: "0.4" },
      ]),
    ]);
    const converted = await endVotingPeriod(chain, id);
    expectStatus(converted, ProposalStatus.PROPOSAL_STATUS_VOTING_PERIOD);
    expect(converted!.expedited).toBe(false);
    expect(converted!.votingEndTime!.seconds - converted!.votingStartTime!.seconds).toBe(30n);
    expect(chain.balance(alice.address)).toBe(aliceBefore - FEE - 50_000_000n);

    // The first tally consumed the votes, as in the SDK: the validator votes again.
    await chain.mustDeliver(validator, [voteMsg(validator.address, id, VoteOption.VOTE_OPTION_YES)]);
    const bobBefore = chain.balance(bob.address);
    const passed = await endVotingPeriod(chain, id);
    expectStatus(passed, ProposalStatus.PROPOSAL_STATUS_PASSED);
    expect(chain.balance(bob.address)).toBe(bobBefore + 1n);
    expect(chain.balance(alice.address)).toBe(aliceBefore - FEE);
  });
});
