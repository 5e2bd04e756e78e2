import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CycleStatus, DenomStatus, SettlementMode } from "../../../src/gen/blockchain/netting/v1/netting";
import type { TestChain } from "../../helpers/chain";
import { blockEventsOf } from "../../helpers/module-setup";
import { EUR, USD, currentCycle, cycle, eventOf, held, keys, msg, nettingChain, obligations, position, throughBoundary } from "./setup";

const { bankA, bankB, bankC } = keys;
const A = bankA.address;
const B = bankB.address;
const C = bankC.address;
const CB = 4n;
const OVERDUE = "blockchain.netting.v1.EventHoldOverdue";
/** Long enough for one test's submissions to land in one cycle. */
const AGG_CB = 12n;
const j = (v: string | number | bigint) => JSON.stringify(String(v));

describe("netting: aggregate_gross_threshold caps what one cycle nets per currency", () => {
  let chain: TestChain;

  beforeAll(async () => {
    chain = await nettingChain({
      netting: {
        params: {
          cycle_blocks: String(AGG_CB),
          max_hold_cycles: "0",
          denom_policies: [
            { denom: EUR, gross_threshold: "1000000", aggregate_gross_threshold: "1000" },
            { denom: USD, gross_threshold: "1000000", aggregate_gross_threshold: "0" },
          ],
        },
      },
    });
    await chain.produceBlocks(1);
    for (const k of [bankA, bankB, bankC])
      await chain.mustDeliver(k, [
        msg.post(k.address, [
          { denom: EUR, amount: "5000" },
          { denom: USD, amount: "5000" },
        ]),
      ]);
    await throughBoundary(chain, AGG_CB);
  });
  afterAll(async () => chain.close());

  it("obligations net up to the cap (reaching it exactly still nets); one that would pass it settles gross", async () => {
    const open = currentCycle(chain).cycle!.id;
    const mode = async (key: typeof bankA, to: string, amount: string, denom = EUR) =>
      eventOf(await chain.mustDeliver(key, [msg.submit(key.address, to, amount, denom)]), "blockchain.netting.v1.EventObligationSubmitted")!
        .mode;
    expect(await mode(bankA, B, "600")).toBe('"SETTLEMENT_MODE_NET"');
    expect(await mode(bankB, C, "400")).toBe('"SETTLEMENT_MODE_NET"'); // 1000: at the cap
    const [c0, a0] = [chain.balance(C, EUR), chain.balance(A, EUR)];
    expect(await mode(bankC, A, "1")).toBe('"SETTLEMENT_MODE_GROSS"'); // 1001 would pass it
    expect([chain.balance(C, EUR), chain.balance(A, EUR)]).toEqual([c0 - 1n, a0 + 1n]);
    // Zero means no cap: USD nets far beyond 1000 in the same cycle.
    expect(await mode(bankA, B, "3000", USD)).toBe('"SETTLEMENT_MODE_NET"');
    expect(await mode(bankB, C, "3000", USD)).toBe('"SETTLEMENT_MODE_NET"');
    const outcomes = currentCycle(chain).cycle!.outcomes;
    expect(outcomes.map((d) => [d.denom, d.grossAmount, d.obligationCount])).toEqual([
      [EUR, "1000", 2n],
      [USD, "6000", 2n],
    ]);
    // The gross one is recorded against the open cycle but moves no position.
    expect(obligations(chain, C, open).map((o) => [o.amount, o.mode])).toEqual([
      ["400", SettlementMode.SETTLEMENT_MODE_NET],
      ["1", SettlementMode.SETTLEMENT_MODE_GROSS],
      ["3000", SettlementMode.SETTLEMENT_MODE_NET],
    ]);
    expect(position(chain, C).find((e) => e.denom === EUR)!.netPosition).toBe("400");
  });

  it("a malformed aggregate_gross_threshold is refused through governance (sdk 18) and nothing changes", async () => {
    const before = chain.app.exportAppState() as Record<string, any>;
    const bad = {
      cycleBlocks: AGG_CB,
      maxHoldCycles: 0n,
      denomPolicies: [{ denom: EUR, grossThreshold: "1000000", aggregateGrossThreshold: "-1" }],
    };
    expect(await chain.govExec([msg.updateParams(bad)])).toMatchObject({ codespace: "sdk", code: 18 });
    expect((chain.app.exportAppState() as Record<string, any>).netting.params).toEqual(before.netting.params);
  });

  it("the cap is per cycle: the next cycle nets again from zero", async () => {
    const closed = currentCycle(chain).cycle!.id;
    await throughBoundary(chain, AGG_CB);
    expect(cycle(chain, closed).cycle!.status).toBe(CycleStatus.CYCLE_STATUS_SETTLED);
    const res = await chain.mustDeliver(bankA, [msg.submit(A, C, "1000")]);
    expect(eventOf(res, "blockchain.netting.v1.EventObligationSubmitted")).toMatchObject({
      mode: '"SETTLEMENT_MODE_NET"',
      cycle_id: j(closed + 1n),
    });
  });
});

