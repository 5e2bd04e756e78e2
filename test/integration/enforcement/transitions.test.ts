import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestChain } from "../../helpers/chain";
import { createValidatorMsg, delegateMsg, operatorOf } from "../staking/setup";
import { admitInGenesisJson } from "../../../src/modules/validatorgov/genesis";
import { valAddress } from "../../../src/types/address";
import {
  CaseAction,
  CaseStatus,
  VoteOption,
  blockEvents,
  caseIdOf,
  caseVotes,
  destination,
  enforcementChain,
  expectEnforcementError,
  freezeStatus,
  getCase,
  keys,
  msg,
  openCase,
  produceUntil,
  send,
  typedEvents,
  validator,
} from "./setup";

const op1 = () => operatorOf(validator());

/** Runs the chain to the end of the case's voting and returns the events on the way. */
async function endVoting(chain: TestChain, id: bigint) {
  return produceUntil(chain, getCase(chain, id).votingEndsAtHeight);
}

describe("case transition table (one validator, power 10, threshold 6667 → 7 required)", () => {
  let chain: TestChain;
  beforeAll(async () => {
    chain = await enforcementChain();
  });
  afterAll(async () => chain.close());

  it("none → VOTING: a bonded validator opens; the case records its operator; the target is frozen provisionally", async () => {
    const res = await chain.mustDeliver(validator(), [msg.open(validator().address, keys.target.address)]);
    const id = caseIdOf(res);
    const c = getCase(chain, id);
    expect(c).toMatchObject({
      id,
      target: keys.target.address,
      opener: op1(),
      action: CaseAction.CASE_ACTION_FREEZE,
      status: CaseStatus.CASE_STATUS_VOTING,
      openedAtHeight: res.height,
      votingEndsAtHeight: res.height + 10n,
      totalPowerAtOpen: 10n,
      emergency: false,
    });
    expect(freezeStatus(chain, keys.target.address)).toMatchObject({
      frozen: true,
      freeze: { address: keys.target.address, caseId: id, expiresAtHeight: res.height + 15n, frozenAtHeight: res.height },
    });
    expect(typedEvents(res.events, "EventCaseOpened")).toEqual([
      {
        case_id: String(id),
        target: keys.target.address,
        opener: op1(),
        action: "CASE_ACTION_FREEZE",
        reason: "sanctions evasion",
        voting_ends_at_height: String(res.height + 10n),
        emergency: false,
      },
    ]);
    // VOTING → WITHDRAWN by the opener: the freeze is lifted.
    const w = await chain.mustDeliver(validator(), [msg.withdraw(validator().address, id)]);
    expect(getCase(chain, id)).toMatchObject({ status: CaseStatus.CASE_STATUS_WITHDRAWN, resolvedAtHeight: w.height });
    expect(typedEvents(w.events, "EventFreezeLifted")).toEqual([
      { address: keys.target.address, case_id: String(id), status: "CASE_STATUS_WITHDRAWN" },
    ]);
    expect(typedEvents(w.events, "EventCaseResolved")).toEqual([
      {
        case_id: String(id),
        target: keys.target.address,
        status: "CASE_STATUS_WITHDRAWN",
        yes_power: "0",
        no_power: "0",
        required_power: "7",
      },
    ]);
    expect(freezeStatus(chain, keys.target.address).frozen).toBe(false);
    await chain.mustDeliver(keys.target, [send(keys.target.address, keys.other.address)]);
  });

  it("VOTING → PASSED (freeze): frozen indefinitely, past the provisional expiry", async () => {
    const id = await openCase(chain, keys.target.address);
    const v = await chain.mustDeliver(validator(), [msg.vote(validator().address, id, VoteOption.VOTE_OPTION_YES)]);
    expect(typedEvents(v.events, "EventCaseVoted")).toEqual([
      { case_id: String(id), validator: op1(), option: "VOTE_OPTION_YES", power: "10" },
    ]);
    const events = await endVoting(chain, id);
    const c = getCase(chain, id);
    expect(c).toMatchObject({ status: CaseStatus.CASE_STATUS_PASSED, yesPower: 10n, resolvedAtHeight: c.votingEndsAtHeight });
    expect(typedEvents(events, "EventCaseResolved")).toEqual([
      {
        case_id: String(id),
        target: keys.target.address,
        status: "CASE_STATUS_PASSED",
        yes_power: "10",
        no_power: "0",
        required_power: "7",
      },
    ]);
    expect(freezeStatus(chain, keys.target.address).freeze!.expiresAtHeight).toBe(0n);
    await produceUntil(chain, chain.height + 10n);
    expectEnforcementError(await chain.deliver(keys.target, [send(keys.target.address, keys.other.address)]), 1107);
    // PASSED → REVERSED by governance: freeze lifted, EventFreezeLifted.
    const r = await chain.govExec([msg.reverse(id)]);
    expect(r.log).toBe("");
    expect(getCase(chain, id).status).toBe(CaseStatus.CASE_STATUS_REVERSED);
    expect(getCase(chain, id).reason).toBe("sanctions evasion\n--\nreversed by governance: appeal upheld");
    expect(freezeStatus(chain, keys.target.address).frozen).toBe(false);
    await chain.mustDeliver(keys.target, [send(keys.target.address, keys.other.address)]);
  });

  it("VOTING → REJECTED: the validators said no", async () => {
    const id = await openCase(chain, keys.target.address);
    await chain.mustDeliver(validator(), [msg.vote(validator().address, id, VoteOption.VOTE_OPTION_NO)]);
    const events = await endVoting(chain, id);
    expect(getCase(chain, id)).toMatchObject({ status: CaseStatus.CASE_STATUS_REJECTED, noPower: 10n });
    expect(typedEvents(events, "EventFreezeLifted")).toEqual([
      { address: keys.target.address, case_id: String(id), status: "CASE_STATUS_REJECTED" },
    ]);
    expect(freezeStatus(chain, keys.target.address).frozen).toBe(false);
  });

  it("VOTING → EXPIRED: nobody voted", async () => {
    const id = await openCase(chain, keys.target.address);
    const events = await endVoting(chain, id);
    expect(getCase(chain, id)).toMatchObject({ status: CaseStatus.CASE_STATUS_EXPIRED, yesPower: 0n, noPower: 0n });
    expect(typedEvents(events, "EventCaseResolved")).toEqual([
      {
        case_id: String(id),
        target: keys.target.address,
        status: "CASE_STATUS_EXPIRED",
        yes_power: "0",
        no_power: "0",
        required_power: "7",
      },
    ]);
    expect(freezeStatus(chain, keys.target.address).frozen).toBe(false);
  });

  it("VOTING → EXPIRED: abstain counts towards nothing", async () => {
    const id = await openCase(chain, keys.target.address);
    await chain.mustDeliver(validator(), [msg.vote(validator().address, id, VoteOption.VOTE_OPTION_ABSTAIN)]);
    await endVoting(chain, id);
    expect(getCase(chain, id)).toMatchObject({ status: CaseStatus.CASE_STATUS_EXPIRED, abstainPower: 10n });
  });

  it("VOTING → VETOED by the ombudsman (was_held false)", async () => {
    const id = await openCase(chain, keys.target.address);
    const res = await chain.mustDeliver(keys.ombudsman, [msg.veto(keys.ombudsman.address, id)]);
    expect(getCase(chain, id).status).toBe(CaseStatus.CASE_STATUS_VETOED);
    expect(typedEvents(res.events, "EventCaseVetoed")).toEqual([
      {
        case_id: String(id),
        target: keys.target.address,
        ombudsman: keys.ombudsman.address,
        reason: "disproportionate",
        was_held: false,
      },
    ]);
    expect(typedEvents(res.events, "EventFreezeLifted")).toHaveLength(1);
    expect(freezeStatus(chain, keys.target.address).frozen).toBe(false);
  });

  it("VOTING → HELD (seize) → VETOED after the case is held (was_held true)", async () => {
    const destBefore = chain.balance(destination(chain));
    const id = await openCase(chain, keys.target.address, CaseAction.CASE_ACTION_SEIZE);
    await chain.mustDeliver(validator(), [msg.vote(validator().address, id)]);
    const events = await endVoting(chain, id);
    const held = getCase(chain, id);
    expect(held.status).toBe(CaseStatus.CASE_STATUS_HELD);
    expect(held.executeAtHeight).toBe(held.votingEndsAtHeight + 3n);
    expect(typedEvents(events, "EventCaseHeld")).toEqual([
      {
        case_id: String(id),
        target: keys.target.address,
        assessed_value: held.assessedValue,
        execute_at_height: String(held.executeAtHeight),
        delay_blocks: "3",
      },
    ]);
    const res = await chain.mustDeliver(keys.ombudsman, [msg.veto(keys.ombudsman.address, id)]);
    expect(typedEvents(res.events, "EventCaseVetoed")[0]).toMatchObject({ was_held: true });
    expect(getCase(chain, id)).toMatchObject({ status: CaseStatus.CASE_STATUS_VETOED, recovered: [] });
    await produceUntil(chain, held.executeAtHeight + 1n);
    expect(getCase(chain, id).status).toBe(CaseStatus.CASE_STATUS_VETOED);
    expect(chain.balance(destination(chain))).toBe(destBefore);
  });
});

