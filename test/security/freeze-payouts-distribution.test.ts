import { TxMsgData } from "cosmjs-types/cosmos/base/abci/v1beta1/abci";
import { MsgWithdrawDelegatorRewardResponse, MsgWithdrawValidatorCommissionResponse } from "cosmjs-types/cosmos/distribution/v1beta1/tx";
import * as dq from "cosmjs-types/cosmos/distribution/v1beta1/query";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { admitInGenesisJson } from "../../src/modules/validatorgov/genesis";
import type { Secp256k1Key } from "../../src/client/signer";
import { DENOM, type DeliverResult, type TestChain } from "../helpers/chain";
import { createValidatorMsg, delegateMsg, msg as dmsg, operatorOf } from "../integration/distribution/setup";
import { caseIdOf, enforcementChain, expectEnforcementError, freezeStatus, keys, msg, validator } from "../integration/enforcement/setup";
import { basic, grantAllowance } from "../integration/feegrant/setup";

// Attack (issue 32, finding 2): a frozen delegator or validator moves value out through its
// withdraw address, set before the freeze or (re)set while frozen, by withdrawing rewards or
// commission, or by letting staking pay them on an undelegation or redelegation. While the
// owner is frozen its payouts now land in its own account, where the freeze holds them.

const D = keys.target; // the delegator, frozen
const V = keys.val2; // a validator operator, frozen
const DEV = () => operatorOf(validator());
const FEE = [{ denom: DENOM, amount: "5000" }];

function withdrawAddress(chain: TestChain, delegator: string): string {
  return chain.query(
    "/cosmos.distribution.v1beta1.Query/DelegatorWithdrawAddress",
    dq.QueryDelegatorWithdrawAddressRequest,
    { delegatorAddress: delegator },
    dq.QueryDelegatorWithdrawAddressResponse,
  ).withdrawAddress;
}

function paid(res: DeliverResult, decode: (b: Uint8Array) => { amount: Array<{ denom: string; amount: string }> }): bigint {
  const amount = decode(TxMsgData.decode(res.data).msgResponses[0].value).amount;
  return amount.filter((c) => c.denom === DENOM).reduce((s, c) => s + BigInt(c.amount), 0n);
}

/** A frozen account pays no fee: alice grants it an allowance and its txs name her as fee granter. */
function asFrozen(chain: TestChain, key: Secp256k1Key, msgs: Parameters<TestChain["deliver"]>[1]) {
  return chain.deliver(key, msgs, { fee: FEE, feeGranter: keys.alice.address });
}

/** Alice deposits into a validator's reward pool, so the delegation and the commission have something to pay. */
const deposit = (chain: TestChain, operator: string, amount = "10000000") =>
  chain.mustDeliver(keys.alice, [dmsg.depositValRewards(keys.alice.address, operator, [{ denom: DENOM, amount }])]);

describe("a frozen owner's rewards and commission stay in its own account", () => {
  let chain: TestChain;
  let delegatorCase = 0n;

  beforeAll(async () => {
    chain = await enforcementChain({ voting: 100n, provisional: 120n, more: (s) => admitInGenesisJson(s, V.address) });
    await chain.mustDeliver(V, [createValidatorMsg(V, { amount: "1000000", rate: "0.1" })]);
    await chain.mustDeliver(D, [delegateMsg(D, DEV(), "100000000")]);
    // Both withdraw addresses are set before any freeze.
    await chain.mustDeliver(D, [dmsg.setWithdrawAddress(D.address, keys.other.address)]);
    await chain.mustDeliver(V, [dmsg.setWithdrawAddress(V.address, keys.mallory.address)]);
    await chain.mustDeliver(keys.alice, [
      grantAllowance(keys.alice.address, D.address, basic()),
      grantAllowance(keys.alice.address, V.address, basic()),
    ]);
    delegatorCase = caseIdOf(await chain.mustDeliver(validator(), [msg.open(validator().address, D.address)]));
    await chain.mustDeliver(validator(), [msg.open(validator().address, V.address)]);
    expect(freezeStatus(chain, D.address).frozen).toBe(true);
    expect(freezeStatus(chain, V.address).frozen).toBe(true);
  });
  afterAll(async () => chain.close());

  it("MsgWithdrawDelegatorReward by a frozen delegator pays its own account, not the withdraw address", async () => {
    await deposit(chain, DEV());
    const [own, away] = [chain.balance(D.address), chain.balance(keys.other.address)];
    const res = await asFrozen(chain, D, [dmsg.withdrawReward(D.address, DEV())]);
    expect(res.code).toBe(0);
    const reward = paid(res, MsgWithdrawDelegatorRewardResponse.decode);
    expect(reward).toBeGreaterThan(0n);
    expect(chain.balance(keys.other.address)).toBe(away);
    expect(chain.balance(D.address)).toBe(own + reward);
  });

  it("MsgSetWithdrawAddress by a frozen account is refused with ErrFrozen; the address on record stays", async () => {
    expectEnforcementError(await asFrozen(chain, D, [dmsg.setWithdrawAddress(D.address, keys.mallory.address)]), 1107);
    expect(withdrawAddress(chain, D.address)).toBe(keys.other.address);
  });

  it("undelegating and redelegating while frozen succeed, and the rewards they pay stay with the delegator", async () => {
    for (const change of [dmsg.undelegate(D.address, DEV(), "1000000"), dmsg.redelegate(D.address, DEV(), operatorOf(V), "1000000")]) {
      await deposit(chain, DEV());
      const [own, away] = [chain.balance(D.address), chain.balance(keys.other.address)];
      const res = await asFrozen(chain, D, [change]);
      expect({ code: res.code, log: res.log }).toEqual({ code: 0, log: "" });
      expect(chain.balance(keys.other.address)).toBe(away);
      expect(chain.balance(D.address)).toBeGreaterThan(own);
    }
  });

  it("MsgWithdrawValidatorCommission by a frozen operator pays its own account, not the withdraw address", async () => {
    await deposit(chain, operatorOf(V), "1000000");
    const [own, away] = [chain.balance(V.address), chain.balance(keys.mallory.address)];
    const res = await asFrozen(chain, V, [dmsg.withdrawCommission(operatorOf(V))]);
    expect(res.code).toBe(0);
    const commission = paid(res, MsgWithdrawValidatorCommissionResponse.decode);
    expect(commission).toBe(100_000n);
    expect(chain.balance(keys.mallory.address)).toBe(away);
    expect(chain.balance(V.address)).toBe(own + commission);
  });

  it("once the freeze ends the withdraw address on record applies again", async () => {
    await chain.mustDeliver(validator(), [msg.withdraw(validator().address, delegatorCase)]);
    expect(freezeStatus(chain, D.address).frozen).toBe(false);
    await deposit(chain, DEV());
    const [own, away] = [chain.balance(D.address), chain.balance(keys.other.address)];
    const res = await chain.mustDeliver(D, [dmsg.withdrawReward(D.address, DEV())]);
    const reward = paid(res, MsgWithdrawDelegatorRewardResponse.decode);
    expect(reward).toBeGreaterThan(0n);
    expect(chain.balance(keys.other.address)).toBe(away + reward);
    expect(chain.balance(D.address)).toBe(own - 5000n);
  });
});
