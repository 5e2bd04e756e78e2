import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RestTarget } from "../../helpers/fuzz/rest-target";
import { Draw } from "../../helpers/fuzz/values";

/** A short, seeded run of the REST fuzzer (`npm run fuzz -- --target rest` runs it long). */
describe("fuzz: every REST route with random paths, queries, headers and bodies", () => {
  let target: RestTarget;
  beforeAll(async () => {
    target = await RestTarget.create();
  });
  afterAll(async () => target.close());

  it("regression: a NUL in a key part (oracle appraisal's nft_id) is 400 InvalidArgument, not 500", async () => {
    for (const url of [
      "/blockchain/oracle/v1/appraisal?class_id=1&nft_id=a%00b",
      "/blockchain/oracle/v1/appraisal?class_id=a%00&nft_id=1",
    ]) {
      const res = await target.rest.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(400);
      expect(JSON.parse(res.payload)).toMatchObject({ code: 3, message: expect.stringMatching(/must not contain NUL/) });
    }
    expect(target.log.errors).toEqual([]);
  });

  it("never answers 5xx, always a gRPC status on errors, logs no handler failure", async () => {
    expect(target.operations.length).toBeGreaterThan(150);
    await fc.assert(
      fc.asyncProperty(fc.gen(), async (g) => {
        expect(await target.step(new Draw(g))).toEqual([]);
      }),
      { numRuns: 1500, seed: 1317, endOnFailure: true },
    );
    expect(target.statuses.get(200)).toBeGreaterThan(50);
    expect(target.statuses.get(400)).toBeGreaterThan(100);
  });
});
