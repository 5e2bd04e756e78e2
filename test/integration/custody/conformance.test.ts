import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as q from "../../../src/gen/blockchain/custody/v1/query";
import type { Params } from "../../../src/gen/blockchain/custody/v1/params";
import type { CustodyKeeper } from "../../../src/modules/custody";
import { moduleAddress } from "../../../src/types/address";
import type { Module } from "../../../src/types/module";
import type { TestChain } from "../../helpers/chain";
import { BTC, Q, custodyChain, eventOf, expectCustodyError, keys, msg, sdkCode, setUpAsset, solvency } from "./setup";

const { a1, a2, a3, alice, bob, mallory } = keys;
/** Registered at genesis: a paused asset, and one with a deposit governance rejected (attested by a1). */
const PAUSED = "cgold";
const EUR = "ceur";
const params = (over: Partial<Params> = {}): Params => ({
  attestationThreshold: 2,
  redemptionDelayBlocks: 3n,
  feeBps: 0,
  reserveReportMaxAgeBlocks: 10n,
  ...over,
});

function solvencyOf(chain: TestChain, denom: string) {
  return solvency(chain).find((s) => s.denom === denom)!;
}

function redemption(chain: TestChain, id: string) {
  return chain.query(Q + "Redemption", q.QueryRedemptionRequest, { id }, q.QueryRedemptionResponse).redemption!;
}

