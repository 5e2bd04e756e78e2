import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProposalStatus, VoteOption } from "cosmjs-types/cosmos/gov/v1/gov";
import * as q from "cosmjs-types/cosmos/gov/v1/query";
import type { GenesisState } from "cosmjs-types/cosmos/gov/v1/genesis";
import { decodeGenesis } from "../../../src/app/genesis";
import { buildModules } from "../../../src/app/modules";
import type { Codec } from "../../../src/types/codec";
import { TestChain, testKey } from "../../helpers/chain";
import { endVotingPeriod, proposalIdOf, submitMsg, validatorKey, voteMsg } from "../../helpers/gov";
import { MIN_DEPOSIT, coins, govChain } from "./setup";

const alice = testKey("alice");
const bob = testKey("bob");
const validator = validatorKey();

describe("gov: queries", () => {
  let chain: TestChain;
  let passed: bigint;
  let voting: bigint;
  let depositing: bigint;

  const query = <Q, R>(method: string, reqCodec: Codec<Q>, req: Q, resCodec: Codec<R>) =>
    chain.query(`/cosmos.gov.v1.Query/${method}`, reqCodec, req, resCodec);
  const failure = (fn: () => unknown) => {
    try {
      fn();
    } catch (e) {
      return { code: (e as { code: number }).code, message: (e as Error).message };
    }
    throw new Error("query succeeded");
  };

  beforeAll(async () => {
    chain = await govChain();
    passed = proposalIdOf(await chain.mustDeliver(alice, [submitMsg(alice.address, [], coins(MIN_DEPOSIT), { metadata: "one" })]));
    await chain.mustDeliver(validator, [voteMsg(validator.address, passed, VoteOption.VOTE_OPTION_YES)]);
    await endVotingPeriod(chain, passed);
    voting = proposalIdOf(await chain.mustDeliver(alice, [submitMsg(alice.address, [], coins(MIN_DEPOSIT), { metadata: "two" })]));
    await chain.mustDeliver(bob, [voteMsg(bob.address, voting, VoteOption.VOTE_OPTION_NO)]);
    depositing = proposalIdOf(await chain.mustDeliver(bob, [submitMsg(bob.address, [], coins(1_000_000n), { metadata: "three" })]));
  });
  afterAll(async () => chain.close());

  it("Proposal returns one proposal; unknown is NotFound, id 0 InvalidArgument", () => {
    const p = query("Proposal", q.QueryProposalRequest, { proposalId: passed }, q.QueryProposalResponse).proposal!;
    expect(p.status).toBe(ProposalStatus.PROPOSAL_STATUS_PASSED);
    expect(p.metadata).toBe("one");
    expect(failure(() => query("Proposal", q.QueryProposalRequest, { proposalId: 99n }, q.QueryProposalResponse)).code).toBe(22);
    expect(failure(() => query("Proposal", q.QueryProposalRequest, { proposalId: 0n }, q.QueryProposalResponse)).code).toBe(18);
  });

  it("Proposals filters by status, voter and depositor, and paginates", () => {
    const ids = (req: Partial<q.QueryProposalsRequest>) =>
      query("Proposals", q.QueryProposalsRequest, q.QueryProposalsRequest.fromPartial(req), q.QueryProposalsResponse).proposals.map(
        (p) => p.id,
      );
    expect(ids({})).toEqual([passed, voting, depositing]);
    expect(ids({ proposalStatus: ProposalStatus.PROPOSAL_STATUS_VOTING_PERIOD })).toEqual([voting]);
    expect(ids({ proposalStatus: ProposalStatus.PROPOSAL_STATUS_DEPOSIT_PERIOD })).toEqual([depositing]);
    expect(ids({ voter: bob.address })).toEqual([voting]);
    expect(ids({ depositor: bob.address })).toEqual([depositing]);
    expect(ids({ depositor: alice.address })).toEqual([voting]);
    const page = query(
      "Proposals",
      q.QueryProposalsRequest,
      q.QueryProposalsRequest.fromPartial({ pagination: { limit: 2n, countTotal: true } }),
      q.QueryProposalsResponse,
    );
    expect(page.proposals.map((p) => p.id)).toEqual([passed, voting]);
    expect(page.pagination!.total).toBe(3n);
    expect(failure(() => ids({ voter: "nope" })).code).toBe(18);
  });

  it("Vote, Votes, Deposit, Deposits", () => {
    const vote = query("Vote", q.QueryVoteRequest, { proposalId: voting, voter: bob.address }, q.QueryVoteResponse).vote!;
    expect(vote.options).toEqual([{ option: VoteOption.VOTE_OPTION_NO, weight: "1.000000000000000000" }]);
    expect(query("Votes", q.QueryVotesRequest, { proposalId: voting }, q.QueryVotesResponse).votes).toEqual([vote]);
    expect(failure(() => query("Vote", q.QueryVoteRequest, { proposalId: voting, voter: alice.address }, q.QueryVoteResponse)).code).toBe(
      22,
    );
    expect(failure(() => query("Vote", q.QueryVoteRequest, { proposalId: voting, voter: "" }, q.QueryVoteResponse)).code).toBe(18);

    const deposit = query(
      "Deposit",
      q.QueryDepositRequest,
      { proposalId: depositing, depositor: bob.address },
      q.QueryDepositResponse,
    ).deposit!;
    expect(deposit).toEqual({ proposalId: depositing, depositor: bob.address, amount: coins(1_000_000n) });
    expect(query("Deposits", q.QueryDepositsRequest, { proposalId: depositing }, q.QueryDepositsResponse).deposits).toEqual([deposit]);
    expect(
      failure(() => query("Deposit", q.QueryDepositRequest, { proposalId: depositing, depositor: alice.address }, q.QueryDepositResponse))
        .code,
    ).toBe(22);
    expect(failure(() => query("Deposits", q.QueryDepositsRequest, { proposalId: 0n }, q.QueryDepositsResponse)).code).toBe(18);
  });

  it("TallyResult: empty in the deposit period, live while voting, final afterwards", () => {
    const tally = (proposalId: bigint) =>
      query("TallyResult", q.QueryTallyResultRequest, { proposalId }, q.QueryTallyResultResponse).tally!;
    expect(tally(depositing)).toEqual({ yesCount: "0", abstainCount: "0", noCount: "0", noWithVetoCount: "0" });
    // bob holds no stake, so his vote weighs nothing.
    expect(tally(voting)).toEqual({ yesCount: "0", abstainCount: "0", noCount: "0", noWithVetoCount: "0" });
    expect(tally(passed).yesCount).toBe("10000000");
    expect(failure(() => tally(77n)).code).toBe(22);
  });

  it("Params answers the legacy params_type views and refuses unknown ones", () => {
    const params = (paramsType: string) => query("Params", q.QueryParamsRequest, { paramsType }, q.QueryParamsResponse);
    const all = params("");
    expect(all.params!.votingPeriod).toEqual({ seconds: 30n, nanos: 0 });
    expect(all.depositParams).toBeUndefined();
    expect(params("deposit").depositParams).toEqual({ minDeposit: coins(MIN_DEPOSIT), maxDepositPeriod: { seconds: 60n, nanos: 0 } });
    expect(params("voting").votingParams).toEqual({ votingPeriod: { seconds: 30n, nanos: 0 } });
    expect(params("tallying").tallyParams).toEqual({
      quorum: "0.334000000000000000",
      threshold: "0.500000000000000000",
      vetoThreshold: "0.334000000000000000",
    });
    expect(failure(() => params("other")).code).toBe(18);
  });

  it("Constitution is the genesis text (empty by default)", () => {
    expect(query("Constitution", q.QueryConstitutionRequest, {}, q.QueryConstitutionResponse).constitution).toBe("");
  });

  it("genesis export carries proposals, votes, deposits and params in the SDK v0.50 JSON shape, and validates again", () => {
    const state = chain.app.exportAppState() as Record<string, any>;
    const gov = state.gov;
    expect(gov.starting_proposal_id).toBe("4");
    expect(gov.proposals.map((p: any) => [p.id, p.status])).toEqual([
      ["1", "PROPOSAL_STATUS_PASSED"],
      ["2", "PROPOSAL_STATUS_VOTING_PERIOD"],
      ["3", "PROPOSAL_STATUS_DEPOSIT_PERIOD"],
    ]);
    expect(gov.votes).toEqual([
      { proposal_id: "2", voter: bob.address, options: [{ option: "VOTE_OPTION_NO", weight: "1.000000000000000000" }], metadata: "" },
    ]);
    expect(gov.deposits).toHaveLength(2);
    expect(gov.params.voting_period).toBe("30s");
    expect(gov.params.expedited_min_deposit).toEqual([{ denom: "uyml", amount: "50000000" }]);
    const govOnly = buildModules().modules.filter((m) => m.name === "gov");
    const decoded = decodeGenesis(govOnly, { gov }).get("gov") as GenesisState;
    expect(decoded.proposals.map((p) => p.id)).toEqual([passed, voting, depositing]);
    expect(decoded.params!.burnVoteVeto).toBe(true);
    expect(() => decodeGenesis(govOnly, { gov: { ...gov, params: { ...gov.params, quorum: "2" } } })).toThrow(/invalid genesis state/);
  });
});
