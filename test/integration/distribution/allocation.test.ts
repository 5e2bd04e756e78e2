import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PubKey } from "cosmjs-types/cosmos/crypto/ed25519/keys";
import { moduleAddress, valAddress } from "../../../src/types/address";
import { BlockIdFlag, type CommitVote, type Context } from "../../../src/types/context";
import { DEC_ONE, decFromString } from "../../../src/types/dec";
import type { DistributionKeeper } from "../../../src/modules/distribution";
import { consensusAddressOf } from "../../../src/modules/staking";
import { DENOM, TestChain, testKey } from "../../helpers/chain";
import {
  bankKeeper,
  blockContext,
  consAddrOf,
  createValidatorMsg,
  delegateMsg,
  devValidator,
  distributionKeeper,
  operatorOf,
} from "./setup";

/**
 * Worked examples of the SDK's x/distribution README ("Distribution of rewards to validators
 * and delegators", the example distribution): with the validators that signed sharing
 * (1 − community tax) of the fees by power, a delegator earns
 *   (its stake / total signing power) × fees × (1 − community tax) × (1 − commission rate),
 * the validator keeps commission rate × its share, and the community tax goes to the community pool.
 */
const Y = 1_000_000n;
const dec = (n: bigint) => n * DEC_ONE;

describe("distribution: fee allocation (BeginBlock) — README worked example", () => {
  let chain: TestChain;
  let k: DistributionKeeper;
  const val1 = testKey("distribution/val1");
  const val2 = testKey("distribution/val2");
  const del1 = testKey("distribution/del1");
  const payer = testKey("distribution/payer");

  beforeAll(async () => {
    const funds = [{ denom: DENOM, amount: (1000n * Y).toString() }];
    chain = await TestChain.create({
      funded: { "distribution/val1": funds, "distribution/val2": funds, "distribution/del1": funds, "distribution/payer": funds },
      admitValidators: ["distribution/val1", "distribution/val2"],
    });
    k = distributionKeeper(chain);
    // val1: 6 YML self-bond + 3 YML from del1 = power 9, commission 10%; val2: 27 YML = power 27, commission 20%.
    await chain.mustDeliver(val1, [createValidatorMsg(val1, { amount: (6n * Y).toString(), rate: "0.1" })]);
    await chain.mustDeliver(val2, [createValidatorMsg(val2, { amount: (27n * Y).toString(), rate: "0.2" })]);
    await chain.mustDeliver(del1, [delegateMsg(del1, operatorOf(val1), (3n * Y).toString())]);
    await chain.produceBlocks(2);
  });
  afterAll(async () => chain.close());

  /** A begin-block context whose fee collector holds `fees` (paid in by a plain account). */
  function withFees(votes: CommitVote[], fees: bigint): Context {
    const ctx = blockContext(chain, votes);
    payFees(ctx, fees);
    return ctx;
  }

  const amount = (list: Array<{ denom: string; amount: bigint }>) => list.find((c) => c.denom === DENOM)?.amount ?? 0n;
  const vote = (address: Uint8Array, power: bigint, blockIdFlag: number = BlockIdFlag.commit): CommitVote => ({
    validatorAddress: address,
    power,
    blockIdFlag,
  });
  const devCons = () =>
    consensusAddressOf(PubKey.decode(k.staking.getValidator(chain.app.queryContext(), devValidator())!.consensusPubkey!.value).key);
  const payFees = (ctx: Context, fees: bigint) =>
    bankKeeper(chain).sendCoinsFromAccountToModule(ctx, payer.address, "fee_collector", [{ denom: DENOM, amount: fees }]);

  function snapshot(ctx: Context) {
    return {
      pool: amount(k.communityPool(ctx)),
      val1: {
        outstanding: amount(k.outstanding(ctx, operatorOf(val1))),
        commission: amount(k.commission(ctx, operatorOf(val1))),
        current: amount(k.current(ctx, operatorOf(val1)).rewards),
      },
      val2: { outstanding: amount(k.outstanding(ctx, operatorOf(val2))), commission: amount(k.commission(ctx, operatorOf(val2))) },
      dev: amount(k.outstanding(ctx, devValidator())),
      held: bankKeeper(chain).getBalance(ctx, moduleAddress("distribution"), DENOM),
    };
  }

  it("pays the signers by power, commission to each validator, the tax to the community pool; the absent validator gets nothing", () => {
    const ctx = withFees([vote(devCons(), 10n, BlockIdFlag.absent), vote(consAddrOf(val1), 9n), vote(consAddrOf(val2), 27n)], 1_000_000n);
    const before = snapshot(ctx);
    k.allocateTokens(ctx);
    const after = snapshot(ctx);
    // 1 000 000 fees, 2% tax: 980 000 to share over 36 signing power.
    expect(after.pool - before.pool).toBe(dec(20_000n));
    // val1: 9/36 = 245 000, of which 10% commission.
    expect(after.val1.outstanding - before.val1.outstanding).toBe(dec(245_000n));
    expect(after.val1.commission - before.val1.commission).toBe(dec(24_500n));
    expect(after.val1.current - before.val1.current).toBe(dec(220_500n));
    // val2: 27/36 = 735 000, of which 20% commission.
    expect(after.val2.outstanding - before.val2.outstanding).toBe(dec(735_000n));
    expect(after.val2.commission - before.val2.commission).toBe(dec(147_000n));
    expect(after.dev).toBe(before.dev);
    expect(after.held - before.held).toBe(1_000_000n);
    expect(bankKeeper(chain).getBalance(ctx, moduleAddress("fee_collector"), DENOM)).toBe(0n);

    // The README's delegator formula: del1 holds 3 of val1's 9 tokens → (3/36) × 1 000 000 × 0.98 × 0.9.
    const validator1 = k.staking.getValidator(ctx, operatorOf(val1))!;
    const ending = k.rewards.incrementValidatorPeriod(ctx, validator1);
    expect(amount(k.rewards.calculateDelegationRewards(ctx, validator1, del1.address, ending))).toBe(dec(73_500n));
    expect(amount(k.rewards.calculateDelegationRewards(ctx, validator1, val1.address, ending))).toBe(dec(147_000n));
  });

  it("sends everything to the community pool when nobody signed", () => {
    const ctx = withFees([vote(devCons(), 10n, BlockIdFlag.absent), vote(consAddrOf(val1), 9n, BlockIdFlag.nil)], 777n);
    const before = snapshot(ctx);
    k.allocateTokens(ctx);
    const after = snapshot(ctx);
    expect(after.pool - before.pool).toBe(dec(777n));
    expect(after.val1).toEqual(before.val1);
  });

  it("keeps the share of a signer with no validator, and every truncation remainder, in the community pool: nothing is created", () => {
    const stranger = new Uint8Array(20).fill(9);
    const ctx = withFees([vote(consAddrOf(val1), 1n), vote(consAddrOf(val2), 1n), vote(stranger, 1n)], 1n);
    const before = snapshot(ctx);
    k.allocateTokens(ctx);
    const after = snapshot(ctx);
    // 1 uyml × 0.98 × (1/3, truncated to 18 decimals) each.
    const each = (98n * DEC_ONE) / 100n / 3n;
    expect(after.val1.outstanding - before.val1.outstanding).toBe(each);
    expect(after.val2.outstanding - before.val2.outstanding).toBe(each);
    expect(after.pool - before.pool).toBe(dec(1n) - 2n * each);
  });

  it("splits a delegation's rewards at a slash: its stake before at full size, after at (1 − fraction)", () => {
    const operator = operatorOf(val1);
    const ctx = withFees([vote(consAddrOf(val1), 9n)], 1_000_000n);
    const earned = () => {
      const v = k.staking.getValidator(ctx, operator)!;
      return amount(k.rewards.calculateDelegationRewards(ctx, v, del1.address, k.rewards.incrementValidatorPeriod(ctx, v)));
    };
    const start = earned();
    // val1 alone signed: 980 000, 90% to delegators → 882 000 over 9 YML = 98 000 per YML.
    k.allocateTokens(ctx);
    k.rewards.recordSlash(ctx, operator, decFromString("0.5"));
    payFees(ctx, 1_000_000n);
    k.allocateTokens(ctx);
    // del1's 3 YML earn 294 000 before the slash and, as 1.5 YML, 147 000 after it.
    expect(earned() - start).toBe(dec(294_000n + 147_000n));
    const events = [...k.slashEvents.iterate(ctx, { prefix: k.slashKey.prefix(valAddress.decode(operator)) })];
    expect(events.map(([[, height], e]) => [height, e.fraction])).toEqual([[ctx.height, (DEC_ONE / 2n).toString()]]);
  });
});
