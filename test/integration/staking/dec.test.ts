import { describe, expect, it } from "vitest";
import {
  DEC_ONE,
  decFromString,
  decFromWire,
  decMul,
  decQuo,
  decQuoRoundUp,
  decQuoTruncate,
  decToString,
  decToWire,
  decTruncate,
} from "../../../src/types/dec";

describe("fixed-point Dec (LegacyDec semantics)", () => {
  it("parses and formats the SDK text form and the proto wire form", () => {
    expect(decFromString("0.1")).toBe(DEC_ONE / 10n);
    expect(decToString(decFromString("0.1"))).toBe("0.100000000000000000");
    expect(decToString(decFromString("-12.5"))).toBe("-12.500000000000000000");
    expect(decToWire(decFromString("0.1"))).toBe("100000000000000000");
    expect(decFromWire("100000000000000000")).toBe(DEC_ONE / 10n);
    expect(decFromWire("0.100000000000000000")).toBe(DEC_ONE / 10n);
    expect(decFromWire("")).toBe(0n);
    for (const bad of ["0.1234567890123456789", "1e5", "abc", ".5", "1."]) expect(() => decFromString(bad)).toThrow(/invalid decimal/);
    expect(() => decFromWire("1.2.3")).toThrow();
  });

  it("rounds half to even on mul/quo, and offers truncating and round-up division", () => {
    const tiny = 1n; // 1e-18
    expect(decMul(tiny, DEC_ONE / 2n)).toBe(0n); // 0.5e-18 → even 0
    expect(decMul(3n, DEC_ONE / 2n)).toBe(2n); // 1.5e-18 → 2
    expect(decQuo(DEC_ONE, 3n * DEC_ONE)).toBe(333333333333333333n);
    expect(decQuo(2n * DEC_ONE, 3n * DEC_ONE)).toBe(666666666666666667n);
    expect(decQuoTruncate(2n * DEC_ONE, 3n * DEC_ONE)).toBe(666666666666666666n);
    expect(decQuoRoundUp(DEC_ONE, 3n * DEC_ONE)).toBe(333333333333333334n);
    expect(decTruncate(decFromString("7.99"))).toBe(7n);
    expect(() => decQuo(DEC_ONE, 0n)).toThrow(/division by zero/);
  });
});
