import { QuerySupplyOfRequest, QuerySupplyOfResponse } from "cosmjs-types/cosmos/bank/v1beta1/query";
import {
  QueryDelegatorUnbondingDelegationsRequest,
  QueryDelegatorUnbondingDelegationsResponse,
} from "cosmjs-types/cosmos/staking/v1beta1/query";
import { MsgUndelegate } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as q from "../../../src/gen/blockchain/enforcement/v1/query";
import * as tx from "../../../src/gen/blockchain/enforcement/v1/tx";
import { TxMsgData } from "cosmjs-types/cosmos/base/abci/v1beta1/abci";
import { DENOM, pack, type TestChain } from "../../helpers/chain";
import { delegateMsg, operatorOf } from "../staking/setup";
import {
  CaseAction,
  CaseStatus,
  Q,
  blockEvents,
  caseIdOf,
  destination,
  enforcementChain,
  freezeStatus,
  getCase,
  keys,
  msg,
  produceUntil,
  recovered,
  seizureWindow,
  typedEvents,
  validator,
} from "./setup";

const WINDOW = 40n;
/** The rolling window at `height` covers its last WINDOW heights. */
const windowStart = (height: bigint) => (height >= WINDOW ? height - WINDOW + 1n : 0n);

function supply(chain: TestChain): bigint {
  return BigInt(
    chain.query("/cosmos.bank.v1beta1.Query/SupplyOf", QuerySupplyOfRequest, { denom: DENOM }, QuerySupplyOfResponse).amount!.amount,
  );
}

function unbondings(chain: TestChain, delegator: string) {
  return chain.query(
    "/cosmos.staking.v1beta1.Query/DelegatorUnbondingDelegations",
    QueryDelegatorUnbondingDelegationsRequest,
    QueryDelegatorUnbondingDelegationsRequest.fromPartial({ delegatorAddr: delegator }),
    QueryDelegatorUnbondingDelegationsResponse,
  ).unbondingResponses;
}

function sweepResponse(res: { data: Uint8Array }) {
  return tx.MsgSweepResponse.decode(TxMsgData.decode(res.data).msgResponses[0].value);
}

