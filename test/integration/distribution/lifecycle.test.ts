import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StakingKeeper } from "../../../src/modules/staking";
import { valAddress } from "../../../src/types/address";
import { DEC_ONE } from "../../../src/types/dec";
import { DENOM, TestChain, testKey } from "../../helpers/chain";
import { stakingModule, DAY } from "../staking/setup";
import { blockContext, coins, createValidatorMsg, delegateMsg, distributionKeeper, msg, operatorOf, query } from "./setup";

/** A validator's end (removal after unbonding) and the chain's operator rotation, as distribution sees them. */
describe("distribution: validator removal and operator rotation", () => {
  let chain: TestChain;
  const val1 = testKey("distribution/val1");
  const val2 = testKey("distribution/val2");
  const del1 = testKey("distribution/del1");
  const funder = testKey("distribution/funder");

  beforeAll(async () => {
    const funds = [{ denom: DENOM, amount: "1000000000" }];
    chain = await TestChain.create({
      funded: Object.fromEntries(["val1", "val2", "del1", "funder"].map((n) => [`distribution/${n}`, funds])),
      admitValidators: ["distribution/val1", "distribution/val2"],
    });
    await chain.mustDeliver(val1, [createValidatorMsg(val1, { rate: "0.1" })]);
    await chain.mustDeliver(val2, [createValidatorMsg(val2, { rate: "0.1" })]);
    await chain.mustDeliver(del1, [delegateMsg(del1, operatorOf(val2), "5000000")]);
    await chain.mustDeliver(funder, [
      msg.depositValRewards(funder.address, operatorOf(val1), coins(1005n)),
      msg.depositValRewards(funder.address, operatorOf(val2), coins(1000n)),
    ]);
  });
  afterAll(async () => chain.close());

  it("a removed validator's commission goes to its operator, its dust to the community pool, and its records go away", async () => {
    const op = operatorOf(val1);
    expect(query.commission(chain, op)).toEqual([{ denom: DENOM, amount: ((1005n * DEC_ONE) / 10n).toString() }]);
    // The operator unbonds everything: its self-delegation rewards are paid now, the validator starts unbonding.
    await chain.mustDeliver(val1, [msg.undelegate(val1.address, op, "5000000")]);
    const time = chain.app.queryContext().time.seconds;
    const before = chain.balance(val1.address);
    const pool = query.pool(chain);
    chain.setNextBlockTime({ seconds: time + 22n * DAY, nanos: 0 });
    await chain.produceBlocks(1);
    // Commission 100.5: 100 paid to the operator with the matured unbonding, 0.5 to the community pool.
    expect(chain.balance(val1.address) - before).toBe(100n + 5_000_000n);
    expect(BigInt(query.pool(chain)[0].amount) - BigInt(pool[0].amount)).toBeGreaterThanOrEqual(DEC_ONE / 2n);
    const k = distributionKeeper(chain);
    const ctx = chain.app.queryContext();
    const bytes = valAddress.decode(op);
    expect(k.outstandingRewards.has(ctx, bytes) || k.accumulatedCommission.has(ctx, bytes) || k.currentRewards.has(ctx, bytes)).toBe(false);
    expect([...k.historicalRewards.iterate(ctx, { prefix: k.periodKey.prefix(bytes) })]).toEqual([]);
  });

  it("an operator rotation moves every record: the delegation's rewards and the commission follow the validator", () => {
    const k = distributionKeeper(chain);
    const staking = stakingModule(chain).keeper as StakingKeeper;
    const ctx = blockContext(chain, []);
    const oldOp = operatorOf(val2);
    const newOp = valAddress.encode(new Uint8Array(20).fill(42));
    const earned = (operator: string) => {
      const v = k.staking.getValidator(ctx, operator)!;
      return k.rewards.calculateDelegationRewards(ctx, v, del1.address, k.rewards.incrementValidatorPeriod(ctx, v));
    };
    const before = { rewards: earned(oldOp), commission: k.commission(ctx, oldOp), outstanding: k.outstanding(ctx, oldOp) };
    expect(before.rewards[0].amount).toBeGreaterThan(0n);
    staking.rotateOperator(ctx, oldOp, newOp);
    expect({ rewards: earned(newOp), commission: k.commission(ctx, newOp), outstanding: k.outstanding(ctx, newOp) }).toEqual(before);
    expect(k.outstandingRewards.has(ctx, valAddress.decode(oldOp))).toBe(false);
    expect([...k.startingInfos.iterate(ctx, { prefix: k.valDelKey.prefix(valAddress.decode(oldOp)) })]).toEqual([]);
  });
});