describe("provisional freeze expiry", () => {
  let chain: TestChain;
  beforeAll(async () => {
    chain = await enforcementChain({ voting: 10n, provisional: 4n });
  });
  afterAll(async () => chain.close());

  it("lapses before voting ends (EventFreezeLifted, sends work), then holds indefinitely once the case passes", async () => {
    const id = await openCase(chain, keys.target.address);
    const c = getCase(chain, id);
    expectEnforcementError(await chain.deliver(keys.target, [send(keys.target.address, keys.other.address)]), 1107);
    const events = await produceUntil(chain, c.openedAtHeight + 4n);
    expect(typedEvents(events, "EventFreezeLifted")).toEqual([
      { address: keys.target.address, case_id: String(id), status: "CASE_STATUS_VOTING" },
    ]);
    expect(freezeStatus(chain, keys.target.address).frozen).toBe(false);
    await chain.mustDeliver(keys.target, [send(keys.target.address, keys.other.address)]);
    // The case still holds the address: another case is refused while it is open.
    expectEnforcementError(await chain.deliver(validator(), [msg.open(validator().address, keys.target.address)]), 1105);
    await chain.mustDeliver(validator(), [msg.vote(validator().address, id)]);
    await produceUntil(chain, c.votingEndsAtHeight);
    expect(getCase(chain, id).status).toBe(CaseStatus.CASE_STATUS_PASSED);
    expectEnforcementError(await chain.deliver(keys.target, [send(keys.target.address, keys.other.address)]), 1107);
  });
});

