import * as stq from "cosmjs-types/cosmos/staking/v1beta1/query";
import { MisbehaviorType } from "cosmjs-types/tendermint/abci/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DENOM, testKey, type TestChain } from "../helpers/chain";
import { CaseAction, CaseStatus, caseIdOf, getCase, msg as enf, produceUntil } from "../integration/enforcement/setup";
import { msg as dist, query as distQuery } from "../integration/distribution/setup";
import { consAddrOf } from "../integration/slashing/setup";
import { createValidatorMsg, delegateMsg, operatorOf } from "../integration/staking/setup";
import { msg as tok } from "../integration/tokenisation/setup";
import {
  ERR_TRADING_HALTED,
  UNBONDING_SECONDS,
  expectTokError,
  foundationAddress,
  foundationExec,
  gov,
  keys,
  poisonChain,
  realise,
  seatReserve,
  sendCoins,
  shareAsset,
} from "./helpers/poison-setup";

// Attack (issue 32, finding 3): before an asset is realised, anyone puts a few of its shares
// where payouts move "all denoms" in one send: a validator's reward pool, the community pool,
// module accounts that take plain sends, an account that will be seized. A sale report is
// permissionless, so the attacker then realises the asset, halting its share denom. Every
// later payout of those shares used to throw: delegations to the validator froze, its removal
// made staking's end block fail every block, and a seizure of a share holder was deferred forever.

const genesisValidator = testKey("validator");
const val2 = operatorOf(keys.val2);
const val3 = operatorOf(keys.val3);
const YML = 1_000_000n;

