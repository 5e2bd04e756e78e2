import { ProposalStatus } from "cosmjs-types/cosmos/gov/v1/gov";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AmendmentStatus } from "../../../src/gen/blockchain/constitution/v1/constitution";
import type { TestChain } from "../../helpers/chain";
import { createValidatorMsg } from "../staking/helpers";
import {
  GENESIS_POWER, chainWith, expectConstitutionError, getAmendment, getInvariants, keys, listAmendments, msg, produceUntil, ratifications,
  testInvariants, throughGov, typedEvents, validator,
} from "./setup";

describe("an amendment's life: opened by governance, ratified by validators, enacted or lapsed by the end blocker", () => {
  let chain: TestChain;
  const genesis = testInvariants({ amendmentDelayBlocks: 20n });
  // Shortens the delay from 5 blocks to 1 and tightens the entity ceiling.
  const tighter = testInvariants({ maxEntityPowerBps: 2500n, amendmentDelayBlocks: 1n });

  beforeAll(async () => {
    chain = await chainWith(genesis);
  });
  afterAll(async () => chain.close());

  it("a passed governance proposal opens amendment 1 with the snapshot power and the delay in force", async () => {
    const { height, events, proposal } = await throughGov(chain, [msg.propose(tighter, "entity ceiling to 25%")]);
    expect(proposal.status).toBe(ProposalStatus.PROPOSAL_STATUS_PASSED);
    const a = getAmendment(chain, 1n);
    expect(a).toEqual({
      id: 1n, proposed: tighter, reason: "entity ceiling to 25%", proposedAtHeight: height,
      // The delay in force (20), not the 1 block the amendment itself proposes.
      effectiveAtHeight: height + 20n,
      snapshotPower: GENESIS_POWER, ratifiedPower: 0n, status: AmendmentStatus.AMENDMENT_STATUS_PENDING, resolvedAtHeight: 0n,
    });
    expect(typedEvents(events, "EventAmendmentProposed")).toEqual([{
      amendment_id: "1", reason: "entity ceiling to 25%", effective_at_height: String(height + 20n), snapshot_power: "10", required_power: "7",
    }]);
    expect(getInvariants(chain)).toEqual(genesis);
  });

  it("ratification is measured against the snapshot, not the bonded set that grew afterwards", async () => {
    // A second validator with five times the genesis power bonds after the opening.
    await chain.mustDeliver(keys.val2, [createValidatorMsg(keys.val2, { amount: "50000000" })]);
    await chain.produceBlocks(1);
    const res = await chain.mustDeliver(validator(), [msg.ratify(validator().address, 1n)]);
    expect(typedEvents(res.events, "EventAmendmentRatified")).toEqual([{
      amendment_id: "1", validator: validator().address, power: "10", ratified_power: "10", required_power: "7",
    }]);
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
    const a = getAmendment(chain, 1n);
    const { height, events } = await produceUntil(chain, a.effectiveAtHeight);
    expect(height).toBe(a.effectiveAtHeight);
    expect(typedEvents(events, "EventAmendmentResolved")).toEqual([{
      amendment_id: "1", status: "AMENDMENT_STATUS_ENACTED", ratified_power: "10", required_power: "7",
    }]);
    expect(getAmendment(chain, 1n)).toMatchObject({ status: AmendmentStatus.AMENDMENT_STATUS_ENACTED, resolvedAtHeight: height });
    expect(getInvariants(chain)).toEqual(tighter);
  });

  it("refuses ratifying or withdrawing an enacted amendment (1103)", async () => {
    const val2 = keys.val2;
    expectConstitutionError(await chain.deliver(val2, [msg.ratify(val2.address, 1n)]), 1103);
    expectConstitutionError(await chain.govExec([msg.withdraw(1n)]), 1103);
  });

  it("an amendment without enough ratified power lapses; the new, shorter delay governs amendments opened after it", async () => {
    const looser = testInvariants({ maxEntityPowerBps: 4000n, amendmentDelayBlocks: 1n });
    const { height } = await throughGov(chain, [msg.propose(looser, "loosen again")], [validator(), keys.val2]);
    const a = getAmendment(chain, 2n);
    // Snapshot now includes the second validator: 10 + 50.
    expect(a).toMatchObject({ effectiveAtHeight: height + 1n, snapshotPower: 60n, status: AmendmentStatus.AMENDMENT_STATUS_PENDING });
    // The genesis validator's 10 of 60 is below two thirds.
    await chain.mustDeliver(validator(), [msg.ratify(validator().address, 2n)]);
    const after = getAmendment(chain, 2n);
    expect(after).toMatchObject({ status: AmendmentStatus.AMENDMENT_STATUS_LAPSED, ratifiedPower: GENESIS_POWER, resolvedAtHeight: height + 1n });
    expect(getInvariants(chain)).toEqual(tighter);
  });

  it("governance withdraws a pending amendment before its delay runs out; it stays listed as withdrawn", async () => {
    const slower = testInvariants({ maxEntityPowerBps: 2500n, amendmentDelayBlocks: 50n });
    expect((await chain.govExec([msg.propose(slower, "slow down")])).log).toBe("");
    const opened = getAmendment(chain, 3n);
    expect(opened.effectiveAtHeight).toBe(opened.proposedAtHeight + 1n);
    // The next block's begin block withdraws it, before its end block would resolve it.
    const withdrawn = await chain.govExec([msg.withdraw(3n)]);
    expect(withdrawn.log).toBe("");
    expect(getAmendment(chain, 3n)).toMatchObject({ status: AmendmentStatus.AMENDMENT_STATUS_WITHDRAWN, resolvedAtHeight: opened.effectiveAtHeight });
    expect(getInvariants(chain)).toEqual(tighter);
    expectConstitutionError(await chain.govExec([msg.withdraw(3n)]), 1103);
    expectConstitutionError(await chain.govExec([msg.withdraw(77n)]), 1102);
    expect(listAmendments(chain).amendment.map((x) => [x.id, x.status])).toEqual([
      [1n, AmendmentStatus.AMENDMENT_STATUS_ENACTED],
      [2n, AmendmentStatus.AMENDMENT_STATUS_LAPSED],
      [3n, AmendmentStatus.AMENDMENT_STATUS_WITHDRAWN],
    ]);
  });
});
