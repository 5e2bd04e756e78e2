import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as q from "cosmjs-types/cosmos/staking/v1beta1/query";
import { BondStatus } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import { MsgUndelegate } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import { consensusAddressOf } from "../../../src/modules/staking";
import { decFromString } from "../../../src/types/dec";
import { DENOM, TestChain, pack, testKey } from "../../helpers/chain";
import { atNextEndBlock, consPubKey, createValidatorMsg, operatorOf, stakingModule, STAKING_TEST_OPERATORS } from "./setup";

const Q = "/cosmos.staking.v1beta1.Query/";

/** Staking's Slash (x/staking keeper/slash.go) through the keeper, at a block's end as another module calls it. */
describe("staking: Slash", () => {
  let chain: TestChain;
  const bob = testKey("bob");
  const carol = testKey("carol");
  const consB = consensusAddressOf(consPubKey(bob.address));
  const consC = consensusAddressOf(consPubKey(carol.address));
  const fractions: Array<[string, bigint]> = [];

  beforeAll(async () => {
    chain = await TestChain.create({ admitValidators: STAKING_TEST_OPERATORS });
    stakingModule(chain).keeper.addHooks({ beforeValidatorSlashed: (_ctx, op, f) => void fractions.push([op, f]) });
    await chain.mustDeliver(bob, [createValidatorMsg(bob, { amount: "20000000" })]);
    await chain.mustDeliver(carol, [createValidatorMsg(carol, { amount: "30000000" })]);
  });
  afterAll(async () => chain.close());

  const pool = () => chain.query(Q + "Pool", q.QueryPoolRequest, {}, q.QueryPoolResponse).pool;
  const validator = (op: string) =>
    chain.query(Q + "Validator", q.QueryValidatorRequest, { validatorAddr: op }, q.QueryValidatorResponse).validator;
  const slashAtEnd = (
    fn: (k: ReturnType<typeof stakingModule>["keeper"], ctx: Parameters<Parameters<typeof atNextEndBlock>[1]>[0]) => bigint,
  ) => {
    let burned = -1n;
    atNextEndBlock(chain, (ctx, k) => void (burned = fn(k, ctx)));
    return chain.produceBlocks(1).then(() => burned);
  };

  it("an infraction at the current height skips unbondings; a bonded validator's tokens burn from the bonded pool; the hook gets the effective fraction rounded up", async () => {
    await chain.mustDeliver(bob, [
      pack("/cosmos.staking.v1beta1.MsgUndelegate", MsgUndelegate, {
        delegatorAddress: bob.address,
        validatorAddress: operatorOf(bob),
        amount: { denom: DENOM, amount: "3000000" },
      }),
    ]);
    const before = pool();
    // 10% of power 20 = 2 YML owed; the validator holds 17 YML, so all of it comes from there.
    const burned = await slashAtEnd((k, ctx) => k.slash(ctx, consB, ctx.height, 20n, decFromString("0.1")));
    expect(burned).toBe(2_000_000n);
    expect(validator(operatorOf(bob)).tokens).toBe("15000000");
    expect(pool()).toEqual({
      bondedTokens: (BigInt(before.bondedTokens) - 2_000_000n).toString(),
      notBondedTokens: before.notBondedTokens,
    });
    // 2 / 17 = 0.117647058823529411.76… rounded up.
    expect(fractions.at(-1)).toEqual([operatorOf(bob), decFromString("0.117647058823529412")]);
  });

  it("an unbonding validator's tokens burn from the not-bonded pool; never more than it holds", async () => {
    atNextEndBlock(chain, (ctx, k) => k.jail(ctx, operatorOf(carol)));
    await chain.produceBlocks(1);
    expect(validator(operatorOf(carol)).status).toBe(BondStatus.BOND_STATUS_UNBONDING);
    const before = pool();
    const burned = await slashAtEnd((k, ctx) => k.slash(ctx, consC, ctx.height - 1n, 100n, decFromString("1")));
    expect(burned).toBe(30_000_000n);
    expect(validator(operatorOf(carol)).tokens).toBe("0");
    expect(pool()).toEqual({
      bondedTokens: before.bondedTokens,
      notBondedTokens: (BigInt(before.notBondedTokens) - 30_000_000n).toString(),
    });
    expect(fractions.at(-1)).toEqual([operatorOf(carol), decFromString("1")]);
  });

  it("an unknown validator, a future infraction and a negative fraction burn nothing", async () => {
    const before = pool();
    expect(await slashAtEnd((k, ctx) => k.slash(ctx, new Uint8Array(20), ctx.height, 10n, decFromString("0.1")))).toBe(0n);
    expect(await slashAtEnd((k, ctx) => k.slash(ctx, consB, ctx.height + 1n, 10n, decFromString("0.1")))).toBe(0n);
    expect(await slashAtEnd((k, ctx) => k.slash(ctx, consB, ctx.height, 10n, -1n))).toBe(0n);
    expect(pool()).toEqual(before);
  });
});
