import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as q from "cosmjs-types/cosmos/group/v1/query";
import * as tx from "cosmjs-types/cosmos/group/v1/tx";
import { VoteOption } from "cosmjs-types/cosmos/group/v1/types";
import { Schema } from "../../../src/store/collections";
import { uint64Value } from "../../../src/store/codecs";
import type { Module } from "../../../src/types/module";
import { TestChain, testKey } from "../../helpers/chain";
import { createGroupWithPolicy, groupKeeper, members, query, responseOf, send, setupPolicy, submit, thresholdPolicy, vote } from "./setup";

describe("group consensus version 2: the 1 -> 2 migration", () => {
  let chain: TestChain;
  const alice = testKey("alice");
  const bob = testKey("bob");
  let groupId: bigint;

  beforeAll(async () => {
    chain = await TestChain.create({
      funded: { alice: [{ denom: "uyml", amount: "1000000000" }], bob: [{ denom: "uyml", amount: "1000000000" }] },
    });
    const created = await setupPolicy(chain, alice, members([alice.address, "1"], [bob.address, "1"]), thresholdPolicy("2"));
    groupId = created.groupId;
    const res = await chain.mustDeliver(alice, [
      submit(created.groupPolicyAddress, [alice.address], [send(created.groupPolicyAddress, bob.address, 1n)]),
    ]);
    await chain.mustDeliver(bob, [vote(responseOf(res, tx.MsgSubmitProposalResponse).proposalId, bob.address, VoteOption.VOTE_OPTION_NO)]);
  });
  afterAll(async () => chain.close());

  it("turns the last-id counters into next-id sequences; the indexes keep their entries", async () => {
    const m = chain.app.modules.modules.find((x) => x.name === "group") as Module;
    expect(m.consensusVersion).toBe(2);
    const k = groupKeeper(chain);
    const ctx = chain.app.queryContext();
    const next = () => [k.groupSeq.peek(ctx), k.policySeq.peek(ctx), k.proposalSeq.peek(ctx)];
    const before = next();
    // Genesis holds the foundation's group and policy; this file added one of each and a proposal.
    expect(before).toEqual([groupId + 1n, 3n, 2n]);
    const indexes = () => [
      [...k.members.indexes.byMember.entries(ctx)],
      [...k.votes.indexes.byVoter.entries(ctx)],
      [...k.groups.indexes.byAdmin.entries(ctx)],
    ];
    const indexed = indexes();

    // Version 1's layout, written raw: the last id given.
    const v1 = new Schema("group/");
    const old = {
      groupSeq: v1.item(1, "group_seq", uint64Value),
      policySeq: v1.item(6, "group_policy_seq", uint64Value),
      proposalSeq: v1.item(10, "proposal_seq", uint64Value),
    };
    old.groupSeq.set(ctx, groupId);
    old.policySeq.set(ctx, 2n);
    old.proposalSeq.set(ctx, 1n);
    m.migrations!.find((x) => x.from === 1)!.migrate(ctx);

    expect(next()).toEqual(before);
    expect(indexes()).toEqual(indexed);
  });

  it("after the upgrade the next group takes the next id, and the member and voter lookups answer as before", async () => {
    const k = groupKeeper(chain);
    const expected = k.groupSeq.peek(chain.app.queryContext());
    const res = await chain.mustDeliver(alice, [createGroupWithPolicy(alice.address, members([alice.address, "1"]), thresholdPolicy("1"))]);
    expect(responseOf(res, tx.MsgCreateGroupWithPolicyResponse).groupId).toBe(expected);
    const byMember = query(chain, "GroupsByMember", q.QueryGroupsByMemberRequest, { address: bob.address }, q.QueryGroupsByMemberResponse);
    expect(byMember.groups.map((g) => g.id)).toEqual([groupId]);
    const byVoter = query(chain, "VotesByVoter", q.QueryVotesByVoterRequest, { voter: bob.address }, q.QueryVotesByVoterResponse);
    expect(byVoter.votes.map((v) => v.option)).toEqual([VoteOption.VOTE_OPTION_NO]);
  });
});
