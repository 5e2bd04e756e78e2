import { MisbehaviorType } from "cosmjs-types/tendermint/abci/types";
import { MsgUndelegate } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import { MsgUnjail } from "cosmjs-types/cosmos/slashing/v1beta1/tx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RotationStatus } from "../../../src/gen/blockchain/validatorgov/v1/rotation";
import type { Timestamp } from "../../../src/types/codec";
import { DENOM, pack, type TestChain } from "../../helpers/chain";
import { ABSENT, consAddrOf, signingInfo, vote } from "../slashing/setup";
import {
  ONE_YML,
  admit,
  concentrationGenesis,
  createValidatorMsg,
  declOf,
  fourValidators,
  keys,
  msg,
  nextEpoch,
  query,
  stakingValidator,
  typed,
  valoper,
  vgovChain,
} from "./setup";

/**
 * validatorgov releases only its own hold: when a demotion ends or a rotation's pause ends, a
 * validator slashing also holds (tombstoned for a double sign, or jailed for downtime until a
 * time still ahead) stays jailed, and the restoration says so (unjailed_validator false).
 */
const { alpha, beta, gamma, mallory, newop, newop2 } = keys;
const UNBONDING = 10n;
const DAY = 86_400n;

const unjail = (k: { address: string }) => pack("/cosmos.slashing.v1beta1.MsgUnjail", MsgUnjail, { validatorAddr: valoper(k.address) });
const undelegateAll = (k: { address: string }, amount: string) =>
  pack("/cosmos.staking.v1beta1.MsgUndelegate", MsgUndelegate, {
    delegatorAddress: k.address,
    validatorAddress: valoper(k.address),
    amount: { denom: DENOM, amount },
  });
const lastTime = (chain: TestChain): Timestamp => chain.engine["lastTime"] as Timestamp;

function slashingAndStaking(s: Record<string, any>): void {
  Object.assign(s.slashing.params, {
    signed_blocks_window: "10",
    min_signed_per_window: "0.500000000000000000",
    downtime_jail_duration: `${DAY}s`,
  });
  s.staking.params.unbonding_time = `${UNBONDING}s`;
}

/** CometBFT reports `key`'s validator double signing the last block, in the next block. */
async function doubleSign(chain: TestChain, key: typeof alpha): Promise<void> {
  const power = BigInt(stakingValidator(chain, key).tokens) / ONE_YML;
  chain.engine.setNextMisbehavior([
    {
      type: MisbehaviorType.DUPLICATE_VOTE,
      validator: { address: consAddrOf(key), power },
      height: chain.height,
      time: lastTime(chain),
      totalVotingPower: 100n,
    },
  ]);
  await chain.produceBlocks(1);
  expect(signingInfo(chain, consAddrOf(key)).tombstoned).toBe(true);
}

/**
 * Brings `key`'s validator back bonded and unjailed while slashing still holds it jailed for a
 * day: jailed for downtime, its operator unbonds all of it (the record goes once unbonded) and
 * creates its validator again under the same consensus key, whose signing info keeps its
 * jailed_until. Only from there can validatorgov jail a validator slashing holds for downtime.
 * Returns that jailed_until.
 */
async function backWhileJailedForDowntime(chain: TestChain, key: typeof alpha, selfBond: bigint): Promise<Timestamp> {
  chain.engine.setCommitVotes([vote(consAddrOf(key), selfBond / ONE_YML, ABSENT)]);
  for (let i = 0; i < 30 && !stakingValidator(chain, key).jailed; i++) await chain.produceBlocks(1);
  chain.engine.setCommitVotes(undefined);
  expect(stakingValidator(chain, key).jailed).toBe(true);
  await chain.mustDeliver(key, [undelegateAll(key, stakingValidator(chain, key).tokens)]);
  chain.setNextBlockTime({ seconds: lastTime(chain).seconds + UNBONDING + 1n, nanos: 0 });
  await chain.produceBlocks(1);
  expect(() => stakingValidator(chain, key)).toThrow();
  await chain.mustDeliver(key, [createValidatorMsg(key, { amount: selfBond.toString() })]);
  await chain.produceBlocks(1);
  expect(stakingValidator(chain, key).jailed).toBe(false);
  const { jailedUntil } = signingInfo(chain, consAddrOf(key));
  expect(jailedUntil.seconds).toBeGreaterThan(lastTime(chain).seconds + DAY / 2n);
  return jailedUntil;
}

