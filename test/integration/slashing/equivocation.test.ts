import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Equivocation } from "cosmjs-types/cosmos/evidence/v1beta1/evidence";
import * as eq from "cosmjs-types/cosmos/evidence/v1beta1/query";
import { MsgSubmitEvidence } from "cosmjs-types/cosmos/evidence/v1beta1/tx";
import * as cq from "cosmjs-types/cosmos/consensus/v1/query";
import { MsgUpdateParams as MsgUpdateConsensusParams } from "cosmjs-types/cosmos/consensus/v1/tx";
import * as stq from "cosmjs-types/cosmos/staking/v1beta1/query";
import { BondStatus } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import { MsgBeginRedelegate, MsgUndelegate } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import { MisbehaviorType, type Misbehavior } from "cosmjs-types/tendermint/abci/types";
import { evidenceHash, packEquivocation } from "../../../src/modules/evidence";
import { govAuthority } from "../../../src/types/authority";
import type { Timestamp } from "../../../src/types/codec";
import { DENOM, TestChain, pack, testKey } from "../../helpers/chain";
import { blockEventsOf } from "../../helpers/module-setup";
import { validatorKey } from "../staking/setup";
import {
  consAddrOf,
  createValidatorMsg,
  delegateMsg,
  operatorOf,
  signingInfo,
  slashingChain,
  supply,
  unjailMsg,
  validatorOf,
  valcons,
} from "./setup";

const alice = testKey("alice");
const bob = testKey("bob");
const carol = testKey("carol");
const valB = operatorOf(bob);
const valDev = operatorOf(validatorKey);
const B = consAddrOf(bob);

const undelegate = (key: typeof alice, val: string, amount: string) =>
  pack("/cosmos.staking.v1beta1.MsgUndelegate", MsgUndelegate, {
    delegatorAddress: key.address,
    validatorAddress: val,
    amount: { denom: DENOM, amount },
  });
const redelegate = (key: typeof alice, src: string, dst: string, amount: string) =>
  pack("/cosmos.staking.v1beta1.MsgBeginRedelegate", MsgBeginRedelegate, {
    delegatorAddress: key.address,
    validatorSrcAddress: src,
    validatorDstAddress: dst,
    amount: { denom: DENOM, amount },
  });
const submit = (key: typeof alice, evidence: ReturnType<typeof packEquivocation> | undefined) =>
  pack("/cosmos.evidence.v1beta1.MsgSubmitEvidence", MsgSubmitEvidence, { submitter: key.address, evidence });
const duplicateVote = (addr: Uint8Array, power: bigint, height: bigint, time: Timestamp): Misbehavior => ({
  type: MisbehaviorType.DUPLICATE_VOTE,
  validator: { address: addr, power },
  height,
  time,
  totalVotingPower: 100n,
});

function unbondingBalances(chain: TestChain, key: typeof alice, val: string): string[] {
  const res = chain.query(
    "/cosmos.staking.v1beta1.Query/UnbondingDelegation",
    stq.QueryUnbondingDelegationRequest,
    { delegatorAddr: key.address, validatorAddr: val },
    stq.QueryUnbondingDelegationResponse,
  );
  return res.unbond.entries.map((e) => e.balance);
}

/**
 * Worked example after the SDK's READMEs (v0.50): x/evidence "BeginBlock" (equivocation is
 * slashed by slash_fraction_double_sign at the infraction's distribution height, the validator
 * jailed, jailed until DoubleSignJailEndTime and tombstoned) and x/staking "Slashing" (the
 * stake that contributed to the infraction is slashed wherever it went since: unbonding
 * delegations and redelegations that started after the infraction, then the validator).
 *
 * Bob (20 YML self) gets 10 YML from Alice and 10 from Carol; Carol undelegates 4 before the
 * infraction, so Bob signs twice at power 36. Afterwards Alice undelegates 5 and redelegates 2
 * to the dev validator. With slash_fraction_double_sign 0.05: 36 YML × 5% = 1.8 YML owed;
 * Alice's unbonding pays 0.25, her redelegation 0.1 (burned from the destination's bonded
 * stake), Carol's earlier unbonding nothing, Bob's tokens the remaining 1.45 (29 → 27.55).
 */
