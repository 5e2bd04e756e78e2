import { describe, expect, it } from "vitest";
import { valAddress } from "../../../src/types/address";
import { ImportedFollower } from "../../helpers/import-export";
import { BTC, EUR, bondValidators, deliverBlock, keys, msg, operatorOf, oracleChain, query, testParams } from "./setup";

const { val1, val2, val3 } = keys;

/**
 * Regression (found by the simulation, docs/reliability.md): the open round's votes were not
 * exported, so a chain imported mid-round started without them: its genesis app hash differed
 * from the exporting chain's, and its next tally would have agreed a different rate.
 */
describe("oracle: a chain exported mid-round keeps the round's votes", () => {
  it("imports with the same app hash, follows with the same app hashes and tallies the exported votes", async () => {
    const period = 6n;
    const chain = await oracleChain(testParams({ votePeriod: period }));
    try {
      await bondValidators(chain);
      // Votes in block V, the export after it, the round's tally at the end of block V + 2.
      while ((chain.height + 3n) % period !== 0n) await chain.engine.produceBlock();
      await deliverBlock(chain, [
        [
          val1,
          [
            msg.vote(val1.address, operatorOf(val1), [
              [EUR, "1.10"],
              [BTC, "100"],
            ]),
          ],
        ],
        [val2, [msg.vote(val2.address, operatorOf(val2), [[BTC, "102"]])]],
      ]);
      const exported = (chain.app.exportAppState() as Record<string, any>).oracle;
      expect(exported.votes.map((v: any) => [v.validator === operatorOf(val1) ? "val1" : "val2", v.denom])).toEqual(
        // In store order: by the operator's address bytes.
        Buffer.compare(valAddress.decode(operatorOf(val1)), valAddress.decode(operatorOf(val2))) < 0
          ? [
              ["val1", BTC],
              ["val1", EUR],
              ["val2", BTC],
            ]
          : [
              ["val2", BTC],
              ["val1", BTC],
              ["val1", EUR],
            ],
      );

      const follower = await ImportedFollower.of(chain);
      try {
        expect(follower.initAppHash).toBe(Buffer.from(chain.app.store.lastAppHash).toString("hex"));
        await chain.mustDeliver(val3, [msg.vote(val3.address, operatorOf(val3), [[BTC, "150"]])]);
        await chain.engine.produceBlock();
        // 80 of 90 voted BTC (two of them before the export): sorted 100, 102, 150, half crossed at 102.
        expect(query.rate(chain, BTC).rate).toMatchObject({
          rate: "102.000000000000000000",
          votingPowerBps: 8888n,
          updatedHeight: chain.height,
        });
        expect(await follower.follow(chain, chain.height - 1n)).toEqual({ codes: [0], sameAppHash: true });
        expect(await follower.follow(chain, chain.height)).toEqual({ codes: [], sameAppHash: true });
      } finally {
        await follower.close();
      }
    } finally {
      await chain.close();
    }
  });
});
