import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppraiserStatus } from "../../../src/gen/blockchain/oracle/v1/oracle";
import { accAddress } from "../../../src/types/address";
import type { TestChain } from "../../helpers/chain";
import { BTC, EUR, bondValidators, deliverBlock, keys, msg, operatorOf, oracleChain, query, testParams } from "./setup";

const { appraiser, appraiser2, val1, val2, feeder1 } = keys;
/** Genesis time of the test chain (2026-01-01T00:00:00Z). */
const GENESIS = 1_767_225_600n;

const appraisal = (over: Record<string, unknown>) => ({
  class_id: "land-parcels",
  nft_id: "parcel-1",
  value: "100",
  value_denom: "uusd",
  appraiser: appraiser.address,
  valued_at: String(GENESIS - 1000n),
  submitted_at: String(GENESIS - 900n),
  submitted_height: "3",
  method: "comparables",
  report_uri: "ipfs://r1",
  report_hash: "aa",
  superseded: false,
  ...over,
});

function section() {
  return {
    params: {
      vote_period: "1000",
      vote_threshold_bps: "5000",
      quote_symbol: "USD",
      accepted_denoms: [BTC, EUR],
      max_rate_age_seconds: "60",
      max_appraisal_age_seconds: "86400",
      max_class_ids_per_appraiser: "3",
    },
    exchange_rates: [
      { denom: BTC, rate: "64000.500000000000000000", updated_at: String(GENESIS - 30n), updated_height: "9", voting_power_bps: "7500" },
    ],
    appraisers: [
      {
        address: appraiser.address,
        name: "Acme",
        credentials: "RICS",
        class_ids: ["land-parcels"],
        status: "APPRAISER_STATUS_APPROVED",
        approved_at_height: "2",
      },
      {
        address: appraiser2.address,
        name: "Old",
        credentials: "",
        class_ids: [],
        status: "APPRAISER_STATUS_REJECTED",
        approved_at_height: "1",
      },
      // Export lists them in store order: by address bytes.
    ].sort((a, b) => Buffer.compare(accAddress.decode(a.address), accAddress.decode(b.address))),
    appraisals: [
      appraisal({ value: "300", valued_at: String(GENESIS - 100n), submitted_height: "8", report_uri: "ipfs://r3" }),
      appraisal({ nft_id: "parcel-2", appraiser: appraiser2.address, valued_at: String(GENESIS - 200_000n) }),
    ],
    feeder_delegations: [{ validator: operatorOf(val1), feeder: feeder1.address }],
    miss_counters: [{ validator: operatorOf(val2), misses: "4", windows: "10" }],
    appraisal_history: [
      appraisal({ value: "200", submitted_height: "5", report_uri: "ipfs://r2", superseded: true }),
      appraisal({ value: "100", submitted_height: "3", superseded: true }),
    ],
    votes: [],
  };
}

