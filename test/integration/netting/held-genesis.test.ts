import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importGenesis } from "../../helpers/genesis-import";
import { CycleStatus, DenomStatus } from "../../../src/gen/blockchain/netting/v1/netting";
import type { TestChain } from "../../helpers/chain";
import {
  CYCLE,
  EUR,
  USD,
  currentCycle,
  cycle,
  expectNettingError,
  held,
  keys,
  msg,
  nettingChain,
  position,
  throughBoundary,
} from "./setup";

const A = keys.bankA.address;
const B = keys.bankB.address;

const outcome = (denom: string, gross: string, count: string) => ({
  denom,
  status: "DENOM_STATUS_OPEN",
  gross_amount: gross,
  net_amount: "0",
  obligation_count: count,
  hold_reason: "",
});

describe("netting: held slices, retries, abandonment and genesis", () => {
  let chain: TestChain;

  beforeAll(async () => {
    // An open cycle imported with a EUR slice A owes beyond its reserve and an unbalanced USD slice.
    chain = await nettingChain({
      netting: {
        cycles: [
          {
            id: "1",
            opened_at_height: "1",
            closed_at_height: "0",
            status: "CYCLE_STATUS_OPEN",
            outcomes: [outcome(EUR, "300", "1"), outcome(USD, "10", "1")],
          },
        ],
        positions: [
          { cycle_id: "1", denom: EUR, participant: A, amount: "-300" },
          { cycle_id: "1", denom: EUR, participant: B, amount: "300" },
          { cycle_id: "1", denom: USD, participant: A, amount: "-10" },
          { cycle_id: "1", denom: USD, participant: B, amount: "5" },
        ],
        current_cycle: "1",
        cycle_count: "2",
        obligation_count: "1",
      },
    });
  });
  afterAll(async () => chain.close());

  it("OPEN → HELD: a refused currency is held with its reason (1107 cover, 1109 unbalanced), nothing moves", async () => {
    await chain.mustDeliver(keys.bankA, [
      msg.post(A, [
        { denom: EUR, amount: "100" },
        { denom: USD, amount: "50" },
      ]),
    ]);
    expect(position(chain, A)[0]).toEqual({ denom: EUR, reserve: "100", locked: "300", available: "0", netPosition: "-300" });
    expectNettingError(await chain.deliver(keys.bankA, [msg.withdraw(A, [{ denom: EUR, amount: "1" }])]), 1106);
    const heldEvents = await throughBoundary(chain, CYCLE, "blockchain.netting.v1.EventCycleHeld");
    expect(heldEvents.map((e) => e.denom)).toEqual([`"${EUR}"`, `"${USD}"`]);
    const c = cycle(chain, 1n).cycle!;
    expect(c.status).toBe(CycleStatus.CYCLE_STATUS_HELD);
    expect(c.outcomes.map((d) => [d.denom, d.status, d.netAmount])).toEqual([
      [EUR, DenomStatus.DENOM_STATUS_HELD, "0"],
      [USD, DenomStatus.DENOM_STATUS_HELD, "0"],
    ]);
    expect(c.outcomes[0].holdReason).toMatch(/insufficient reserve/);
    expect(c.outcomes[1].holdReason).toMatch(/positions do not sum to zero/);
    expect(held(chain)).toEqual([
      { cycleId: 1n, denom: EUR, reason: c.outcomes[0].holdReason, heldSinceHeight: chain.height },
      { cycleId: 1n, denom: USD, reason: c.outcomes[1].holdReason, heldSinceHeight: chain.height },
    ]);
    expect(position(chain, A)[0]).toMatchObject({ reserve: "100", locked: "300" });
    // A held currency never blocks the next cycle.
    expect(currentCycle(chain).cycle).toMatchObject({ id: 2n, status: CycleStatus.CYCLE_STATUS_OPEN });
  });

  it("genesis export → import keeps the open cycle and held slices, with the same app hash", async () => {
    const state = chain.app.exportAppState() as Record<string, any>;
    expect(state.netting.current_cycle).toBe("2");
    expect(state.netting.positions).toHaveLength(4);
    const height = String(chain.height + 1n);
    const a = await importGenesis({ ...chain.genesis, initial_height: height, app_state: state });
    const b = await importGenesis({ ...chain.genesis, initial_height: height, app_state: a.exported });
    expect(a.exported.netting).toEqual(state.netting);
    expect(b.exported.netting).toEqual(state.netting);
    expect(b.appHash).toBe(a.appHash);
  });

  it("HELD slice → SETTLED on a later boundary once covered (EventCycleSettled retried = true); governance abandons the other", async () => {
    await chain.mustDeliver(keys.bankA, [msg.post(A, [{ denom: EUR, amount: "200" }])]);
    // With cycle_blocks = 0 nothing retries, even when the slice could now clear.
    const params = {
      cycleBlocks: 0n,
      maxHoldCycles: 0n,
      denomPolicies: [EUR, USD].map((denom) => ({ denom, grossThreshold: "1000000", aggregateGrossThreshold: "0" })),
    };
    expect((await chain.govExec([msg.updateParams(params)])).log).toBe("");
    await chain.produceBlocks(Number(CYCLE) + 1);
    expect(held(chain).map((h) => h.denom)).toEqual([EUR, USD]);
    expect((await chain.govExec([msg.updateParams({ ...params, cycleBlocks: CYCLE })])).log).toBe("");
    const settled = await throughBoundary(chain);
    expect(settled).toHaveLength(1);
    expect(settled[0]).toMatchObject({
      cycle_id: '"1"',
      denom: `"${EUR}"`,
      gross_amount: '"300"',
      net_amount: '"300"',
      obligation_count: '"1"',
      participant_count: '"2"',
      retried: "true",
    });
    const c = cycle(chain, 1n).cycle!;
    expect(c.outcomes[0]).toMatchObject({ status: DenomStatus.DENOM_STATUS_SETTLED, netAmount: "300", holdReason: "" });
    expect(c.status).toBe(CycleStatus.CYCLE_STATUS_HELD);
    // A's EUR reserve is spent (no entry left); its USD reserve is still committed to the held slice.
    expect(position(chain, A)).toEqual([{ denom: USD, reserve: "50", locked: "10", available: "40", netPosition: "0" }]);
    expect(position(chain, B)[0]).toMatchObject({ denom: EUR, reserve: "300" });
    expect(held(chain).map((h) => h.denom)).toEqual([USD]);
    const res = await chain.govExec([msg.abandon(1n, USD, "unbalanced import")]);
    expect(res.log).toBe("");
    expect(held(chain)).toEqual([]);
    expect(position(chain, A)).toEqual([{ denom: USD, reserve: "50", locked: "0", available: "50", netPosition: "0" }]);
  });

  it("netting off from genesis: no cycle (CurrentCycle answers an empty cycle closing at 0), obligations gross", async () => {
    const off = await nettingChain({ netting: { params: { cycle_blocks: "0", denom_policies: [], max_hold_cycles: "0" } } });
    try {
      await off.produceBlocks(CYCLE > 3n ? 3 : 1);
      expect(currentCycle(off)).toMatchObject({ cycle: { id: 0n, openedAtHeight: 0n }, closesAtHeight: 0n });
      const b0 = off.balance(B, EUR);
      await off.mustDeliver(keys.bankA, [msg.submit(A, B, "5")]);
      expect(off.balance(B, EUR)).toBe(b0 + 5n);
    } finally {
      await off.close();
    }
  });
});
