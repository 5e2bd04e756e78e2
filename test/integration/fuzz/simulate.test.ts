import fc from "fast-check";
import { SimulateRequest } from "cosmjs-types/cosmos/tx/v1beta1/service";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restHarness, type RestHarness } from "../rest/setup";

/**
 * Simulate's request boundary: bytes that are not a SimulateRequest, a request without a tx and
 * a tx that does not decode are the caller's mistakes, answered with SDK codes (never the panic
 * code, never gRPC Internal) over ABCI query and REST alike.
 */
describe("fuzz: Simulate requests", () => {
  let h: RestHarness;
  beforeAll(async () => {
    h = await restHarness();
  });
  afterAll(async () => h.close());

  const simulate = (data: Uint8Array) => h.chain.app.query({ path: "/cosmos.tx.v1beta1.Service/Simulate", data, height: 0n, prove: false });

  it("regression: undecodable SimulateRequest bytes are ErrInvalidRequest (18), not a panic", () => {
    const res = simulate(new Uint8Array([0xff, 0xff, 0xff]));
    expect(res.code).toBe(18);
    expect(res.codespace).toBe("sdk");
    expect(res.log).toMatch(/^rpc error: code = InvalidArgument desc = invalid request: /);
  });

  it("regression: a request without tx bytes is ErrInvalidRequest as in the SDK's tx service", () => {
    const res = simulate(SimulateRequest.encode({ txBytes: new Uint8Array() }).finish());
    expect(res.code).toBe(18);
    expect(res.log).toBe("rpc error: code = InvalidArgument desc = empty txBytes is not allowed");
  });

  it("an undecodable tx answers as the SDK (gRPC Unknown over ABCI, 400 over REST)", async () => {
    const res = simulate(SimulateRequest.encode({ txBytes: new Uint8Array([1, 2, 3]) }).finish());
    expect(res.code).toBe(6);
    expect(res.log).toMatch(/tx parse error/);
    const rest = await h.post("/cosmos/tx/v1beta1/simulate", { tx_bytes: "AQID" });
    expect(rest.status).toBe(400);
    expect(rest.body).toMatchObject({ code: 3, message: expect.stringMatching(/tx parse error/) });
  });

  it("random request bytes and random tx bytes never panic", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.boolean(), (bytes, wrap) => {
        const res = simulate(wrap ? SimulateRequest.encode({ txBytes: bytes }).finish() : bytes);
        expect(res.code).not.toBe(0);
        expect([6, 18]).toContain(res.code);
        expect(res.log).not.toMatch(/code = Internal/);
      }),
      { numRuns: 500, seed: 18 },
    );
  });
});
