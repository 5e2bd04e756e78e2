import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MissCounter } from "../../../src/gen/blockchain/oracle/v1/oracle";
import type { TestChain } from "../../helpers/chain";
import {
  BTC,
  EUR,
  bondValidators,
  deliverBlock,
  devValidator,
  eventsOf,
  expectOracleError,
  keys,
  msg,
  operatorOf,
  oracleChain,
  oracleKeeper,
  query,
  queryCode,
  testParams,
} from "./setup";

const { val1, val2, val3, feeder1, feeder2, mallory } = keys;
const [op1, op2, op3, opDev] = [operatorOf(val1), operatorOf(val2), operatorOf(val3), operatorOf(devValidator)];

function counters(chain: TestChain): Record<string, MissCounter> {
  return Object.fromEntries(query.misses(chain).map((c) => [c.validator, c]));
}

describe("oracle rates: rounds, median, misses", () => {
  let chain: TestChain;

  beforeAll(async () => {
    chain = await oracleChain();
    await bondValidators(chain);
  });
  afterAll(async () => chain.close());

  it("agrees the power-weighted median per denom with voting_power_bps, and counts misses (never a penalty)", async () => {
    const before = counters(chain);
    // Bonded: dev 10, val1 30, val2 30, val3 20 (YML). val3 votes BTC only; dev abstains.
    const results = await deliverBlock(chain, [
      [
        val1,
        [
          msg.vote(val1.address, op1, [
            [BTC, "100"],
            [EUR, "1.10"],
          ]),
        ],
      ],
      [
        val2,
        [
          msg.vote(val2.address, op2, [
            [BTC, "102.5"],
            [EUR, "1.08"],
          ]),
        ],
      ],
      [val3, [msg.vote(val3.address, op3, [[BTC, "150"]])]],
    ]);
    for (const r of results) expect(r.log).toBe("");
    const height = results[0].height;

    const btc = query.rate(chain, BTC);
    // 80 of 90 voted; sorted 100 (30), 102.5 (30): half of 80 is crossed at 102.5.
    expect(btc.rate).toMatchObject({ denom: BTC, rate: "102.500000000000000000", updatedHeight: height, votingPowerBps: 8888n });
    expect(btc.stale).toBe(false);
    expect(btc.ageSeconds).toBe(0n);
    // 60 of 90 voted; an exact half split takes the lower middle rate.
    expect(query.rate(chain, EUR).rate).toMatchObject({ rate: "1.080000000000000000", votingPowerBps: 6666n });
    expect(query.rates(chain).map((r) => r.denom)).toEqual([BTC, EUR]);

    const after = counters(chain);
    const delta = (op: string) => [after[op].windows - (before[op]?.windows ?? 0n), after[op].misses - (before[op]?.misses ?? 0n)];
    expect(delta(op1)).toEqual([1n, 0n]);
    expect(delta(op2)).toEqual([1n, 0n]);
    expect(delta(op3)).toEqual([1n, 1n]); // did not vote every accepted denom
    expect(delta(opDev)).toEqual([1n, 1n]);
    // Misses cost nothing: everyone is still bonded and votes again.
    const again = await deliverBlock(chain, [
      [
        devValidator,
        [
          msg.vote(devValidator.address, opDev, [
            [BTC, "101"],
            [EUR, "1.09"],
          ]),
        ],
      ],
    ]);
    expect(again[0].log).toBe("");
  });

  it("keeps the old rate when the threshold of power did not vote; it ages and turns stale, and is still returned", async () => {
    const agreed = query.rate(chain, BTC).rate!;
    // val3 alone: 20 of 90 = 2222 bps < 5000.
    const [res] = await deliverBlock(chain, [[val3, [msg.vote(val3.address, op3, [[BTC, "500"]])]]]);
    expect(res.log).toBe("");
    expect(query.rate(chain, BTC).rate).toEqual(agreed);
    const last = chain.engine.lastBlockTime.seconds;
    chain.setNextBlockTime({ seconds: last + 61n, nanos: 0 });
    await chain.produceBlocks(1);
    const stale = query.rate(chain, BTC);
    expect(stale.rate).toEqual(agreed);
    expect(stale.stale).toBe(true);
    expect(stale.ageSeconds).toBe(chain.engine.lastBlockTime.seconds - agreed.updatedAt);
    expect(query.rates(chain).find((r) => r.denom === BTC)).toEqual(agreed);
    // The narrow price interface other modules read says the same.
    const ctx = chain.app.queryContext();
    expect(oracleKeeper(chain).price(ctx, BTC)).toMatchObject({ stale: true, ageSeconds: stale.ageSeconds });
    expect(queryCode(() => oracleKeeper(chain).freshRate(ctx, BTC))).toBe(1115);
    expect(queryCode(() => oracleKeeper(chain).freshRate(ctx, "uother"))).toBe(1113);
  });

  it("ExchangeRate of a denom without an agreed rate is NotFound carrying ErrRateUnavailable; a malformed denom is InvalidArgument", () => {
    expect(queryCode(() => query.rate(chain, "uatom"))).toBe(22);
    expect(() => query.rate(chain, "uatom")).toThrow(/code = NotFound desc = no rate for uatom: no exchange rate for the denom/);
    expect(queryCode(() => query.rate(chain, "!"))).toBe(18);
  });

  it("feeder delegation: only the operator changes it, the feeder only votes, and only for its validator", async () => {
    expect(query.feeder(chain, op1)).toBe(val1.address);
    const res = await chain.deliver(val1, [msg.delegate(val1.address, op1, feeder1.address)]);
    expect(res.log).toBe("");
    expect(eventsOf(res, "oracle_feeder_delegated")[0]).toMatchObject({ validator: op1, feeder: feeder1.address });
    expect(query.feeder(chain, op1)).toBe(feeder1.address);

    // The feeder votes for val1 ...
    const [voted] = await deliverBlock(chain, [[feeder1, [msg.vote(feeder1.address, op1, [[BTC, "99"]])]]]);
    expect(voted.log).toBe("");
    // ... but not for another validator, and the operator's own account no longer votes directly.
    expectOracleError(await chain.deliver(feeder1, [msg.vote(feeder1.address, op2, [[BTC, "99"]])]), 1102);
    expectOracleError(await chain.deliver(val1, [msg.vote(val1.address, op1, [[BTC, "99"]])]), 1102);
    // The feeder cannot move the delegation (1102), nor can another operator.
    expectOracleError(await chain.deliver(feeder1, [msg.delegate(feeder1.address, op1, feeder2.address)]), 1102);
    expectOracleError(await chain.deliver(val2, [msg.delegate(val2.address, op1, feeder2.address)]), 1102);
    expect(query.feeder(chain, op1)).toBe(feeder1.address);
    // Naming itself again clears the delegation.
    await chain.mustDeliver(val1, [msg.delegate(val1.address, op1, val1.address)]);
    expect(query.feeder(chain, op1)).toBe(val1.address);
    expectOracleError(await chain.deliver(feeder1, [msg.vote(feeder1.address, op1, [[BTC, "99"]])]), 1102);
    // Unknown validators cannot be delegated for.
    expectOracleError(await chain.deliver(mallory, [msg.delegate(mallory.address, operatorOf(mallory), feeder2.address)]), 1101);
    expect(queryCode(() => query.feeder(chain, "nope"))).toBe(18);
  });

  it("refuses votes from non-validators (1101), of unaccepted or repeated denoms (1103) and non-positive or malformed rates (1104), writing nothing", async () => {
    expectOracleError(await chain.deliver(mallory, [msg.vote(mallory.address, operatorOf(mallory), [[BTC, "1"]])]), 1101);
    expect(await chain.deliver(mallory, [msg.vote(mallory.address, "not-a-valoper", [[BTC, "1"]])])).toMatchObject({
      codespace: "sdk",
      code: 7,
    });
    expectOracleError(await chain.deliver(val2, [msg.vote(val2.address, op2, [["uatom", "1"]])]), 1103);
    for (const rate of ["0", "-1", "abc", "1.0000000000000000001", "", "1e5", "0.000000000000000000"]) {
      expectOracleError(await chain.deliver(val2, [msg.vote(val2.address, op2, [[BTC, rate]])]), 1104);
    }
    expectOracleError(await chain.deliver(val2, [msg.vote(val2.address, op2, [])]), 1104);
    expectOracleError(
      await chain.deliver(val2, [
        msg.vote(val2.address, op2, [
          [BTC, "1"],
          [BTC, "2"],
        ]),
      ]),
      1103,
    );
    // A good BTC vote next to a bad EUR one: the whole message fails, no vote of it stays.
    const k = oracleKeeper(chain);
    const tx = chain.sign(val2, [
      msg.vote(val2.address, op2, [
        [BTC, "7"],
        [EUR, "0"],
      ]),
    ]);
    const check = await chain.engine.broadcastTxSync(tx);
    expect(check.code).toBe(0);
    // Inspect the vote store inside the block: the failed message leaves no vote behind.
    const seen: number[] = [];
    const orig = k.tallyRound.bind(k);
    k.tallyRound = (ctx) => {
      seen.push([...k.votes.iterate(ctx)].length);
      orig(ctx);
    };
    try {
      await chain.produceBlocks(1);
    } finally {
      k.tallyRound = orig;
    }
    expect(seen).toEqual([0]);
  });
});

