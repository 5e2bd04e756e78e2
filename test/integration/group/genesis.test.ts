import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GenesisState } from "cosmjs-types/cosmos/group/v1/genesis";
import * as q from "cosmjs-types/cosmos/group/v1/query";
import * as tx from "cosmjs-types/cosmos/group/v1/tx";
import { validateGroupGenesis } from "../../../src/modules/group/genesis";
import { foundationCustodians, TestChain, testKey } from "../../helpers/chain";
import { members, msg, query, responseOf, send, setupPolicy, submit, thresholdPolicy } from "./setup";

describe("group: genesis", () => {
  let chain: TestChain;
  const alice = testKey("alice");
  const bob = testKey("bob");
  let exported: Record<string, unknown>;

  beforeAll(async () => {
    chain = await TestChain.create();
    const { groupPolicyAddress: policy } = await setupPolicy(
      chain,
      alice,
      members([alice.address, "1"], [bob.address, "2"]),
      thresholdPolicy("2"),
    );
    await chain.mustDeliver(alice, [send(alice.address, policy, 10n)]);
    // Executed at once (bob alone weighs 2) and so pruned: the export below carries no proposals,
    // because the descriptor set behind genesis JSON has an older cosmos.group.v1.Proposal.
    await chain.mustDeliver(bob, [submit(policy, [bob.address], [send(policy, alice.address, 1n)], tx.Exec.EXEC_TRY)], {
      gasLimit: 1_000_000n,
    });
    await chain.mustDeliver(alice, [
      msg("MsgCreateGroup", tx.MsgCreateGroup, { admin: alice.address, members: members([bob.address, "0.5"]) }),
    ]);
    exported = chain.app.exportAppState().group as Record<string, unknown>;
  });
  afterAll(async () => chain.close());

  it("exports groups, members, policies and sequences (the genesis foundation's group and policy first)", () => {
    expect(exported.group_seq).toBe("3");
    expect(exported.group_policy_seq).toBe("2");
    expect(exported.proposal_seq).toBe("1");
    expect((exported.groups as unknown[]).length).toBe(3);
    expect((exported.group_members as unknown[]).length).toBe(3 + foundationCustodians().length);
    expect((exported.group_policies as unknown[]).length).toBe(2);
    expect((exported.proposals as unknown[]).length).toBe(0);
    expect((exported.votes as unknown[]).length).toBe(0);
  });

  it("a new chain started from the exported groups serves them and continues the sequences", async () => {
    const next = await TestChain.create({
      mutateGenesis: (s) => {
        s.group = exported;
      },
    });
    try {
      const groups = query(next, "Groups", q.QueryGroupsRequest, {}, q.QueryGroupsResponse).groups;
      expect(groups.map((g) => [g.id, g.totalWeight])).toEqual([
        [1n, String(foundationCustodians().length)],
        [2n, "3"],
        [3n, "0.5"],
      ]);
      const res = await next.mustDeliver(alice, [
        msg("MsgCreateGroup", tx.MsgCreateGroup, { admin: alice.address, members: members([alice.address, "1"]) }),
      ]);
      expect(responseOf(res, tx.MsgCreateGroupResponse).groupId).toBe(4n);
    } finally {
      await next.close();
    }
  });

  it("validation refuses inconsistent states", () => {
    const base = GenesisState.fromPartial({
      groupSeq: 1n,
      groups: [{ id: 1n, admin: alice.address, version: 1n, totalWeight: "1", createdAt: { seconds: 0n, nanos: 0 } }],
      groupMembers: [{ groupId: 1n, member: { address: bob.address, weight: "1", metadata: "", addedAt: { seconds: 0n, nanos: 0 } } }],
    });
    expect(() => validateGroupGenesis(base)).not.toThrow();
    expect(() => validateGroupGenesis({ ...base, groupSeq: 0n })).toThrow(/beyond group_seq/);
    expect(() => validateGroupGenesis({ ...base, groups: [{ ...base.groups[0]!, totalWeight: "2" }] })).toThrow(/total weight/);
    expect(() => validateGroupGenesis({ ...base, groupMembers: [{ ...base.groupMembers[0]!, groupId: 2n }] })).toThrow(/doesn't exist/);
    expect(() => validateGroupGenesis({ ...base, groupMembers: [...base.groupMembers, ...base.groupMembers] })).toThrow(/duplicate/);
    expect(() =>
      validateGroupGenesis({
        ...base,
        votes: [{ proposalId: 1n, voter: bob.address, option: 1, metadata: "", submitTime: { seconds: 0n, nanos: 0 } }],
      }),
    ).toThrow(/doesn't exist/);
  });
});