describe("evidence: double-sign slash of a validator with unbonding delegations and redelegations", () => {
  let chain: TestChain;
  let infraction: { height: bigint; time: Timestamp };
  let misbehavior: Misbehavior;

  beforeAll(async () => {
    chain = await slashingChain({ slash_fraction_double_sign: "0.050000000000000000" });
    await chain.mustDeliver(bob, [createValidatorMsg(bob, { amount: "20000000" })]);
    await chain.mustDeliver(alice, [delegateMsg(alice, valB, "10000000")]);
    await chain.mustDeliver(carol, [delegateMsg(carol, valB, "10000000")]);
    await chain.mustDeliver(carol, [undelegate(carol, valB, "4000000")]);
    await chain.produceBlocks(2);
    infraction = { height: chain.height, time: chain.engine["lastTime"] as Timestamp };
    await chain.produceBlocks(1);
    await chain.mustDeliver(alice, [undelegate(alice, valB, "5000000")]);
    await chain.mustDeliver(alice, [redelegate(alice, valB, valDev, "2000000")]);
    misbehavior = duplicateVote(B, 36n, infraction.height, infraction.time);
  });
  afterAll(async () => chain.close());

  it("slashes 5% of power 36: 0.25 from the later unbonding, 0.1 from the redelegation, 1.45 from Bob; jails and tombstones", async () => {
    expect(validatorOf(chain, bob).tokens).toBe("29000000");
    const before = supply(chain);
    chain.engine.setNextMisbehavior([misbehavior]);
    const { events } = await blockEventsOf(chain, () => chain.produceBlocks(1));

    expect(supply(chain)).toBe(before - 1_800_000n);
    const v = validatorOf(chain, bob);
    expect(v.tokens).toBe("27550000");
    expect(v.jailed).toBe(true);
    expect(v.status).toBe(BondStatus.BOND_STATUS_UNBONDING);
    expect(unbondingBalances(chain, alice, valB)).toEqual(["4750000"]);
    expect(unbondingBalances(chain, carol, valB)).toEqual(["4000000"]);
    expect(validatorOf(chain, validatorKey).tokens).toBe("11900000");
    expect(events("slash")).toEqual([
      { address: valcons(B), power: "36", reason: "double_sign", burned: "1450000", mode: "BeginBlock" },
      { jailed: valcons(B), mode: "BeginBlock" },
    ]);
    const info = signingInfo(chain, B);
    expect([info.tombstoned, info.jailedUntil]).toEqual([true, { seconds: 253402300799n, nanos: 0 }]);
  });

  it("keeps the evidence: Evidence by hex hash, AllEvidence", () => {
    const e: Equivocation = { height: infraction.height, time: infraction.time, power: 36n, consensusAddress: valcons(B) };
    const hash = Buffer.from(evidenceHash(e)).toString("hex");
    const one = chain.query(
      "/cosmos.evidence.v1beta1.Query/Evidence",
      eq.QueryEvidenceRequest,
      { evidenceHash: new Uint8Array(), hash },
      eq.QueryEvidenceResponse,
    );
    expect(one.evidence).toEqual(packEquivocation(e));
    const all = chain.query("/cosmos.evidence.v1beta1.Query/AllEvidence", eq.QueryAllEvidenceRequest, {}, eq.QueryAllEvidenceResponse);
    expect(all.evidence).toEqual([packEquivocation(e)]);
    const q = (h: string) => () =>
      chain.query(
        "/cosmos.evidence.v1beta1.Query/Evidence",
        eq.QueryEvidenceRequest,
        { evidenceHash: new Uint8Array(), hash: h },
        eq.QueryEvidenceResponse,
      );
    expect(q("")).toThrow(/hash is empty/);
    expect(q("zz")).toThrow(/invalid evidence hash/);
    expect(q("00".repeat(32))).toThrow(/not found/);
  });

  it("a tombstoned validator is not slashed again and can never unjail (slashing 4)", async () => {
    chain.engine.setNextMisbehavior([duplicateVote(B, 36n, infraction.height + 1n, infraction.time)]);
    await chain.produceBlocks(1);
    expect(validatorOf(chain, bob).tokens).toBe("27550000");
    const res = await chain.deliver(bob, [unjailMsg(bob)]);
    expect([res.codespace, res.code]).toEqual(["slashing", 4]);
    expect(res.log).toContain("tombstoned");
  });

  it("MsgSubmitEvidence: kept evidence is refused (evidence 5), other equivocation has no handler (evidence 2), bad evidence (evidence 3, sdk 2)", async () => {
    const kept = packEquivocation({ height: infraction.height, time: infraction.time, power: 36n, consensusAddress: valcons(B) });
    const exists = await chain.deliver(alice, [submit(alice, kept)]);
    expect([exists.codespace, exists.code]).toEqual(["evidence", 5]);
    const other = await chain.deliver(alice, [
      submit(alice, packEquivocation({ height: 3n, time: infraction.time, power: 5n, consensusAddress: valcons(B) })),
    ]);
    expect([other.codespace, other.code]).toEqual(["evidence", 2]);
    expect(other.log).toContain("equivocation");
    const missing = await chain.deliver(alice, [submit(alice, undefined)]);
    expect([missing.codespace, missing.code, missing.checkTx]).toEqual(["evidence", 3, true]);
    const zeroHeight = await chain.deliver(alice, [
      submit(alice, packEquivocation({ height: 0n, time: infraction.time, power: 5n, consensusAddress: valcons(B) })),
    ]);
    expect([zeroHeight.codespace, zeroHeight.code]).toEqual(["evidence", 3]);
    expect(zeroHeight.log).toContain("invalid equivocation height");
    const unknown = await chain.deliver(alice, [submit(alice, { typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: new Uint8Array() })]);
    expect([unknown.codespace, unknown.code]).toEqual(["sdk", 2]);
  });

  it("evidence older than both the consensus max age duration and block count is ignored; the same age within one of them is not", async () => {
    const params = chain.query("/cosmos.consensus.v1.Query/Params", cq.QueryParamsRequest, {}, cq.QueryParamsResponse).params!;
    const res = await chain.govExec([
      pack("/cosmos.consensus.v1.MsgUpdateParams", MsgUpdateConsensusParams, {
        authority: govAuthority(),
        block: params.block,
        validator: params.validator,
        abci: params.abci,
        evidence: { ...params.evidence!, maxAgeNumBlocks: 3n, maxAgeDuration: { seconds: 3n, nanos: 0 } },
      }),
    ]);
    expect(res.log).toBe("");
    await chain.mustDeliver(carol, [createValidatorMsg(carol, { amount: "8000000" })]);
    const D = consAddrOf(carol);
    const old = { height: chain.height, time: chain.engine["lastTime"] as Timestamp };
    await chain.produceBlocks(4);
    chain.engine.setNextMisbehavior([duplicateVote(D, 8n, old.height, old.time)]);
    await chain.produceBlocks(1);
    expect(validatorOf(chain, carol).tokens).toBe("8000000");
    expect(signingInfo(chain, D).tombstoned).toBe(false);
    // Five blocks but only one second later: too many blocks, not too long ago — punished.
    const recent = { height: chain.height - 5n, time: { seconds: (chain.engine["lastTime"] as Timestamp).seconds - 1n, nanos: 0 } };
    chain.engine.setNextMisbehavior([duplicateVote(D, 8n, recent.height, recent.time)]);
    await chain.produceBlocks(1);
    expect(validatorOf(chain, carol).tokens).toBe("7600000");
    expect(signingInfo(chain, D).tombstoned).toBe(true);
  });
});

