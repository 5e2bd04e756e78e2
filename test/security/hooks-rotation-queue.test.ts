import { MsgBeginRedelegate, MsgUndelegate } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DENOM, pack, type TestChain } from "../helpers/chain";
import { delegateMsg } from "../integration/staking/setup";
import { ONE_YML, admit, declOf, keys, msg, valoper, vgovChain } from "../integration/validatorgov/setup";

// Issue 32, block hooks: completing an operator rotation re-points the unbonding and
// redelegation queue entries of the rotated validator. This pins the behaviour the end blocker
// must keep when that step reads only the validator's own entries (rather than walking the whole
// chain's queues, gas-free work that grows with everyone's unbondings): the delegator's
// unbonding and redelegation still mature and pay after the rotation.

const UNBONDING = 60n;
const { alpha, beta, newop, mallory } = keys;

describe("a rotated validator's unbondings and redelegations still mature", () => {
  let chain: TestChain;

  beforeAll(async () => {
    chain = await vgovChain({
      mutateGenesis: (s) => {
        s.validatorgov.params.planned_rotation_delay_blocks = "2";
        s.staking.params.unbonding_time = `${UNBONDING}s`;
      },
    });
    await admit(chain, alpha, declOf("LEI-A", "UBO-A", "DE"));
    await admit(chain, beta, declOf("LEI-B", "UBO-B", "FR"));
    await chain.mustDeliver(mallory, [delegateMsg(mallory, valoper(alpha), (10n * ONE_YML).toString())]);
    await chain.produceBlocks(1);
    await chain.mustDeliver(mallory, [
      pack("/cosmos.staking.v1beta1.MsgUndelegate", MsgUndelegate, {
        delegatorAddress: mallory.address,
        validatorAddress: valoper(alpha),
        amount: { denom: DENOM, amount: ONE_YML.toString() },
      }),
      pack("/cosmos.staking.v1beta1.MsgBeginRedelegate", MsgBeginRedelegate, {
        delegatorAddress: mallory.address,
        validatorSrcAddress: valoper(alpha),
        validatorDstAddress: valoper(beta),
        amount: { denom: DENOM, amount: ONE_YML.toString() },
      }),
    ]);
    const res = await chain.mustDeliver(alpha, [msg.rotate(alpha.address, newop.address)]);
    while (chain.height < res.height + 3n) await chain.produceBlocks(1);
  });
  afterAll(async () => chain.close());

  it("the unbonding pays the delegator and the redelegation completes, under the new operator", async () => {
    const before = chain.balance(mallory.address);
    const events: Array<{ type: string; attributes: Array<{ key: string; value: string }> }> = [];
    chain.setNextBlockTime({ seconds: chain.engine.lastBlockTime.seconds + UNBONDING + 1n, nanos: 0 });
    events.push(...(await chain.engine.produceBlock()).response.events);
    expect(chain.balance(mallory.address)).toBe(before + ONE_YML);
    const attrs = (type: string) =>
      events
        .filter((e) => e.type === type)
        .map((e) => Object.fromEntries(e.attributes.filter((a) => a.key !== "mode").map((a) => [a.key, a.value])));
    expect(attrs("complete_unbonding")).toEqual([{ amount: `${ONE_YML}${DENOM}`, validator: valoper(newop), delegator: mallory.address }]);
    expect(attrs("complete_redelegation").map((a) => a.source_validator)).toEqual([valoper(newop)]);
  });
});
