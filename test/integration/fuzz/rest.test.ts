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
