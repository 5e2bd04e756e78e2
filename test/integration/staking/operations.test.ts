import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as q from "cosmjs-types/cosmos/staking/v1beta1/query";
import { BondStatus } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import { MsgBeginRedelegate, MsgUndelegate } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import { valAddress } from "../../../src/types/address";
import { DENOM, TestChain, pack, testKey } from "../../helpers/chain";
import { atNextEndBlock, createValidatorMsg, DAY, delegateMsg, operatorOf, stakingModule, STAKING_TEST_OPERATORS } from "./setup";

const Q = "/cosmos.staking.v1beta1.Query/";

const undelegateMsg = (delegator: string, validator: string, amount: string) =>
  pack("/cosmos.staking.v1beta1.MsgUndelegate", MsgUndelegate, {
    delegatorAddress: delegator,
    validatorAddress: validator,
    amount: { denom: DENOM, amount },
  });
const redelegateMsg = (delegator: string, src: string, dst: string, amount: string) =>
  pack("/cosmos.staking.v1beta1.MsgBeginRedelegate", MsgBeginRedelegate, {
    delegatorAddress: delegator,
    validatorSrcAddress: src,
    validatorDstAddress: dst,
    amount: { denom: DENOM, amount },
  });

/**
 * The operations staking offers other modules (validatorgov's operator rotation and seat
 * delegations, enforcement's stake reading and seizure unbonding), called by the keeper at a
 * block's end as those modules' block hooks call them, on state built by signed txs.
 */