/** MsgUnjail passes validatorgov's gate and meets slashing's refusal (slashing 4) with `reason`. */
async function expectSlashingRefusesUnjail(chain: TestChain, key: typeof alpha, reason: string): Promise<void> {
  const res = await chain.deliver(key, [unjail(key)]);
  expect([res.codespace, res.code]).toEqual(["slashing", 4]);
  expect(res.log).toContain(reason);
  expect(stakingValidator(chain, key).jailed).toBe(true);
}

describe("validatorgov restoration of a demoted validator slashing also holds", () => {
  let chain: TestChain;

  beforeAll(async () => {
    chain = await vgovChain({
      mutateGenesis: (s) => {
        concentrationGenesis(s);
        slashingAndStaking(s);
      },
    });
    await fourValidators(chain);
  });
  afterAll(async () => chain.close());

  /** Seats push `key` over DE's ceiling; the next epoch demotes (jails) it. */
  async function demote(key: typeof alpha): Promise<void> {
    expect((await chain.govExec([msg.seats(key.address, 25n)])).log).toBe("");
    expect(typed(await nextEpoch(chain), "EventValidatorDemoted")).toMatchObject([{ operator: key.address, jailed_validator: true }]);
  }
  /** One seat clears the breach; returns the next epoch's restoration events. */
  async function clearBreach(key: typeof alpha): Promise<Array<Record<string, unknown>>> {
    expect((await chain.govExec([msg.seats(key.address, 1n)])).log).toBe("");
    const restored = typed(await nextEpoch(chain), "EventValidatorRestored");
    expect(query.demotions(chain)).toEqual([]);
    return restored;
  }

  it("a demoted validator jailed for downtime until a day ahead stays jailed when the demotion ends; its operator un-jails it once the day is over", async () => {
    const jailedUntil = await backWhileJailedForDowntime(chain, alpha, 10n * ONE_YML);
    await demote(alpha);
    expect(await clearBreach(alpha)).toEqual([
      { operator: alpha.address, cap: "CONCENTRATION_CAP_JURISDICTION", group: "DE", unjailed_validator: false },
    ]);
    expect(stakingValidator(chain, alpha).jailed).toBe(true);
    // validatorgov's gate lets it through now (no demotion); slashing's jail time decides.
    await expectSlashingRefusesUnjail(chain, alpha, "validator still jailed");
    chain.setNextBlockTime(jailedUntil);
    expect((await chain.deliver(alpha, [unjail(alpha)])).log).toBe("");
    expect(stakingValidator(chain, alpha).jailed).toBe(false);
  });

  it("a demoted validator tombstoned for a double sign is never un-jailed by the restoration, nor by MsgUnjail", async () => {
    await demote(beta);
    await doubleSign(chain, beta);
    expect(await clearBreach(beta)).toEqual([
      { operator: beta.address, cap: "CONCENTRATION_CAP_JURISDICTION", group: "DE", unjailed_validator: false },
    ]);
    expect(stakingValidator(chain, beta).jailed).toBe(true);
    await expectSlashingRefusesUnjail(chain, beta, "validator is tombstoned");
  });

  it("a validator whose downtime jail is over is un-jailed by the restoration (slashing holds it no longer)", async () => {
    // alpha's signing info still names the jail that ended above.
    expect(signingInfo(chain, consAddrOf(alpha)).jailedUntil.seconds).toBeGreaterThan(0n);
    await demote(alpha);
    expect(await clearBreach(alpha)).toEqual([
      { operator: alpha.address, cap: "CONCENTRATION_CAP_JURISDICTION", group: "DE", unjailed_validator: true },
    ]);
    expect(stakingValidator(chain, alpha).jailed).toBe(false);
  });
});

