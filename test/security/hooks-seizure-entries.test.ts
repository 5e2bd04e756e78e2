import { QueryUnbondingDelegationRequest, QueryUnbondingDelegationResponse } from "cosmjs-types/cosmos/staking/v1beta1/query";
import { MsgUndelegate } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DENOM, pack, type TestChain } from "../helpers/chain";
import { delegateMsg, operatorOf } from "../integration/staking/setup";
import {
  CaseAction,
  CaseStatus,
  caseIdOf,
  enforcementChain,
  getCase,
  keys,
  msg,
  produceUntil,
  typedEvents,
  validator,
} from "../integration/enforcement/setup";

// Attack (issue 32, block hooks): a target fills its unbonding slots with the validator it is
// staked to (max_entries, 7 by default: seven 1-unit MsgUndelegate in seven blocks, before the
// case or later through an authz grantee, since unbonding moves nothing out of the account).
// The seizure's own unbonding of the stake then met ErrMaxUnbondingDelegationEntries and was
// deferred at every retry: the stake stayed out of reach as long as the slots were kept full.
// A module-initiated unbonding is not refused by the entry cap.

const target = keys.target;
const DEV = () => operatorOf(validator());
const undelegate = (amount: string) =>
  pack("/cosmos.staking.v1beta1.MsgUndelegate", MsgUndelegate, {
    delegatorAddress: target.address,
    validatorAddress: DEV(),
    amount: { denom: DENOM, amount },
  });

describe("a seizure unbonds the target's stake even when its unbonding entries are at the cap", () => {
  let chain: TestChain;
  let id = 0n;

  beforeAll(async () => {
    chain = await enforcementChain();
    await chain.mustDeliver(target, [delegateMsg(target, DEV(), "100000000")]);
    // One entry per block (entries of the same block merge).
    for (let i = 0; i < 7; i++) await chain.mustDeliver(target, [undelegate("1")]);
    id = caseIdOf(await chain.mustDeliver(validator(), [msg.open(validator().address, target.address, CaseAction.CASE_ACTION_SEIZE)]));
    await chain.mustDeliver(validator(), [msg.vote(validator().address, id)]);
    await produceUntil(chain, getCase(chain, id).votingEndsAtHeight);
    expect(getCase(chain, id).status).toBe(CaseStatus.CASE_STATUS_HELD);
  });
  afterAll(async () => chain.close());

  it("the target cannot add an eighth entry itself", async () => {
    const res = await chain.deliver(target, [undelegate("1")]);
    expect(res.code).not.toBe(0);
  });

  it("the seizure executes when due: the stake starts unbonding, nothing is deferred", async () => {
    const events = await produceUntil(chain, getCase(chain, id).executeAtHeight);
    expect(typedEvents(events, "EventSeizureDeferred")).toEqual([]);
    expect(getCase(chain, id).status).toBe(CaseStatus.CASE_STATUS_PASSED);
    const ubd = chain.query(
      "/cosmos.staking.v1beta1.Query/UnbondingDelegation",
      QueryUnbondingDelegationRequest,
      { delegatorAddr: target.address, validatorAddr: DEV() },
      QueryUnbondingDelegationResponse,
    ).unbond!;
    expect(ubd.entries).toHaveLength(8);
    expect(ubd.entries.reduce((sum, e) => sum + BigInt(e.balance), 0n)).toBe(100_000_000n);
  });
});