describe("staking: keeper operations for other modules", () => {
  let chain: TestChain;
  const bob = testKey("bob");
  const carol = testKey("carol");
  const dave = testKey("dave");
  const erin = testKey("staking/erin");
  const rotated = valAddress.encode(new Uint8Array(20).fill(42));

  beforeAll(async () => {
    const funds = [{ denom: DENOM, amount: "1000000000" }];
    chain = await TestChain.create({
      funded: { bob: funds, carol: funds, dave: funds, "staking/erin": funds },
      admitValidators: STAKING_TEST_OPERATORS,
    });
    await chain.mustDeliver(bob, [createValidatorMsg(bob, { amount: "20000000" })]);
    await chain.mustDeliver(carol, [createValidatorMsg(carol, { amount: "30000000" })]);
    await chain.mustDeliver(dave, [delegateMsg(dave, operatorOf(bob), "9000000")]);
    await chain.mustDeliver(erin, [delegateMsg(erin, operatorOf(carol), "4000000")]);
    await chain.mustDeliver(dave, [
      undelegateMsg(dave.address, operatorOf(bob), "1000000"),
      redelegateMsg(dave.address, operatorOf(bob), operatorOf(carol), "2000000"),
    ]);
    await chain.mustDeliver(erin, [redelegateMsg(erin.address, operatorOf(carol), operatorOf(bob), "1500000")]);
  });
  afterAll(async () => chain.close());

  const keeper = () => stakingModule(chain).keeper;
  const atEnd = async (fn: Parameters<typeof atNextEndBlock>[1]) => {
    atNextEndBlock(chain, fn);
    await chain.produceBlocks(1);
  };
  const delegationsTo = (op: string) =>
    chain
      .query(Q + "ValidatorDelegations", q.QueryValidatorDelegationsRequest, { validatorAddr: op }, q.QueryValidatorDelegationsResponse)
      .delegationResponses.map((r) => [r.delegation!.delegatorAddress, r.balance!.amount]);
  const unbondingsFrom = (op: string) =>
    chain
      .query(
        Q + "ValidatorUnbondingDelegations",
        q.QueryValidatorUnbondingDelegationsRequest,
        { validatorAddr: op },
        q.QueryValidatorUnbondingDelegationsResponse,
      )
      .unbondingResponses.map((u) => [u.delegatorAddress, u.validatorAddress]);
  const redelegationsOf = (delegator: string) =>
    chain
      .query(
        Q + "Redelegations",
        q.QueryRedelegationsRequest,
        { delegatorAddr: delegator, srcValidatorAddr: "", dstValidatorAddr: "" },
        q.QueryRedelegationsResponse,
      )
      .redelegationResponses.map((r) => [r.redelegation!.validatorSrcAddress, r.redelegation!.validatorDstAddress]);

  it("rotateOperator moves the validator, its delegations, unbondings, redelegations from and to it, and their queue entries", async () => {
    const old = operatorOf(bob);
    const before = { delegations: delegationsTo(old), validator: keeper().getValidator(chain.app.queryContext(), old)! };
    expect(before.delegations).toHaveLength(3); // bob's own, dave's, erin's redelegated stake
    await atEnd((ctx, k) => k.rotateOperator(ctx, old, rotated));

    const ctx = chain.app.queryContext();
    const k = keeper();
    expect(k.getValidator(ctx, old)).toBeUndefined();
    const moved = k.getValidator(ctx, rotated)!;
    expect({ ...moved, operatorAddress: old }).toEqual(before.validator);
    expect(k.validatorByConsAddr(ctx, k.consAddrOf(moved))?.operatorAddress).toBe(rotated);
    expect(k.lastValidatorPowers.has(ctx, valAddress.decode(old))).toBe(false);
    expect(k.lastValidatorPowers.has(ctx, valAddress.decode(rotated))).toBe(true);
    expect(delegationsTo(rotated)).toEqual(before.delegations.map(([d, amount]) => [d, amount]));
    expect([...k.delegations.indexes.byValidator.iterate(ctx, k.pairOfAddrs.prefix(valAddress.decode(old)))]).toEqual([]);
    expect(unbondingsFrom(old)).toEqual([]);
    expect(unbondingsFrom(rotated)).toEqual([[dave.address, rotated]]);
    expect(redelegationsOf(dave.address)).toEqual([[rotated, operatorOf(carol)]]);
    expect(redelegationsOf(erin.address)).toEqual([[operatorOf(carol), rotated]]);
    expect([...k.unbondingQueue.iterate(ctx)].map(([, p]) => p.validatorAddress)).toEqual([rotated]);
    expect([...k.redelegationQueue.iterate(ctx)].map(([, t]) => [t.validatorSrcAddress, t.validatorDstAddress])).toEqual([
      [rotated, operatorOf(carol)],
      [operatorOf(carol), rotated],
    ]);
    // A redelegation into the rotated validator still blocks a transitive hop from it.
    expect((await chain.deliver(erin, [redelegateMsg(erin.address, rotated, operatorOf(carol), "1")])).code).not.toBe(0);
  });

  it("stakeOf reads bonded and unbonding tokens; undelegateAll unbonds every delegation into the delegator's account", async () => {
    const ctx0 = chain.app.queryContext();
    expect(keeper().stakeOf(ctx0, dave.address)).toEqual({ bonded: 8_000_000n, unbonding: 1_000_000n });
    await atEnd((ctx, k) => k.undelegateAll(ctx, dave.address));
    const ctx = chain.app.queryContext();
    expect(keeper().stakeOf(ctx, dave.address)).toEqual({ bonded: 0n, unbonding: 9_000_000n });
    expect(keeper().delegationsOf(ctx, dave.address)).toEqual([]);
    expect(unbondingsFrom(rotated).map(([d]) => d)).toEqual([dave.address]);
  });

  it("delegateTokens takes the account's coins; undelegateTokens unbonds a part, then all of it without dust shares", async () => {
    const op = operatorOf(carol);
    const balance = chain.balance(erin.address);
    await atEnd((ctx, k) => k.delegateTokens(ctx, erin.address, op, 3_000_000n));
    expect(chain.balance(erin.address)).toBe(balance - 3_000_000n);
    const held = () => keeper().delegationTokens(chain.app.queryContext(), erin.address, op);
    expect(held()).toBe(5_500_000n);
    await atEnd((ctx, k) => k.undelegateTokens(ctx, erin.address, op, 500_000n));
    expect(held()).toBe(5_000_000n);
    await atEnd((ctx, k) => k.undelegateTokens(ctx, erin.address, op, 10_000_000n));
    expect(keeper().getDelegation(chain.app.queryContext(), erin.address, op)).toBeUndefined();
    expect(keeper().stakeOf(chain.app.queryContext(), erin.address).unbonding).toBe(5_500_000n);
  });

  it("the rotated validator's unbondings and redelegations mature under the new operator", async () => {
    const balance = chain.balance(dave.address);
    const time = chain.app.queryContext().time.seconds;
    chain.setNextBlockTime({ seconds: time + 22n * DAY, nanos: 0 });
    await chain.produceBlocks(1);
    const ctx = chain.app.queryContext();
    expect(chain.balance(dave.address) - balance).toBe(9_000_000n);
    expect([...keeper().unbondingQueue.iterate(ctx)]).toEqual([]);
    expect([...keeper().redelegationQueue.iterate(ctx)]).toEqual([]);
    expect(redelegationsOf(erin.address)).toEqual([]);
    expect(keeper().getValidator(ctx, rotated)?.status).toBe(BondStatus.BOND_STATUS_BONDED);
  });
});
