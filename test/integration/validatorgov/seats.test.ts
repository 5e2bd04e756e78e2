import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BondStatus } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import type { TestChain } from "../../helpers/chain";
import {
  ONE_YML,
  RESERVE,
  admit,
  createValidatorMsg,
  declOf,
  eventOf,
  expectVgovError,
  keys,
  msg,
  query,
  stakingValidator,
  vgovChain,
} from "./setup";

const { alpha, beta, gamma, funder, mallory } = keys;

describe("validatorgov seats: power delegated from the seat reserve", () => {
  let chain: TestChain;

  beforeAll(async () => {
    chain = await vgovChain();
    await admit(chain, alpha, declOf("LEI-A", "UBO-A", "DE"));
    // beta is approved but has not created its validator.
    await chain.mustDeliver(beta, [msg.apply(beta.address, declOf("LEI-B", "UBO-B", "FR"))]);
    await chain.govExec([msg.approve(beta.address)]);
  });
  afterAll(async () => chain.close());

  it("zero seats are refused: removal must be stated as removal (1116)", async () => {
    expect(await chain.govExec([msg.seats(alpha.address, 0n)])).toMatchObject({ codespace: "validatorgov", code: 1116 });
  });

  it("seats for an operator that is not approved are refused (1103)", async () => {
    expect(await chain.govExec([msg.seats(gamma.address, 3n)])).toMatchObject({ codespace: "validatorgov", code: 1103 });
  });

  it("seats for an approved operator without a validator are refused (1114)", async () => {
    expect(await chain.govExec([msg.seats(beta.address, 3n)])).toMatchObject({ codespace: "validatorgov", code: 1114 });
  });

  it("an empty reserve cannot seat anyone (1115)", async () => {
    expect(chain.balance(RESERVE)).toBe(0n);
    expect(await chain.govExec([msg.seats(alpha.address, 3n)])).toMatchObject({ codespace: "validatorgov", code: 1115 });
  });

  it("the reserve is funded by a plain transfer (it is not a blocked recipient)", async () => {
    await chain.mustDeliver(funder, [msg.send(funder.address, RESERVE, 100n * ONE_YML)]);
    expect(chain.balance(RESERVE)).toBe(100n * ONE_YML);
  });

  it("seats delegate seat_bond_amount per seat from the reserve; the validator's power follows at EndBlock", async () => {
    const before = BigInt(stakingValidator(chain, alpha).tokens);
    expect((await chain.govExec([msg.seats(alpha.address, 5n)])).log).toBe("");
    const v = stakingValidator(chain, alpha);
    expect(BigInt(v.tokens)).toBe(before + 5n * ONE_YML);
    expect(v.status).toBe(BondStatus.BOND_STATUS_BONDED);
    expect(chain.balance(RESERVE)).toBe(95n * ONE_YML);
  });

  it("fewer seats undelegate the difference back toward the reserve", async () => {
    const before = BigInt(stakingValidator(chain, alpha).tokens);
    expect((await chain.govExec([msg.seats(alpha.address, 2n)])).log).toBe("");
    expect(BigInt(stakingValidator(chain, alpha).tokens)).toBe(before - 3n * ONE_YML);
  });

  it("more seats than the reserve holds are refused (1115) and nothing moves", async () => {
    const tokens = stakingValidator(chain, alpha).tokens;
    expect(await chain.govExec([msg.seats(alpha.address, 1_000n)])).toMatchObject({ codespace: "validatorgov", code: 1115 });
    expect(stakingValidator(chain, alpha).tokens).toBe(tokens);
  });

  it("removal (approve=false on an approved validator) withdraws approval, undelegates every seat and jails", async () => {
    const seated = BigInt(stakingValidator(chain, alpha).tokens);
    expect((await chain.govExec([msg.approve(alpha.address, false)])).log).toBe("");
    expect(query.application(chain, alpha.address).status).toBe("removed");
    const v = stakingValidator(chain, alpha);
    expect(v.jailed).toBe(true);
    expect(BigInt(v.tokens)).toBe(seated - 2n * ONE_YML);
    expect(await chain.govExec([msg.seats(alpha.address, 1n)])).toMatchObject({ codespace: "validatorgov", code: 1103 });
    // A removed operator may apply again.
    await chain.mustDeliver(alpha, [msg.apply(alpha.address, declOf("LEI-A", "UBO-A", "DE"))]);
  });

  it("the gate is also enforced at delivery: an approved operator's create goes through, an unapproved one's does not", async () => {
    expectVgovError(await chain.deliver(mallory, [createValidatorMsg(mallory)]), 1103);
    const res = await chain.mustDeliver(beta, [createValidatorMsg(beta)]);
    expect(eventOf(res, "create_validator")).toBeDefined();
  });

  it("params: an invalid set is refused (1117), a valid one replaces them", async () => {
    const good = {
      plannedRotationDelayBlocks: 7n,
      recoveryChallengeWindowBlocks: 9n,
      attestationIntervalBlocks: 50n,
      seatBondAmount: "2000000",
    };
    expect(await chain.govExec([msg.updateParams({ ...good, plannedRotationDelayBlocks: 0n })])).toMatchObject({
      codespace: "validatorgov",
      code: 1117,
    });
    expect(await chain.govExec([msg.updateParams({ ...good, seatBondAmount: "0" })])).toMatchObject({
      codespace: "validatorgov",
      code: 1117,
    });
    expect(await chain.govExec([msg.updateParams({ ...good, seatBondAmount: "-5" })])).toMatchObject({
      codespace: "validatorgov",
      code: 1117,
    });
    expect((await chain.govExec([msg.updateParams({ ...good, seatBondAmount: "0002000000" })])).log).toBe("");
    expect(query.params(chain)).toEqual(good);
  });
});
