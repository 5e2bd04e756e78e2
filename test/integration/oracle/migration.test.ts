import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OracleKeeper } from "../../../src/modules/oracle";
import { stringKey } from "../../../src/store/codecs";
import type { Module } from "../../../src/types/module";
import type { TestChain } from "../../helpers/chain";
import { expectMigrationRestores, oldMap, rewrite } from "../../helpers/layout-migration";
import { queryAt } from "../../helpers/query-at";
import { BTC, EUR, Q, bondValidators, deliverBlock, keys, msg, operatorOf, oracleChain, query, testParams } from "./setup";

const { val1, val2, feeder1, appraiser } = keys;
const P = "oracle/";
const PERIOD = 5n;

describe("oracle consensus version 2: the 1 -> 2 migration", () => {
  let chain: TestChain;
  let m: Module & { keeper: OracleKeeper };

  beforeAll(async () => {
    chain = await oracleChain(testParams({ votePeriod: PERIOD }));
    await bondValidators(chain);
    // Past a round's end (miss counters written), and the next block is not one: its votes stay.
    while (chain.height <= PERIOD || (chain.height + 1n) % PERIOD === 0n) await chain.produceBlocks(1);
    const results = await deliverBlock(chain, [
      [
        val1,
        [
          msg.vote(val1.address, operatorOf(val1), [
            [BTC, "100"],
            [EUR, "1.1"],
          ]),
        ],
      ],
      [val2, [msg.delegate(val2.address, operatorOf(val2), feeder1.address)]],
      [appraiser, [msg.apply(appraiser.address, ["land-parcels"])]],
    ]);
    for (const r of results) expect(r.log).toBe("");
    m = chain.app.modules.modules.find((x) => x.name === "oracle") as Module & { keeper: OracleKeeper };
  });
  afterAll(async () => chain.close());

  it("round votes, feeder delegations, miss counters and appraisers are keyed by address bytes", () => {
    expect(m.consensusVersion).toBe(2);
    const ctx = chain.app.queryContext();
    const k = m.keeper;
    expect([...k.votes.keys(ctx)]).toEqual([operatorOf(val1)]);
    expect(query.misses(chain).length).toBeGreaterThan(0);
    const before = {
      misses: query.misses(chain),
      feeder: query.feeder(chain, operatorOf(val2)),
      appraiser: query.appraiser(chain, appraiser.address),
      exported: m.genesis!.export(ctx),
    };
    expect(before.feeder).toBe(feeder1.address);
    expectMigrationRestores(ctx, m, P, 1, () => {
      rewrite(
        ctx,
        k.votes,
        oldMap(P, 3, stringKey, k.votes.valueCodec),
        (key) => key,
        (v) => v,
      );
      rewrite(
        ctx,
        k.feeders,
        oldMap(P, 4, stringKey, k.feeders.valueCodec),
        (key) => key,
        (v) => v,
      );
      rewrite(
        ctx,
        k.misses,
        oldMap(P, 5, stringKey, k.misses.valueCodec),
        (key) => key,
        (v) => v,
      );
      rewrite(
        ctx,
        k.appraisers,
        oldMap(P, 6, stringKey, k.appraisers.valueCodec),
        (key) => key,
        (v) => v,
      );
    });
    expect(queryAt<{ counters: unknown }>(ctx, m, Q + "MissCounters", {}).counters).toEqual(before.misses);
    expect(queryAt<{ feeder: string }>(ctx, m, Q + "FeederDelegation", { validator: operatorOf(val2) }).feeder).toBe(before.feeder);
    expect(queryAt<{ appraiser: unknown }>(ctx, m, Q + "GetAppraiser", { address: appraiser.address }).appraiser).toEqual(before.appraiser);
    // The open round's votes are still there to tally.
    expect(m.genesis!.export(ctx)).toEqual(before.exported);
  });
});
