import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as q from "cosmjs-types/cosmos/staking/v1beta1/query";
import { BondStatus } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import { MsgEditValidator } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import { ed25519PubKeyAny } from "../../../src/modules/staking";
import { TestChain, pack, testKey, DENOM } from "../../helpers/chain";
import {
  consPubKey,
  createValidatorMsg,
  dec,
  deliverInBlock,
  devConsKey,
  hex,
  operatorOf,
  updatesByKey,
  validatorKey,
  DAY,
  STAKING_TEST_OPERATORS,
} from "./setup";

const Q = "/cosmos.staking.v1beta1.Query/";

describe("staking: validators", () => {
  let chain: TestChain;
  const alice = testKey("alice");
  const bob = testKey("bob");
  const carol = testKey("carol");

  beforeAll(async () => {
    chain = await TestChain.create({ admitValidators: STAKING_TEST_OPERATORS });
  });
  afterAll(async () => chain.close());

  const validator = (addr: string) =>
    chain.query(Q + "Validator", q.QueryValidatorRequest, { validatorAddr: addr }, q.QueryValidatorResponse).validator;

  it("bonds the dev validator at genesis", () => {
    const v = validator(operatorOf(validatorKey));
    expect(v.status).toBe(BondStatus.BOND_STATUS_BONDED);
    expect(v.tokens).toBe("10000000");
    expect(v.delegatorShares).toBe(dec("10000000"));
    const pool = chain.query(Q + "Pool", q.QueryPoolRequest, {}, q.QueryPoolResponse).pool;
    expect(pool).toEqual({ bondedTokens: "10000000", notBondedTokens: "0" });
    const params = chain.query(Q + "Params", q.QueryParamsRequest, {}, q.QueryParamsResponse).params;
    expect(params.bondDenom).toBe("uyml");
    expect(params.unbondingTime.seconds).toBe(21n * DAY);
    expect(params.maxValidators).toBe(100);
  });

  it("creates a validator from the operator's self-delegation and reports exactly it as a validator update", async () => {
    const before = chain.balance(alice.address);
    const out = await deliverInBlock(chain, alice, [createValidatorMsg(alice, { amount: "7000000" })]);
    expect(out.result.log).toBe("");
    expect(out.result.code).toBe(0);
    expect(updatesByKey(out.updates)).toEqual({ [hex(consPubKey(alice.address))]: 7n });
    expect(chain.balance(alice.address)).toBe(before - 7_000_000n - 5000n);
    const v = validator(operatorOf(alice));
    expect(v.status).toBe(BondStatus.BOND_STATUS_BONDED);
    expect(v.commission.commissionRates).toEqual({ rate: dec("0.1"), maxRate: dec("0.2"), maxChangeRate: dec("0.01") });
    expect(v.consensusPubkey?.typeUrl).toBe("/cosmos.crypto.ed25519.PubKey");
    const pool = chain.query(Q + "Pool", q.QueryPoolRequest, {}, q.QueryPoolResponse).pool;
    expect(pool.bondedTokens).toBe("17000000");
    const bonded = chain.query(Q + "Validators", q.QueryValidatorsRequest, { status: "BOND_STATUS_BONDED" }, q.QueryValidatorsResponse);
    expect(bonded.validators.map((x) => x.operatorAddress).sort()).toEqual([operatorOf(alice), operatorOf(validatorKey)].sort());
    const unbonded = chain.query(Q + "Validators", q.QueryValidatorsRequest, { status: "BOND_STATUS_UNBONDED" }, q.QueryValidatorsResponse);
    expect(unbonded.validators).toEqual([]);
  });

  it("refuses a second validator for the same operator or the same consensus key", async () => {
    const sameOperator = await chain.deliver(alice, [createValidatorMsg(alice, { consName: "other" })]);
    expect([sameOperator.codespace, sameOperator.code]).toEqual(["staking", 4]);
    const sameKey = await chain.deliver(bob, [createValidatorMsg(bob, { consName: alice.address })]);
    expect([sameKey.codespace, sameKey.code]).toEqual(["staking", 5]);
    const devKey = await chain.deliver(bob, [createValidatorMsg(bob, { pubkey: ed25519PubKeyAny(devConsKey) })]);
    expect([devKey.codespace, devKey.code]).toEqual(["staking", 5]);
  });

  it("checks value denom, commission, minimum self-delegation and the key type", async () => {
    const cases: Array<[Parameters<typeof createValidatorMsg>[1], string, number]> = [
      [{ denom: "uother" }, "sdk", 18],
      [{ amount: "0" }, "sdk", 18],
      [{ rate: "0.3", maxRate: "0.2" }, "staking", 11],
      [{ maxRate: "1.5", rate: "0.1" }, "staking", 10],
      [{ maxChangeRate: "0.5", maxRate: "0.2" }, "staking", 14],
      [{ rate: "-0.1" }, "staking", 9],
      [{ maxChangeRate: "-0.1" }, "staking", 13],
      [{ minSelf: "6000000", amount: "5000000" }, "staking", 16],
      [{ minSelf: "0" }, "sdk", 18],
      [{ pubkey: { typeUrl: "/cosmos.crypto.secp256k1.PubKey", value: new Uint8Array([10, 33, ...new Uint8Array(33)]) } }, "staking", 6],
    ];
    for (const [opts, codespace, code] of cases) {
      const res = await chain.deliver(bob, [createValidatorMsg(bob, opts)]);
      expect([res.codespace, res.code, JSON.stringify(opts)]).toEqual([codespace, code, JSON.stringify(opts)]);
    }
    const noKey = await chain.deliver(bob, [createValidatorMsg(bob, { pubkey: { typeUrl: "", value: new Uint8Array() } })]);
    expect([noKey.codespace, noKey.code]).toEqual(["staking", 39]);
  });

  it("edits description, commission (at most once a day, within max change) and minimum self-delegation", async () => {
    const op = operatorOf(alice);
    const edit = (fields: Partial<MsgEditValidator>) =>
      pack(
        "/cosmos.staking.v1beta1.MsgEditValidator",
        MsgEditValidator,
        MsgEditValidator.fromPartial({
          validatorAddress: op,
          description: {
            moniker: "[do-not-modify]",
            identity: "[do-not-modify]",
            website: "https://alice.example",
            securityContact: "[do-not-modify]",
            details: "[do-not-modify]",
          },
          commissionRate: "",
          minSelfDelegation: "",
          ...fields,
        }),
      );
    const tooSoon = await chain.deliver(alice, [edit({ commissionRate: dec("0.105") })]);
    expect([tooSoon.codespace, tooSoon.code]).toEqual(["staking", 12]);

    chain.setNextBlockTime({ seconds: chain.engine["lastTime"].seconds + DAY + 10n, nanos: 0 });
    await chain.produceBlocks(1);
    const tooFar = await chain.deliver(alice, [edit({ commissionRate: dec("0.15") })]);
    expect([tooFar.codespace, tooFar.code]).toEqual(["staking", 15]);
    const overMax = await chain.deliver(alice, [edit({ commissionRate: dec("0.25") })]);
    expect([overMax.codespace, overMax.code]).toEqual(["staking", 11]);
    const ok = await chain.deliver(alice, [edit({ commissionRate: dec("0.105"), minSelfDelegation: "2" })]);
    expect(ok.log).toBe("");
    const v = validator(op);
    expect(v.commission.commissionRates.rate).toBe(dec("0.105"));
    expect(v.description.website).toBe("https://alice.example");
    expect(v.description.moniker).toBe(`val-${alice.address.slice(-6)}`);
    expect(v.minSelfDelegation).toBe("2");

    const decrease = await chain.deliver(alice, [edit({ minSelfDelegation: "1" })]);
    expect([decrease.codespace, decrease.code]).toEqual(["staking", 17]);
    const aboveTokens = await chain.deliver(alice, [edit({ minSelfDelegation: "8000000" })]);
    expect([aboveTokens.codespace, aboveTokens.code]).toEqual(["staking", 16]);
    const unknown = await chain.deliver(carol, [
      pack(
        "/cosmos.staking.v1beta1.MsgEditValidator",
        MsgEditValidator,
        MsgEditValidator.fromPartial({ validatorAddress: operatorOf(carol), description: { moniker: "x" } }),
      ),
    ]);
    expect([unknown.codespace, unknown.code]).toEqual(["staking", 3]);
  });

  it("answers Validator with NotFound for an unknown operator and InvalidArgument for a bad address", () => {
    expect(() => validator(operatorOf(carol))).toThrow(/NotFound/);
    expect(() => validator(carol.address)).toThrow(/InvalidArgument/);
    expect(() => chain.query(Q + "Validators", q.QueryValidatorsRequest, { status: "BONDED" }, q.QueryValidatorsResponse)).toThrow(
      /InvalidArgument/,
    );
  });

  it("keeps every coin accounted for: bonded pool = bonded validators' tokens", () => {
    const all = chain.query(Q + "Validators", q.QueryValidatorsRequest, { status: "" }, q.QueryValidatorsResponse).validators;
    const bonded = all.filter((v) => v.status === BondStatus.BOND_STATUS_BONDED).reduce((s, v) => s + BigInt(v.tokens), 0n);
    const pool = chain.query(Q + "Pool", q.QueryPoolRequest, {}, q.QueryPoolResponse).pool;
    expect(BigInt(pool.bondedTokens)).toBe(bonded);
    expect(DENOM).toBe("uyml");
  });
});
