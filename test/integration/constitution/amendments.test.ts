import { ProposalStatus } from "cosmjs-types/cosmos/gov/v1/gov";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AmendmentStatus } from "../../../src/gen/blockchain/constitution/v1/constitution";
import type { TestChain } from "../../helpers/chain";
import { MsgUndelegate } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import { DENOM, pack } from "../../helpers/chain";
import { createValidatorMsg, operatorOf } from "../staking/setup";
import {
  FLOOR,
  GENESIS_POWER,
  chainWith,
  expectConstitutionError,
  getAmendment,
  getInvariants,
  keys,
  listAmendments,
  msg,
  pendingAt,
  produceUntil,
  ratifications,
  testInvariants,
  throughGov,
  typedEvents,
  validator,
} from "./setup";

describe("an amendment's life: opened by governance, ratified by validators, enacted or lapsed by the end blocker", () => {
  let chain: TestChain;
  // A delay above the floor, so an amendment can shorten it to the floor.
  const genesis = testInvariants({ amendmentDelayBlocks: FLOOR + 100n });
  const tighter = testInvariants({ maxEntityPowerBps: 2500n, amendmentDelayBlocks: FLOOR });
  const looser = testInvariants({ maxEntityPowerBps: 4000n });
  // Amendments 1 and 2 were opened a delay ago (genesis), so their ends fall within the test:
  // 1 against the genesis validator's 10, 2 against a snapshot of 60.
  const ENACT_AT = 30n;
  const LAPSE_AT = 45n;

  beforeAll(async () => {
    chain = await chainWith(genesis, undefined, [pendingAt(1n, tighter, ENACT_AT), pendingAt(2n, looser, LAPSE_AT, 60n)]);
  });
  afterAll(async () => chain.close());

  it("a passed governance proposal opens amendment 3 with the snapshot power and the delay in force", async () => {
    const { height, events, proposal } = await throughGov(chain, [msg.propose(tighter, "entity ceiling to 25%")]);
    expect(proposal.status).toBe(ProposalStatus.PROPOSAL_STATUS_PASSED);
    const a = getAmendment(chain, 3n);
    expect(a).toEqual({
      id: 3n,
      proposed: tighter,
      reason: "entity ceiling to 25%",
      proposedAtHeight: height,
      // The delay in force, not the shorter one the amendment itself proposes.
      effectiveAtHeight: height + FLOOR + 100n,
      snapshotPower: GENESIS_POWER,
      ratifiedPower: 0n,
      status: AmendmentStatus.AMENDMENT_STATUS_PENDING,
      resolvedAtHeight: 0n,
    });
    expect(typedEvents(events, "EventAmendmentProposed")).toEqual([
      {
        amendment_id: "3",
        reason: "entity ceiling to 25%",
        effective_at_height: String(height + FLOOR + 100n),
        snapshot_power: "10",
        required_power: "7",
      },
    ]);
    expect(getInvariants(chain)).toEqual(genesis);
  });

  it("ratification is measured against the snapshot, not the bonded set that grew afterwards", async () => {
    // A second validator with five times the genesis power bonds after the opening.
    await chain.mustDeliver(keys.val2, [createValidatorMsg(keys.val2, { amount: "50000000" })]);
    await chain.produceBlocks(1);
    const res = await chain.mustDeliver(validator(), [msg.ratify(validator().address, 1n)]);
    expect(typedEvents(res.events, "EventAmendmentRatified")).toEqual([
      {
        amendment_id: "1",
        validator: validator().address,
        power: "10",
        ratified_power: "10",
        required_power: "7",
      },
    ]);
    expect(ratifications(chain, 1n)).toEqual({
      ratifications: [{ amendmentId: 1n, validator: validator().address, power: GENESIS_POWER, height: res.height }],
      requiredPower: 7n,
    });
    expect(getAmendment(chain, 1n).ratifiedPower).toBe(GENESIS_POWER);
  });

  it("refuses a second ratification by the same validator (1104)", async () => {
    expectConstitutionError(await chain.deliver(validator(), [msg.ratify(validator().address, 1n)]), 1104);
    expect(getAmendment(chain, 1n).ratifiedPower).toBe(GENESIS_POWER);
  });

  it("refuses ratification by an account that is not a bonded validator (1105)", async () => {
    expectConstitutionError(await chain.deliver(keys.alice, [msg.ratify(keys.alice.address, 1n)]), 1105);
  });

  it("refuses ratification of an amendment that does not exist (1102)", async () => {
    expectConstitutionError(await chain.deliver(validator(), [msg.ratify(validator().address, 99n)]), 1102);
    expectConstitutionError(await chain.deliver(validator(), [msg.ratify(validator().address, 0n)]), 1102);
  });

  it("enacts the amendment in the end block where its delay runs out", async () => {
    expect(chain.height).toBeLessThan(ENACT_AT);
    const { height, events } = await produceUntil(chain, ENACT_AT);
    expect(typedEvents(events, "EventAmendmentResolved")).toEqual([
      {
        amendment_id: "1",
        status: "AMENDMENT_STATUS_ENACTED",
        ratified_power: "10",
        required_power: "7",
      },
    ]);
    expect(getAmendment(chain, 1n)).toMatchObject({ status: AmendmentStatus.AMENDMENT_STATUS_ENACTED, resolvedAtHeight: height });
    expect(getInvariants(chain)).toEqual(tighter);
  });

  it("refuses ratifying or withdrawing an enacted amendment (1103)", async () => {
    const val2 = keys.val2;
    expectConstitutionError(await chain.deliver(val2, [msg.ratify(val2.address, 1n)]), 1103);
    expectConstitutionError(await chain.govExec([msg.withdraw(1n)]), 1103);
  });

  it("an amendment without enough ratified power lapses; the new, shorter delay governs amendments opened after it", async () => {
    // The genesis validator's 10 of 60 is below two thirds.
    await chain.mustDeliver(validator(), [msg.ratify(validator().address, 2n)]);
    const { events } = await produceUntil(chain, LAPSE_AT);
    expect(typedEvents(events, "EventAmendmentResolved")).toEqual([
      {
        amendment_id: "2",
        status: "AMENDMENT_STATUS_LAPSED",
        ratified_power: "10",
        required_power: "41",
      },
    ]);
    expect(getAmendment(chain, 2n)).toMatchObject({
      status: AmendmentStatus.AMENDMENT_STATUS_LAPSED,
      ratifiedPower: GENESIS_POWER,
      resolvedAtHeight: LAPSE_AT,
    });
    expect(getInvariants(chain)).toEqual(tighter);
    expect((await chain.govExec([msg.propose(looser, "loosen again")])).log).toBe("");
    const a = getAmendment(chain, 4n);
    // Snapshot now includes the second validator: 10 + 50.
    expect(a).toMatchObject({
      effectiveAtHeight: a.proposedAtHeight + FLOOR,
      snapshotPower: 60n,
      status: AmendmentStatus.AMENDMENT_STATUS_PENDING,
    });
  });

  it("governance withdraws a pending amendment before its delay runs out; it stays listed as withdrawn", async () => {
    const withdrawn = await chain.govExec([msg.withdraw(4n)]);
    expect(withdrawn.log).toBe("");
    const results = (await chain.engine.blocks.results(chain.height))!;
    expect(typedEvents(results.events, "EventAmendmentResolved")).toEqual([
      {
        amendment_id: "4",
        status: "AMENDMENT_STATUS_WITHDRAWN",
        ratified_power: "0",
        required_power: "41",
      },
    ]);
    expect(getAmendment(chain, 4n)).toMatchObject({ status: AmendmentStatus.AMENDMENT_STATUS_WITHDRAWN, resolvedAtHeight: chain.height });
    expect(getInvariants(chain)).toEqual(tighter);
    expectConstitutionError(await chain.govExec([msg.withdraw(4n)]), 1103);
    expectConstitutionError(await chain.govExec([msg.withdraw(77n)]), 1102);
    expect(listAmendments(chain).amendment.map((x) => [x.id, x.status])).toEqual([
      [1n, AmendmentStatus.AMENDMENT_STATUS_ENACTED],
      [2n, AmendmentStatus.AMENDMENT_STATUS_LAPSED],
      [3n, AmendmentStatus.AMENDMENT_STATUS_PENDING],
      [4n, AmendmentStatus.AMENDMENT_STATUS_WITHDRAWN],
    ]);
  });

  it("a validator that left the bonded set cannot ratify (1105)", async () => {
    const val2 = keys.val2;
    const undelegate = pack("/cosmos.staking.v1beta1.MsgUndelegate", MsgUndelegate, {
      delegatorAddress: val2.address,
      validatorAddress: operatorOf(val2),
      amount: { denom: DENOM, amount: "50000000" },
    });
    await chain.mustDeliver(val2, [undelegate]);
    await chain.produceBlocks(1);
    expect((await chain.govExec([msg.propose(testInvariants({ maxEntityPowerBps: 2600n }), "after the exit")])).log).toBe("");
    expect(getAmendment(chain, 5n).snapshotPower).toBe(GENESIS_POWER);
    expectConstitutionError(await chain.deliver(val2, [msg.ratify(val2.address, 5n)]), 1105);
  });
});
