import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as q from "cosmjs-types/cosmos/group/v1/query";
import * as tx from "cosmjs-types/cosmos/group/v1/tx";
import { ProposalExecutorResult, ProposalStatus, VoteOption } from "cosmjs-types/cosmos/group/v1/types";
import { BaseAccount } from "cosmjs-types/cosmos/auth/v1beta1/auth";
import { QueryAccountRequest, QueryAccountResponse } from "cosmjs-types/cosmos/auth/v1beta1/query";
import { derivedModuleAddress } from "../../../src/types/address";
import { TestChain, testKey } from "../../helpers/chain";
import {
  deliverSignedBy,
  execMsg,
  members,
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

describe("group: 2-of-3 threshold policy spends only after two YES votes and MsgExec", () => {
  let chain: TestChain;
  const alice = testKey("alice");
  const bob = testKey("bob");
  const carol = testKey("carol");
  const dave = testKey("dave");
  let policy: string;
  let groupId: bigint;

  beforeAll(async () => {
    chain = await TestChain.create();
    const out = await setupPolicy(
      chain,
      alice,
      members([alice.address, "1"], [bob.address, "1"], [carol.address, "1"]),
      thresholdPolicy("2", 3600n, 10n),
      1_000_000n,
    );
    policy = out.groupPolicyAddress;
    groupId = out.groupId;
  });
  afterAll(async () => chain.close());

  it("derives the policy account as the SDK does and creates it in auth", () => {
    const seq = new Uint8Array(8);
    seq[7] = 2; // the genesis foundation's policy is the first
    expect(policy).toBe(derivedModuleAddress("group", Uint8Array.of(0x20), seq));
    const res = chain.query("/cosmos.auth.v1beta1.Query/Account", QueryAccountRequest, { address: policy }, QueryAccountResponse);
    const account = BaseAccount.decode(res.account!.value);
    expect(account.address).toBe(policy);
    expect(chain.balance(policy)).toBe(1_000_000n);
    const info = query(chain, "GroupInfo", q.QueryGroupInfoRequest, { groupId }, q.QueryGroupInfoResponse).info!;
    expect(info).toMatchObject({ id: groupId, admin: alice.address, version: 1n, totalWeight: "3" });
    const byMember = query(chain, "GroupsByMember", q.QueryGroupsByMemberRequest, { address: bob.address }, q.QueryGroupsByMemberResponse);
    expect(byMember.groups.map((g) => g.id)).toEqual([groupId]);
    const policies = query(
      chain,
      "GroupPoliciesByGroup",
      q.QueryGroupPoliciesByGroupRequest,
      { groupId },
      q.QueryGroupPoliciesByGroupResponse,
    );
    expect(policies.groupPolicies.map((p) => p.address)).toEqual([policy]);
  });

  it("one YES vote is not enough; exec before min_execution_period runs nothing; after it the coins move", async () => {
    const submitted = await chain.mustDeliver(alice, [submit(policy, [alice.address], [send(policy, dave.address, 400n)])]);
    const id = responseOf(submitted, tx.MsgSubmitProposalResponse).proposalId;
    const submitTime = chain.engine.lastBlockTime.seconds;

    await chain.mustDeliver(alice, [vote(id, alice.address)]);
    const early = await chain.mustDeliver(bob, [execMsg(id, bob.address)]);
    expect(responseOf(early, tx.MsgExecResponse).result).toBe(ProposalExecutorResult.PROPOSAL_EXECUTOR_RESULT_NOT_RUN);
    expect(proposal(chain, id)!.status).toBe(ProposalStatus.PROPOSAL_STATUS_SUBMITTED);
    expect(chain.balance(dave.address)).toBe(0n);
    const tally = query(chain, "TallyResult", q.QueryTallyResultRequest, { proposalId: id }, q.QueryTallyResultResponse).tally;
    expect(tally).toEqual({ yesCount: "1", abstainCount: "0", noCount: "0", noWithVetoCount: "0" });

    await chain.mustDeliver(carol, [vote(id, carol.address)]);
    // Two of three voted yes, but min_execution_period (10s) has not passed since submission.
    expect(chain.engine.lastBlockTime.seconds - submitTime).toBeLessThan(10n);
    const tooSoon = await chain.mustDeliver(bob, [execMsg(id, bob.address)]);
    expect(responseOf(tooSoon, tx.MsgExecResponse).result).toBe(ProposalExecutorResult.PROPOSAL_EXECUTOR_RESULT_FAILURE);
    const execEvent = tooSoon.events.find((e) => e.type === "cosmos.group.v1.EventExec")!;
    expect(execEvent.attributes.find((a) => a.key === "logs")!.value).toContain("must wait until");
    const accepted = proposal(chain, id)!;
    expect(accepted.status).toBe(ProposalStatus.PROPOSAL_STATUS_ACCEPTED);
    expect(accepted.executorResult).toBe(ProposalExecutorResult.PROPOSAL_EXECUTOR_RESULT_FAILURE);
    expect(accepted.finalTallyResult.yesCount).toBe("2");
    expect(chain.balance(dave.address)).toBe(0n);
    expect(chain.balance(policy)).toBe(1_000_000n);

    chain.setNextBlockTime(secondsAfter(chain, 20));
    const done = await chain.mustDeliver(bob, [execMsg(id, bob.address)]);
    expect(responseOf(done, tx.MsgExecResponse).result).toBe(ProposalExecutorResult.PROPOSAL_EXECUTOR_RESULT_SUCCESS);
    expect(chain.balance(dave.address)).toBe(400n);
    expect(chain.balance(policy)).toBe(1_000_000n - 400n);
    // A successfully executed proposal is pruned at once.
    expect(proposal(chain, id)).toBeUndefined();
    expect(done.events.some((e) => e.type === "cosmos.group.v1.EventProposalPruned")).toBe(true);
  });

  it("EXEC_TRY on submit with two proposers executes immediately when the policy allows no delay", async () => {
    const fast = await setupPolicy(
      chain,
      alice,
      members([alice.address, "1"], [bob.address, "1"], [carol.address, "1"]),
      thresholdPolicy("2"),
      1000n,
    );
    const res = await deliverSignedBy(
      chain,
      [alice, bob],
      [submit(fast.groupPolicyAddress, [alice.address, bob.address], [send(fast.groupPolicyAddress, dave.address, 7n)], tx.Exec.EXEC_TRY)],
    );
    expect(res.code).toBe(0);
    const id = responseOf(res, tx.MsgSubmitProposalResponse).proposalId;
    expect(proposal(chain, id)).toBeUndefined();
    expect(chain.balance(fast.groupPolicyAddress)).toBe(993n);
  });

  it("EXEC_TRY on submit with one proposer only records the vote; the second voter's EXEC_TRY executes", async () => {
    const before = chain.balance(dave.address);
    const fast = await setupPolicy(
      chain,
      alice,
      members([alice.address, "1"], [bob.address, "1"], [carol.address, "1"]),
      thresholdPolicy("2"),
      1000n,
    );
    const res = await chain.mustDeliver(
      alice,
      [submit(fast.groupPolicyAddress, [alice.address], [send(fast.groupPolicyAddress, dave.address, 5n)], tx.Exec.EXEC_TRY)],
      { gasLimit: 1_000_000n },
    );
    const id = responseOf(res, tx.MsgSubmitProposalResponse).proposalId;
    expect(proposal(chain, id)!.status).toBe(ProposalStatus.PROPOSAL_STATUS_SUBMITTED);
    const votes = query(chain, "VotesByProposal", q.QueryVotesByProposalRequest, { proposalId: id }, q.QueryVotesByProposalResponse).votes;
    expect(votes.map((v) => [v.voter, v.option])).toEqual([[alice.address, VoteOption.VOTE_OPTION_YES]]);
    await chain.mustDeliver(carol, [vote(id, carol.address, VoteOption.VOTE_OPTION_YES, tx.Exec.EXEC_TRY)], { gasLimit: 1_000_000n });
    expect(proposal(chain, id)).toBeUndefined();
    expect(chain.balance(dave.address)).toBe(before + 5n);
  });
});
