import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as q from "cosmjs-types/cosmos/group/v1/query";
import * as tx from "cosmjs-types/cosmos/group/v1/tx";
import { registerError } from "../../../src/types/errors";
import { ONE } from "../../../src/modules/group/decimal";
import { TestChain, testKey } from "../../helpers/chain";
import { expectCode, groupKeeper, members, msg, query, setupPolicy, thresholdPolicy } from "./setup";

const ErrFoundationShape = registerError("grouptest", 2, "foundation group shape");

describe("group: registered guards refuse member and decision-policy changes", () => {
  let chain: TestChain;
  const alice = testKey("alice");
  const bob = testKey("bob");
  const carol = testKey("carol");
  const dave = testKey("dave");
  let groupId: bigint;
  let policy: string;

  beforeAll(async () => {
    chain = await TestChain.create();
    const out = await setupPolicy(
      chain,
      alice,
      members([alice.address, "1"], [bob.address, "1"], [carol.address, "1"]),
      thresholdPolicy("2"),
    );
    groupId = out.groupId;
    policy = out.groupPolicyAddress;
    // A stand-in for the constitution's foundation guard: exactly 3 members, threshold 2.
    groupKeeper(chain).addGuard((_ctx, change) => {
      if (change.groupId !== groupId) return;
      if (change.kind === "members" && change.newMembers!.length !== 3)
        throw ErrFoundationShape.wrap(`need exactly 3 members, got ${change.newMembers!.length}`);
      if (change.kind === "policy" && (change.newDecision!.kind !== "threshold" || change.newDecision!.threshold !== 2n * ONE))
        throw ErrFoundationShape.wrap("need threshold 2");
    });
  });
  afterAll(async () => chain.close());

  const memberCount = () =>
    query(chain, "GroupMembers", q.QueryGroupMembersRequest, { groupId }, q.QueryGroupMembersResponse).members.length;

  it("refuses adding a fourth member, removing one, or a member leaving", async () => {
    const add = await chain.deliver(alice, [
      msg("MsgUpdateGroupMembers", tx.MsgUpdateGroupMembers, {
        admin: alice.address,
        groupId,
        memberUpdates: members([dave.address, "1"]),
      }),
    ]);
    expectCode(add, "grouptest", 2);
    const remove = await chain.deliver(alice, [
      msg("MsgUpdateGroupMembers", tx.MsgUpdateGroupMembers, {
        admin: alice.address,
        groupId,
        memberUpdates: members([carol.address, "0"]),
      }),
    ]);
    expectCode(remove, "grouptest", 2);
    expectCode(await chain.deliver(bob, [msg("MsgLeaveGroup", tx.MsgLeaveGroup, { address: bob.address, groupId })]), "grouptest", 2);
    expect(memberCount()).toBe(3);
  });

  it("allows a change that keeps the shape (swap a member)", async () => {
    await chain.mustDeliver(alice, [
      msg("MsgUpdateGroupMembers", tx.MsgUpdateGroupMembers, {
        admin: alice.address,
        groupId,
        memberUpdates: members([carol.address, "0"], [dave.address, "1"]),
      }),
    ]);
    expect(memberCount()).toBe(3);
  });

  it("refuses a decision policy that breaks the shape, accepts one that keeps it", async () => {
    const bad = await chain.deliver(alice, [
      msg("MsgUpdateGroupPolicyDecisionPolicy", tx.MsgUpdateGroupPolicyDecisionPolicy, {
        admin: alice.address,
        groupPolicyAddress: policy,
        decisionPolicy: thresholdPolicy("1"),
      }),
    ]);
    expectCode(bad, "grouptest", 2);
    await chain.mustDeliver(alice, [
      msg("MsgUpdateGroupPolicyDecisionPolicy", tx.MsgUpdateGroupPolicyDecisionPolicy, {
        admin: alice.address,
        groupPolicyAddress: policy,
        decisionPolicy: thresholdPolicy("2", 7200n),
      }),
    ]);
  });

  it("exposes the policy to other modules through isGroupPolicy and policyInfo", () => {
    const k = groupKeeper(chain);
    const ctx = chain.app.queryContext();
    expect(k.isGroupPolicy(ctx, policy)).toBe(true);
    expect(k.isGroupPolicy(ctx, alice.address)).toBe(false);
    const info = k.policyInfo(ctx, policy)!;
    expect(info.groupId).toBe(groupId);
    expect(info.admin).toBe(alice.address);
    expect(info.decision).toEqual({ kind: "threshold", threshold: 2n * ONE });
    expect(info.votingPeriodSeconds).toBe(7200n);
    expect(info.members.map((m) => m.weight)).toEqual([ONE, ONE, ONE]);
    expect(new Set(info.members.map((m) => m.address))).toEqual(new Set([alice.address, bob.address, dave.address]));
    expect(k.policyInfo(ctx, alice.address)).toBeUndefined();
  });
});
