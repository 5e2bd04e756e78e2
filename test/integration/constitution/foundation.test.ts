import * as gq from "cosmjs-types/cosmos/group/v1/query";
import * as gtx from "cosmjs-types/cosmos/group/v1/tx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AmendmentStatus } from "../../../src/gen/blockchain/constitution/v1/constitution";
import type { TestChain } from "../../helpers/chain";
import { members, msg as groupMsg, percentagePolicy, query, thresholdPolicy } from "../group/setup";
import {
  chainWith,
  expectConstitutionError,
  getAmendment,
  getInvariants,
  groupGenesis,
  keys,
  msg,
  pendingAt,
  produceUntil,
  testInvariants,
  validator,
} from "./setup";

const { alice, c1, c2, c3, c4, c5, c6 } = keys;

const updateMembers = (groupId: bigint, updates: Array<[string, string]>) =>
  groupMsg("MsgUpdateGroupMembers", gtx.MsgUpdateGroupMembers, { admin: alice.address, groupId, memberUpdates: members(...updates) });
const updatePolicy = (groupPolicyAddress: string, decisionPolicy: ReturnType<typeof thresholdPolicy>) =>
  groupMsg("MsgUpdateGroupPolicyDecisionPolicy", gtx.MsgUpdateGroupPolicyDecisionPolicy, {
    admin: alice.address,
    groupPolicyAddress,
    decisionPolicy,
  });

