import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CheckTxTarget } from "../../helpers/fuzz/checktx-target";
import { genTxInput } from "../../helpers/fuzz/tx-gen";
import { Draw } from "../../helpers/fuzz/values";

/**
 * A short, seeded run of the CheckTx fuzzer (`npm run fuzz` runs it for a million inputs):
 * garbage, random messages of every registered type and mutated valid txs through CheckTx,
 * Simulate and block execution, with blocks of the survivors in between.
 */
describe("fuzz: CheckTx, Simulate and block execution", () => {
  let target: CheckTxTarget;
  beforeAll(async () => {
    target = await CheckTxTarget.create();
  });
  afterAll(async () => target.close());

  it("no input crashes, panics, logs a non-AppError or writes when refused", async () => {
    const kinds = new Map<string, number>();
    const accepted: Uint8Array[] = [];
    const problems: string[] = [];
    await fc.assert(
      fc.asyncProperty(fc.gen(), async (g) => {
        const input = genTxInput(new Draw(g), target.env);
        kinds.set(input.kind, (kinds.get(input.kind) ?? 0) + 1);
        const found = target.run(input, { deliver: true });
        problems.push(...found);
        if (target.lastCheckCode === 0) accepted.push(input.bytes);
        if (accepted.length >= 5) problems.push(...(await target.block(accepted.splice(0))));
        expect(found).toEqual([]);
      }),
      { numRuns: 400, seed: 21, endOnFailure: true },
    );
    expect(problems).toEqual([]);
    // Every kind of input was generated, and some reached past decoding and the ante chain.
    expect([...kinds.keys()].sort()).toEqual(["bytes-mutated", "garbage", "messages", "mutated", "proto-shaped"]);
    expect([...target.codes.keys()].some((k) => k.startsWith("check ok/0"))).toBe(true);
  });
});
