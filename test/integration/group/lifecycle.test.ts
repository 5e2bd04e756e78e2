import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as q from "cosmjs-types/cosmos/group/v1/query";
import * as tx from "cosmjs-types/cosmos/group/v1/tx";
import { ProposalExecutorResult, ProposalStatus, VoteOption } from "cosmjs-types/cosmos/group/v1/types";
import { TestChain, testKey } from "../../helpers/chain";
import {
  execMsg,
  expectCode,
  members,
  msg,
  percentagePolicy,
  proposal,
  query,
  responseOf,
  secondsAfter,
  send,
  setupPolicy,
  submit,
  thresholdPolicy,
  vote,
} from "./setup";

describe("group: percentage policy, withdraw, leave, version bumps, pruning", () => {
  let chain: TestChain;
  const alice = testKey("alice");
  const bob = testKey("bob");
  const carol = testKey("carol");
  const dave = testKey("dave");
  const erin = testKey("erin");

  beforeAll(async () => {
    chain = await TestChain.create({
      funded: Object.fromEntries(["alice", "bob", "carol", "dave"].map((n) => [n, [{ denom: "uyml", amount: "1000000000" }]])),
    });
  });
  afterAll(async () => chain.close());

  const four = () => members([alice.address, "1"], [bob.address, "1"], [carol.address, "1"], [dave.address, "1"]);
  const propose = async (policy: string, amount = 1n) =>
    responseOf(
      await chain.mustDeliver(alice, [submit(policy, [alice.address], [send(policy, erin.address, amount)])]),
      tx.MsgSubmitProposalResponse,
    ).proposalId;

  it("percentage policy: 25% yes is not enough, 50% yes passes", async () => {
    const { groupPolicyAddress: policy } = await setupPolicy(chain, alice, four(), percentagePolicy("0.5"), 100n);
    const id = await propose(policy, 40n);
    await chain.mustDeliver(alice, [vote(id, alice.address, VoteOption.VOTE_OPTION_YES, tx.Exec.EXEC_TRY)]);
    expect(proposal(chain, id)!.status).toBe(ProposalStatus.PROPOSAL_STATUS_SUBMITTED);
    await chain.mustDeliver(bob, [vote(id, bob.address, VoteOption.VOTE_OPTION_YES, tx.Exec.EXEC_TRY)]);
    expect(proposal(chain, id)).toBeUndefined();
    expect(chain.balance(erin.address)).toBe(40n);
  });

  it("percentage policy: once enough NO votes make passing impossible, exec closes it as REJECTED", async () => {
    const { groupPolicyAddress: policy } = await setupPolicy(chain, alice, four(), percentagePolicy("0.75"), 100n);
    const id = await propose(policy);
    await chain.mustDeliver(bob, [vote(id, bob.address, VoteOption.VOTE_OPTION_NO)]);
    await chain.mustDeliver(carol, [vote(id, carol.address, VoteOption.VOTE_OPTION_ABSTAIN)]);
    const res = await chain.mustDeliver(alice, [execMsg(id, alice.address)]);
    expect(responseOf(res, tx.MsgExecResponse).result).toBe(ProposalExecutorResult.PROPOSAL_EXECUTOR_RESULT_NOT_RUN);
    const p = proposal(chain, id)!;
    expect(p.status).toBe(ProposalStatus.PROPOSAL_STATUS_REJECTED);
    expect(p.finalTallyResult).toEqual({ yesCount: "0", abstainCount: "1", noCount: "1", noWithVetoCount: "0" });
    // Votes are pruned once the tally is final.
    expect(
      query(chain, "VotesByProposal", q.QueryVotesByProposalRequest, { proposalId: id }, q.QueryVotesByProposalResponse).votes,
    ).toHaveLength(0);
  });

  it("withdraw: by a proposer or the policy admin only, and only while submitted", async () => {
    const { groupPolicyAddress: policy } = await setupPolicy(chain, alice, four(), thresholdPolicy("2"));
    const id = await propose(policy);
    expectCode(
      await chain.deliver(bob, [msg("MsgWithdrawProposal", tx.MsgWithdrawProposal, { proposalId: id, address: bob.address })]),
      "group",
      7,
    );
    await chain.mustDeliver(alice, [msg("MsgWithdrawProposal", tx.MsgWithdrawProposal, { proposalId: id, address: alice.address })]);
    expect(proposal(chain, id)!.status).toBe(ProposalStatus.PROPOSAL_STATUS_WITHDRAWN);
    expectCode(
      await chain.deliver(alice, [msg("MsgWithdrawProposal", tx.MsgWithdrawProposal, { proposalId: id, address: alice.address })]),
      "group",
      6,
    );
    expectCode(await chain.deliver(bob, [vote(id, bob.address)]), "group", 6);
    expectCode(await chain.deliver(bob, [execMsg(id, bob.address)]), "group", 6);
    const tally = chain.app.query({
      path: "/cosmos.group.v1.Query/TallyResult",
      data: q.QueryTallyResultRequest.encode({ proposalId: id }).finish(),
      height: 0n,
      prove: false,
    });
    expect([tally.codespace, tally.code]).toEqual(["sdk", 18]);
    expect(tally.log).toContain("can't get the tally of a proposal with status PROPOSAL_STATUS_WITHDRAWN");
  });

  it("leave group: the member is gone, the weight drops, the version bumps and pending proposals abort", async () => {
    const { groupPolicyAddress: policy, groupId } = await setupPolicy(chain, alice, four(), thresholdPolicy("2"), 10n);
    const id = await propose(policy);
    await chain.mustDeliver(bob, [vote(id, bob.address)]);
    const before = query(chain, "GroupInfo", q.QueryGroupInfoRequest, { groupId }, q.QueryGroupInfoResponse).info!;
    await chain.mustDeliver(dave, [msg("MsgLeaveGroup", tx.MsgLeaveGroup, { address: dave.address, groupId })]);
    const after = query(chain, "GroupInfo", q.QueryGroupInfoRequest, { groupId }, q.QueryGroupInfoResponse).info!;
    expect(after.totalWeight).toBe("3");
    expect(after.version).toBe(before.version + 1n);
    const groupsOfDave = query(
      chain,
      "GroupsByMember",
      q.QueryGroupsByMemberRequest,
      { address: dave.address },
      q.QueryGroupsByMemberResponse,
    ).groups;
    expect(groupsOfDave.map((g) => g.id)).not.toContain(groupId);
    expect(proposal(chain, id)!.status).toBe(ProposalStatus.PROPOSAL_STATUS_ABORTED);
    // Voting or executing an aborted proposal reports the modification.
    expectCode(await chain.deliver(carol, [vote(id, carol.address)]), "group", 8);
    expectCode(await chain.deliver(carol, [execMsg(id, carol.address)]), "group", 8);
    // A non-member cannot leave.
    expectCode(await chain.deliver(dave, [msg("MsgLeaveGroup", tx.MsgLeaveGroup, { address: dave.address, groupId })]), "sdk", 38);
  });

  it("member, admin and metadata updates bump the group version and abort pending proposals; policy updates abort too", async () => {
    const { groupPolicyAddress: policy, groupId } = await setupPolicy(chain, alice, four(), thresholdPolicy("2"));
    const p1 = await propose(policy);
    await chain.mustDeliver(alice, [
      msg("MsgUpdateGroupMembers", tx.MsgUpdateGroupMembers, { admin: alice.address, groupId, memberUpdates: members([bob.address, "2"]) }),
    ]);
    expect(proposal(chain, p1)!.status).toBe(ProposalStatus.PROPOSAL_STATUS_ABORTED);
    const info = query(chain, "GroupInfo", q.QueryGroupInfoRequest, { groupId }, q.QueryGroupInfoResponse).info!;
    expect([info.version, info.totalWeight]).toEqual([2n, "5"]);

    const p2 = await propose(policy);
    expect(proposal(chain, p2)!.groupVersion).toBe(2n);
    await chain.mustDeliver(alice, [
      msg("MsgUpdateGroupMetadata", tx.MsgUpdateGroupMetadata, { admin: alice.address, groupId, metadata: "registry office" }),
    ]);
    expect(proposal(chain, p2)!.status).toBe(ProposalStatus.PROPOSAL_STATUS_ABORTED);

    const p3 = await propose(policy);
    await chain.mustDeliver(alice, [
      msg("MsgUpdateGroupPolicyDecisionPolicy", tx.MsgUpdateGroupPolicyDecisionPolicy, {
        admin: alice.address,
        groupPolicyAddress: policy,
        decisionPolicy: thresholdPolicy("3"),
      }),
    ]);
    expect(proposal(chain, p3)!.status).toBe(ProposalStatus.PROPOSAL_STATUS_ABORTED);
    const pinfo = query(chain, "GroupPolicyInfo", q.QueryGroupPolicyInfoRequest, { address: policy }, q.QueryGroupPolicyInfoResponse).info!;
    expect(pinfo.version).toBe(2n);

    const p4 = await propose(policy);
    await chain.mustDeliver(alice, [
      msg("MsgUpdateGroupPolicyMetadata", tx.MsgUpdateGroupPolicyMetadata, {
        admin: alice.address,
        groupPolicyAddress: policy,
        metadata: "m",
      }),
    ]);
    expect(proposal(chain, p4)!.status).toBe(ProposalStatus.PROPOSAL_STATUS_ABORTED);

    // Removing a member with weight 0; the admin handover moves the group to bob.
    await chain.mustDeliver(alice, [
      msg("MsgUpdateGroupMembers", tx.MsgUpdateGroupMembers, {
        admin: alice.address,
        groupId,
        memberUpdates: members([carol.address, "0"]),
      }),
    ]);
    await chain.mustDeliver(alice, [
      msg("MsgUpdateGroupAdmin", tx.MsgUpdateGroupAdmin, { admin: alice.address, groupId, newAdmin: bob.address }),
    ]);
    const byBob = query(chain, "GroupsByAdmin", q.QueryGroupsByAdminRequest, { admin: bob.address }, q.QueryGroupsByAdminResponse).groups;
    expect(byBob.map((g) => [g.id, g.totalWeight])).toEqual([[groupId, "4"]]);
    expectCode(
      await chain.deliver(alice, [
        msg("MsgUpdateGroupMetadata", tx.MsgUpdateGroupMetadata, { admin: alice.address, groupId, metadata: "x" }),
      ]),
      "group",
      7,
    );
    await chain.mustDeliver(alice, [
      msg("MsgUpdateGroupPolicyAdmin", tx.MsgUpdateGroupPolicyAdmin, {
        admin: alice.address,
        groupPolicyAddress: policy,
        newAdmin: bob.address,
      }),
    ]);
    const policiesOfBob = query(
      chain,
      "GroupPoliciesByAdmin",
      q.QueryGroupPoliciesByAdminRequest,
      { admin: bob.address },
      q.QueryGroupPoliciesByAdminResponse,
    ).groupPolicies;
    expect(policiesOfBob.map((p) => p.address)).toEqual([policy]);
  });

  it("policy as its own admin: a passed proposal updates the group", async () => {
    const res = await chain.mustDeliver(alice, [
      msg("MsgCreateGroupWithPolicy", tx.MsgCreateGroupWithPolicy, {
        admin: alice.address,
        members: four(),
        decisionPolicy: thresholdPolicy("2"),
        groupPolicyAsAdmin: true,
      }),
    ]);
    const { groupId, groupPolicyAddress: policy } = responseOf(res, tx.MsgCreateGroupWithPolicyResponse);
    const info = query(chain, "GroupInfo", q.QueryGroupInfoRequest, { groupId }, q.QueryGroupInfoResponse).info!;
    expect([info.admin, info.version]).toEqual([policy, 2n]);
    const update = msg("MsgUpdateGroupMetadata", tx.MsgUpdateGroupMetadata, { admin: policy, groupId, metadata: "decided together" });
    const id = responseOf(
      await chain.mustDeliver(alice, [submit(policy, [alice.address], [update])]),
      tx.MsgSubmitProposalResponse,
    ).proposalId;
    await chain.mustDeliver(alice, [vote(id, alice.address)]);
    await chain.mustDeliver(bob, [vote(id, bob.address, VoteOption.VOTE_OPTION_YES, tx.Exec.EXEC_TRY)]);
    expect(query(chain, "GroupInfo", q.QueryGroupInfoRequest, { groupId }, q.QueryGroupInfoResponse).info!.metadata).toBe(
      "decided together",
    );
  });

  it("pruning: withdrawn at voting end; rejected gets its final tally at voting end; accepted but unexecuted after the execution window", async () => {
    const { groupPolicyAddress: policy } = await setupPolicy(chain, alice, four(), thresholdPolicy("2", 60n), 10n);
    const withdrawn = await propose(policy);
    await chain.mustDeliver(alice, [msg("MsgWithdrawProposal", tx.MsgWithdrawProposal, { proposalId: withdrawn, address: alice.address })]);
    const rejected = await propose(policy);
    await chain.mustDeliver(alice, [vote(rejected, alice.address)]);
    const accepted = await propose(policy);
    await chain.mustDeliver(alice, [vote(accepted, alice.address)]);
    await chain.mustDeliver(bob, [vote(accepted, bob.address)]);

    chain.setNextBlockTime(secondsAfter(chain, 120));
    await chain.produceBlocks(1);
    expect(proposal(chain, withdrawn)).toBeUndefined();
    const r = proposal(chain, rejected)!;
    expect(r.status).toBe(ProposalStatus.PROPOSAL_STATUS_REJECTED);
    expect(r.finalTallyResult.yesCount).toBe("1");
    const a = proposal(chain, accepted)!;
    expect(a.status).toBe(ProposalStatus.PROPOSAL_STATUS_ACCEPTED);
    expect(a.executorResult).toBe(ProposalExecutorResult.PROPOSAL_EXECUTOR_RESULT_NOT_RUN);
    // Voting is over: a late vote is refused.
    expectCode(await chain.deliver(carol, [vote(accepted, carol.address)]), "group", 6);

    // Past voting_period_end + max_execution_period (14 days) both are pruned.
    chain.setNextBlockTime(secondsAfter(chain, 15 * 24 * 3600));
    await chain.produceBlocks(1);
    expect(proposal(chain, rejected)).toBeUndefined();
    expect(proposal(chain, accepted)).toBeUndefined();
    expect(chain.balance(policy)).toBe(10n);
  });
});