describe("validatorgov un-pausing after a rotation of a validator slashing also holds", () => {
  let chain: TestChain;

  beforeAll(async () => {
    chain = await vgovChain({
      mutateGenesis: (s) => {
        // No concentration epoch falls inside this suite.
        s.constitution.invariants.concentration_epoch_blocks = "1000000";
        s.validatorgov.params.planned_rotation_delay_blocks = "8";
        s.validatorgov.params.recovery_challenge_window_blocks = "8";
        slashingAndStaking(s);
      },
    });
    await admit(chain, alpha, declOf("LEI-A", "UBO-A", "DE"), 10n * ONE_YML);
    await admit(chain, beta, declOf("LEI-B", "UBO-B", "FR"), 10n * ONE_YML);
    await admit(chain, gamma, declOf("LEI-G", "UBO-G", "IT"), 10n * ONE_YML);
  });
  afterAll(async () => chain.close());

  /** mallory proposes a recovery of `key` to `next`, governance approves it: the validator is paused. */
  async function pausedByRecovery(key: typeof alpha, next: typeof alpha): Promise<bigint> {
    await chain.mustDeliver(mallory, [msg.recover(mallory.address, key.address, next.address, "key lost")]);
    const id = query.pending(chain, key.address).operatorRotation!.id;
    expect((await chain.govExec([msg.approveRecovery(id)])).log).toBe("");
    expect(query.rotation(chain, id)).toMatchObject({ approved: true, pausedValidator: true });
    return id;
  }

  it("a paused validator tombstoned meanwhile stays jailed when its operator vetoes the recovery", async () => {
    const id = await pausedByRecovery(alpha, newop);
    await doubleSign(chain, alpha);
    await chain.mustDeliver(alpha, [msg.cancel(alpha.address, id)]);
    expect(query.rotation(chain, id).status).toBe(RotationStatus.ROTATION_STATUS_VETOED);
    expect(stakingValidator(chain, alpha).jailed).toBe(true);
    await expectSlashingRefusesUnjail(chain, alpha, "validator is tombstoned");
  });

  it("a paused validator tombstoned meanwhile stays jailed under its new operator when the recovery completes", async () => {
    const id = await pausedByRecovery(beta, newop2);
    await doubleSign(chain, beta);
    const completesAt = query.rotation(chain, id).completesAtHeight;
    while (chain.height < completesAt) await chain.produceBlocks(1);
    expect(query.rotation(chain, id).status).toBe(RotationStatus.ROTATION_STATUS_COMPLETED);
    expect(stakingValidator(chain, newop2).jailed).toBe(true);
    expect(signingInfo(chain, consAddrOf(beta)).tombstoned).toBe(true);
  });

  it("a paused validator jailed for downtime until a day ahead stays jailed after the veto; its operator un-jails it once the day is over", async () => {
    const jailedUntil = await backWhileJailedForDowntime(chain, gamma, 10n * ONE_YML);
    const id = await pausedByRecovery(gamma, newop);
    await chain.mustDeliver(gamma, [msg.cancel(gamma.address, id)]);
    expect(query.rotation(chain, id).status).toBe(RotationStatus.ROTATION_STATUS_VETOED);
    expect(stakingValidator(chain, gamma).jailed).toBe(true);
    await expectSlashingRefusesUnjail(chain, gamma, "validator still jailed");
    chain.setNextBlockTime(jailedUntil);
    expect((await chain.deliver(gamma, [unjail(gamma)])).log).toBe("");
    expect(stakingValidator(chain, gamma).jailed).toBe(false);
  });
});
