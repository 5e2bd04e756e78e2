import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as tx from "../../../src/gen/blockchain/custody/v1/tx";
import type { TestChain } from "../../helpers/chain";
import { BTC, eventOf, expectCustodyError, keys, msg, response, restOf, setUpAsset, custodyChain } from "./setup";

const { a1, a2, a3, alice } = keys;
const R = "/blockchain/custody/v1";

// Custody's transitions end to end on the in-process chain, each step read back
// through REST with the exact grpc-gateway JSON, Solvency tracking the claim's bank supply.
describe("custody end to end", () => {
  let chain: TestChain;
  let api: Awaited<ReturnType<typeof restOf>>;
  const solvencyNow = async () => (await api.get(`${R}/solvency`)).body.solvency[0];

  beforeAll(async () => {
    chain = await custodyChain();
    api = await restOf(chain);
    await setUpAsset(chain);
  });
  afterAll(async () => {
    await api.rest.close();
    await chain.close();
  });

  it("params, and missing or malformed ids, read back as grpc-gateway JSON", async () => {
    expect(await api.get(`${R}/params`)).toEqual({
      status: 200,
      body: { params: { attestation_threshold: 2, redemption_delay_blocks: "3", fee_bps: 0, reserve_report_max_age_blocks: "10" } },
    });
    expect(await api.get(`${R}/redemption/7`)).toEqual({ status: 404, body: { code: 5, message: "redemption 7 not found", details: [] } });
    expect(await api.get(`${R}/deposit?id=${BTC}:nothing`)).toEqual({
      status: 404,
      body: { code: 5, message: `deposit ${BTC}:nothing not found`, details: [] },
    });
    expect((await api.get(`${R}/deposit?id=nocolon`)).status).toBe(400);
  });

  it("the registered asset and its claim's bank metadata", async () => {
    expect(await api.get(`${R}/assets`)).toEqual({
      status: 200,
      body: { assets: [{ denom: BTC, source_chain: "bitcoin", symbol: "BTC", exponent: 8, paused: false }] },
    });
    const meta = await api.get(`/cosmos/bank/v1beta1/denoms_metadata/${BTC}`);
    expect(meta.body.metadata).toMatchObject({
      base: BTC,
      display: "btc",
      symbol: "BTC",
      denom_units: [
        { denom: BTC, exponent: 0, aliases: [] },
        { denom: "btc", exponent: 8, aliases: [] },
      ],
    });
    // No published reserve yet: held 0, age -1, not solvent even with nothing issued.
    expect(await solvencyNow()).toEqual({ denom: BTC, issued: "0", held: "0", reserve_age_blocks: "-1", solvent: false });
  });

  it("two of three attestors credit a deposit; a third attestation of the same ref is refused", async () => {
    const first = await chain.mustDeliver(a1, [msg.attest(a1.address, alice.address, "150000000", "btctx1")]);
    expect(response(first, tx.MsgAttestDepositResponse)).toEqual({ depositId: `${BTC}:btctx1`, attestations: 1, credited: false });
    const pending = await api.get(`${R}/deposit?id=${BTC}:btctx1`);
    expect(pending).toEqual({
      status: 200,
      body: {
        deposit: {
          id: `${BTC}:btctx1`,
          denom: BTC,
          recipient: alice.address,
          amount: "150000000",
          external_ref: "btctx1",
          status: "DEPOSIT_STATUS_PENDING",
          created_at_height: first.height.toString(),
        },
      },
    });
    expect(chain.balance(alice.address, BTC)).toBe(0n);
    expect(await solvencyNow()).toEqual({ denom: BTC, issued: "0", held: "0", reserve_age_blocks: "-1", solvent: false });

    expectCustodyError(await chain.deliver(a1, [msg.attest(a1.address, alice.address, "150000000", "btctx1")]), 5);

    const second = await chain.mustDeliver(a2, [msg.attest(a2.address, alice.address, "150000000", "btctx1")]);
    expect(response(second, tx.MsgAttestDepositResponse)).toEqual({ depositId: `${BTC}:btctx1`, attestations: 2, credited: true });
    expect(eventOf(second, "custody_deposit_credited")).toEqual({
      deposit_id: `${BTC}:btctx1`,
      recipient: alice.address,
      denom: BTC,
      amount: "150000000",
      fee: "0",
    });
    expect(chain.balance(alice.address, BTC)).toBe(150_000_000n);
    expect((await api.get(`${R}/deposit?id=${BTC}:btctx1`)).body.deposit.status).toBe("DEPOSIT_STATUS_CREDITED");
    expect(await solvencyNow()).toEqual({ denom: BTC, issued: "150000000", held: "0", reserve_age_blocks: "-1", solvent: false });

    expectCustodyError(await chain.deliver(a3, [msg.attest(a3.address, alice.address, "150000000", "btctx1")]), 6);
    expect(chain.balance(alice.address, BTC)).toBe(150_000_000n);
  });

  it("reserve reports of the threshold of attestors publish the reserve (the lowest figure, as of the oldest); its age grows", async () => {
    const rep = await chain.mustDeliver(a3, [msg.report(a3.address, "150000000")]);
    expect((await solvencyNow()).reserve_age_blocks).toBe("-1");
    await chain.mustDeliver(a1, [msg.report(a1.address, "160000000")]);
    expect(await solvencyNow()).toEqual({ denom: BTC, issued: "150000000", held: "150000000", reserve_age_blocks: "1", solvent: true });
    await chain.produceBlocks(2);
    expect(chain.height - rep.height).toBe(3n);
    expect(await solvencyNow()).toEqual({ denom: BTC, issued: "150000000", held: "150000000", reserve_age_blocks: "3", solvent: true });
  });

  it("a redemption burns at once, is refused before payable_at_height and settled after it", async () => {
    const res = await chain.mustDeliver(alice, [msg.redeem(alice.address, "50000000", "bc1qalice")]);
    const out = response(res, tx.MsgRequestRedemptionResponse);
    expect(out).toEqual({ redemptionId: "r1", payableAtHeight: res.height + 3n });
    expect(chain.balance(alice.address, BTC)).toBe(100_000_000n);
    expect((await solvencyNow()).issued).toBe("100000000");
    expect(await api.get(`${R}/redemption/r1`)).toEqual({
      status: 200,
      body: {
        redemption: {
          id: "r1",
          denom: BTC,
          redeemer: alice.address,
          amount: "50000000",
          destination: "bc1qalice",
          status: "REDEMPTION_STATUS_PENDING",
          requested_at_height: res.height.toString(),
          payable_at_height: (res.height + 3n).toString(),
          settled_ref: "",
        },
      },
    });

    // A longer delay set now does not move the stored payable_at_height.
    expect(
      (
        await chain.govExec([
          msg.updateParams({ attestationThreshold: 2, redemptionDelayBlocks: 1000n, feeBps: 0, reserveReportMaxAgeBlocks: 10n }),
        ])
      ).log,
    ).toBe("");
    const early = await chain.deliver(a1, [msg.settle(a1.address, "r1", "btc-payout-1")]);
    expect(early.height).toBe(res.height + 2n);
    expectCustodyError(early, 9);
    const settled = await chain.mustDeliver(a1, [msg.settle(a1.address, "r1", "btc-payout-1")]);
    expect(settled.height).toBe(out.payableAtHeight);
    expect((await api.get(`${R}/redemption/r1`)).body.redemption).toMatchObject({
      status: "REDEMPTION_STATUS_SETTLED",
      settled_ref: "btc-payout-1",
    });
    expectCustodyError(await chain.deliver(a2, [msg.settle(a2.address, "r1", "again")]), 10);
    expect(await solvencyNow()).toMatchObject({ issued: "100000000", held: "150000000", solvent: true });
  });

  it("the published reserve stays until the next report, which no longer counts reports past the max age", async () => {
    await chain.produceBlocks(10);
    // Not recomputed between reports: old, but still the published reserve.
    expect(await solvencyNow()).toMatchObject({ issued: "100000000", held: "150000000", solvent: true });
    const fresh = await chain.mustDeliver(a2, [msg.report(a2.address, "100000000")]);
    // a1's and a3's reports are past the 10-block max age: one report counts, under the threshold.
    expect(await solvencyNow()).toEqual({ denom: BTC, issued: "100000000", held: "0", reserve_age_blocks: "-1", solvent: false });
    await chain.mustDeliver(a1, [msg.report(a1.address, "100000000")]);
    expect(await solvencyNow()).toEqual({
      denom: BTC,
      issued: "100000000",
      held: "100000000",
      reserve_age_blocks: (chain.height - fresh.height).toString(),
      solvent: true,
    });
  });
});
