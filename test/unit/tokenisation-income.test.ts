import { describe, expect, it } from "vitest";
import { bpsOf, holderPortion, indexIncrement, owedSince } from "../../src/modules/tokenisation/income";
import { Prng } from "../helpers/prng";

const E18 = 10n ** 18n;

describe("tokenisation income arithmetic", () => {
  it("holder portion and bonds round down", () => {
    expect(holderPortion(10_000n, 6000)).toBe(6000n);
    expect(holderPortion(1n, 6000)).toBe(0n);
    expect(holderPortion(3n, 3333)).toBe(0n);
    expect(holderPortion(7n, 10_000)).toBe(7n);
    expect(bpsOf(50_000n, 1000)).toBe(5000n);
    expect(bpsOf(9n, 1000)).toBe(0n);
  });

  it("the index moves by floor(distributed × 1e18 / supply); zero supply moves nothing", () => {
    expect(indexIncrement(6000n, 1000n)).toBe(6n * E18);
    expect(indexIncrement(1n, 3n)).toBe(333_333_333_333_333_333n);
    expect(indexIncrement(5n, 0n)).toBe(0n);
    expect(indexIncrement(1n, E18 + 1n)).toBe(0n);
  });

  it("owed is floor(balance × Δindex / 1e18), never negative", () => {
    expect(owedSince(400n, 6n * E18, 0n)).toBe(2400n);
    expect(owedSince(0n, 6n * E18, 0n)).toBe(0n);
    expect(owedSince(10n, E18, 2n * E18)).toBe(0n);
    expect(owedSince(1n, 333_333_333_333_333_333n, 0n)).toBe(0n);
    expect(owedSince(3n, 333_333_333_333_333_333n, 0n)).toBe(0n);
  });

  it("for random splits, what the index owes all holders never exceeds what was distributed, short by < supply/1e18 + holders", () => {
    const rng = new Prng(7);
    for (let round = 0; round < 500; round++) {
      const n = 1 + rng.int(20);
      const balances = Array.from({ length: n }, () => BigInt(1 + rng.int(1_000_000)));
      const supply = balances.reduce((a, b) => a + b, 0n);
      const amount = BigInt(1 + rng.int(10_000_000));
      const inc = indexIncrement(amount, supply);
      const owed = balances.reduce((a, b) => a + owedSince(b, inc, 0n), 0n);
      expect(owed <= amount).toBe(true);
      expect(amount - owed <= BigInt(n) + supply / E18).toBe(true);
    }
  });
});
