import { afterAll, beforeAll, describe, it } from "vitest";
import * as tx from "cosmjs-types/cosmos/group/v1/tx";
import { VoteOption } from "cosmjs-types/cosmos/group/v1/types";
import { TestChain, testKey } from "../../helpers/chain";
import {
  createGroupWithPolicy,
  execMsg,
  expectCode,
  members,
  msg,
  percentagePolicy,
  responseOf,
  secondsAfter,
  send,
  setupPolicy,
  submit,
  thresholdPolicy,
  vote,
} from "./setup";

/** Every x/group code (and the math/orm codes group returns) reached through a signed tx. */
describe("group: error codes", () => {
  let chain: TestChain;
  const alice = testKey("alice");
  const bob = testKey("bob");
  const carol = testKey("carol");
  let groupId: bigint;
  let policy: string;

  beforeAll(async () => {
    chain = await TestChain.create();
    const out = await setupPolicy(chain, alice, members([alice.address, "1"], [bob.address, "1"]), thresholdPolicy("2", 30n));
    groupId = out.groupId;
    policy = out.groupPolicyAddress;
  });
  afterAll(async () => chain.close());

  const propose = async () =>
    responseOf(
      await chain.mustDeliver(alice, [submit(policy, [alice.address], [send(policy, carol.address, 1n)])]),
      tx.MsgSubmitProposalResponse,
    ).proposalId;

  it("2 ErrEmpty: unspecified vote option, no proposers, empty member updates, group id 0", async () => {
    const id = await propose();
    expectCode(await chain.deliver(bob, [vote(id, bob.address, VoteOption.VOTE_OPTION_UNSPECIFIED)]), "group", 2);
    expectCode(
      await chain.deliver(alice, [
        msg("MsgUpdateGroupMembers", tx.MsgUpdateGroupMembers, { admin: alice.address, groupId, memberUpdates: [] }),
      ]),
      "group",
      2,
    );
    expectCode(
      await chain.deliver(alice, [
        msg("MsgCreateGroupPolicy", tx.MsgCreateGroupPolicy, { admin: alice.address, groupId: 0n, decisionPolicy: thresholdPolicy("1") }),
      ]),
      "group",
      2,
    );
    expectCode(await chain.deliver(alice, [execMsg(0n, alice.address)]), "group", 2);
  });

  it("3 ErrDuplicate: the same member twice", async () => {
    expectCode(
      await chain.deliver(alice, [
        createGroupWithPolicy(alice.address, members([bob.address, "1"], [bob.address, "2"]), thresholdPolicy("1")),
      ]),
      "group",
      3,
    );
  });

  it("4 ErrMaxLimit: metadata longer than 255 bytes, a title longer than 255", async () => {
    const long = "x".repeat(256);
    expectCode(
      await chain.deliver(alice, [
        msg("MsgUpdateGroupMetadata", tx.MsgUpdateGroupMetadata, { admin: alice.address, groupId, metadata: long }),
      ]),
      "group",
      4,
    );
    expectCode(
      await chain.deliver(alice, [
        msg("MsgSubmitProposal", tx.MsgSubmitProposal, { groupPolicyAddress: policy, proposers: [alice.address], title: long }),
      ]),
      "group",
      4,
    );
    await chain.mustDeliver(alice, [
      msg("MsgUpdateGroupMetadata", tx.MsgUpdateGroupMetadata, { admin: alice.address, groupId, metadata: "x".repeat(255) }),
    ]);
  });

  it("5 ErrType: a decision policy of an unknown type, or none", async () => {
    const bogus = { typeUrl: "/cosmos.group.v1.MajorityDecisionPolicy", value: new Uint8Array() };
    expectCode(
      await chain.deliver(alice, [
        msg("MsgCreateGroupPolicy", tx.MsgCreateGroupPolicy, { admin: alice.address, groupId, decisionPolicy: bogus }),
      ]),
      "group",
      5,
    );
    expectCode(
      await chain.deliver(alice, [msg("MsgCreateGroupPolicy", tx.MsgCreateGroupPolicy, { admin: alice.address, groupId })]),
      "group",
      5,
    );
  });

  it("6 ErrInvalid: percentage above 1, zero voting period, same admin, min execution beyond the window, metadata title mismatch", async () => {
    expectCode(
      await chain.deliver(alice, [
        msg("MsgCreateGroupPolicy", tx.MsgCreateGroupPolicy, { admin: alice.address, groupId, decisionPolicy: percentagePolicy("1.5") }),
      ]),
      "group",
      6,
    );
    expectCode(
      await chain.deliver(alice, [
        msg("MsgCreateGroupPolicy", tx.MsgCreateGroupPolicy, { admin: alice.address, groupId, decisionPolicy: thresholdPolicy("1", 0n) }),
      ]),
      "group",
      6,
    );
    expectCode(
      await chain.deliver(alice, [
        msg("MsgUpdateGroupAdmin", tx.MsgUpdateGroupAdmin, { admin: alice.address, groupId, newAdmin: alice.address }),
      ]),
      "group",
      6,
    );
    const tooLate = thresholdPolicy("1", 60n, 60n + 15n * 24n * 3600n);
    expectCode(
      await chain.deliver(alice, [
        msg("MsgCreateGroupPolicy", tx.MsgCreateGroupPolicy, { admin: alice.address, groupId, decisionPolicy: tooLate }),
      ]),
      "group",
      6,
    );
    const mismatch = msg("MsgSubmitProposal", tx.MsgSubmitProposal, {
      groupPolicyAddress: policy,
      proposers: [alice.address],
      title: "a",
      metadata: JSON.stringify({ title: "b" }),
    });
    expectCode(await chain.deliver(alice, [mismatch]), "group", 6);
    expectCode(
      await chain.deliver(alice, [
        msg("MsgUpdateGroupMembers", tx.MsgUpdateGroupMembers, {
          admin: alice.address,
          groupId,
          memberUpdates: members([alice.address, "0"], [bob.address, "0"]),
        }),
      ]),
      "group",
      6,
    );
  });

  it("7 ErrUnauthorized: a non-admin update, a non-member proposer", async () => {
    expectCode(
      await chain.deliver(bob, [
        msg("MsgUpdateGroupMembers", tx.MsgUpdateGroupMembers, {
          admin: bob.address,
          groupId,
          memberUpdates: members([carol.address, "1"]),
        }),
      ]),
      "group",
      7,
    );
    expectCode(
      await chain.deliver(bob, [
        msg("MsgCreateGroupPolicy", tx.MsgCreateGroupPolicy, { admin: bob.address, groupId, decisionPolicy: thresholdPolicy("1") }),
      ]),
      "group",
      7,
    );
    expectCode(
      await chain.deliver(bob, [
        msg("MsgUpdateGroupPolicyMetadata", tx.MsgUpdateGroupPolicyMetadata, {
          admin: bob.address,
          groupPolicyAddress: policy,
          metadata: "m",
        }),
      ]),
      "group",
      7,
    );
    expectCode(await chain.deliver(carol, [submit(policy, [carol.address], [])]), "group", 7);
  });

  it("8 ErrModified: voting on a proposal aborted by a group change", async () => {
    const id = await propose();
    await chain.mustDeliver(alice, [
      msg("MsgUpdateGroupMetadata", tx.MsgUpdateGroupMetadata, { admin: alice.address, groupId, metadata: "v2" }),
    ]);
    expectCode(await chain.deliver(bob, [vote(id, bob.address)]), "group", 8);
  });

  it("9 ErrExpired: a vote after the voting period ended", async () => {
    const id = await propose();
    chain.setNextBlockTime(secondsAfter(chain, 31));
    expectCode(await chain.deliver(bob, [vote(id, bob.address)]), "group", 9);
  });

  it("math 1: a weight that is not a decimal; orm 13: a second vote; sdk 38: unknown group or non-member voter", async () => {
    expectCode(
      await chain.deliver(alice, [createGroupWithPolicy(alice.address, members([bob.address, "one"]), thresholdPolicy("1"))]),
      "math",
      1,
    );
    expectCode(
      await chain.deliver(alice, [
        createGroupWithPolicy(alice.address, members([bob.address, "1.0000000000000000001"]), thresholdPolicy("1")),
      ]),
      "math",
      1,
    );
    const id = await propose();
    await chain.mustDeliver(alice, [vote(id, alice.address, VoteOption.VOTE_OPTION_NO)]);
    expectCode(await chain.deliver(alice, [vote(id, alice.address)]), "orm", 13);
    expectCode(await chain.deliver(carol, [vote(id, carol.address)]), "sdk", 38);
    expectCode(
      await chain.deliver(alice, [
        msg("MsgUpdateGroupMetadata", tx.MsgUpdateGroupMetadata, { admin: alice.address, groupId: 999n, metadata: "" }),
      ]),
      "sdk",
      38,
    );
  });
});