describe("oracle rates: longer rounds", () => {
  it("tallies once per vote_period blocks, over the votes of the whole round", async () => {
    const chain = await oracleChain(testParams({ votePeriod: 4n }));
    try {
      await bondValidators(chain);
      // Find the start of a round: the block after one whose height is a multiple of 4.
      while (chain.height % 4n !== 0n) await chain.produceBlocks(1);
      const [a] = await deliverBlock(chain, [
        [
          val1,
          [
            msg.vote(val1.address, op1, [
              [BTC, "10"],
              [EUR, "1"],
            ]),
          ],
        ],
      ]);
      const [b] = await deliverBlock(chain, [
        [
          val2,
          [
            msg.vote(val2.address, op2, [
              [BTC, "20"],
              [EUR, "2"],
            ]),
          ],
        ],
      ]);
      expect([a.log, b.log]).toEqual(["", ""]);
      expect(queryCode(() => query.rate(chain, BTC))).toBe(22);
      // A later vote in the same round replaces the earlier one of that validator.
      await deliverBlock(chain, [[val1, [msg.vote(val1.address, op1, [[BTC, "30"]])]]]);
      await chain.produceBlocks(1);
      expect(chain.height % 4n).toBe(0n);
      // 60 of 90 voted: 20 (30) and 30 (30) → 20; EUR 1 (30), 2 (30) → 1.
      expect(query.rate(chain, BTC).rate).toMatchObject({
        rate: "20.000000000000000000",
        votingPowerBps: 6666n,
        updatedHeight: chain.height,
      });
      expect(query.rate(chain, EUR).rate?.rate).toBe("1.000000000000000000");
    } finally {
      await chain.close();
    }
  });
});
