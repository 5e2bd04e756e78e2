import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as q from "cosmjs-types/cosmos/staking/v1beta1/query";
import {
  MsgBeginRedelegate,
  MsgBeginRedelegateResponse,
  MsgCancelUnbondingDelegation,
  MsgUndelegate,
  MsgUndelegateResponse,
} from "cosmjs-types/cosmos/staking/v1beta1/tx";
import { TxMsgData } from "cosmjs-types/cosmos/base/abci/v1beta1/abci";
import { TestChain, pack, testKey, DENOM } from "../../helpers/chain";
import {
  consPubKey,
  createValidatorMsg,
  dec,
  delegateMsg,
  deliverInBlock,
  hex,
  operatorOf,
  updatesByKey,
  GENESIS_SECONDS,
  STAKING_TEST_OPERATORS,
} from "./setup";

const Q = "/cosmos.staking.v1beta1.Query/";
const UNBONDING = 1000n;

describe("staking: delegate, undelegate, redelegate", () => {
  let chain: TestChain;
  const alice = testKey("alice");
  const bob = testKey("bob");
  const carol = testKey("carol");
  const dave = testKey("dave");
  const valA = operatorOf(alice);
  const valB = operatorOf(bob);

  beforeAll(async () => {
    chain = await TestChain.create({
      admitValidators: STAKING_TEST_OPERATORS,
      funded: {
        alice: [{ denom: DENOM, amount: "1000000000000" }],
        bob: [{ denom: DENOM, amount: "1000000000000" }],
        carol: [{ denom: DENOM, amount: "1000000000000" }],
        dave: [{ denom: DENOM, amount: "1000000000000" }],
      },
      mutateGenesis: (s) => {
        s.staking.params.unbonding_time = `${UNBONDING}s`;
      },
    });
    await chain.mustDeliver(alice, [createValidatorMsg(alice, { amount: "5000000" })]);
    await chain.mustDeliver(bob, [createValidatorMsg(bob, { amount: "3000000" })]);
  });
  afterAll(async () => chain.close());

  const delegation = (del: string, val: string) =>
    chain.query(Q + "Delegation", q.QueryDelegationRequest, { delegatorAddr: del, validatorAddr: val }, q.QueryDelegationResponse)
      .delegationResponse!;
  const validator = (val: string) =>
    chain.query(Q + "Validator", q.QueryValidatorRequest, { validatorAddr: val }, q.QueryValidatorResponse).validator;
  const responseOf = <T>(data: Uint8Array, codec: { decode(b: Uint8Array): T }) =>
    codec.decode(TxMsgData.decode(data).msgResponses[0].value);
  const undelegateMsg = (key: typeof carol, val: string, amount: string) =>
    pack("/cosmos.staking.v1beta1.MsgUndelegate", MsgUndelegate, {
      delegatorAddress: key.address,
      validatorAddress: val,
      amount: { denom: DENOM, amount },
    });
  const redelegateMsg = (key: typeof carol, src: string, dst: string, amount: string) =>
    pack("/cosmos.staking.v1beta1.MsgBeginRedelegate", MsgBeginRedelegate, {
      delegatorAddress: key.address,
      validatorSrcAddress: src,
      validatorDstAddress: dst,
      amount: { denom: DENOM, amount },
    });

  it("delegating raises the validator's power and the block reports only that change", async () => {
    const before = chain.balance(carol.address);
    const out = await deliverInBlock(chain, carol, [delegateMsg(carol, valA, "2000000")]);
    expect(out.result.code).toBe(0);
    expect(updatesByKey(out.updates)).toEqual({ [hex(consPubKey(alice.address))]: 7n });
    expect(chain.balance(carol.address)).toBe(before - 2_000_000n - 5000n);
    const d = delegation(carol.address, valA);
    expect(d.delegation.shares).toBe(dec("2000000"));
    expect(d.balance).toEqual({ denom: DENOM, amount: "2000000" });
    const byValidator = chain.query(
      Q + "ValidatorDelegations",
      q.QueryValidatorDelegationsRequest,
      { validatorAddr: valA },
      q.QueryValidatorDelegationsResponse,
    );
    expect(byValidator.delegationResponses.map((r) => r.delegation.delegatorAddress).sort()).toEqual([alice.address, carol.address].sort());
    const mine = chain.query(
      Q + "DelegatorValidators",
      q.QueryDelegatorValidatorsRequest,
      { delegatorAddr: carol.address },
      q.QueryDelegatorValidatorsResponse,
    );
    expect(mine.validators.map((v) => v.operatorAddress)).toEqual([valA]);
  });

  it("a delegation below one unit of power moves tokens but sends no validator update", async () => {
    const out = await deliverInBlock(chain, dave, [delegateMsg(dave, valB, "500000")]);
    expect(out.result.code).toBe(0);
    expect(out.updates).toEqual([]);
    expect(validator(valB).tokens).toBe("3500000");
  });

  it("refuses delegations to unknown validators and in another denom", async () => {
    const unknown = await chain.deliver(carol, [delegateMsg(carol, operatorOf(dave), "100")]);
    expect([unknown.codespace, unknown.code]).toEqual(["staking", 3]);
    const wrongDenom = await chain.deliver(carol, [
      pack("/cosmos.staking.v1beta1.MsgDelegate", (await import("cosmjs-types/cosmos/staking/v1beta1/tx")).MsgDelegate, {
        delegatorAddress: carol.address,
        validatorAddress: valA,
        amount: { denom: "uother", amount: "100" },
      }),
    ]);
    expect([wrongDenom.codespace, wrongDenom.code]).toEqual(["sdk", 18]);
  });

  it("undelegating lowers power at once and pays out exactly at maturity, not before", async () => {
    const start = chain.balance(carol.address);
    chain.setNextBlockTime({ seconds: GENESIS_SECONDS + 10_000n, nanos: 0 });
    const out = await deliverInBlock(chain, carol, [undelegateMsg(carol, valA, "1000000")]);
    expect(out.result.log).toBe("");
    expect(updatesByKey(out.updates)).toEqual({ [hex(consPubKey(alice.address))]: 6n });
    const res = responseOf(out.result.data, MsgUndelegateResponse);
    const completion = GENESIS_SECONDS + 10_000n + UNBONDING;
    expect(res.completionTime).toEqual({ seconds: completion, nanos: 0 });
    expect(res.amount).toEqual({ denom: DENOM, amount: "1000000" });
    expect(chain.balance(carol.address)).toBe(start - 5000n);

    const ubd = chain.query(
      Q + "UnbondingDelegation",
      q.QueryUnbondingDelegationRequest,
      { delegatorAddr: carol.address, validatorAddr: valA },
      q.QueryUnbondingDelegationResponse,
    ).unbond;
    expect(ubd.entries).toHaveLength(1);
    expect(ubd.entries[0].balance).toBe("1000000");
    expect(ubd.entries[0].creationHeight).toBe(out.height);
    const pool = chain.query(Q + "Pool", q.QueryPoolRequest, {}, q.QueryPoolResponse).pool;
    expect(pool.notBondedTokens).toBe("1000000");

    chain.setNextBlockTime({ seconds: completion - 1n, nanos: 999_999_999 });
    await chain.produceBlocks(1);
    expect(chain.balance(carol.address)).toBe(start - 5000n);
    chain.setNextBlockTime({ seconds: completion, nanos: 0 });
    await chain.produceBlocks(1);
    expect(chain.balance(carol.address)).toBe(start - 5000n + 1_000_000n);
    expect(() =>
      chain.query(
        Q + "UnbondingDelegation",
        q.QueryUnbondingDelegationRequest,
        { delegatorAddr: carol.address, validatorAddr: valA },
        q.QueryUnbondingDelegationResponse,
      ),
    ).toThrow(/NotFound/);
    expect(chain.query(Q + "Pool", q.QueryPoolRequest, {}, q.QueryPoolResponse).pool.notBondedTokens).toBe("0");
  });

  it("refuses undelegating more than is delegated, or where nothing is delegated", async () => {
    const tooMuch = await chain.deliver(carol, [undelegateMsg(carol, valA, "1000001")]);
    expect([tooMuch.codespace, tooMuch.code]).toEqual(["sdk", 18]);
    const none = await chain.deliver(carol, [undelegateMsg(carol, valB, "1")]);
    expect([none.codespace, none.code]).toEqual(["staking", 19]);
    const noValidator = await chain.deliver(carol, [undelegateMsg(carol, operatorOf(dave), "1")]);
    expect([noValidator.codespace, noValidator.code]).toEqual(["staking", 3]);
  });

  it("cancels part of an unbonding entry back into the delegation", async () => {
    const out = await deliverInBlock(chain, carol, [undelegateMsg(carol, valA, "400000")]);
    expect(out.result.code).toBe(0);
    const cancel = (amount: string, height: bigint) =>
      pack("/cosmos.staking.v1beta1.MsgCancelUnbondingDelegation", MsgCancelUnbondingDelegation, {
        delegatorAddress: carol.address,
        validatorAddress: valA,
        amount: { denom: DENOM, amount },
        creationHeight: height,
      });
    const wrongHeight = await chain.deliver(carol, [cancel("100000", out.height + 100n)]);
    expect([wrongHeight.codespace, wrongHeight.code]).toEqual(["sdk", 18]);
    const tooMuch = await chain.deliver(carol, [cancel("400001", out.height)]);
    expect([tooMuch.codespace, tooMuch.code]).toEqual(["sdk", 18]);
    const noUbd = await chain.deliver(dave, [
      pack("/cosmos.staking.v1beta1.MsgCancelUnbondingDelegation", MsgCancelUnbondingDelegation, {
        delegatorAddress: dave.address,
        validatorAddress: valA,
        amount: { denom: DENOM, amount: "1" },
        creationHeight: out.height,
      }),
    ]);
    expect([noUbd.codespace, noUbd.code]).toEqual(["staking", 26]);
    const ok = await chain.deliver(carol, [cancel("150000", out.height)]);
    expect(ok.log).toBe("");
    expect(delegation(carol.address, valA).balance.amount).toBe(String(1_000_000 - 400_000 + 150_000));
    const ubd = chain.query(
      Q + "DelegatorUnbondingDelegations",
      q.QueryDelegatorUnbondingDelegationsRequest,
      { delegatorAddr: carol.address },
      q.QueryDelegatorUnbondingDelegationsResponse,
    );
    expect(ubd.unbondingResponses[0].entries.map((e) => [e.balance, e.initialBalance])).toEqual([["250000", "250000"]]);
    const all = await chain.deliver(carol, [cancel("250000", out.height)]);
    expect(all.code).toBe(0);
    expect(
      chain.query(
        Q + "DelegatorUnbondingDelegations",
        q.QueryDelegatorUnbondingDelegationsRequest,
        { delegatorAddr: carol.address },
        q.QueryDelegatorUnbondingDelegationsResponse,
      ).unbondingResponses,
    ).toEqual([]);
  });

  it("redelegating moves power between validators: the block updates exactly both", async () => {
    const t = chain.engine["lastTime"].seconds + 5n;
    chain.setNextBlockTime({ seconds: t, nanos: 0 });
    const out = await deliverInBlock(chain, carol, [redelegateMsg(carol, valA, valB, "1000000")]);
    expect(out.result.log).toBe("");
    expect(updatesByKey(out.updates)).toEqual({ [hex(consPubKey(alice.address))]: 5n, [hex(consPubKey(bob.address))]: 4n });
    expect(responseOf(out.result.data, MsgBeginRedelegateResponse).completionTime).toEqual({ seconds: t + UNBONDING, nanos: 0 });
    expect(delegation(carol.address, valB).balance.amount).toBe("1000000");
    const reds = chain.query(
      Q + "Redelegations",
      q.QueryRedelegationsRequest,
      { delegatorAddr: carol.address, srcValidatorAddr: "", dstValidatorAddr: "" },
      q.QueryRedelegationsResponse,
    );
    expect(reds.redelegationResponses).toHaveLength(1);
    expect(reds.redelegationResponses[0].redelegation.validatorDstAddress).toBe(valB);
    expect(reds.redelegationResponses[0].entries[0].balance).toBe("1000000");
    const bySrc = chain.query(
      Q + "Redelegations",
      q.QueryRedelegationsRequest,
      { delegatorAddr: "", srcValidatorAddr: valA, dstValidatorAddr: "" },
      q.QueryRedelegationsResponse,
    );
    expect(bySrc.redelegationResponses).toHaveLength(1);

    const hop = await chain.deliver(carol, [redelegateMsg(carol, valB, valA, "100")]);
    expect([hop.codespace, hop.code]).toEqual(["staking", 32]);
    const self = await chain.deliver(alice, [redelegateMsg(alice, valA, valA, "100")]);
    expect([self.codespace, self.code]).toEqual(["staking", 29]);
    const noDst = await chain.deliver(alice, [redelegateMsg(alice, valA, operatorOf(dave), "100")]);
    expect([noDst.codespace, noDst.code]).toEqual(["staking", 31]);

    chain.setNextBlockTime({ seconds: t + UNBONDING - 1n, nanos: 0 });
    await chain.produceBlocks(1);
    expect(
      chain.query(
        Q + "Redelegations",
        q.QueryRedelegationsRequest,
        { delegatorAddr: carol.address, srcValidatorAddr: "", dstValidatorAddr: "" },
        q.QueryRedelegationsResponse,
      ).redelegationResponses,
    ).toHaveLength(1);
    chain.setNextBlockTime({ seconds: t + UNBONDING, nanos: 0 });
    await chain.produceBlocks(1);
    expect(
      chain.query(
        Q + "Redelegations",
        q.QueryRedelegationsRequest,
        { delegatorAddr: carol.address, srcValidatorAddr: "", dstValidatorAddr: "" },
        q.QueryRedelegationsResponse,
      ).redelegationResponses,
    ).toEqual([]);
    const hopLater = await chain.deliver(carol, [redelegateMsg(carol, valB, valA, "100000")]);
    expect(hopLater.log).toBe("");
  });

  it("limits unbonding entries per (delegator, validator) to max_entries", async () => {
    const msgs = Array.from({ length: 7 }, () => undelegateMsg(dave, valB, "1000"));
    // Entries created in the same block at the same time merge, so spread them over blocks.
    for (const m of msgs) expect((await chain.deliver(dave, [m])).code).toBe(0);
    const eighth = await chain.deliver(dave, [undelegateMsg(dave, valB, "1000")]);
    expect([eighth.codespace, eighth.code]).toEqual(["staking", 27]);
  });
});
