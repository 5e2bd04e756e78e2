import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DENOM, type TestChain } from "../helpers/chain";
import { delegateMsg, msg as dmsg, operatorOf } from "../integration/distribution/setup";
import {
  CaseAction,
  CaseStatus,
  caseIdOf,
  destination,
  enforcementChain,
  getCase,
  keys,
  msg,
  produceUntil,
  typedEvents,
  validator,
} from "../integration/enforcement/setup";

// Attack (issue 32, finding 2): a target sets its withdraw address to an accomplice before it is
// accused. When the seizure executes, unbonding its stake pays the delegation's rewards first,
// and they used to go to the accomplice, out of the seizure's reach. They now land in the
// frozen target's account and the seizure collects them with the balance.

const target = keys.target;
const accomplice = keys.other;
const DEV = () => operatorOf(validator());

describe("a seizure collects the staking rewards its unbonding pays, whatever the withdraw address", () => {
  let chain: TestChain;
  let id = 0n;

  beforeAll(async () => {
    chain = await enforcementChain();
    await chain.mustDeliver(target, [delegateMsg(target, DEV(), "100000000")]);
    await chain.mustDeliver(target, [dmsg.setWithdrawAddress(target.address, accomplice.address)]);
    // Rewards accrue to the delegation (the target holds most of the validator's stake).
    await chain.mustDeliver(keys.alice, [dmsg.depositValRewards(keys.alice.address, DEV(), [{ denom: DENOM, amount: "10000000" }])]);
    id = caseIdOf(await chain.mustDeliver(validator(), [msg.open(validator().address, target.address, CaseAction.CASE_ACTION_SEIZE)]));
    await chain.mustDeliver(validator(), [msg.vote(validator().address, id)]);
    await produceUntil(chain, getCase(chain, id).votingEndsAtHeight);
    expect(getCase(chain, id).status).toBe(CaseStatus.CASE_STATUS_HELD);
  });
  afterAll(async () => chain.close());

  it("the rewards end at the recovery destination, not at the withdraw address", async () => {
    const balance = chain.balance(target.address);
    const [dest, away] = [chain.balance(destination(chain)), chain.balance(accomplice.address)];
    const events = await produceUntil(chain, getCase(chain, id).executeAtHeight);
    const rewards = events
      .filter((e) => e.type === "withdraw_rewards" && e.attributes.some((a) => a.key === "delegator" && a.value === target.address))
      .reduce((sum, e) => sum + BigInt(e.attributes.find((a) => a.key === "amount")!.value.replace(DENOM, "")), 0n);
    expect(rewards).toBeGreaterThan(1_000_000n);
    const collected = (balance + rewards).toString();
    expect(typedEvents(events, "EventSeized")).toEqual([
      {
        case_id: String(id),
        target: target.address,
        destination: destination(chain),
        collected: [{ denom: DENOM, amount: collected }],
        complete: false,
      },
    ]);
    expect(chain.balance(accomplice.address)).toBe(away);
    expect(chain.balance(destination(chain))).toBe(dest + balance + rewards);
    expect(chain.balance(target.address)).toBe(0n);
    expect(getCase(chain, id)).toMatchObject({ status: CaseStatus.CASE_STATUS_PASSED, recovered: [{ denom: DENOM, amount: collected }] });
  });
});
