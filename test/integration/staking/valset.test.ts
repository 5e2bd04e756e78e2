import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as q from "cosmjs-types/cosmos/staking/v1beta1/query";
import * as sq from "cosmjs-types/cosmos/slashing/v1beta1/query";
import { BondStatus } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import { MsgUpdateParams, MsgUndelegate } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import { MsgUnjail } from "cosmjs-types/cosmos/slashing/v1beta1/tx";
import { govAuthority } from "../../../src/types/authority";
import { TestChain, pack, testKey, DENOM } from "../../helpers/chain";
import {
  atNextEndBlock,
  consPubKey,
  createValidatorMsg,
  delegateMsg,
  deliverInBlock,
  devConsKey,
  hex,
  operatorOf,
  updatesByKey,
  validatorKey,
  STAKING_TEST_OPERATORS,
} from "./setup";

const Q = "/cosmos.staking.v1beta1.Query/";
const UNBONDING = 500n;

describe("staking: bonded set, jailing and unjailing", () => {
  let chain: TestChain;
  const alice = testKey("alice");
  const bob = testKey("bob");
  const carol = testKey("carol");
  const valA = operatorOf(alice);
  const valB = operatorOf(bob);
  const valC = operatorOf(carol);
  const A = hex(consPubKey(alice.address));
  const B = hex(consPubKey(bob.address));
  const C = hex(consPubKey(carol.address));
  const DEV = hex(devConsKey);

  beforeAll(async () => {
    chain = await TestChain.create({
      admitValidators: STAKING_TEST_OPERATORS,
      mutateGenesis: (s) => {
        s.staking.params.unbonding_time = `${UNBONDING}s`;
        s.staking.params.max_validators = 2;
      },
    });
  });
  afterAll(async () => chain.close());

  const validator = (val: string) =>
    chain.query(Q + "Validator", q.QueryValidatorRequest, { validatorAddr: val }, q.QueryValidatorResponse).validator;
  const unjail = (key: typeof alice) => pack("/cosmos.slashing.v1beta1.MsgUnjail", MsgUnjail, { validatorAddr: operatorOf(key) });
  const nextTime = () => chain.engine["lastTime"].seconds as bigint;

  it("bonds only the top max_validators by power", async () => {
    const a = await deliverInBlock(chain, alice, [createValidatorMsg(alice, { amount: "20000000" })]);
    expect(updatesByKey(a.updates)).toEqual({ [A]: 20n });
    // Carol (5) is weaker than the dev validator (10): created, but not bonded.
    const c = await deliverInBlock(chain, carol, [createValidatorMsg(carol, { amount: "5000000" })]);
    expect(c.updates).toEqual([]);
    expect(validator(valC).status).toBe(BondStatus.BOND_STATUS_UNBONDED);
    expect(chain.query(Q + "Pool", q.QueryPoolRequest, {}, q.QueryPoolResponse).pool).toEqual({
      bondedTokens: "30000000",
      notBondedTokens: "5000000",
    });

    // Bob enters with 15: the dev validator (10) drops out with a power-0 update.
    const b = await deliverInBlock(chain, bob, [createValidatorMsg(bob, { amount: "15000000" })]);
    expect(updatesByKey(b.updates)).toEqual({ [B]: 15n, [DEV]: 0n });
    const dev = validator(operatorOf(validatorKey));
    expect(dev.status).toBe(BondStatus.BOND_STATUS_UNBONDING);
    expect(dev.unbondingTime.seconds).toBe(nextTime() + UNBONDING);
    expect(chain.query(Q + "Pool", q.QueryPoolRequest, {}, q.QueryPoolResponse).pool).toEqual({
      bondedTokens: "35000000",
      notBondedTokens: "15000000",
    });
  });

  it("a delegation that lifts an unbonded validator above the weakest swaps them in one block", async () => {
    const out = await deliverInBlock(chain, alice, [delegateMsg(alice, valC, "11000000")]);
    expect(out.result.code).toBe(0);
    expect(updatesByKey(out.updates)).toEqual({ [C]: 16n, [B]: 0n });
    expect(validator(valC).status).toBe(BondStatus.BOND_STATUS_BONDED);
    expect(validator(valB).status).toBe(BondStatus.BOND_STATUS_UNBONDING);
  });

  it("an unbonding validator becomes UNBONDED once its unbonding time passes", async () => {
    const due = validator(operatorOf(validatorKey)).unbondingTime.seconds;
    chain.setNextBlockTime({ seconds: due - 1n, nanos: 0 });
    await chain.produceBlocks(1);
    expect(validator(operatorOf(validatorKey)).status).toBe(BondStatus.BOND_STATUS_UNBONDING);
    chain.setNextBlockTime({ seconds: due, nanos: 0 });
    await chain.produceBlocks(1);
    expect(validator(operatorOf(validatorKey)).status).toBe(BondStatus.BOND_STATUS_UNBONDED);
    const unbonded = chain.query(Q + "Validators", q.QueryValidatorsRequest, { status: "BOND_STATUS_UNBONDED" }, q.QueryValidatorsResponse);
    expect(unbonded.validators.map((v) => v.operatorAddress)).toEqual([operatorOf(validatorKey)]);
  });

  it("jailing through the keeper removes the validator at the next end block; MsgUnjail brings it back", async () => {
    const notJailed = await chain.deliver(carol, [unjail(carol)]);
    expect([notJailed.codespace, notJailed.code]).toEqual(["slashing", 5]);

    atNextEndBlock(chain, (ctx, keeper) => keeper.jail(ctx, valC));
    const block = await chain.engine.produceBlock();
    // Carol leaves, Bob (15, unbonding) is the next strongest and returns.
    expect(updatesByKey(block.response.validatorUpdates)).toEqual({ [C]: 0n, [B]: 15n });
    const jailed = validator(valC);
    expect(jailed.jailed).toBe(true);
    expect(jailed.status).toBe(BondStatus.BOND_STATUS_UNBONDING);

    const view = (await import("./setup")).stakingModule(chain).keeper;
    const ctx = chain.app.queryContext();
    expect(view.powerOf(ctx, valC)).toBe(0n);
    expect(view.bondedValidators(ctx).map((v) => [v.operator, v.power])).toEqual([
      [valA, 20n],
      [valB, 15n],
    ]);

    const ok = await deliverInBlock(chain, carol, [unjail(carol)]);
    expect(ok.result.log).toBe("");
    expect(updatesByKey(ok.updates)).toEqual({ [C]: 16n, [B]: 0n });
    expect(validator(valC).jailed).toBe(false);
  });

  it("MsgUnjail is refused for unknown validators and operators under their minimum self-delegation", async () => {
    const dave = testKey("dave");
    await chain.mustDeliver(alice, [
      pack("/cosmos.bank.v1beta1.MsgSend", (await import("cosmjs-types/cosmos/bank/v1beta1/tx")).MsgSend, {
        fromAddress: alice.address,
        toAddress: dave.address,
        amount: [{ denom: DENOM, amount: "100000000" }],
      }),
    ]);
    const unknown = await chain.deliver(dave, [unjail(dave)]);
    expect([unknown.codespace, unknown.code]).toEqual(["slashing", 2]);

    // Dave's validator requires 3 YML of self-delegation; undelegating below it jails, as in the SDK.
    await chain.mustDeliver(dave, [createValidatorMsg(dave, { amount: "4000000", minSelf: "3000000" })]);
    const undelegate = (amount: string) =>
      pack("/cosmos.staking.v1beta1.MsgUndelegate", MsgUndelegate, {
        delegatorAddress: dave.address,
        validatorAddress: operatorOf(dave),
        amount: { denom: DENOM, amount },
      });
    await chain.mustDeliver(dave, [undelegate("2000000")]);
    expect(validator(operatorOf(dave)).jailed).toBe(true);
    const tooLow = await chain.deliver(dave, [unjail(dave)]);
    expect([tooLow.codespace, tooLow.code]).toEqual(["slashing", 7]);
    // Someone else still delegates, so the validator outlives its operator's exit.
    await chain.mustDeliver(alice, [delegateMsg(alice, operatorOf(dave), "1000000")]);
    await chain.mustDeliver(dave, [undelegate("2000000")]);
    const missing = await chain.deliver(dave, [unjail(dave)]);
    expect([missing.codespace, missing.code]).toEqual(["slashing", 6]);
  });

  it("reports signing infos for known consensus addresses", () => {
    const infos = chain.query("/cosmos.slashing.v1beta1.Query/SigningInfos", sq.QuerySigningInfosRequest, {}, sq.QuerySigningInfosResponse);
    expect(infos.info.length).toBeGreaterThanOrEqual(4);
    expect(infos.info.every((i) => i.address.startsWith("ymlvalcons1"))).toBe(true);
    const one = chain.query(
      "/cosmos.slashing.v1beta1.Query/SigningInfo",
      sq.QuerySigningInfoRequest,
      { consAddress: infos.info[0].address },
      sq.QuerySigningInfoResponse,
    );
    expect(one.valSigningInfo.tombstoned).toBe(false);
  });

  it("governance can change max_validators; anyone else is refused", async () => {
    const params = chain.query(Q + "Params", q.QueryParamsRequest, {}, q.QueryParamsResponse).params;
    const msg = (authority: string, maxValidators: number) =>
      pack("/cosmos.staking.v1beta1.MsgUpdateParams", MsgUpdateParams, { authority, params: { ...params, maxValidators } });
    const refused = await chain.deliver(alice, [msg(alice.address, 3)]);
    expect([refused.codespace, refused.code]).toEqual(["gov", 13]);
    const invalid = await chain.govExec([msg(govAuthority(), 0)]);
    expect(invalid.code).toBe(18);
    expect(validator(valB).status).toBe(BondStatus.BOND_STATUS_UNBONDING);
    const res = await chain.govExec([msg(govAuthority(), 3)]);
    expect(res.log).toBe("");
    // The same block's end block admits the strongest waiting validator (Bob, 15).
    expect(validator(valB).status).toBe(BondStatus.BOND_STATUS_BONDED);
    expect(chain.query(Q + "Params", q.QueryParamsRequest, {}, q.QueryParamsResponse).params.maxValidators).toBe(3);
  });
});
