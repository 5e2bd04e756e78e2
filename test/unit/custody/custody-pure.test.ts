import { describe, expect, it } from "vitest";
import { claimMetadata, depositId, parseDepositId, redemptionId, redemptionSeq } from "../../../src/modules/custody/keeper";
import { parseAmount } from "../../../src/modules/custody/msgs";
import { boundedCustodyParams, defaultCustodyParams, validateCustodyParams } from "../../../src/modules/custody/params";

describe("custody pure functions", () => {
  it("deposit ids split at the last ':' (denoms may hold ':', refs may not)", () => {
    expect(depositId("cbtc", "tx1")).toBe("cbtc:tx1");
    expect(parseDepositId("cbtc:tx1")).toEqual(["cbtc", "tx1"]);
    expect(parseDepositId("ibc:x:tx1")).toEqual(["ibc:x", "tx1"]);
    for (const bad of ["", "nocolon", ":tx", "cbtc:"]) expect(parseDepositId(bad)).toBeUndefined();
  });

  it("amounts: positive integers below 2^256; zero and empty only where allowed", () => {
    expect(parseAmount("15", "a")).toBe(15n);
    expect(parseAmount("", "a", true)).toBe(0n);
    expect(parseAmount("0", "a", true)).toBe(0n);
    expect(() => parseAmount("0", "a")).toThrow(/must be positive/);
    expect(() => parseAmount((1n << 256n).toString(), "a")).toThrow(/below 2\^256/);
    for (const bad of ["-1", "1.0", "1e3", " 1", "abc"]) expect(() => parseAmount(bad, "a", true)).toThrow(/not an integer/);
  });

  it("claim metadata: base at 0, the symbol's unit at the exponent", () => {
    expect(claimMetadata({ denom: "cbtc", symbol: "BTC", exponent: 8, sourceChain: "bitcoin" })).toMatchObject({
      base: "cbtc",
      display: "btc",
      denomUnits: [
        { denom: "cbtc", exponent: 0 },
        { denom: "btc", exponent: 8 },
      ],
    });
    expect(claimMetadata({ denom: "cgold", symbol: "XAU", exponent: 0, sourceChain: "vault" })).toMatchObject({
      base: "cgold",
      display: "cgold",
      denomUnits: [{ denom: "cgold", exponent: 0 }],
    });
  });

  it("params: threshold at least 2, fee at most 1000 bps, a positive reserve max age", () => {
    expect(validateCustodyParams(defaultCustodyParams())).toEqual({
      attestationThreshold: 2,
      redemptionDelayBlocks: 100n,
      feeBps: 0,
      reserveReportMaxAgeBlocks: 14_400n,
    });
    expect(() => validateCustodyParams({ ...defaultCustodyParams(), attestationThreshold: 1 })).toThrow(/at least 2/);
    expect(() => validateCustodyParams({ ...defaultCustodyParams(), feeBps: 1001 })).toThrow(/at most 1000/);
    expect(() => validateCustodyParams({ ...defaultCustodyParams(), reserveReportMaxAgeBlocks: 0n })).toThrow(/must be positive/);
  });

  it("params stored before the bounds are brought within them", () => {
    expect(
      boundedCustodyParams({ attestationThreshold: 1, redemptionDelayBlocks: 7n, feeBps: 5000, reserveReportMaxAgeBlocks: 0n }),
    ).toEqual({
      attestationThreshold: 2,
      redemptionDelayBlocks: 7n,
      feeBps: 1000,
      reserveReportMaxAgeBlocks: (1n << 64n) - 1n,
    });
  });

  it("redemption ids are r<n>", () => {
    expect(redemptionId(12n)).toBe("r12");
    expect(redemptionSeq("r12")).toBe(12n);
    for (const bad of ["12", "r0", "r", "R1", "r01", "r1x", `r${1n << 64n}`]) expect(redemptionSeq(bad)).toBeUndefined();
  });
});