describe("oracle genesis", () => {
  let chain: TestChain;

  beforeAll(async () => {
    chain = await oracleChain(testParams(), (s) => {
      s.oracle = section();
    });
  });
  afterAll(async () => chain.close());

  it("imports rates, appraisers, feeders, counters and appraisals; Appraisal answers stale, age and approval at query time", () => {
    expect(query.rate(chain, BTC)).toMatchObject({ rate: { rate: "64000.500000000000000000", votingPowerBps: 7500n }, stale: false });
    expect(query.feeder(chain, operatorOf(val1))).toBe(feeder1.address);
    expect(query.misses(chain)).toEqual([{ validator: operatorOf(val2), misses: 4n, windows: 10n }]);
    const now = chain.engine.lastBlockTime.seconds;
    const p1 = query.appraisal(chain, "land-parcels", "parcel-1");
    expect(p1).toMatchObject({
      appraisal: { value: "300", superseded: false },
      stale: false,
      ageSeconds: now - (GENESIS - 100n),
      appraiserStillApproved: true,
    });
    // Older than max_appraisal_age_seconds, and its appraiser no longer approved.
    expect(query.appraisal(chain, "land-parcels", "parcel-2")).toMatchObject({
      stale: true,
      ageSeconds: now - (GENESIS - 200_000n),
      appraiserStillApproved: false,
    });
    // History newest first, the current one on top, older ones marked superseded.
    expect(query.history(chain, "land-parcels", "parcel-1").map((a) => [a.value, a.superseded])).toEqual([
      ["300", false],
      ["200", true],
      ["100", true],
    ]);
  });

  it("appraiser_still_approved follows revocation", async () => {
    expect((await chain.govExec([msg.revoke(appraiser.address)])).log).toBe("");
    expect(query.appraisal(chain, "land-parcels", "parcel-1").appraiserStillApproved).toBe(false);
    expect(query.appraiser(chain, appraiser.address).status).toBe(AppraiserStatus.APPRAISER_STATUS_REJECTED);
  });

  it("export → import gives the same state and the same app hash", async () => {
    const a = await oracleChain(testParams({ votePeriod: 1000n }), (s) => {
      s.oracle = section();
    });
    try {
      const exported = (a.app.exportAppState() as Record<string, any>).oracle;
      expect(exported).toEqual(section());
      const b = await oracleChain(testParams({ votePeriod: 1000n }), (s) => {
        s.oracle = exported;
      });
      try {
        expect(Buffer.from(b.app.info({} as never).lastBlockAppHash).toString("hex")).toBe(
          Buffer.from(a.app.info({} as never).lastBlockAppHash).toString("hex"),
        );
      } finally {
        await b.close();
      }
    } finally {
      await a.close();
    }
  });

  it("a live chain's export (votes, rates, misses) round-trips to the same app hash", async () => {
    const live = await oracleChain();
    try {
      await bondValidators(live);
      await deliverBlock(live, [
        [
          val1,
          [
            msg.vote(val1.address, operatorOf(val1), [
              [BTC, "10"],
              [EUR, "1"],
            ]),
          ],
        ],
        [val2, [msg.vote(val2.address, operatorOf(val2), [[BTC, "11"]])]],
      ]);
      await live.mustDeliver(val1, [msg.delegate(val1.address, operatorOf(val1), feeder1.address)]);
      await live.govExec([msg.updateParams(testParams({ votePeriod: 1000n }))]);
      await live.mustDeliver(appraiser, [msg.apply(appraiser.address)]);
      const oracle = (live.app.exportAppState() as Record<string, any>).oracle;
      // EUR had 30 of 90 behind it: below the threshold, no rate.
      expect(oracle.exchange_rates.map((r: any) => [r.denom, r.rate])).toEqual([[BTC, "10.000000000000000000"]]);
      const c1 = await oracleChain(testParams(), (s) => {
        s.oracle = oracle;
      });
      const c2 = await oracleChain(testParams(), (s) => {
        s.oracle = (c1.app.exportAppState() as Record<string, any>).oracle;
      });
      try {
        expect((c1.app.exportAppState() as Record<string, any>).oracle).toEqual(oracle);
        expect(Buffer.from(c2.app.info({} as never).lastBlockAppHash)).toEqual(Buffer.from(c1.app.info({} as never).lastBlockAppHash));
      } finally {
        await c1.close();
        await c2.close();
      }
    } finally {
      await live.close();
    }
  });

  it.each([
    ["a history entry without a current appraisal", { appraisal_history: [appraisal({ nft_id: "lonely", superseded: true })] }],
    ["a current appraisal marked superseded", { appraisals: [appraisal({ superseded: true })], appraisal_history: [] }],
    [
      "a non-positive rate",
      { exchange_rates: [{ denom: BTC, rate: "0.000000000000000000", updated_at: "1", updated_height: "1", voting_power_bps: "1" }] },
    ],
    [
      "an unspecified appraiser status",
      {
        appraisers: [
          {
            address: appraiser.address,
            name: "A",
            credentials: "",
            class_ids: [],
            status: "APPRAISER_STATUS_UNSPECIFIED",
            approved_at_height: "0",
          },
        ],
      },
    ],
    ["more misses than windows", { miss_counters: [{ validator: operatorOf(val2), misses: "11", windows: "10" }] }],
    ["a zero vote period", { params: { ...section().params, vote_period: "0" } }],
  ])("refuses genesis with %s", async (_label, over) => {
    await expect(
      oracleChain(testParams(), (s) => {
        s.oracle = { ...section(), ...over };
      }),
    ).rejects.toThrow();
  });
});
