import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BondStatus } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import { TestChain, testKey } from "../../helpers/chain";
import { blockEventsOf } from "../../helpers/module-setup";
import {
  ABSENT,
  COMMIT,
  consAddrOf,
  createValidatorMsg,
  devConsAddr,
  signingInfo,
  slashingChain,
  supply,
  unjailMsg,
  validatorOf,
  valcons,
  vote,
} from "./setup";

/**
 * Worked example after x/slashing's README (v0.50, "Liveness Tracking"): with
 * signed_blocks_window 10 and min_signed_per_window 0.5, maxMissed = 10 − 0.5×10 = 5; once
 * the block height passes start_height + window and the validator's missed_blocks_counter
 * exceeds maxMissed, it is slashed by slash_fraction_downtime (1% of its power at the
 * infraction, 20 → 200000 uyml burned), jailed for downtime_jail_duration (60 s), and its
 * missed-blocks bitmap, counter and index offset are reset.
 */
describe("slashing: downtime over a signed blocks window", () => {
  let chain: TestChain;
  const bob = testKey("bob");
  const B = consAddrOf(bob);
  let bondedAt: bigint;

  const votes = (bobFlag: number) => chain.engine.setCommitVotes([vote(devConsAddr, 10n, COMMIT), vote(B, 20n, bobFlag)]);

  beforeAll(async () => {
    chain = await slashingChain({
      signed_blocks_window: "10",
      min_signed_per_window: "0.500000000000000000",
      downtime_jail_duration: "60s",
      slash_fraction_downtime: "0.010000000000000000",
    });
    const created = await chain.mustDeliver(bob, [createValidatorMsg(bob, { amount: "20000000" })]);
    bondedAt = created.height;
  });
  afterAll(async () => chain.close());

  it("bonding starts the signing info at the bonding height", () => {
    expect(signingInfo(chain, B)).toEqual({
      address: valcons(B),
      startHeight: bondedAt,
      indexOffset: 0n,
      jailedUntil: { seconds: 0n, nanos: 0 },
      tombstoned: false,
      missedBlocksCounter: 0n,
    });
  });

  it("counts missed blocks over the window; a validator signing enough is left alone", async () => {
    votes(COMMIT);
    await chain.produceBlocks(12);
    votes(ABSENT);
    await chain.produceBlocks(5);
    const info = signingInfo(chain, B);
    expect([info.indexOffset, info.missedBlocksCounter]).toEqual([17n, 5n]);
    expect(validatorOf(chain, bob).jailed).toBe(false);
  });

  it("the sixth miss of the window jails and slashes: 1% of power 20 burned, jailed until block time + 60 s, window reset", async () => {
    const before = supply(chain);
    const { events } = await blockEventsOf(chain, () => chain.produceBlocks(1));
    const v = validatorOf(chain, bob);
    expect(v.jailed).toBe(true);
    expect(v.tokens).toBe("19800000");
    expect(supply(chain)).toBe(before - 200_000n);
    expect(events("slash")).toEqual([
      { address: valcons(B), power: "20", reason: "missing_signature", jailed: valcons(B), burned: "200000", mode: "BeginBlock" },
    ]);
    expect(events("liveness")).toEqual([{ address: valcons(B), missed_blocks: "6", height: chain.height.toString(), mode: "BeginBlock" }]);
    const info = signingInfo(chain, B);
    const blockTime = chain.engine["lastTime"].seconds as bigint;
    expect(info).toEqual({
      address: valcons(B),
      startHeight: bondedAt,
      indexOffset: 0n,
      jailedUntil: { seconds: blockTime + 60n, nanos: 0 },
      tombstoned: false,
      missedBlocksCounter: 0n,
    });
    // The same block's end block takes it out of the bonded set.
    expect(v.status).toBe(BondStatus.BOND_STATUS_UNBONDING);
  });

  it("a jailed validator's missed blocks are not counted", async () => {
    await chain.produceBlocks(3);
    expect(signingInfo(chain, B).missedBlocksCounter).toBe(0n);
    expect(signingInfo(chain, B).indexOffset).toBe(0n);
  });

  it("MsgUnjail before jailed_until is refused (slashing 4); after it the validator returns and its window restarts", async () => {
    const early = await chain.deliver(bob, [unjailMsg(bob)]);
    expect([early.codespace, early.code]).toEqual(["slashing", 4]);
    expect(early.log).toContain("validator still jailed");
    chain.engine.setCommitVotes(undefined);
    chain.setNextBlockTime({ seconds: signingInfo(chain, B).jailedUntil.seconds, nanos: 0 });
    const ok = await chain.deliver(bob, [unjailMsg(bob)]);
    expect(ok.log).toBe("");
    const v = validatorOf(chain, bob);
    expect([v.jailed, v.status]).toEqual([false, BondStatus.BOND_STATUS_BONDED]);
    expect(signingInfo(chain, B).startHeight).toBe(ok.height);
    const again = await chain.deliver(bob, [unjailMsg(bob)]);
    expect([again.codespace, again.code]).toEqual(["slashing", 5]);
  });

  it("a vote from an address staking does not know is ignored", async () => {
    chain.engine.setCommitVotes([vote(devConsAddr, 10n, COMMIT), vote(new Uint8Array(20).fill(9), 5n, ABSENT)]);
    await chain.produceBlocks(2);
    chain.engine.setCommitVotes(undefined);
    expect(() => signingInfo(chain, new Uint8Array(20).fill(9))).toThrow(/not found/);
  });
});
