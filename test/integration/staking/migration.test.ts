import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as q from "cosmjs-types/cosmos/staking/v1beta1/query";
import { Schema } from "../../../src/store/collections";
import { bytesKey, pairKey, stringValue, tripleKey, uint64Key } from "../../../src/store/codecs";
import { accAddress, valAddress } from "../../../src/types/address";
import { TestChain, testKey } from "../../helpers/chain";
import { createValidatorMsg, delegateMsg, operatorOf, stakingModule, STAKING_TEST_OPERATORS } from "./setup";

const Q = "/cosmos.staking.v1beta1.Query/";

/** Version 1's layout of what version 2 reads differently or through an index, declared raw. */
function stakingV1Layout() {
  const s = new Schema("staking/");
  const pair = pairKey(bytesKey, bytesKey);
  const triple = tripleKey(bytesKey, bytesKey, bytesKey);
  return {
    lastTotalPower: s.item(6, "last_total_power", stringValue),
    validatorsByPower: s.keySet(4, "validators_by_power", pairKey(uint64Key, bytesKey)),
    delegationsByValidator: s.keySet(8, "delegations_by_validator", pair),
    unbondingsByValidator: s.keySet(10, "unbonding_delegations_by_validator", pair),
    redelegationsBySrc: s.keySet(12, "redelegations_by_src", triple),
    redelegationsByDst: s.keySet(13, "redelegations_by_dst", triple),
  };
}

describe("staking consensus version 2: the 1 -> 2 migration", () => {
  let chain: TestChain;
  const bob = testKey("bob");
  const carol = testKey("carol");

  beforeAll(async () => {
    chain = await TestChain.create({ admitValidators: STAKING_TEST_OPERATORS });
    await chain.mustDeliver(bob, [createValidatorMsg(bob, { amount: "20000000" })]);
    await chain.mustDeliver(carol, [delegateMsg(carol, operatorOf(bob), "7000000")]);
  });
  afterAll(async () => chain.close());

  it("turns last_total_power's decimal text into a uint64; queries answer as before", () => {
    const m = stakingModule(chain);
    expect(m.consensusVersion).toBe(2);
    const k = m.keeper;
    const ctx = chain.app.queryContext();
    const power = k.lastTotalPower.get(ctx);
    expect(power).toBeGreaterThan(20n);
    const pool = chain.query(Q + "Pool", q.QueryPoolRequest, {}, q.QueryPoolResponse);

    stakingV1Layout().lastTotalPower.set(ctx, power.toString());
    m.migrations!.find((x) => x.from === 1)!.migrate(ctx);

    expect(k.lastTotalPower.get(ctx)).toBe(power);
    expect(chain.query(Q + "Pool", q.QueryPoolRequest, {}, q.QueryPoolResponse)).toEqual(pool);
  });

  it("the power, by-validator, by-source and by-destination indexes read version 1's entries: no byte of them moves", () => {
    const k = stakingModule(chain).keeper;
    const old = stakingV1Layout();
    const ctx = chain.app.queryContext();
    const del = accAddress.decode(carol.address);
    const val = valAddress.decode(operatorOf(bob));
    // Version 1's hand-kept entry for carol's delegation, as version 1 wrote it.
    expect(old.delegationsByValidator.has(ctx, [val, del])).toBe(true);
    expect([...k.delegations.indexes.byValidator.entries(ctx)]).toEqual([...old.delegationsByValidator.iterate(ctx)]);
    const byPower = [...k.validators.indexes.byPower.entries(ctx)];
    expect(byPower.map(([, op]) => valAddress.encode(op))).toContain(operatorOf(bob));
    expect(byPower).toEqual([...old.validatorsByPower.iterate(ctx)]);

    // Entries only version 1's code wrote are found by version 2's index.
    const other = valAddress.decode(operatorOf(carol));
    k.unbondings.primary.set(ctx, [del, other], { delegatorAddress: carol.address, validatorAddress: operatorOf(carol), entries: [] });
    old.unbondingsByValidator.set(ctx, [other, del]);
    expect([...k.unbondings.indexes.byValidator.iterate(ctx, k.pairOfAddrs.prefix(other))]).toEqual([[del, other]]);
    old.redelegationsBySrc.set(ctx, [val, del, other]);
    old.redelegationsByDst.set(ctx, [other, del, val]);
    expect([...k.redelegations.indexes.bySrc.iterate(ctx, k.tripleOfAddrs.prefix(val))]).toEqual([[del, val, other]]);
    expect([...k.redelegations.indexes.byDst.iterate(ctx, k.tripleOfAddrs.prefix(other))]).toEqual([[del, val, other]]);
    expect(k.hasReceivingRedelegation(ctx, carol.address, operatorOf(carol))).toBe(true);
  });
});
