import * as sq from "cosmjs-types/cosmos/staking/v1beta1/query";
import { BondStatus } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import { MsgBeginRedelegate, MsgUndelegate } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import { MsgUnjail } from "cosmjs-types/cosmos/slashing/v1beta1/tx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RotationStatus } from "../../../src/gen/blockchain/validatorgov/v1/rotation";
import { DENOM, pack, type TestChain } from "../../helpers/chain";
import { exec, genericAuthorization, grant } from "../authz/setup";
import { delegateMsg } from "../staking/setup";
import { getAmendment, getInvariants, msg as cmsg, ratifications } from "../constitution/setup";
import {
  EPOCH,
  ONE_YML,
  admit,
  concentrationGenesis,
  createValidatorMsg,
  declOf,
  expectVgovError,
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

const { alpha, beta, gamma, delta, epsilon, newop, newop2, mallory, funder } = keys;
const UNJAIL_URL = "/cosmos.slashing.v1beta1.MsgUnjail";
const SQ = "/cosmos.staking.v1beta1.Query/";
const UNBONDING = 100n;

const unjail = (k: { address: string }) => pack(UNJAIL_URL, MsgUnjail, { validatorAddr: valoper(k.address) });
const undelegate = (k: { address: string }, amount: bigint) =>
  pack("/cosmos.staking.v1beta1.MsgUndelegate", MsgUndelegate, {
    delegatorAddress: k.address,
    validatorAddress: valoper(k.address),
    amount: { denom: DENOM, amount: amount.toString() },
  });
const redelegate = (k: { address: string }, src: string, dst: string, amount: bigint) =>
  pack("/cosmos.staking.v1beta1.MsgBeginRedelegate", MsgBeginRedelegate, {
    delegatorAddress: k.address,
    validatorSrcAddress: src,
    validatorDstAddress: dst,
    amount: { denom: DENOM, amount: amount.toString() },
  });

/** MsgUnjail is refused with `code`: by CheckTx when signed directly, at delivery when nested in funder's MsgExec. */
async function expectUnjailRefused(chain: TestChain, op: typeof alpha, code: number): Promise<void> {
  const direct = await chain.deliver(op, [unjail(op)]);
  expect(direct.checkTx).toBe(true);
  expectVgovError(direct, code);
  const nested = await chain.deliver(funder, [exec(funder.address, [unjail(op)])]);
  expect(nested.checkTx).toBeUndefined();
  expectVgovError(nested, code);
  expect(stakingValidator(chain, op).jailed).toBe(true);
}

/** Funder may execute MsgUnjail for each of `operators` through authz. */
async function grantUnjail(chain: TestChain, operators: Array<typeof alpha>): Promise<void> {
  for (const op of operators) await chain.mustDeliver(op, [grant(op.address, funder.address, genericAuthorization(UNJAIL_URL))]);
}

describe("validatorgov holds on MsgUnjail: withdrawn approval, recovery challenge windows, authz", () => {
  let chain: TestChain;

  beforeAll(async () => {
    chain = await vgovChain({
      mutateGenesis: (s) => {
        // No concentration epoch falls inside this suite.
        s.constitution.invariants.concentration_epoch_blocks = "1000000";
        s.validatorgov.params.planned_rotation_delay_blocks = "3";
        s.validatorgov.params.recovery_challenge_window_blocks = "8";
        s.staking.params.unbonding_time = `${UNBONDING}s`;
      },
    });
    await admit(chain, alpha, declOf("LEI-A", "UBO-A", "DE"));
    await admit(chain, beta, declOf("LEI-B", "UBO-B", "FR"));
    await admit(chain, gamma, declOf("LEI-G", "UBO-G", "IT"));
    await admit(chain, delta, declOf("LEI-D", "UBO-D", "NL"));
    await chain.mustDeliver(epsilon, [msg.apply(epsilon.address, declOf("LEI-E", "UBO-E", "AT"))]);
    expect((await chain.govExec([msg.approve(epsilon.address)])).log).toBe("");
    await chain.mustDeliver(epsilon, [createValidatorMsg(epsilon, { amount: (2n * ONE_YML).toString(), minSelf: "1500000" })]);
    await grantUnjail(chain, [gamma, delta, epsilon]);
  });
  afterAll(async () => chain.close());

  it("a validator whose approval was withdrawn cannot un-jail: 1103 in CheckTx, and nested in MsgExec at delivery", async () => {
    expect((await chain.govExec([msg.approve(delta.address, false)])).log).toBe("");
    expect(stakingValidator(chain, delta).jailed).toBe(true);
    await expectUnjailRefused(chain, delta, 1103);
  });

  it("an approved recovery pauses the validator; during its window MsgUnjail is 1118, directly and through MsgExec; the veto releases it", async () => {
    await chain.mustDeliver(mallory, [msg.recover(mallory.address, gamma.address, newop.address, "key compromised")]);
    expect((await chain.govExec([msg.approveRecovery(1n)])).log).toBe("");
    expect(query.rotation(chain, 1n)).toMatchObject({ approved: true, pausedValidator: true });
    await expectUnjailRefused(chain, gamma, 1118);
    await chain.mustDeliver(gamma, [msg.cancel(gamma.address, 1n)]);
    expect(stakingValidator(chain, gamma).jailed).toBe(false);
  });

  it("a validator already jailed for another reason is not paused by the recovery, but still cannot un-jail during its window (1118)", async () => {
    // Self-delegation below min_self_delegation: staking jails epsilon.
    await chain.mustDeliver(epsilon, [undelegate(epsilon, ONE_YML)]);
    expect(stakingValidator(chain, epsilon).jailed).toBe(true);
    // Its self-delegation back at the minimum, slashing alone would let it out now. (Before the
    // recovery opens: any tx epsilon signs in a block while it is pending vetoes it.)
    await chain.mustDeliver(epsilon, [delegateMsg(epsilon, valoper(epsilon), ONE_YML.toString())]);
    await chain.mustDeliver(mallory, [msg.recover(mallory.address, epsilon.address, newop2.address, "key lost")]);
    expect((await chain.govExec([msg.approveRecovery(2n)])).log).toBe("");
    expect(query.rotation(chain, 2n)).toMatchObject({ approved: true, pausedValidator: false });
    await expectUnjailRefused(chain, epsilon, 1118);
    // The veto ends the window; the recovery did not jail it, so the operator un-jails it itself.
    await chain.mustDeliver(epsilon, [msg.cancel(epsilon.address, 2n)]);
    expect(stakingValidator(chain, epsilon).jailed).toBe(true);
    expect((await chain.mustDeliver(epsilon, [unjail(epsilon)])).code).toBe(0);
    expect(stakingValidator(chain, epsilon).jailed).toBe(false);
  });

  it("a rotation moves the validator's maturing redelegations (from and to it) and its ratifications; the new key cannot ratify twice", async () => {
    const [a, b, g] = [valoper(alpha), valoper(beta), valoper(gamma)];
    await chain.mustDeliver(funder, [delegateMsg(funder, a, (3n * ONE_YML).toString()), delegateMsg(funder, b, (3n * ONE_YML).toString())]);
    await chain.mustDeliver(funder, [redelegate(funder, a, g, ONE_YML), redelegate(funder, b, a, ONE_YML)]);
    const redelegationsOf = () =>
      chain
        .query(
          SQ + "Redelegations",
          sq.QueryRedelegationsRequest,
          { delegatorAddr: funder.address, srcValidatorAddr: "", dstValidatorAddr: "" },
          sq.QueryRedelegationsResponse,
        )
        .redelegationResponses.map((r) => [r.redelegation.validatorSrcAddress, r.redelegation.validatorDstAddress, r.entries[0].balance]);

    const inv = getInvariants(chain);
    expect((await chain.govExec([cmsg.propose({ ...inv, maxEntityPowerBps: 3000n })])).log).toBe("");
    const amendmentId = 1n;
    await chain.mustDeliver(alpha, [cmsg.ratify(alpha.address, amendmentId)]);
    const ratifiedPower = getAmendment(chain, amendmentId).ratifiedPower;
    expect(ratifiedPower).toBeGreaterThan(0n);

    await chain.mustDeliver(alpha, [msg.rotate(alpha.address, newop.address)]);
    const id = query.pending(chain, alpha.address).operatorRotation!.id;
    const completesAt = query.rotation(chain, id).completesAtHeight;
    while (chain.height < completesAt) await chain.produceBlocks(1);
    expect(query.rotation(chain, id).status).toBe(RotationStatus.ROTATION_STATUS_COMPLETED);

    const n = valoper(newop);
    expect(redelegationsOf().sort()).toEqual(
      [
        [b, n, ONE_YML.toString()],
        [n, g, ONE_YML.toString()],
      ].sort(),
    );
    const bySrc = chain.query(
      SQ + "Redelegations",
      sq.QueryRedelegationsRequest,
      { delegatorAddr: "", srcValidatorAddr: a, dstValidatorAddr: "" },
      sq.QueryRedelegationsResponse,
    );
    expect(bySrc.redelegationResponses).toEqual([]);
    // The receiving-redelegation index followed too: no hop onward from the new operator while it matures.
    const hop = await chain.deliver(funder, [redelegate(funder, n, g, 100n)]);
    expect([hop.codespace, hop.code]).toEqual(["staking", 32]);

    const second = await chain.deliver(newop, [cmsg.ratify(newop.address, amendmentId)]);
    expect({ codespace: second.codespace, code: second.code }).toEqual({ codespace: "constitution", code: 1104 });
    expect(ratifications(chain, amendmentId).ratifications.map((r) => [r.validator, r.power])).toEqual([[newop.address, ratifiedPower]]);
    expect(getAmendment(chain, amendmentId).ratifiedPower).toBe(ratifiedPower);

    // The moved queue entries mature under the new addresses.
    chain.setNextBlockTime({ seconds: chain.engine["lastTime"].seconds + UNBONDING + 1n, nanos: 0 });
    await chain.produceBlocks(1);
    expect(redelegationsOf()).toEqual([]);
    const moved = chain.query(SQ + "Validator", sq.QueryValidatorRequest, { validatorAddr: n }, sq.QueryValidatorResponse).validator!;
    expect(moved.status).toBe(BondStatus.BOND_STATUS_BONDED);
  });
});

describe("validatorgov demotions meeting recoveries", () => {
  let chain: TestChain;

  beforeAll(async () => {
    chain = await vgovChain({
      mutateGenesis: (s) => {
        concentrationGenesis(s);
        s.validatorgov.params.planned_rotation_delay_blocks = EPOCH.toString();
        s.validatorgov.params.recovery_challenge_window_blocks = EPOCH.toString();
      },
    });
    await fourValidators(chain);
  });
  afterAll(async () => chain.close());

  /** Produces blocks until the next block's height is ≡ `r` (mod EPOCH). */
  async function alignNext(r: bigint): Promise<void> {
    while ((chain.height + 1n) % EPOCH !== r) await chain.produceBlocks(1);
  }
  const epoch = () => nextEpoch(chain);

  it("a demotion that ends inside a recovery's window hands its hold to the recovery, which releases the validator under the new key", async () => {
    expect((await chain.govExec([msg.seats(alpha.address, 20n)])).log).toBe("");
    expect(typed(await epoch(), "EventValidatorDemoted")).toMatchObject([{ operator: alpha.address, jailed_validator: true }]);

    await chain.mustDeliver(mallory, [msg.recover(mallory.address, alpha.address, newop.address, "key lost")]);
    await alignNext(1n);
    expect((await chain.govExec([msg.approveRecovery(1n)])).log).toBe("");
    expect(query.rotation(chain, 1n)).toMatchObject({ approved: true, pausedValidator: false });
    // The breach clears: alpha 11 + beta 10 of 41 is 5121 bps of DE.
    expect((await chain.govExec([msg.seats(alpha.address, 1n)])).log).toBe("");
    const events = await epoch();
    expect(typed(events, "EventValidatorRestored")).toEqual([
      { operator: alpha.address, cap: "CONCENTRATION_CAP_JURISDICTION", group: "DE", unjailed_validator: false },
    ]);
    expect(query.demotions(chain)).toEqual([]);
    expect(query.rotation(chain, 1n)).toMatchObject({ pausedValidator: true, status: RotationStatus.ROTATION_STATUS_PENDING });
    expect(stakingValidator(chain, alpha).jailed).toBe(true);
    const res = await chain.deliver(alpha, [unjail(alpha)]);
    expectVgovError(res, 1118);

    const completesAt = query.rotation(chain, 1n).completesAtHeight;
    while (chain.height < completesAt) await chain.produceBlocks(1);
    expect(query.rotation(chain, 1n).status).toBe(RotationStatus.ROTATION_STATUS_COMPLETED);
    expect(stakingValidator(chain, newop).jailed).toBe(false);
  });

  it("breach on return: a validator paused by a recovery that comes back into breach is demoted in the very epoch it returns", async () => {
    await chain.mustDeliver(mallory, [msg.recover(mallory.address, beta.address, newop2.address, "key compromised")]);
    // Approved at an epoch height, so the window closes at an epoch height too.
    await alignNext(0n);
    expect((await chain.govExec([msg.approveRecovery(2n)])).log).toBe("");
    const completesAt = query.rotation(chain, 2n).completesAtHeight;
    expect(completesAt % EPOCH).toBe(0n);
    expect(stakingValidator(chain, beta).jailed).toBe(true);
    // While paused beta is not counted; 30 more seats make its return a breach.
    expect((await chain.govExec([msg.seats(beta.address, 30n)])).log).toBe("");
    const events = await epoch();
    expect(chain.height).toBe(completesAt);
    expect(typed(events, "EventRotationResolved")).toMatchObject([{ rotation_id: "2", status: "ROTATION_STATUS_COMPLETED" }]);
    // newop2 40 + newop 11 of 71 (dev 10, gamma 10): DE holds 7183 bps.
    expect(typed(events, "EventValidatorDemoted")).toEqual([
      {
        operator: newop2.address,
        cap: "CONCENTRATION_CAP_JURISDICTION",
        group: "DE",
        group_power_bps: "7183",
        cap_bps: "6000",
        jailed_validator: true,
      },
    ]);
    expect(stakingValidator(chain, newop2).jailed).toBe(true);
    await chain.produceBlocks(1);
    expect(stakingValidator(chain, newop2).status).not.toBe(BondStatus.BOND_STATUS_BONDED);
    expect(query.concentration(chain).activeValidators).toBe(3);

    // Fewer seats clear the breach; the restoration un-jails what the demotion jailed.
    expect((await chain.govExec([msg.seats(newop2.address, 1n)])).log).toBe("");
    expect(typed(await epoch(), "EventValidatorRestored")).toEqual([
      { operator: newop2.address, cap: "CONCENTRATION_CAP_JURISDICTION", group: "DE", unjailed_validator: true },
    ]);
    expect(stakingValidator(chain, newop2).jailed).toBe(false);
  });
});
