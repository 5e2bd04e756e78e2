import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CycleStatus } from "../../../src/gen/blockchain/netting/v1/netting";
import type { Params } from "../../../src/gen/blockchain/netting/v1/params";
import * as q from "../../../src/gen/blockchain/netting/v1/query";
import { createRestServer, DevBackend } from "../../../src/rest";
import { silentLogger } from "../../../src/types/logger";
import type { TestChain } from "../../helpers/chain";
import { CYCLE, EUR, Q, USD, currentCycle, msg, nettingChain } from "./setup";

// Rules 47–48 of the conformance round: a chain with netting off at genesis (the params rules
// run on it too), and one with netting on.

const params = (chain: TestChain): Params => chain.query(Q + "Params", q.QueryParamsRequest, {}, q.QueryParamsResponse).params!;

describe("netting off at genesis", () => {
  let chain: TestChain;
  let rest: FastifyInstance;
  beforeAll(async () => {
    chain = await nettingChain({ netting: { params: { cycle_blocks: "0", denom_policies: [], max_hold_cycles: "0" } } });
    rest = createRestServer({ app: chain.app, node: new DevBackend(chain.engine, chain.app), logger: silentLogger });
    await rest.ready();
    await chain.produceBlocks(2);
  });
  afterAll(async () => {
    await rest.close();
    await chain.close();
  });

  it("rule 48: CurrentCycle before any cycle opened answers 200 with closes_at_height 0, not an error", async () => {
    const res = await rest.inject({ method: "GET", url: "/blockchain/netting/v1/cycle/current" });
    expect({ status: res.statusCode, body: JSON.parse(res.payload) }).toEqual({
      status: 200,
      body: {
        cycle: { id: "0", opened_at_height: "0", closed_at_height: "0", status: "CYCLE_STATUS_UNSPECIFIED", outcomes: [] },
        closes_at_height: "0",
      },
    });
  });

  describe("rule 47: MsgUpdateParams refusals", () => {
    const policy = (denom: string, grossThreshold = "100") => ({ denom, grossThreshold, aggregateGrossThreshold: "0" });
    const refused: Array<[string, Partial<Params>]> = [
      ["cycle_blocks above 1,000,000", { cycleBlocks: 1_000_001n }],
      ["two policies for one denom", { denomPolicies: [policy(EUR), policy(EUR, "200")] }],
      ["an invalid denom", { denomPolicies: [policy("1eur")] }],
      ["an empty gross_threshold", { denomPolicies: [policy(EUR, "")] }],
      ["a negative gross_threshold", { denomPolicies: [policy(EUR, "-1")] }],
    ];
    for (const [name, over] of refused) {
      it(name, async () => {
        const before = params(chain);
        const res = await chain.govExec([msg.updateParams({ cycleBlocks: 0n, denomPolicies: [], maxHoldCycles: 0n, ...over })]);
        expect(res.code).not.toBe(0);
        expect(params(chain)).toEqual(before);
      });
    }

    it("accepts cycle_blocks of exactly 1,000,000 and a zero gross_threshold; the first cycle opens at once", async () => {
      const next = { cycleBlocks: 1_000_000n, denomPolicies: [policy(EUR, "0"), policy(USD)], maxHoldCycles: 0n };
      expect((await chain.govExec([msg.updateParams(next)])).log).toBe("");
      expect(params(chain)).toEqual(next);
      expect(currentCycle(chain)).toMatchObject({ cycle: { id: 1n, status: CycleStatus.CYCLE_STATUS_OPEN }, closesAtHeight: 1_000_000n });
    });
  });
});

describe("netting on at genesis", () => {
  let chain: TestChain;
  beforeAll(async () => {
    chain = await nettingChain();
  });
  afterAll(async () => chain.close());

  it("rule 48: the first cycle opens at chain start, before the first block ends", async () => {
    expect(currentCycle(chain)).toMatchObject({
      cycle: { id: 1n, openedAtHeight: 0n, status: CycleStatus.CYCLE_STATUS_OPEN },
      closesAtHeight: CYCLE,
    });
  });
});