describe("the foundation rule: the recovery destination's group keeps its custodians and signature threshold", () => {
  let chain: TestChain;
  let foundation: string;
  let second: string;
  // Group 1 is the test chain's own foundation; these tests use groups 2 and 3.
  const [F, S] = [2n, 3n];
  const threeOfTwo = (dest: string, over = {}) =>
    testInvariants({ enforcementRecoveryDestination: dest, foundationCustodianCount: 3, foundationSignatureThreshold: 2, ...over });
  const fourOfThree = () =>
    testInvariants({ enforcementRecoveryDestination: second, foundationCustodianCount: 4, foundationSignatureThreshold: 3 });
  const back = () =>
    testInvariants({ enforcementRecoveryDestination: foundation, foundationCustodianCount: 4, foundationSignatureThreshold: 2 });
  // Amendments opened a delay ago (genesis), due within the test.
  const [MOVE_AT, BACK_AT] = [30n, 50n];
  const memberCount = (groupId: bigint) =>
    query(chain, "GroupMembers", gq.QueryGroupMembersRequest, { groupId }, gq.QueryGroupMembersResponse).members.length;

  beforeAll(async () => {
    // Group F: three custodians, two must sign (the foundation). Group S: four custodians, three must sign.
    const g = await groupGenesis([
      {
        members: [
          [c1.address, "1"],
          [c2.address, "1"],
          [c3.address, "1"],
        ],
        threshold: "2",
      },
      {
        members: [
          [c1.address, "1"],
          [c2.address, "1"],
          [c3.address, "1"],
          [c4.address, "1"],
        ],
        threshold: "3",
      },
    ]);
    [foundation, second] = g.policies as [string, string];
    chain = await chainWith(
      threeOfTwo(foundation),
      (s) => {
        s.group = g.group;
      },
      [pendingAt(1n, fourOfThree(), MOVE_AT, 10n, "four custodians"), pendingAt(2n, back(), BACK_AT, 10n, "back to group F")],
    );
  });
  afterAll(async () => chain.close());

  it("refuses adding a custodian, removing one, or one leaving (1107)", async () => {
    expectConstitutionError(await chain.deliver(alice, [updateMembers(F, [[c4.address, "1"]])]), 1107);
    expectConstitutionError(await chain.deliver(alice, [updateMembers(F, [[c3.address, "0"]])]), 1107);
    const leave = groupMsg("MsgLeaveGroup", gtx.MsgLeaveGroup, { address: c2.address, groupId: F });
    expectConstitutionError(await chain.deliver(c2, [leave]), 1107);
    expect(memberCount(F)).toBe(3);
  });

  it("refuses a custodian weighing more than one signature (1107)", async () => {
    expectConstitutionError(await chain.deliver(alice, [updateMembers(F, [[c1.address, "2"]])]), 1107);
  });

  it("allows replacing a custodian, which keeps the count", async () => {
    await chain.mustDeliver(alice, [
      updateMembers(F, [
        [c3.address, "0"],
        [c5.address, "1"],
      ]),
    ]);
    expect(memberCount(F)).toBe(3);
  });

  it("refuses another signature threshold or a percentage policy (1107), accepts the same threshold with other windows", async () => {
    expectConstitutionError(await chain.deliver(alice, [updatePolicy(foundation, thresholdPolicy("3"))]), 1107);
    expectConstitutionError(await chain.deliver(alice, [updatePolicy(foundation, thresholdPolicy("1"))]), 1107);
    expectConstitutionError(await chain.deliver(alice, [updatePolicy(foundation, percentagePolicy("0.6"))]), 1107);
    await chain.mustDeliver(alice, [updatePolicy(foundation, thresholdPolicy("2", 7200n))]);
  });

  it("leaves other groups alone", async () => {
    await chain.mustDeliver(alice, [updateMembers(S, [[c5.address, "1"]])]);
    expect(memberCount(S)).toBe(5);
    await chain.mustDeliver(alice, [updateMembers(S, [[c5.address, "0"]])]);
  });

  it("refuses an amendment whose custodian count or threshold the destination's group does not have (1107)", async () => {
    expectConstitutionError(await chain.govExec([msg.propose(threeOfTwo(foundation, { foundationCustodianCount: 4 }))]), 1107);
    expectConstitutionError(await chain.govExec([msg.propose(threeOfTwo(foundation, { foundationSignatureThreshold: 3 }))]), 1107);
    // A destination that is not a group policy.
    expectConstitutionError(await chain.govExec([msg.propose(threeOfTwo(keys.mallory.address))]), 1107);
    // The set in force fits and may be proposed again.
    expect((await chain.govExec([msg.propose(threeOfTwo(foundation))])).log).toBe("");
  });

  it("an amendment moving the destination to a group that fits the new counts is enacted; the guard follows it", async () => {
    await chain.mustDeliver(validator(), [msg.ratify(validator().address, 1n)]);
    expect(chain.height).toBeLessThan(MOVE_AT);
    await produceUntil(chain, MOVE_AT);
    expect(getAmendment(chain, 1n).status).toBe(AmendmentStatus.AMENDMENT_STATUS_ENACTED);
    expect(getInvariants(chain)).toEqual(fourOfThree());
    // The old foundation group is an ordinary group now; the new one is guarded.
    await chain.mustDeliver(alice, [updateMembers(F, [[c6.address, "1"]])]);
    expectConstitutionError(await chain.deliver(alice, [updateMembers(S, [[c6.address, "1"]])]), 1107);
  });

  it("an amendment whose destination group stopped fitting during the delay lapses, though ratified", async () => {
    // Group F now has 4 members (c1, c2, c5, c6) and threshold 2, as amendment 2 proposes.
    await chain.mustDeliver(validator(), [msg.ratify(validator().address, 2n)]);
    // Not yet the destination, so nothing stops group F from changing during the delay.
    await chain.mustDeliver(alice, [updateMembers(F, [[c3.address, "1"]])]);
    await produceUntil(chain, BACK_AT);
    expect(getAmendment(chain, 2n)).toMatchObject({ status: AmendmentStatus.AMENDMENT_STATUS_LAPSED, ratifiedPower: 10n });
    expect(getInvariants(chain).enforcementRecoveryDestination).toBe(second);
  });
});

describe("the foundation rule at genesis", () => {
  it("refuses a genesis whose recovery destination's group breaks the rule", async () => {
    const g = await groupGenesis([
      {
        members: [
          [c1.address, "1"],
          [c2.address, "1"],
        ],
        threshold: "2",
      },
    ]);
    await expect(
      chainWith(
        testInvariants({ enforcementRecoveryDestination: g.policies[0]!, foundationCustodianCount: 3, foundationSignatureThreshold: 2 }),
        (s) => {
          s.group = g.group;
        },
      ),
    ).rejects.toThrow(/exactly 3 members/);
  });
});
