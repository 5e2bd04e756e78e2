import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppraiserStatus } from "../../../src/gen/blockchain/oracle/v1/oracle";
import type { TestChain } from "../../helpers/chain";
import {
  BTC,
  EUR,
  bondValidators,
  deliverBlock,
  expectOracleError,
  keys,
  msg,
  operatorOf,
  oracleChain,
  query,
  queryCode,
  testParams,
} from "./setup";

const { val1, val2, feeder1, appraiser, appraiser2, mallory } = keys;
const [op1, op2] = [operatorOf(val1), operatorOf(val2)];
const PERIOD = 3n;
const tooLong = "1".repeat(65);

// The oracle rules outside clients rely on, through signed txs on one shared chain
// (rounds of 3 blocks; BTC and EUR accepted; at most 3 class ids per appraiser).
describe("oracle conformance", () => {
  let chain: TestChain;

  beforeAll(async () => {
    chain = await oracleChain(testParams({ votePeriod: PERIOD }));
    await bondValidators(chain);
  });
  afterAll(async () => chain.close());

  describe("rule 13: the tally runs in EndBlock at every multiple of vote_period", () => {
    it("votes of a round are agreed at the height that is a multiple of vote_period, stamped with that block's time", async () => {
      while (chain.height % PERIOD !== 0n) await chain.produceBlocks(1);
      const [a, b] = await deliverBlock(chain, [
        [
          val1,
          [
            msg.vote(val1.address, op1, [
              [BTC, "100"],
              [EUR, "1.1"],
            ]),
          ],
        ],
        [
          val2,
          [
            msg.vote(val2.address, op2, [
              [BTC, "102"],
              [EUR, "1.2"],
            ]),
          ],
        ],
      ]);
      expect([a.log, b.log]).toEqual(["", ""]);
      expect(a.height % PERIOD).toBe(1n);
      await chain.produceBlocks(1);
      expect(queryCode(() => query.rate(chain, BTC))).toBe(22);
      await chain.produceBlocks(1);
      expect(chain.height % PERIOD).toBe(0n);
      expect(query.rate(chain, BTC).rate).toMatchObject({
        rate: "100.000000000000000000",
        updatedHeight: chain.height,
        updatedAt: chain.engine.lastBlockTime.seconds,
      });
      expect(query.rate(chain, EUR).rate?.rate).toBe("1.100000000000000000");
    });
  });

  describe("rule 14: MsgSubmitExchangeRates refusal order, one case per step", () => {
    const vote = (key: typeof val1, validator: string, rates: Array<[string, string]>) =>
      chain.deliver(key, [msg.vote(key.address, validator, rates)]);

    it("1. the validator address (sdk 7) first", async () => {
      expect(await vote(mallory, "not-a-valoper", [])).toMatchObject({ codespace: "sdk", code: 7 });
    });
    it("2. a bonded validator (1101) before the feeder", async () => {
      expectOracleError(await vote(mallory, operatorOf(mallory), []), 1101);
    });
    it("3. the validator's feeder (1102) before the entries", async () => {
      expectOracleError(await vote(val2, op1, []), 1102);
    });
    it("4. an empty list (1104)", async () => {
      expectOracleError(await vote(val1, op1, []), 1104);
    });
    it("5. more entries than accepted denoms (1116) before any entry", async () => {
      expectOracleError(
        await vote(val1, op1, [
          ["uatom", "0"],
          [BTC, "1"],
          [EUR, "1"],
        ]),
        1116,
      );
    });
    it("6. per entry: a denom not accepted or repeated (1103)", async () => {
      expectOracleError(await vote(val1, op1, [["uatom", tooLong]]), 1103);
      expectOracleError(
        await vote(val1, op1, [
          [BTC, "1"],
          [BTC, tooLong],
        ]),
        1103,
      );
    });
    it("7. per entry: rate text over 64 bytes (1116), counted in bytes", async () => {
      expectOracleError(
        await vote(val1, op1, [
          [BTC, tooLong],
          ["uatom", "1"],
        ]),
        1116,
      );
      expectOracleError(await vote(val1, op1, [[BTC, "é".repeat(33)]]), 1116);
      expectOracleError(await vote(val1, op1, [[BTC, "x".repeat(64)]]), 1104);
    });
    it("8. per entry: a rate that is not a positive decimal (1104), entry by entry", async () => {
      expectOracleError(
        await vote(val1, op1, [
          [BTC, "0"],
          ["uatom", "1"],
        ]),
        1104,
      );
      expectOracleError(
        await vote(val1, op1, [
          [BTC, "1"],
          [EUR, "-1"],
        ]),
        1104,
      );
    });
  });

  describe("rule 15: MsgDelegateFeeder by anyone but the validator's own account is ErrNotTheFeeder (1102)", () => {
    it("another operator and the feeder itself are refused; the operator delegates and clears", async () => {
      expectOracleError(await chain.deliver(val2, [msg.delegate(val2.address, op1, val2.address)]), 1102);
      await chain.mustDeliver(val1, [msg.delegate(val1.address, op1, feeder1.address)]);
      expectOracleError(await chain.deliver(feeder1, [msg.delegate(feeder1.address, op1, feeder1.address)]), 1102);
      await chain.mustDeliver(val1, [msg.delegate(val1.address, op1, val1.address)]);
      expect(query.feeder(chain, op1)).toBe(val1.address);
    });
  });

  describe("rule 16: MsgApplyAppraiser refusal order, one case per step", () => {
    const apply = (key: typeof val1, classIds: string[], name = "Acme Valuers", credentials = "RICS 1") =>
      chain.deliver(key, [msg.apply(key.address, classIds, name, credentials)]);

    it("1. a blank name or credentials (ErrNotAnAppraiser 1105) before the class ids", async () => {
      expectOracleError(await apply(mallory, ["", "", "", ""], " "), 1105);
      expectOracleError(await apply(mallory, ["", "", "", ""], "Acme", ""), 1105);
    });
    it("2. more class ids than max_class_ids_per_appraiser (1116) before any single id", async () => {
      expectOracleError(await apply(mallory, ["", "", "", ""]), 1116);
    });
    it("3. per id: blank (ErrOutOfScope 1106)", async () => {
      expectOracleError(await apply(mallory, [" ", tooLong]), 1106);
    });
    it("4. per id: over 64 bytes (1116)", async () => {
      expectOracleError(await apply(mallory, [tooLong, " "]), 1116);
    });
    it("5. per id: repeated (1106)", async () => {
      expectOracleError(await apply(mallory, ["art", "art", tooLong]), 1106);
    });
    it("6. then an existing application (1108); no other id format is imposed", async () => {
      await chain.mustDeliver(appraiser, [msg.apply(appraiser.address, ["9 lives", "é/x", "a".repeat(64)])]);
      expect(query.appraiser(chain, appraiser.address)).toMatchObject({
        classIds: ["9 lives", "é/x", "a".repeat(64)],
        status: AppraiserStatus.APPRAISER_STATUS_PENDING,
      });
      expectOracleError(await apply(appraiser, [], ""), 1105);
      expectOracleError(await apply(appraiser, []), 1108);
    });
    it("approval narrows with the same id rules", async () => {
      await chain.mustDeliver(appraiser2, [msg.apply(appraiser2.address)]);
      expect((await chain.govExec([msg.approve(appraiser2.address, true, ["x", "x"])])).code).toBe(1106);
      expect((await chain.govExec([msg.approve(appraiser2.address, true, ["free form"])])).log).toBe("");
      expect(query.appraiser(chain, appraiser2.address).classIds).toEqual(["free form"]);
    });
  });

  describe("rule 17: vote_threshold_bps within 5000..10000", () => {
    it.each([4999n, 10_001n, 0n])("governance may not set %s", async (bps) => {
      expect(await chain.govExec([msg.updateParams(testParams({ votePeriod: PERIOD, voteThresholdBps: bps }))])).toMatchObject({
        codespace: "sdk",
        code: 18,
      });
    });
    it.each([5000n, 10_000n])("governance may set %s", async (bps) => {
      expect((await chain.govExec([msg.updateParams(testParams({ votePeriod: PERIOD, voteThresholdBps: bps }))])).log).toBe("");
      expect(query.params(chain).voteThresholdBps).toBe(bps);
    });
    it("genesis below 5000 is refused", async () => {
      await expect(oracleChain(testParams({ voteThresholdBps: 4999n }))).rejects.toThrow(/vote_threshold_bps/);
    });
  });
});
