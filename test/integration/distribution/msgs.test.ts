import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as q from "cosmjs-types/cosmos/distribution/v1beta1/query";
import { moduleAddress } from "../../../src/types/address";
import { govAuthority } from "../../../src/types/authority";
import { DEC_ONE, decFromWire } from "../../../src/types/dec";
import { DENOM, TestChain, testKey } from "../../helpers/chain";
import { eventOf } from "../../helpers/module-setup";
import { coins, createValidatorMsg, delegateMsg, devValidator, expectDistributionError, msg, operatorOf, Q, query } from "./setup";

const Y = 1_000_000n;
const FEE = 5000n;
const amountOf = (list: Array<{ denom: string; amount: string }>) => decFromWire(list.find((c) => c.denom === DENOM)?.amount ?? "0");
const whole = (d: bigint) => d / DEC_ONE;

describe("distribution messages through signed txs", () => {
  let chain: TestChain;
  const gov = govAuthority();
  const val1 = testKey("distribution/val1");
  const del1 = testKey("distribution/del1");
  const del2 = testKey("distribution/del2");
  const payee = testKey("distribution/payee");
  const funder = testKey("distribution/funder");

  beforeAll(async () => {
    const funds = [{ denom: DENOM, amount: (1000n * Y).toString() }];
    chain = await TestChain.create({
      funded: Object.fromEntries(["val1", "del1", "del2", "funder"].map((n) => [`distribution/${n}`, funds])),
      admitValidators: ["distribution/val1"],
    });
    await chain.mustDeliver(val1, [createValidatorMsg(val1, { amount: (10n * Y).toString(), rate: "0.1" })]);
    await chain.mustDeliver(del1, [delegateMsg(del1, devValidator(), (10n * Y).toString())]);
    await chain.produceBlocks(1);
  });
  afterAll(async () => chain.close());

  it("allocates the previous block's fees at BeginBlock to the validator that signed it, less the 2% community tax", async () => {
    const before = { outstanding: amountOf(query.outstanding(chain, devValidator())), pool: amountOf(query.pool(chain)) };
    await chain.mustDeliver(funder, [msg.fundPool(funder.address, coins(1n))]);
    const mid = { outstanding: amountOf(query.outstanding(chain, devValidator())), pool: amountOf(query.pool(chain)) };
    // The fund block allocated nothing (the block before it was empty); it added the 1 uyml funded.
    expect(mid.outstanding).toBe(before.outstanding);
    expect(mid.pool - before.pool).toBe(1n * DEC_ONE);
    await chain.produceBlocks(1);
    const after = { outstanding: amountOf(query.outstanding(chain, devValidator())), pool: amountOf(query.pool(chain)) };
    expect(after.outstanding - mid.outstanding).toBe((FEE * 98n * DEC_ONE) / 100n);
    expect(after.pool - mid.pool).toBe((FEE * 2n * DEC_ONE) / 100n);
    // The dev validator's commission rate is 0: nothing accumulates as commission.
    expect(query.commission(chain, devValidator())).toEqual([]);
  });

  it("pays a delegator its rewards on MsgWithdrawDelegatorReward and restarts its accounting", async () => {
    const pending = amountOf(query.rewards(chain, del1.address, devValidator()));
    expect(pending).toBeGreaterThan(0n);
    const balance = chain.balance(del1.address);
    const res = await chain.mustDeliver(del1, [msg.withdrawReward(del1.address, devValidator())]);
    // The block before was empty: nothing more was allocated before the withdrawal.
    expect(chain.balance(del1.address)).toBe(balance - FEE + whole(pending));
    expect(eventOf(res, "withdraw_rewards")).toEqual({
      amount: `${whole(pending)}${DENOM}`,
      validator: devValidator(),
      delegator: del1.address,
    });
    expect(query.rewards(chain, del1.address, devValidator())).toEqual([]);
  });

  it("withdraws rewards to the withdraw address once set, and refuses blocked addresses and a disabled setting", async () => {
    await chain.mustDeliver(del1, [msg.setWithdrawAddress(del1.address, payee.address)]);
    expect(
      chain.query(
        Q + "DelegatorWithdrawAddress",
        q.QueryDelegatorWithdrawAddressRequest,
        { delegatorAddress: del1.address },
        q.QueryDelegatorWithdrawAddressResponse,
      ).withdrawAddress,
    ).toBe(payee.address);
    const pending = amountOf(query.rewards(chain, del1.address, devValidator()));
    const payeeBefore = chain.balance(payee.address);
    await chain.mustDeliver(del1, [msg.withdrawReward(del1.address, devValidator())]);
    // The set-address block's fee was allocated at the start of the withdraw block: 10/20 of 98% of it is del1's.
    expect(chain.balance(payee.address) - payeeBefore).toBe(whole(pending + (FEE * 98n * DEC_ONE) / 100n / 2n));

    const blocked = await chain.deliver(del1, [msg.setWithdrawAddress(del1.address, moduleAddress("distribution"))]);
    expect([blocked.codespace, blocked.code]).toEqual(["sdk", 4]);
    const off = await chain.govExec([
      msg.updateParams(gov, {
        communityTax: "20000000000000000",
        baseProposerReward: "0",
        bonusProposerReward: "0",
        withdrawAddrEnabled: false,
      }),
    ]);
    expect(off.code).toBe(0);
    expectDistributionError(await chain.deliver(del1, [msg.setWithdrawAddress(del1.address, del1.address)]), 8);
    await chain.govExec([
      msg.updateParams(gov, {
        communityTax: "20000000000000000",
        baseProposerReward: "0",
        bonusProposerReward: "0",
        withdrawAddrEnabled: true,
      }),
    ]);
    await chain.mustDeliver(del1, [msg.setWithdrawAddress(del1.address, del1.address)]);
  });

  it("pays rewards automatically when a delegation changes (delegate more, undelegate, redelegate)", async () => {
    await chain.mustDeliver(del2, [delegateMsg(del2, devValidator(), (2n * Y).toString())]);
    await chain.produceBlocks(2);
    for (const change of [
      delegateMsg(del2, devValidator(), "1000"),
      msg.undelegate(del2.address, devValidator(), "1000"),
      msg.redelegate(del2.address, devValidator(), operatorOf(val1), (1n * Y).toString()),
    ]) {
      const pending = amountOf(query.rewards(chain, del2.address, devValidator()));
      const before = chain.balance(del2.address);
      const res = await chain.mustDeliver(del2, [change]);
      const paid = res.events.filter((e) => e.type === "withdraw_rewards").map((e) => e.attributes.find((a) => a.key === "amount")!.value);
      expect(paid[0]).toBe(`${whole(pending)}${DENOM}`);
      const moved = change.typeUrl.endsWith("MsgDelegate") ? -1000n : 0n;
      expect(chain.balance(del2.address)).toBe(before - FEE + moved + whole(pending));
      await chain.produceBlocks(1);
    }
  });

  it("deposits into a validator's rewards pool (commission first) and withdraws the commission to the operator", async () => {
    const operator = operatorOf(val1);
    await chain.mustDeliver(funder, [msg.depositValRewards(funder.address, operator, coins(1_000_000n))]);
    expect(amountOf(query.commission(chain, operator))).toBe(100_000n * DEC_ONE);
    const before = chain.balance(val1.address);
    const res = await chain.mustDeliver(val1, [msg.withdrawCommission(operator)]);
    expect(chain.balance(val1.address)).toBe(before - FEE + 100_000n);
    expect(eventOf(res, "withdraw_commission")).toMatchObject({ amount: `100000${DENOM}` });
    expect(query.commission(chain, operator)).toEqual([]);
    // Nothing left: the SDK's "no validator commission to withdraw".
    expectDistributionError(await chain.deliver(val1, [msg.withdrawCommission(operator)]), 7);
    expectDistributionError(await chain.deliver(funder, [msg.depositValRewards(funder.address, operatorOf(funder), coins(5n))]), 12);
  });

  it("funds the community pool and spends from it only by governance, never beyond what it holds", async () => {
    await chain.mustDeliver(funder, [msg.fundPool(funder.address, coins(500_000n))]);
    const pool = whole(amountOf(query.pool(chain)));
    expect(pool).toBeGreaterThanOrEqual(500_000n);
    const notGov = await chain.deliver(funder, [msg.spend(funder.address, payee.address, coins(1n))]);
    expect([notGov.codespace, notGov.code]).toEqual(["gov", 13]);
    const before = chain.balance(payee.address);
    expect((await chain.govExec([msg.spend(gov, payee.address, coins(400_000n))])).code).toBe(0);
    expect(chain.balance(payee.address) - before).toBe(400_000n);
    const tooMuch = await chain.govExec([msg.spend(gov, payee.address, coins(pool))]);
    expect([tooMuch.codespace, tooMuch.code]).toEqual(["distribution", 9]);
    const blocked = await chain.govExec([msg.spend(gov, moduleAddress("bonded_tokens_pool"), coins(1n))]);
    expect([blocked.codespace, blocked.code]).toEqual(["sdk", 4]);
  });

  it("updates params by governance only, refusing a tax outside [0, 1] and the deprecated proposer rewards", async () => {
    const p = (communityTax: string, base = "0") => ({
      communityTax,
      baseProposerReward: base,
      bonusProposerReward: "0",
      withdrawAddrEnabled: true,
    });
    expect((await chain.govExec([msg.updateParams(gov, p("500000000000000000"))])).code).toBe(0);
    expect(chain.query(Q + "Params", q.QueryParamsRequest, {}, q.QueryParamsResponse).params!.communityTax).toBe("500000000000000000");
    for (const bad of [p("1000000000000000001"), p("-1"), p(""), p("0", "1")]) {
      const res = await chain.govExec([msg.updateParams(gov, bad)]);
      expect([res.codespace, res.code], JSON.stringify(bad)).toEqual(["sdk", 18]);
    }
    const notGov = await chain.deliver(funder, [msg.updateParams(funder.address, p("0"))]);
    expect([notGov.codespace, notGov.code]).toEqual(["gov", 13]);
    await chain.govExec([msg.updateParams(gov, p("20000000000000000"))]);
  });

  it("refuses withdrawals from an unknown validator or without a delegation", async () => {
    expectDistributionError(await chain.deliver(del1, [msg.withdrawReward(del1.address, operatorOf(del1))]), 6);
    expectDistributionError(await chain.deliver(funder, [msg.withdrawReward(funder.address, devValidator())]), 5);
    const bad = await chain.deliver(funder, [msg.fundPool(funder.address, [{ denom: DENOM, amount: "0" }])]);
    expect([bad.checkTx, bad.codespace, bad.code]).toEqual([true, "sdk", 10]);
  });

  it("refuses malformed addresses and amounts at CheckTx, the signer's address first", async () => {
    const refused = async (m: ReturnType<typeof msg.fundPool>) => {
      const res = await chain.deliver(funder, [m]);
      return [res.checkTx, res.codespace, res.code, res.log.split(":")[0]];
    };
    const bad = "cosmos1notanaddress";
    expect(await refused(msg.setWithdrawAddress(funder.address, bad))).toEqual([true, "sdk", 7, "invalid withdraw address"]);
    expect(await refused(msg.withdrawReward(funder.address, bad))).toEqual([true, "sdk", 7, "invalid validator address"]);
    expect(await refused(msg.depositValRewards(funder.address, bad, coins(1n)))).toEqual([true, "sdk", 7, "invalid validator address"]);
    expect(await refused(msg.depositValRewards(funder.address, devValidator(), coins(0n)))).toEqual([
      true,
      "sdk",
      10,
      "coin uyml amount is not positive",
    ]);
    // Signer and another field both bad: the signer's error.
    expect(await refused(msg.fundPool(bad, coins(0n)))).toEqual([true, "sdk", 7, "invalid depositor address"]);
    expect(await refused(msg.setWithdrawAddress(bad, ""))).toEqual([true, "sdk", 7, "invalid delegator address"]);
  });

  /** The ABCI code (the gRPC status mapped as the SDK maps it) and the log of a failing query. */
  function failure(fn: () => unknown): { code: number; log: string } {
    try {
      fn();
    } catch (e) {
      return { code: (e as { code: number }).code, log: (e as Error).message };
    }
    throw new Error("query succeeded");
  }

  it("answers queries about unknown validators and delegations NotFound, with the SDK's error text", () => {
    expect(failure(() => query.rewards(chain, funder.address, devValidator()))).toEqual({
      code: 22,
      log: "rpc error: code = NotFound desc = delegation does not exist",
    });
    expect(failure(() => query.outstanding(chain, operatorOf(funder)))).toEqual({
      code: 22,
      log: `rpc error: code = NotFound desc = ${operatorOf(funder)}: validator does not exist`,
    });
    expect(failure(() => query.rewards(chain, "", devValidator()))).toEqual({
      code: 18,
      log: "rpc error: code = InvalidArgument desc = empty delegator address",
    });
    const total = chain.query(
      Q + "DelegationTotalRewards",
      q.QueryDelegationTotalRewardsRequest,
      { delegatorAddress: del2.address },
      q.QueryDelegationTotalRewardsResponse,
    );
    expect(total.rewards.map((r) => r.validatorAddress).sort()).toEqual([devValidator(), operatorOf(val1)].sort());
    const validators = chain.query(
      Q + "DelegatorValidators",
      q.QueryDelegatorValidatorsRequest,
      { delegatorAddress: del2.address },
      q.QueryDelegatorValidatorsResponse,
    ).validators;
    expect(validators.sort()).toEqual([devValidator(), operatorOf(val1)].sort());
    const info = chain.query(
      Q + "ValidatorDistributionInfo",
      q.QueryValidatorDistributionInfoRequest,
      { validatorAddress: operatorOf(val1) },
      q.QueryValidatorDistributionInfoResponse,
    );
    expect(info.operatorAddress).toBe(operatorOf(val1));
    expect(
      failure(() =>
        chain.query(
          Q + "ValidatorSlashes",
          q.QueryValidatorSlashesRequest,
          q.QueryValidatorSlashesRequest.fromPartial({ validatorAddress: devValidator(), startingHeight: 5n, endingHeight: 1n }),
          q.QueryValidatorSlashesResponse,
        ),
      ).code,
    ).toBe(18);
  });
});