describe("a seizure end to end: evidence and instrument, votes, held for its tier, the rolling cap, two sweeps", () => {
  let chain: TestChain;
  const target = keys.target;
  const second = keys.other;
  let initialSupply = 0n;
  let destBefore = 0n;
  let targetTotal = 0n;
  let first = 0n;
  let deferredId = 0n;
  let rewards = 0n;

  beforeAll(async () => {
    chain = await enforcementChain({
      params: {
        seizure_delay_blocks: "3",
        seizure_delay_tiers: [
          { threshold: { denom: DENOM, amount: "100" }, delay_blocks: "4" },
          { threshold: { denom: DENOM, amount: "500000000" }, delay_blocks: "6" },
          { threshold: { denom: DENOM, amount: "1000000000000000" }, delay_blocks: "1000" },
        ],
        seizure_window_blocks: String(WINDOW),
        seizure_window_cap: [{ denom: DENOM, amount: "100000000000" }],
        max_seizures_per_window: "1",
      },
    });
    // The target stakes 200 YML and starts unbonding 50 of them before any case.
    await chain.mustDeliver(target, [delegateMsg(target, operatorOf(validator()), "200000000")]);
    await chain.mustDeliver(target, [
      pack("/cosmos.staking.v1beta1.MsgUndelegate", MsgUndelegate, {
        delegatorAddress: target.address,
        validatorAddress: operatorOf(validator()),
        amount: { denom: DENOM, amount: "50000000" },
      }),
    ]);
    initialSupply = supply(chain);
    destBefore = chain.balance(destination(chain));
    targetTotal = chain.balance(target.address) + 200_000_000n;
  });
  afterAll(async () => chain.close());

  it("opens both seizures with evidence and instrument; the validator votes yes; both are held for the longest matching tier", async () => {
    const res = await chain.mustDeliver(validator(), [
      msg.open(validator().address, target.address, CaseAction.CASE_ACTION_SEIZE),
      msg.open(validator().address, second.address, CaseAction.CASE_ACTION_SEIZE),
    ]);
    const ids = TxMsgData.decode(res.data).msgResponses.map((r) => tx.MsgOpenCaseResponse.decode(r.value).id);
    [first, deferredId] = ids;
    expect(first).toBe(caseIdOf(res));
    await chain.mustDeliver(
      validator(),
      ids.map((id) => msg.vote(validator().address, id)),
    );
    const events = await produceUntil(chain, getCase(chain, first).votingEndsAtHeight);
    const held = getCase(chain, first);
    expect(held).toMatchObject({
      status: CaseStatus.CASE_STATUS_HELD,
      executeAtHeight: held.votingEndsAtHeight + 6n,
      assessedValue: [{ denom: DENOM, amount: targetTotal.toString() }],
    });
    expect(typedEvents(events, "EventCaseHeld").map((e) => [e.case_id, e.delay_blocks])).toEqual([
      [String(first), "6"],
      [String(deferredId), "6"],
    ]);
    const heldCases = chain.query(Q + "HeldCases", q.QueryHeldCasesRequest, {}, q.QueryHeldCasesResponse).case;
    expect(heldCases.map((c) => c.id)).toEqual([first, deferredId]);
  });

  it("executes the first when due; the second is deferred by the count cap (EventSeizureDeferred), held until the first leaves the rolling window", async () => {
    const due = getCase(chain, first).executeAtHeight;
    const before = chain.balance(target.address);
    const events = await produceUntil(chain, due);
    const nextWindow = due + WINDOW;
    // Unbonding the stake first paid the target its staking rewards, seized with its balance.
    rewards = events
      .filter((e) => e.type === "withdraw_rewards" && e.attributes.some((a) => a.key === "delegator" && a.value === target.address))
      .reduce((sum, e) => sum + BigInt(e.attributes.find((a) => a.key === "amount")!.value.replace(DENOM, "")), 0n);
    expect(rewards).toBeGreaterThan(0n);
    const seized = before + rewards;
    expect(typedEvents(events, "EventSeized")).toEqual([
      {
        case_id: String(first),
        target: target.address,
        destination: destination(chain),
        collected: [{ denom: DENOM, amount: seized.toString() }],
        complete: false,
      },
    ]);
    expect(typedEvents(events, "EventSeizureDeferred")).toEqual([
      {
        case_id: String(deferredId),
        target: second.address,
        retry_at_height: nextWindow.toString(),
        reason: expect.stringContaining("seizure window cap reached"),
      },
    ]);
    expect(getCase(chain, first)).toMatchObject({
      status: CaseStatus.CASE_STATUS_PASSED,
      recovered: [{ denom: DENOM, amount: seized.toString() }],
      sweepComplete: false,
    });
    expect(getCase(chain, deferredId)).toMatchObject({ status: CaseStatus.CASE_STATUS_HELD, executeAtHeight: nextWindow });
    expect(chain.balance(target.address)).toBe(0n);
    // The window shows what the end blocker counted: the larger of assessed value and what moved.
    const w = seizureWindow(chain);
    expect(w).toEqual({
      windowStartHeight: windowStart(chain.height),
      currentHeight: chain.height,
      seized: [{ denom: DENOM, amount: targetTotal.toString() }],
      cap: [{ denom: DENOM, amount: "100000000000" }],
      remaining: [{ denom: DENOM, amount: (100_000_000_000n - targetTotal).toString() }],
      seizureCount: 1n,
      maxSeizures: 1n,
    });
    // The target stays frozen; its whole stake is unbonding now.
    expect(freezeStatus(chain, target.address).frozen).toBe(true);
    expect(unbondings(chain, target.address)[0].entries.map((e) => e.balance)).toEqual(["50000000", "150000000"]);

    const events2 = await produceUntil(chain, nextWindow);
    expect(typedEvents(events2, "EventSeized").map((e) => e.case_id)).toEqual([String(deferredId)]);
    expect(getCase(chain, deferredId).status).toBe(CaseStatus.CASE_STATUS_PASSED);
    expect(typedEvents(events2, "EventSeizureDeferred")).toEqual([]);
    expect(seizureWindow(chain)).toMatchObject({ windowStartHeight: windowStart(nextWindow), seizureCount: 1n });
  });

  it("sweeps twice as the unbondings complete; supply is unchanged and the destination received exactly what the target lost", async () => {
    const none = await chain.mustDeliver(keys.mallory, [msg.sweep(keys.mallory.address, first)]);
    expect(sweepResponse(none)).toEqual({ collected: [], complete: false });
    expect(typedEvents(none.events, "EventSeized")).toEqual([]);

    const entries = unbondings(chain, target.address)[0].entries;
    chain.setNextBlockTime({ seconds: entries[0].completionTime!.seconds + 1n, nanos: 0 });
    await blockEvents(chain);
    expect(chain.balance(target.address)).toBe(50_000_000n);
    const s1 = await chain.mustDeliver(keys.mallory, [msg.sweep(keys.mallory.address, first)]);
    expect(sweepResponse(s1)).toEqual({ collected: [{ denom: DENOM, amount: "50000000" }], complete: false });
    expect(typedEvents(s1.events, "EventSeized")).toEqual([
      {
        case_id: String(first),
        target: target.address,
        destination: destination(chain),
        collected: [{ denom: DENOM, amount: "50000000" }],
        complete: false,
      },
    ]);

    chain.setNextBlockTime({ seconds: entries[1].completionTime!.seconds + 1n, nanos: 0 });
    await blockEvents(chain);
    const s2 = await chain.mustDeliver(keys.mallory, [msg.sweep(keys.mallory.address, first)]);
    expect(sweepResponse(s2)).toEqual({ collected: [{ denom: DENOM, amount: "150000000" }], complete: true });
    expect(getCase(chain, first)).toMatchObject({
      sweepComplete: true,
      recovered: [{ denom: DENOM, amount: (targetTotal + rewards).toString() }],
    });
    // Repeatable: nothing left, still complete.
    expect(sweepResponse(await chain.mustDeliver(keys.mallory, [msg.sweep(keys.mallory.address, first)]))).toEqual({
      collected: [],
      complete: true,
    });

    expect(supply(chain)).toBe(initialSupply);
    expect(chain.balance(target.address)).toBe(0n);
    const secondRecovered = BigInt(getCase(chain, deferredId).recovered[0].amount);
    expect(chain.balance(destination(chain)) - destBefore).toBe(targetTotal + rewards + secondRecovered);
    expect(recovered(chain)).toEqual({
      total: [{ denom: DENOM, amount: (targetTotal + rewards + secondRecovered).toString() }],
      casesOpened: 2n,
      casesPassed: 2n,
    });
    // Nothing seized can be vetoed any more.
    const veto = await chain.deliver(keys.ombudsman, [msg.veto(keys.ombudsman.address, first)]);
    expect({ codespace: veto.codespace, code: veto.code }).toEqual({ codespace: "enforcement", code: 1103 });
  });
});
