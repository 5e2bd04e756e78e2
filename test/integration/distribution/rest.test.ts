import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DENOM, testKey } from "../../helpers/chain";
import { restHarness, type RestHarness } from "../rest/setup";
import { coins, createValidatorMsg, delegateMsg, devValidator, msg, operatorOf } from "./setup";

/**
 * The SDK's REST routes of cosmos.distribution.v1beta1 with the grpc-gateway JSON an SDK node
 * answers: snake_case fields, Decs with 18 decimals, 64-bit integers as strings.
 */
const R = "/cosmos/distribution/v1beta1";
const DECIMAL = /^\d+\.\d{18}$/;

describe("distribution REST routes", () => {
  let h: RestHarness;
  const val1 = testKey("distribution/val1");
  const del1 = testKey("distribution/del1");
  const payee = testKey("distribution/payee");

  beforeAll(async () => {
    const funds = [{ denom: DENOM, amount: "1000000000" }];
    h = await restHarness({ funded: { "distribution/val1": funds, "distribution/del1": funds }, admitValidators: ["distribution/val1"] });
    await h.chain.mustDeliver(val1, [createValidatorMsg(val1, { rate: "0.1" })]);
    await h.chain.mustDeliver(del1, [delegateMsg(del1, operatorOf(val1), "1000000"), msg.setWithdrawAddress(del1.address, payee.address)]);
    await h.chain.mustDeliver(del1, [
      msg.depositValRewards(del1.address, operatorOf(val1), coins(600n)),
      msg.fundPool(del1.address, coins(7n)),
    ]);
    await h.chain.produceBlocks(1);
  });
  afterAll(async () => h.close());

  it("params", async () => {
    expect(await h.get(`${R}/params`)).toMatchObject({
      status: 200,
      body: {
        params: {
          community_tax: "0.020000000000000000",
          base_proposer_reward: "0.000000000000000000",
          bonus_proposer_reward: "0.000000000000000000",
          withdraw_addr_enabled: true,
        },
      },
    });
  });

  it("validator distribution info, outstanding rewards, commission and slashes", async () => {
    const op = operatorOf(val1);
    // 600 deposited: 10% commission = 60; the rest shared by 5 YML self-bond and 1 YML of del1.
    expect((await h.get(`${R}/validators/${op}/commission`)).body).toEqual({
      commission: { commission: [{ denom: DENOM, amount: "60.000000000000000000" }] },
    });
    expect((await h.get(`${R}/validators/${op}/outstanding_rewards`)).body).toEqual({
      rewards: { rewards: [{ denom: DENOM, amount: "600.000000000000000000" }] },
    });
    expect((await h.get(`${R}/validators/${op}`)).body).toEqual({
      operator_address: op,
      self_bond_rewards: [{ denom: DENOM, amount: "450.000000000000000000" }],
      commission: [{ denom: DENOM, amount: "60.000000000000000000" }],
    });
    expect((await h.get(`${R}/validators/${op}/slashes?starting_height=1&ending_height=100`)).body).toEqual({
      slashes: [],
      pagination: { next_key: null, total: "0" },
    });
  });

  it("delegation rewards, total rewards, delegator validators and withdraw address", async () => {
    const op = operatorOf(val1);
    expect((await h.get(`${R}/delegators/${del1.address}/rewards/${op}`)).body).toEqual({
      rewards: [{ denom: DENOM, amount: "90.000000000000000000" }],
    });
    const total = (await h.get(`${R}/delegators/${del1.address}/rewards`)).body;
    expect(total).toEqual({
      rewards: [{ validator_address: op, reward: [{ denom: DENOM, amount: "90.000000000000000000" }] }],
      total: [{ denom: DENOM, amount: "90.000000000000000000" }],
    });
    expect((await h.get(`${R}/delegators/${del1.address}/validators`)).body).toEqual({ validators: [op] });
    expect((await h.get(`${R}/delegators/${del1.address}/withdraw_address`)).body).toEqual({ withdraw_address: payee.address });
    expect((await h.get(`${R}/delegators/${payee.address}/withdraw_address`)).body).toEqual({ withdraw_address: payee.address });
  });

  it("community pool", async () => {
    const { status, body } = await h.get(`${R}/community_pool`);
    expect(status).toBe(200);
    expect(body.pool).toHaveLength(1);
    expect(body.pool[0].denom).toBe(DENOM);
    expect(body.pool[0].amount).toMatch(DECIMAL);
  });

  it("answers unknown validators and delegations 404 and malformed addresses 400, as gRPC statuses", async () => {
    const missing = await h.get(`${R}/validators/${operatorOf(del1)}/outstanding_rewards`);
    expect(missing).toMatchObject({
      status: 404,
      body: { code: 5, message: `${operatorOf(del1)}: validator does not exist`, details: [] },
    });
    expect(await h.get(`${R}/delegators/${payee.address}/rewards/${devValidator()}`)).toMatchObject({
      status: 404,
      body: { code: 5, message: "delegation does not exist" },
    });
    expect(await h.get(`${R}/validators/not-a-valoper/commission`)).toMatchObject({ status: 400, body: { code: 3 } });
    expect(await h.get(`${R}/delegators/not-an-address/rewards`)).toMatchObject({ status: 400, body: { code: 3 } });
  });
});