describe("a realised share deposited into every pool poisons no payout", () => {
  let chain: TestChain;
  let assetId = 0n;
  let share = "";
  const shares = (address: string) => chain.balance(address, share);
  const validator = (op: string) =>
    chain.query("/cosmos.staking.v1beta1.Query/Validator", stq.QueryValidatorRequest, { validatorAddr: op }, stq.QueryValidatorResponse)
      .validator;
  const communityPoolShares = () => BigInt((distQuery.pool(chain).find((c) => c.denom === share)?.amount ?? "0").split(".")[0]);

  beforeAll(async () => {
    chain = await poisonChain();
    // val2 (2 YML) with four delegators (1 YML each); val3 (1 YML) alone.
    await chain.mustDeliver(keys.val2, [createValidatorMsg(keys.val2, { amount: (2n * YML).toString() })]);
    await chain.mustDeliver(keys.val3, [createValidatorMsg(keys.val3, { amount: YML.toString() })]);
    for (const d of [keys.d1, keys.d2, keys.d3, keys.d4]) await chain.mustDeliver(d, [delegateMsg(d, val2, YML.toString())]);

    ({ assetId, denom: share } = await shareAsset(chain, "poison-estate"));
    const o = keys.owner.address;
    const coins = (n: bigint) => [{ denom: share, amount: n.toString() }];
    // The poison, while the share still trades: both validators' reward pools, the community
    // pool, the two module accounts that take plain sends, and an account about to be seized.
    await chain.mustDeliver(keys.owner, [
      dist.depositValRewards(o, val2, coins(1000n)),
      dist.depositValRewards(o, val3, coins(1000n)),
      dist.fundPool(o, coins(1000n)),
      sendCoins(o, gov(), share, 10n),
      sendCoins(o, seatReserve(), share, 10n),
      sendCoins(o, keys.target.address, share, 500n),
    ]);
    // val3 leaves before the halt: its delegation rewards are paid, its commission (shares) waits for its removal.
    await chain.mustDeliver(keys.val3, [dist.undelegate(keys.val3.address, val3, YML.toString())]);
    expect(distQuery.commission(chain, val3).some((c) => c.denom === share)).toBe(true);

    await realise(chain, assetId);
  });
  afterAll(async () => chain.close());

  it("after realisation the share cannot enter a reward pool, the community pool or a module account (ErrTradingHalted)", async () => {
    const o = keys.owner.address;
    const one = [{ denom: share, amount: "1" }];
    const poolBefore = communityPoolShares();
    for (const m of [
      dist.depositValRewards(o, val2, one),
      dist.fundPool(o, one),
      sendCoins(o, gov(), share, 1n),
      sendCoins(o, seatReserve(), share, 1n),
      sendCoins(o, keys.d1.address, share, 1n),
    ]) {
      const res = await chain.deliver(keys.owner, [m]);
      expectTokError(res, ERR_TRADING_HALTED);
      expect(res.log).toContain("can only be redeemed");
    }
    expect(communityPoolShares()).toBe(poolBefore);
    expect(shares(gov())).toBe(10n);
  });

  it("staking: a delegator of the poisoned validator delegates more, undelegates and redelegates; each is paid its share rewards", async () => {
    await chain.mustDeliver(keys.d1, [delegateMsg(keys.d1, val2, YML.toString())]);
    await chain.mustDeliver(keys.d2, [dist.undelegate(keys.d2.address, val2, YML.toString())]);
    await chain.mustDeliver(keys.d3, [dist.redelegate(keys.d3.address, val2, operatorOf(genesisValidator), YML.toString())]);
    // 900 shares went to val2's delegators by stake (2:1:1:1:1): 150 each.
    for (const d of [keys.d1, keys.d2, keys.d3]) expect(shares(d.address)).toBe(150n);
  });

  it("distribution: delegation rewards and validator commission are withdrawn in the halted share", async () => {
    await chain.mustDeliver(keys.d4, [dist.withdrawReward(keys.d4.address, val2)]);
    expect(shares(keys.d4.address)).toBe(150n);
    await chain.mustDeliver(keys.val2, [dist.withdrawCommission(val2)]);
    await chain.mustDeliver(keys.val2, [dist.withdrawReward(keys.val2.address, val2)]);
    expect(shares(keys.val2.address)).toBe(100n + 300n);
  });

  it("distribution: governance spends the community pool, the halted share included", async () => {
    const res = await chain.govExec([
      dist.spend(
        gov(),
        keys.buyer.address,
        [
          { denom: DENOM, amount: "1" },
          { denom: share, amount: "400" },
        ].sort((a, b) => (a.denom < b.denom ? -1 : 1)),
      ),
    ]);
    expect(res.log).toBe("");
    expect(shares(keys.buyer.address)).toBe(400n);
    // A share paid out of a pool is redeemed like any other.
    await chain.mustDeliver(keys.buyer, [tok.redeem(keys.buyer.address, assetId, 400n)]);
    expect(shares(keys.buyer.address)).toBe(0n);
  });

  it("enforcement: a seizure of a holder of the realised share executes; the share reaches the recovery destination (the foundation), whose custodians redeem it", async () => {
    const foundation = foundationAddress(chain);
    const open = await chain.mustDeliver(genesisValidator, [
      enf.open(genesisValidator.address, keys.target.address, CaseAction.CASE_ACTION_SEIZE),
    ]);
    const id = caseIdOf(open);
    await chain.mustDeliver(genesisValidator, [enf.vote(genesisValidator.address, id)]);
    await chain.mustDeliver(keys.val2, [enf.vote(keys.val2.address, id)]);
    await produceUntil(chain, getCase(chain, id).votingEndsAtHeight + 1n);
    const held = getCase(chain, id);
    expect(held.status).toBe(CaseStatus.CASE_STATUS_HELD);
    await produceUntil(chain, held.executeAtHeight + 1n);
    const done = getCase(chain, id);
    expect(done.status).toBe(CaseStatus.CASE_STATUS_PASSED);
    expect(done.recovered).toContainEqual({ denom: share, amount: "500" });
    expect(shares(keys.target.address)).toBe(0n);
    expect(shares(foundation)).toBe(500n);
    // Three of the five custodians redeem the seized shares through a group proposal.
    await foundationExec(chain, [tok.redeem(foundation, assetId, 500n)]);
    expect(shares(foundation)).toBe(0n);
  });

  it("slashing: the poisoned validator double-signs, is slashed and jailed; its delegators still undelegate", async () => {
    const before = validator(val2);
    const power = BigInt(before.tokens) / YML;
    const time = chain.engine["lastTime"] as { seconds: bigint; nanos: number };
    chain.engine.setNextMisbehavior([
      {
        type: MisbehaviorType.DUPLICATE_VOTE,
        validator: { address: consAddrOf(keys.val2), power },
        height: chain.height,
        time,
        totalVotingPower: 100n,
      },
    ]);
    await chain.produceBlocks(1);
    const after = validator(val2);
    expect(after.jailed).toBe(true);
    expect(BigInt(after.tokens)).toBeLessThan(BigInt(before.tokens));
    await chain.mustDeliver(keys.d4, [dist.undelegate(keys.d4.address, val2, "500000")]);
  });

  it("staking: the poisoned validator that left is removed at the end of its unbonding (its share commission paid) and its unbonding completes", async () => {
    const balanceBefore = chain.balance(keys.val3.address);
    const next = (chain.engine["lastTime"] as { seconds: bigint }).seconds + UNBONDING_SECONDS + 5n;
    chain.setNextBlockTime({ seconds: next, nanos: 0 });
    await chain.produceBlocks(2);
    expect(() => validator(val3)).toThrow();
    // Its rewards (900) were paid at the undelegation, its commission (100) now.
    expect(shares(keys.val3.address)).toBe(1000n);
    expect(chain.balance(keys.val3.address)).toBe(balanceBefore + YML);
  });
});
