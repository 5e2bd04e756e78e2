import * as gq from "cosmjs-types/cosmos/group/v1/query";
import * as gtx from "cosmjs-types/cosmos/group/v1/tx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AmendmentStatus } from "../../../src/gen/blockchain/constitution/v1/constitution";
import type { TestChain } from "../../helpers/chain";
import { members, msg as groupMsg, percentagePolicy, query, thresholdPolicy } from "../group/helpers";
import {
  chainWith, expectConstitutionError, getAmendment, getInvariants, groupGenesis, keys, msg, produceUntil, testInvariants, validator,
} from "./setup";

const { alice, c1, c2, c3, c4, c5, c6 } = keys;

const updateMembers = (groupId: bigint, updates: Array<[string, string]>) =>
  groupMsg("MsgUpdateGroupMembers", gtx.MsgUpdateGroupMembers, { admin: alice.address, groupId, memberUpdates: members(...updates) });
const updatePolicy = (groupPolicyAddress: string, decisionPolicy: ReturnType<typeof thresholdPolicy>) =>
  groupMsg("MsgUpdateGroupPolicyDecisionPolicy", gtx.MsgUpdateGroupPolicyDecisionPolicy, { admin: alice.address, groupPolicyAddress, decisionPolicy });

describe("the foundation rule: the recovery destination's group keeps its custodians and signature threshold", () => {
  let chain: TestChain;
  let foundation: string;
  let second: string;
  const memberCount = (groupId: bigint) =>
    query(chain, "GroupMembers", gq.QueryGroupMembersRequest, { groupId }, gq.QueryGroupMembersResponse).members.length;

  beforeAll(async () => {
    // Group 1: three custodians, two must sign (the foundation). Group 2: four custodians, three must sign.
    const g = await groupGenesis([
      { members: [[c1.address, "1"], [c2.address, "1"], [c3.address, "1"]], threshold: "2" },
      { members: [[c1.address, "1"], [c2.address, "1"], [c3.address, "1"], [c4.address, "1"]], threshold: "3" },
    ]);
    [foundation, second] = g.policies as [string, string];
    chain = await chainWith(testInvariants({ enforcementRecoveryDestination: foundation, amendmentDelayBlocks: 3n }), (s) => {
      s.group = g.group;
    });
  });
  afterAll(async () => chain.close());

  it("refuses adding a custodian, removing one, or one leaving (1107)", async () => {
    expectConstitutionError(await chain.deliver(alice, [updateMembers(1n, [[c4.address, "1"]])]), 1107);
    expectConstitutionError(await chain.deliver(alice, [updateMembers(1n, [[c3.address, "0"]])]), 1107);
    const leave = groupMsg("MsgLeaveGroup", gtx.MsgLeaveGroup, { address: c2.address, groupId: 1n });
    expectConstitutionError(await chain.deliver(c2, [leave]), 1107);
    expect(memberCount(1n)).toBe(3);
  });

  it("refuses a custodian weighing more than one signature (1107)", async () => {
    expectConstitutionError(await chain.deliver(alice, [updateMembers(1n, [[c1.address, "2"]])]), 1107);
  });

  it("allows replacing a custodian, which keeps the count", async () => {
    await chain.mustDeliver(alice, [updateMembers(1n, [[c3.address, "0"], [c5.address, "1"]])]);
    expect(memberCount(1n)).toBe(3);
  });

  it("refuses another signature threshold or a percentage policy (1107), accepts the same threshold with other windows", async () => {
    expectConstitutionError(await chain.deliver(alice, [updatePolicy(foundation, thresholdPolicy("3"))]), 1107);
    expectConstitutionError(await chain.deliver(alice, [updatePolicy(foundation, thresholdPolicy("1"))]), 1107);
    expectConstitutionError(await chain.deliver(alice, [updatePolicy(foundation, percentagePolicy("0.6"))]), 1107);
    await chain.mustDeliver(alice, [updatePolicy(foundation, thresholdPolicy("2", 7200n))]);
  });

  it("leaves other groups alone", async () => {
    await chain.mustDeliver(alice, [updateMembers(2n, [[c5.address, "1"]])]);
    expect(memberCount(2n)).toBe(5);
    await chain.mustDeliver(alice, [updateMembers(2n, [[c5.address, "0"]])]);
  });

  it("refuses an amendment whose custodian count or threshold the destination's group does not have (1107)", async () => {
    const r1 = await chain.govExec([msg.propose(testInvariants({ enforcementRecoveryDestination: foundation, foundationCustodianCount: 4, foundationSignatureThreshold: 2 }))]);
    expectConstitutionError(r1, 1107);
    const r2 = await chain.govExec([msg.propose(testInvariants({ enforcementRecoveryDestination: foundation, foundationSignatureThreshold: 3 }))]);
    expectConstitutionError(r2, 1107);
    // A destination that is not a group policy (and not the one in force).
    const r3 = await chain.govExec([msg.propose(testInvariants({ enforcementRecoveryDestination: keys.mallory.address }))]);
    expectConstitutionError(r3, 1107);
  });

  it("an amendment moving the destination to a group that fits the new counts is enacted; the guard follows it", async () => {
    const next = testInvariants({ enforcementRecoveryDestination: second, foundationCustodianCount: 4, foundationSignatureThreshold: 3, amendmentDelayBlocks: 3n });
    expect((await chain.govExec([msg.propose(next, "four custodians")])).log).toBe("");
    await chain.mustDeliver(validator(), [msg.ratify(validator().address, 1n)]);
    await produceUntil(chain, getAmendment(chain, 1n).effectiveAtHeight);
    expect(getAmendment(chain, 1n).status).toBe(AmendmentStatus.AMENDMENT_STATUS_ENACTED);
    expect(getInvariants(chain)).toEqual(next);
    // The old foundation group is an ordinary group now; the new one is guarded.
    await chain.mustDeliver(alice, [updateMembers(1n, [[c6.address, "1"]])]);
    expectConstitutionError(await chain.deliver(alice, [updateMembers(2n, [[c6.address, "1"]])]), 1107);
  });

  it("an amendment whose destination group stopped fitting during the delay lapses, though ratified", async () => {
    // Group 1 now has 4 members (c1, c2, c5, c6) and threshold 2: make it fit 4/2 and propose it.
    const back = testInvariants({ enforcementRecoveryDestination: foundation, foundationCustodianCount: 4, foundationSignatureThreshold: 2, amendmentDelayBlocks: 3n });
    expect((await chain.govExec([msg.propose(back, "back to group 1")])).log).toBe("");
    await chain.mustDeliver(validator(), [msg.ratify(validator().address, 2n)]);
    // Not yet the destination, so nothing stops group 1 from changing during the delay.
    await chain.mustDeliver(alice, [updateMembers(1n, [[c3.address, "1"]])]);
    await produceUntil(chain, getAmendment(chain, 2n).effectiveAtHeight);
    expect(getAmendment(chain, 2n)).toMatchObject({ status: AmendmentStatus.AMENDMENT_STATUS_LAPSED, ratifiedPower: 10n });
    expect(getInvariants(chain).enforcementRecoveryDestination).toBe(second);
  });
});

describe("the foundation rule at genesis", () => {
  it("refuses a genesis whose recovery destination's group breaks the rule", async () => {
    const g = await groupGenesis([{ members: [[c1.address, "1"], [c2.address, "1"]], threshold: "2" }]);
    await expect(
      chainWith(testInvariants({ enforcementRecoveryDestination: g.policies[0]! }), (s) => {
        s.group = g.group;
      }),
    ).rejects.toThrow(/exactly 3 members/);
  });
});