describe("votes weighted by power read at vote time", () => {
  let chain: TestChain;
  beforeAll(async () => {
    // val2 becomes a second validator: governance admitted it in genesis (validatorgov's gate).
    chain = await enforcementChain({ more: (s) => admitInGenesisJson(s, keys.val2.address) });
    await chain.mustDeliver(keys.val2, [createValidatorMsg(keys.val2, { amount: "5000000" })]);
    await blockEvents(chain);
  });
  afterAll(async () => chain.close());

  it("two validators (10 + 5): one yes of 10 does not reach 11 of 15; the case expires", async () => {
    const id = await openCase(chain, keys.target.address);
    expect(getCase(chain, id).totalPowerAtOpen).toBe(15n);
    expect(caseVotes(chain, id).requiredPower).toBe(11n);
    await chain.mustDeliver(validator(), [msg.vote(validator().address, id)]);
    await chain.mustDeliver(keys.val2, [msg.vote(keys.val2.address, id, VoteOption.VOTE_OPTION_NO)]);
    expectEnforcementError(await chain.deliver(keys.val2, [msg.vote(keys.val2.address, id, VoteOption.VOTE_OPTION_YES)]), 1104);
    await endVoting(chain, id);
    expect(getCase(chain, id)).toMatchObject({ status: CaseStatus.CASE_STATUS_EXPIRED, yesPower: 10n, noPower: 5n });
  });

  it("power grows after opening: the vote counts the power at vote time, the base stays frozen at open", async () => {
    const id = await openCase(chain, keys.target.address);
    await chain.mustDeliver(keys.alice, [delegateMsg(keys.alice, operatorOf(keys.val2), "3000000")]);
    await blockEvents(chain);
    await chain.mustDeliver(keys.val2, [msg.vote(keys.val2.address, id)]);
    await chain.mustDeliver(validator(), [msg.vote(validator().address, id)]);
    const votes = caseVotes(chain, id);
    expect(votes).toMatchObject({ yesPower: 18n, totalPowerAtOpen: 15n, requiredPower: 11n });
    expect(votes.votes.map((v) => [v.validator, v.power])).toEqual(
      // In store order: by the operator's address bytes.
      [
        [operatorOf(keys.val2), 8n],
        [op1(), 10n],
      ].sort((a, b) => Buffer.compare(valAddress.decode(String(a[0])), valAddress.decode(String(b[0])))),
    );
    await endVoting(chain, id);
    expect(getCase(chain, id).status).toBe(CaseStatus.CASE_STATUS_PASSED);
  });
});