describe("netting: max_hold_cycles reports a slice held too long (EventHoldOverdue)", () => {
  let chain: TestChain;
  let heldSince = 0n;

  beforeAll(async () => {
    // Cycle 1 imported with an unbalanced USD slice: it can never clear.
    chain = await nettingChain({
      netting: {
        params: {
          cycle_blocks: String(CB),
          max_hold_cycles: "2",
          denom_policies: [{ denom: USD, gross_threshold: "1000000", aggregate_gross_threshold: "0" }],
        },
        cycles: [
          {
            id: "1",
            opened_at_height: "1",
            closed_at_height: "0",
            status: "CYCLE_STATUS_OPEN",
            outcomes: [
              { denom: USD, status: "DENOM_STATUS_OPEN", gross_amount: "10", net_amount: "0", obligation_count: "1", hold_reason: "" },
            ],
          },
        ],
        positions: [
          { cycle_id: "1", denom: USD, participant: A, amount: "-10" },
          { cycle_id: "1", denom: USD, participant: B, amount: "5" },
        ],
        current_cycle: "1",
        cycle_count: "2",
        obligation_count: "1",
      },
    });
    await chain.mustDeliver(bankA, [msg.post(A, [{ denom: USD, amount: "50" }])]);
  });
  afterAll(async () => chain.close());

  it("no report while the slice has been refused at no more than max_hold_cycles boundaries", async () => {
    expect(await throughBoundary(chain, CB, OVERDUE)).toEqual([]); // closing cycle 1: held (1)
    heldSince = chain.height;
    expect(held(chain)).toEqual([expect.objectContaining({ cycleId: 1n, denom: USD, heldSinceHeight: heldSince })]);
    expect(await throughBoundary(chain, CB, OVERDUE)).toEqual([]); // closing cycle 2: refused again (2)
  });

  it("beyond it every failed retry reports the slice, counted by cycle id; it stays held", async () => {
    expect(await throughBoundary(chain, CB, OVERDUE)).toEqual([
      { cycle_id: j(1), denom: j(USD), held_since: j(heldSince), cycles_held: j(3), bound: j(2), mode: "EndBlock" },
    ]);
    // A longer cycle_blocks does not change the count: it is the number of cycles, not blocks.
    const params = {
      cycleBlocks: CB * 2n,
      denomPolicies: [{ denom: USD, grossThreshold: "1000000", aggregateGrossThreshold: "0" }],
      maxHoldCycles: 2n,
    };
    expect((await chain.govExec([msg.updateParams(params)])).log).toBe("");
    expect(await throughBoundary(chain, CB * 2n, OVERDUE)).toEqual([
      { cycle_id: j(1), denom: j(USD), held_since: j(heldSince), cycles_held: j(4), bound: j(2), mode: "EndBlock" },
    ]);
    expect(held(chain).map((h) => [h.cycleId, h.denom])).toEqual([[1n, USD]]);
    expect(cycle(chain, 1n).cycle!.outcomes[0].status).toBe(DenomStatus.DENOM_STATUS_HELD);
  });

  it("governance abandons it: EventHeldSliceAbandoned carries the same count; raising the bound or 0 stops reports", async () => {
    const { result, events } = await blockEventsOf(chain, () => chain.govExec([msg.abandon(1n, USD, "overdue")]));
    expect(result.log).toBe("");
    expect(events("blockchain.netting.v1.EventHeldSliceAbandoned")).toEqual([
      expect.objectContaining({ cycle_id: j(1), denom: j(USD), cycles_held: j(4), reason: j("overdue"), released: JSON.stringify([A, B]) }),
    ]);
    expect(held(chain)).toEqual([]);
    expect(await throughBoundary(chain, CB * 2n, OVERDUE)).toEqual([]);
  });
});