/**
 * x/staking SlashRedelegation (v0.50): stake redelegated after the infraction and then
 * undelegated from the destination is slashed in that unbonding first, so redelegating and
 * undelegating does not escape the slash. Light client attacks are handled as equivocation.
 */
describe("evidence: a redelegation undelegated from its destination is slashed in the unbonding", () => {
  let chain: TestChain;
  beforeAll(async () => {
    chain = await slashingChain({ slash_fraction_double_sign: "0.050000000000000000" });
    await chain.mustDeliver(bob, [createValidatorMsg(bob, { amount: "20000000" })]);
    await chain.mustDeliver(alice, [delegateMsg(alice, valB, "10000000")]);
    await chain.produceBlocks(1);
  });
  afterAll(async () => chain.close());

  it("5% of the 4 YML redelegated (0.2) comes from the 3 YML unbonding at the destination; the destination's tokens are untouched", async () => {
    const infraction = { height: chain.height, time: chain.engine["lastTime"] as Timestamp };
    await chain.produceBlocks(1);
    await chain.mustDeliver(alice, [redelegate(alice, valB, valDev, "4000000")]);
    await chain.mustDeliver(alice, [undelegate(alice, valDev, "3000000")]);
    const devTokens = validatorOf(chain, validatorKey).tokens;
    chain.engine.setNextMisbehavior([
      { ...duplicateVote(B, 30n, infraction.height, infraction.time), type: MisbehaviorType.LIGHT_CLIENT_ATTACK },
    ]);
    await chain.produceBlocks(1);
    expect(unbondingBalances(chain, alice, valDev)).toEqual(["2800000"]);
    expect(validatorOf(chain, validatorKey).tokens).toBe(devTokens);
    // 30 YML × 5% = 1.5 owed; 0.2 by the redelegation, 1.3 by Bob (26 → 24.7).
    expect(validatorOf(chain, bob).tokens).toBe("24700000");
    expect(signingInfo(chain, B).tombstoned).toBe(true);
  });
});
