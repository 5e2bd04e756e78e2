import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DenomStatus } from "../../../src/gen/blockchain/netting/v1/netting";
import type { NettingKeeper } from "../../../src/modules/netting";
import type { TestChain } from "../../helpers/chain";
import { EUR, PARTICIPANTS, USD, msg, nettingChain } from "./setup";
import { prng } from "../../helpers/prng";

const CB = 4n;
const DENOMS = [EUR, USD, "ugbp"];

describe("netting conservation (property, seeded)", () => {
  let chain: TestChain;
  let k: NettingKeeper;

  beforeAll(async () => {
    chain = await nettingChain({
      netting: {
        params: {
          cycle_blocks: String(CB),
          max_hold_cycles: "0",
          denom_policies: DENOMS.map((denom) => ({ denom, gross_threshold: "5000", aggregate_gross_threshold: "0" })),
        },
      },
    });
    k = (chain.app.modules.modules.find((m) => m.name === "netting") as unknown as { keeper: NettingKeeper }).keeper;
  });
  afterAll(async () => chain.close());

  it("over many cycles: netting never changes reserves per currency, positions sum to zero, available ≥ 0, every obligation in one slice", async () => {
    const rnd = prng(18);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
    // Reserve totals per currency as only posts, withdrawals and nothing else may move them.
    const expected = new Map<string, bigint>(DENOMS.map((d) => [d, 0n]));
    let accepted = 0;
    for (let block = 0; block < 200; block++) {
      const key = pick(PARTICIPANTS);
      const denom = pick(DENOMS.slice(0, 2)); // ugbp: no funds, every attempt refused, never moves anything
      const r = rnd();
      const ctx = chain.app.queryContext();
      if (r < 0.3) {
        const amount = String(1 + Math.floor(rnd() * 3000));
        const res = await chain.deliver(key, [msg.post(key.address, [{ denom, amount }])]);
        if (res.code === 0) expected.set(denom, expected.get(denom)! + BigInt(amount));
      } else if (r < 0.4) {
        const have = k.reserveOf(ctx, key.address, denom);
        const amount = have === 0n ? "1" : String(1n + BigInt(Math.floor(rnd() * Number(have))));
        const res = await chain.deliver(key, [msg.withdraw(key.address, [{ denom, amount }])]);
        if (res.code === 0) expected.set(denom, expected.get(denom)! - BigInt(amount));
        else expect([1106, 1107]).toContain(res.code);
      } else {
        const to = pick(PARTICIPANTS.filter((p) => p !== key));
        const amount = String(1 + Math.floor(rnd() * 6000));
        const res = await chain.deliver(key, [msg.submit(key.address, to.address, amount, denom, new Uint8Array(32).fill(block % 256))]);
        if (res.code === 0) accepted++;
        else expect(res.code).toBe(1105);
      }
      check();
    }
    expect(accepted).toBeGreaterThan(50);
    const settledSlices = [...k.cycles.iterate(chain.app.queryContext())]
      .flatMap(([, c]) => c.outcomes)
      .filter((d) => d.status === DenomStatus.DENOM_STATUS_SETTLED);
    expect(settledSlices.length).toBeGreaterThan(20);

    function check(): void {
      const ctx = chain.app.queryContext();
      const totals = new Map<string, bigint>(DENOMS.map((d) => [d, 0n]));
      for (const [, r] of k.reserves.iterate(ctx)) totals.set(r.denom, (totals.get(r.denom) ?? 0n) + BigInt(r.amount));
      for (const d of DENOMS) expect(totals.get(d)).toBe(expected.get(d));
      // Positions per (cycle, denom) sum to zero.
      const sums = new Map<string, bigint>();
      for (const [, p] of k.positions.iterate(ctx))
        sums.set(`${p.cycleId}/${p.denom}`, (sums.get(`${p.cycleId}/${p.denom}`) ?? 0n) + BigInt(p.amount));
      for (const v of sums.values()) expect(v).toBe(0n);
      for (const p of PARTICIPANTS)
        for (const e of k.positionEntries(ctx, p.address)) {
          expect(BigInt(e.available)).toBeGreaterThanOrEqual(0n);
          expect(BigInt(e.locked)).toBeLessThanOrEqual(BigInt(e.reserve));
        }
      // Every netted obligation counted in exactly one slice of its cycle; outcome counts match.
      const counts = new Map<string, bigint>();
      for (const [, o] of k.obligations.iterate(ctx)) {
        if (o.mode === 2) counts.set(`${o.cycleId}/${o.denom}`, (counts.get(`${o.cycleId}/${o.denom}`) ?? 0n) + 1n);
      }
      const fromOutcomes = new Map<string, bigint>();
      for (const [, c] of k.cycles.iterate(ctx)) {
        for (const d of c.outcomes) {
          expect([DenomStatus.DENOM_STATUS_OPEN, DenomStatus.DENOM_STATUS_SETTLED, DenomStatus.DENOM_STATUS_HELD]).toContain(d.status);
          fromOutcomes.set(`${c.id}/${d.denom}`, d.obligationCount);
        }
      }
      expect(fromOutcomes).toEqual(counts);
    }
  });
});
