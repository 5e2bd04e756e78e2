import { describe, expect, it } from "vitest";
import { defaultNettingParams, denomPolicy, validateNettingParams } from "../../src/modules/netting/params";
import { obligationAmount } from "../../src/modules/netting/msgs";

describe("netting params", () => {
  it("defaults: netting off, no policies, holds unbounded", () => {
    expect(defaultNettingParams()).toEqual({ cycleBlocks: 0n, denomPolicies: [], maxHoldCycles: 0n });
  });

  it("canonicalises: policies sorted by denom, integers without leading zeros, empty as zero", () => {
    const p = validateNettingParams({
      cycleBlocks: 10n,
      maxHoldCycles: 0n,
      denomPolicies: [
        { denom: "uusd", grossThreshold: "007", aggregateGrossThreshold: "" },
        { denom: "ueur", grossThreshold: "0", aggregateGrossThreshold: "5" },
      ],
    });
    expect(p.denomPolicies).toEqual([
      { denom: "ueur", grossThreshold: "0", aggregateGrossThreshold: "5" },
      { denom: "uusd", grossThreshold: "7", aggregateGrossThreshold: "0" },
    ]);
    expect(denomPolicy(p, "uusd")).toEqual({ gross: 7n, aggregate: 0n });
    expect(denomPolicy(p, "ueur")).toEqual({ gross: 0n, aggregate: 5n });
    expect(denomPolicy(p, "ugbp")).toBeUndefined();
  });

  it.each([
    [
      "a duplicate denom",
      [
        { denom: "ueur", grossThreshold: "1", aggregateGrossThreshold: "0" },
        { denom: "ueur", grossThreshold: "2", aggregateGrossThreshold: "0" },
      ],
    ],
    ["a bad denom", [{ denom: "1x", grossThreshold: "1", aggregateGrossThreshold: "0" }]],
    ["a negative threshold", [{ denom: "ueur", grossThreshold: "-1", aggregateGrossThreshold: "0" }]],
    ["a negative aggregate threshold", [{ denom: "ueur", grossThreshold: "1", aggregateGrossThreshold: "-1" }]],
  ])("refuses %s", (_, denomPolicies) => {
    expect(() => validateNettingParams({ cycleBlocks: 1n, maxHoldCycles: 0n, denomPolicies })).toThrow();
  });

  it("obligation amounts are strictly positive integers below 2^256 (1102)", () => {
    expect(obligationAmount("1")).toBe(1n);
    for (const bad of ["0", "-1", "1.5", "", "abc", (1n << 256n).toString()]) {
      expect(() => obligationAmount(bad)).toThrow(expect.objectContaining({ codespace: "netting", code: 1102 }));
    }
  });
});
