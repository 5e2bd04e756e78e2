import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restHarness, type RestHarness } from "../rest/setup";

/**
 * ICS-20's gateway routes whose last path parameter spans several segments (`{denom=**}`,
 * `{trace=**}`, `{hash=**}`): an IBC denom or trace has slashes, and the gateway takes them all.
 */
describe("transfer REST routes with multi-segment parameters", () => {
  let h: RestHarness;
  beforeAll(async () => {
    h = await restHarness();
  });
  afterAll(async () => h.close());

  it("total_escrow/{denom=**} takes a denom with slashes whole", async () => {
    const res = await h.get("/ibc/apps/transfer/v1/total_escrow/tok/7/ACME");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ amount: { denom: "tok/7/ACME", amount: "0" } });
  });

  it("denom_hashes/{trace=**} hashes the whole trace", async () => {
    const res = await h.get("/ibc/apps/transfer/v1/denom_hashes/transfer/channel-0/uatom");
    // Not a voucher this chain has minted: NotFound for that trace, not for a route.
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 5, message: expect.stringContaining("transfer/channel-0/uatom"), details: [] });
  });
});