// The custody rules outside clients rely on, through signed txs on one shared chain.
describe("custody conformance", () => {
  let chain: TestChain;

  beforeAll(async () => {
    chain = await custodyChain((c) => {
      const asset = (denom: string, paused: boolean) => ({
        denom,
        source_chain: "vault",
        symbol: denom.slice(1).toUpperCase(),
        exponent: 0,
        paused,
      });
      c.assets = [asset(PAUSED, true), asset(EUR, false)];
      c.deposits = [
        {
          id: `${EUR}:rej1`,
          denom: EUR,
          recipient: alice.address,
          amount: "5",
          external_ref: "rej1",
          status: "DEPOSIT_STATUS_REJECTED",
          created_at_height: "1",
        },
      ];
      c.attestations = [{ deposit_id: `${EUR}:rej1`, attestor: a1.address, attested_at_height: "1" }];
      c.next_deposit = "2";
    });
    await setUpAsset(chain);
  });
  afterAll(async () => chain.close());

  describe("rule 18: params bounds, even from governance (ErrInvalidParams 12)", () => {
    it.each([
      ["attestation_threshold below 2", { attestationThreshold: 1 }],
      ["fee_bps above 1000", { feeBps: 1001 }],
      ["reserve_report_max_age_blocks of 0", { reserveReportMaxAgeBlocks: 0n }],
    ])("refuses %s", async (_what, over) => {
      expect(await chain.govExec([msg.updateParams(params(over))])).toMatchObject({ codespace: "custody", code: 12 });
    });

    it("accepts the bounds themselves", async () => {
      expect((await chain.govExec([msg.updateParams(params({ feeBps: 1000, reserveReportMaxAgeBlocks: 1n }))])).log).toBe("");
      expect((await chain.govExec([msg.updateParams(params())])).log).toBe("");
    });
  });

  describe("rule 19: fee rounded up and capped; full mint and full burn; ids r1, r2, …", () => {
    beforeAll(async () => {
      expect((await chain.govExec([msg.updateParams(params({ feeBps: 100 }))])).log).toBe("");
    });
    afterAll(async () => {
      expect((await chain.govExec([msg.updateParams(params())])).log).toBe("");
    });

    it("crediting mints the full amount: the fee (rounded up) stays with the module, the recipient gets the rest", async () => {
      const supply = BigInt(solvencyOf(chain, BTC).issued);
      const fees = chain.balance(moduleAddress("custody"), BTC);
      await chain.mustDeliver(a1, [msg.attest(a1.address, bob.address, "10050", "fee1")]);
      const credit = await chain.mustDeliver(a2, [msg.attest(a2.address, bob.address, "10050", "fee1")]);
      expect(eventOf(credit, "custody_deposit_credited")).toMatchObject({ amount: "9949", fee: "101" });
      expect(chain.balance(bob.address, BTC)).toBe(9949n);
      expect(chain.balance(moduleAddress("custody"), BTC) - fees).toBe(101n);
      expect(BigInt(solvencyOf(chain, BTC).issued) - supply).toBe(10050n);
    });

    it("a fee larger than the amount is capped at the amount", async () => {
      const fees = chain.balance(moduleAddress("custody"), BTC);
      await chain.mustDeliver(a1, [msg.attest(a1.address, alice.address, "1", "fee2")]);
      await chain.mustDeliver(a2, [msg.attest(a2.address, alice.address, "1", "fee2")]);
      expect(chain.balance(alice.address, BTC)).toBe(0n);
      expect(chain.balance(moduleAddress("custody"), BTC) - fees).toBe(1n);
    });

    it("redemption burns the full amount and records amount − fee, numbered r1, r2", async () => {
      const supply = BigInt(solvencyOf(chain, BTC).issued);
      const first = await chain.mustDeliver(bob, [msg.redeem(bob.address, "1000")]);
      expect(chain.balance(bob.address, BTC)).toBe(8949n);
      expect(supply - BigInt(solvencyOf(chain, BTC).issued)).toBe(1000n);
      expect(redemption(chain, "r1")).toMatchObject({ id: "r1", amount: "990", payableAtHeight: first.height + 3n });
      await chain.mustDeliver(bob, [msg.redeem(bob.address, "1")]);
      expect(redemption(chain, "r2")).toMatchObject({ id: "r2", amount: "0" });
    });
  });

  describe("rule 20: MsgAttestDeposit refusal order, one case per step", () => {
    it("1. not an attestor (4) before the asset", async () => {
      expectCustodyError(await chain.deliver(mallory, [msg.attest(mallory.address, "bad", "0", "bad ref", "cnone")]), 4);
    });
    it("2. unknown asset (2) before pause and amount", async () => {
      expectCustodyError(await chain.deliver(a1, [msg.attest(a1.address, "bad", "0", "bad ref", "cnone")]), 2);
    });
    it("3. paused asset (7) before the amount", async () => {
      expectCustodyError(await chain.deliver(a1, [msg.attest(a1.address, "bad", "0", "bad ref", PAUSED)]), 7);
    });
    it("4. amount not positive (11) before the recipient", async () => {
      expectCustodyError(await chain.deliver(a1, [msg.attest(a1.address, "bad", "0", "bad ref")]), 11);
    });
    it("5. recipient address (sdk 7), then the external_ref's form (sdk 18)", async () => {
      expect(sdkCode(await chain.deliver(a1, [msg.attest(a1.address, "bad", "5", "bad ref")]))).toEqual({ codespace: "sdk", code: 7 });
      expect(sdkCode(await chain.deliver(a1, [msg.attest(a1.address, alice.address, "5", "bad ref")]))).toEqual({
        codespace: "sdk",
        code: 18,
      });
    });
    it("6. an external_ref already credited (6) before any comparison", async () => {
      expectCustodyError(await chain.deliver(a1, [msg.attest(a1.address, alice.address, "7", "fee1")]), 6);
      expectCustodyError(await chain.deliver(a3, [msg.attest(a3.address, bob.address, "10050", "fee1")]), 6);
    });
    it("7. other amount or recipient than the recorded deposit (11), even from an attestor who attested it", async () => {
      await chain.mustDeliver(a1, [msg.attest(a1.address, alice.address, "40", "pend1")]);
      expectCustodyError(await chain.deliver(a1, [msg.attest(a1.address, alice.address, "41", "pend1")]), 11);
      expectCustodyError(await chain.deliver(a2, [msg.attest(a2.address, bob.address, "40", "pend1")]), 11);
      expectCustodyError(await chain.deliver(a1, [msg.attest(a1.address, alice.address, "6", "rej1", EUR)]), 11);
    });
    it("8. a deposit no longer pending (6) before the same attestor again", async () => {
      expectCustodyError(await chain.deliver(a1, [msg.attest(a1.address, alice.address, "5", "rej1", EUR)]), 6);
      expectCustodyError(await chain.deliver(a2, [msg.attest(a2.address, alice.address, "5", "rej1", EUR)]), 6);
    });
    it("9. the same attestor again (5)", async () => {
      expectCustodyError(await chain.deliver(a1, [msg.attest(a1.address, alice.address, "40", "pend1")]), 5);
    });
  });

  describe("rule 21: the published reserve, recomputed at every report", () => {
    it("without a published reserve: held 0, age −1, not solvent, even with nothing issued", () => {
      expect(solvencyOf(chain, EUR)).toEqual({ denom: EUR, issued: "0", held: "0", reserveAgeBlocks: -1n, solvent: false });
    });

    it("fewer reports than attestation_threshold publish nothing; at the threshold: the lowest figure as of the oldest report", async () => {
      const first = await chain.mustDeliver(a1, [msg.report(a1.address, "100", EUR)]);
      expect(solvencyOf(chain, EUR)).toMatchObject({ held: "0", reserveAgeBlocks: -1n, solvent: false });
      await chain.mustDeliver(a2, [msg.report(a2.address, "80", EUR)]);
      expect(solvencyOf(chain, EUR)).toEqual({
        denom: EUR,
        issued: "0",
        held: "80",
        reserveAgeBlocks: chain.height - first.height,
        solvent: true,
      });
    });

    it("solvent exactly when held ≥ issued", async () => {
      const issued = BigInt(solvencyOf(chain, BTC).issued);
      await chain.mustDeliver(a1, [msg.report(a1.address, issued.toString())]);
      const at = await chain.mustDeliver(a2, [msg.report(a2.address, (issued + 5n).toString())]);
      expect(solvencyOf(chain, BTC)).toMatchObject({ held: issued.toString(), solvent: true, reserveAgeBlocks: 1n });
      await chain.mustDeliver(a3, [msg.report(a3.address, (issued - 1n).toString())]);
      expect(solvencyOf(chain, BTC)).toMatchObject({
        held: (issued - 1n).toString(),
        solvent: false,
        reserveAgeBlocks: chain.height - at.height + 1n,
      });
    });

    it("a removed attestor's report counts until the next report, which leaves it out", async () => {
      const issued = BigInt(solvencyOf(chain, BTC).issued);
      expect((await chain.govExec([msg.setAttestor(a3.address, false)])).log).toBe("");
      expect(solvencyOf(chain, BTC).held).toBe((issued - 1n).toString());
      await chain.mustDeliver(a1, [msg.report(a1.address, issued.toString())]);
      expect(solvencyOf(chain, BTC)).toMatchObject({ held: issued.toString(), solvent: true });
      expect((await chain.govExec([msg.setAttestor(a3.address, true)])).log).toBe("");
    });

    it("reports older than reserve_report_max_age_blocks do not count at the next report", async () => {
      await chain.produceBlocks(10);
      // Still published (age past the max): nothing recomputes it between reports.
      expect(solvencyOf(chain, EUR)).toMatchObject({ held: "80", solvent: true });
      expect(solvencyOf(chain, EUR).reserveAgeBlocks).toBeGreaterThan(10n);
      const fresh = await chain.mustDeliver(a3, [msg.report(a3.address, "70", EUR)]);
      expect(solvencyOf(chain, EUR)).toMatchObject({ held: "0", reserveAgeBlocks: -1n, solvent: false });
      await chain.mustDeliver(a1, [msg.report(a1.address, "90", EUR)]);
      expect(solvencyOf(chain, EUR)).toMatchObject({ held: "70", reserveAgeBlocks: chain.height - fresh.height, solvent: true });
    });
  });

  describe("rule 22: MsgSettleRedemption refusal order, one case per step; the spec's error words", () => {
    // r1 (rule 19) is long payable and settled here; r3 is requested in step 4, 3 blocks before it is payable.
    beforeAll(async () => {
      await chain.mustDeliver(a1, [msg.settle(a1.address, "r1", "payout-1")]);
    });

    it("1. not an attestor (4) before the redemption is looked up", async () => {
      expectCustodyError(await chain.deliver(mallory, [msg.settle(mallory.address, "r999", "")]), 4);
    });
    it("2. unknown redemption (8), an empty id included", async () => {
      expectCustodyError(await chain.deliver(a1, [msg.settle(a1.address, "r999", "")]), 8);
      expectCustodyError(await chain.deliver(a1, [msg.settle(a1.address, "", "")]), 8);
    });
    it("3. already settled (10) before the settled_ref", async () => {
      expectCustodyError(await chain.deliver(a2, [msg.settle(a2.address, "r1", "")]), 10);
    });
    it("4. not payable yet (9) before the settled_ref", async () => {
      await chain.mustDeliver(bob, [msg.redeem(bob.address, "10")]);
      expectCustodyError(await chain.deliver(a1, [msg.settle(a1.address, "r3", "")]), 9);
    });
    it("5. an empty or blank settled_ref (11) once payable", async () => {
      await chain.produceBlocks(3);
      expectCustodyError(await chain.deliver(a1, [msg.settle(a1.address, "r3", "")]), 11);
      expectCustodyError(await chain.deliver(a1, [msg.settle(a1.address, "r3", "  ")]), 11);
      await chain.mustDeliver(a1, [msg.settle(a1.address, "r3", "payout-3")]);
      expect(redemption(chain, "r3")).toMatchObject({ settledRef: "payout-3" });
    });
    it('ErrAssetExists reads "asset already exists"', async () => {
      const res = await chain.govExec([msg.registerAsset()]);
      expect(res).toMatchObject({ codespace: "custody", code: 3 });
      expect(res.log).toContain("asset already exists");
    });
  });

  describe("consensus version 2: the 1 -> 2 migration", () => {
    it("renumbers redemption ids r<n>, brings params within bounds and publishes the reserves", () => {
      const m = chain.app.modules.modules.find((x) => x.name === "custody") as Module & { keeper: CustodyKeeper };
      expect(m.consensusVersion).toBe(3);
      const k = m.keeper;
      const ctx = chain.app.queryContext();
      for (const [seq, r] of [...k.redemptions.iterate(ctx)]) k.redemptions.set(ctx, seq, { ...r, id: seq.toString() });
      k.params.set(ctx, { attestationThreshold: 1, redemptionDelayBlocks: 3n, feeBps: 5000, reserveReportMaxAgeBlocks: 0n });
      k.reserves.remove(ctx, EUR);

      m.migrations!.find((x) => x.from === 1)!.migrate(ctx);

      expect([...k.redemptions.iterate(ctx)].map(([seq, r]) => [seq, r.id])).toEqual([
        [1n, "r1"],
        [2n, "r2"],
        [3n, "r3"],
      ]);
      expect(k.getParams(ctx)).toEqual({
        attestationThreshold: 2,
        redemptionDelayBlocks: 3n,
        feeBps: 1000,
        reserveReportMaxAgeBlocks: (1n << 64n) - 1n,
      });
      // No age limit any more: every appointed attestor's EUR report counts (a2's 80 is the oldest, a3's 70 the lowest).
      const reports = new Map([...k.reserveReports.iterate(ctx)].filter(([[denom]]) => denom === EUR).map(([[, who], r]) => [who, r]));
      expect(k.reserves.get(ctx, EUR)).toEqual({
        denom: EUR,
        held: "70",
        asOfHeight: reports.get(a2.address)!.asOfHeight,
        attestor: a3.address,
        attestors: 3,
      });
    });
  });
});
