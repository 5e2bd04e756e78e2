import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as q from "cosmjs-types/cosmos/distribution/v1beta1/query";
import { GenesisState } from "cosmjs-types/cosmos/distribution/v1beta1/genesis";
import { DENOM, TestChain, testKey } from "../../helpers/chain";
import { coins, createValidatorMsg, delegateMsg, devValidator, distributionKeeper, msg, operatorOf, Q, query } from "./setup";
import { distributionGenesis } from "../../../src/modules/distribution/genesis";

/** Export → import keeps every distribution record: the new chain exports the same state and pays the same rewards. */
describe("distribution: genesis", () => {
  let chain: TestChain;
  const val1 = testKey("distribution/val1");
  const del1 = testKey("distribution/del1");
  const payee = testKey("distribution/payee");
  let exported: Record<string, any>;
  let state: Record<string, any>;

  beforeAll(async () => {
    const funds = [{ denom: DENOM, amount: "1000000000" }];
    chain = await TestChain.create({
      funded: { "distribution/val1": funds, "distribution/del1": funds },
      admitValidators: ["distribution/val1"],
    });
    await chain.mustDeliver(val1, [createValidatorMsg(val1, { rate: "0.1" })]);
    await chain.mustDeliver(del1, [delegateMsg(del1, devValidator(), "3000000"), delegateMsg(del1, operatorOf(val1), "1000000")]);
    await chain.mustDeliver(del1, [msg.setWithdrawAddress(del1.address, payee.address), msg.fundPool(del1.address, coins(12345n))]);
    await chain.mustDeliver(del1, [msg.depositValRewards(del1.address, operatorOf(val1), coins(1001n))]);
    await chain.mustDeliver(del1, [msg.withdrawReward(del1.address, devValidator())]);
    await chain.produceBlocks(2);
    state = chain.app.exportAppState() as Record<string, any>;
    exported = state.distribution;
  });
  afterAll(async () => chain.close());

  it("exports every kind of record", () => {
    expect(exported.params.community_tax).toBe("0.020000000000000000");
    expect(exported.delegator_withdraw_infos).toEqual([{ delegator_address: del1.address, withdraw_address: payee.address }]);
    expect(exported.fee_pool.community_pool.length).toBe(1);
    expect(exported.outstanding_rewards.map((r: any) => r.validator_address).sort()).toEqual([devValidator(), operatorOf(val1)].sort());
    expect(exported.validator_accumulated_commissions.length).toBe(2);
    expect(exported.validator_current_rewards.length).toBe(2);
    expect(exported.validator_historical_rewards.length).toBeGreaterThanOrEqual(2);
    // dev validator: its operator and del1; val1: its operator and del1.
    expect(exported.delegator_starting_infos.length).toBe(4);
    expect(exported.previous_proposer).toMatch(/^ymlvalcons1/);
  });

  it("a chain started from the export holds the same records and owes the same rewards", async () => {
    const rewardsBefore = query.rewards(chain, del1.address, operatorOf(val1));
    const next = await TestChain.create({
      funded: { "distribution/val1": [], "distribution/del1": [] },
      mutateGenesis: (s) => Object.assign(s, { staking: state.staking, bank: state.bank, distribution: exported }),
    });
    try {
      const again = next.app.exportAppState() as Record<string, any>;
      expect(again.distribution).toEqual(exported);
      expect(query.rewards(next, del1.address, operatorOf(val1))).toEqual(rewardsBefore);
      expect(
        next.query(
          Q + "DelegatorWithdrawAddress",
          q.QueryDelegatorWithdrawAddressRequest,
          { delegatorAddress: del1.address },
          q.QueryDelegatorWithdrawAddressResponse,
        ).withdrawAddress,
      ).toBe(payee.address);
      expect(query.pool(next)).toEqual(query.pool(chain));
    } finally {
      await next.close();
    }
  });

  it("refuses a negative community pool, bad addresses and a module balance that does not match what it owes", async () => {
    const g = distributionGenesis(distributionKeeper(chain));
    const base = g.defaultGenesis();
    expect(() => g.validate(base)).not.toThrow();
    expect(() => g.validate(GenesisState.fromPartial({ ...base, feePool: { communityPool: [{ denom: DENOM, amount: "-1" }] } }))).toThrow(
      /negative CommunityPool/,
    );
    expect(() =>
      g.validate(
        GenesisState.fromPartial({ ...base, delegatorWithdrawInfos: [{ delegatorAddress: "nope", withdrawAddress: del1.address }] }),
      ),
    ).toThrow();
    expect(() =>
      g.validate(GenesisState.fromPartial({ ...base, params: { ...base.params!, communityTax: "2000000000000000000" } })),
    ).toThrow(/community tax too large/);
    await expect(
      TestChain.create({
        mutateGenesis: (s) => {
          s.distribution.fee_pool = { community_pool: [{ denom: DENOM, amount: "5.000000000000000000" }] };
        },
      }),
    ).rejects.toThrow(/distribution module balance does not match the module holdings/);
  });
});
