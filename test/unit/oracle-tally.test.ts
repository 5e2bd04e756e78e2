import { describe, expect, it } from "vitest";
import { tallyDenom, weightedMedian, type BallotVote } from "../../src/modules/oracle/tally";
import { decFromString } from "../../src/types/dec";

const d = decFromString;
const vote = (validator: string, power: bigint, rate: string): BallotVote => ({ validator, power, rate: d(rate) });

describe("oracle tally: power-weighted median", () => {
  it("one voter: its rate", () => {
    expect(weightedMedian([vote("a", 7n, "1.25")])).toBe(d("1.25"));
  });

  it("odd count with equal power: the middle rate, whatever the input order", () => {
    const votes = [vote("a", 1n, "3"), vote("b", 1n, "1"), vote("c", 1n, "2")];
    expect(weightedMedian(votes)).toBe(d("2"));
    expect(weightedMedian([...votes].reverse())).toBe(d("2"));
  });

  it("power outweighs count: one heavy voter decides", () => {
    expect(weightedMedian([vote("a", 10n, "5"), vote("b", 1n, "1"), vote("c", 1n, "2"), vote("d", 1n, "3")])).toBe(d("5"));
  });

  it("even count split exactly in half: the lower middle rate (a voted rate, never a rounded mean)", () => {
    expect(weightedMedian([vote("a", 1n, "1"), vote("b", 1n, "2")])).toBe(d("1"));
    expect(weightedMedian([vote("a", 1n, "1"), vote("b", 1n, "2"), vote("c", 1n, "3"), vote("e", 1n, "4")])).toBe(d("2"));
    expect(weightedMedian([vote("a", 5n, "1.000000000000000001"), vote("b", 5n, "1.000000000000000002")])).toBe(d("1.000000000000000001"));
  });

  it("even count not split in half: the rate where half the power is crossed", () => {
    expect(weightedMedian([vote("a", 3n, "1"), vote("b", 4n, "2")])).toBe(d("2"));
    expect(weightedMedian([vote("a", 4n, "1"), vote("b", 3n, "2")])).toBe(d("1"));
  });

  it("ties: equal rates pool their power", () => {
    expect(weightedMedian([vote("a", 1n, "2"), vote("b", 1n, "2"), vote("c", 1n, "9"), vote("e", 2n, "1")])).toBe(d("2"));
    expect(weightedMedian([vote("a", 1n, "4"), vote("b", 1n, "4"), vote("c", 1n, "4")])).toBe(d("4"));
  });

  it("no counted vote: undefined; zero-power votes are ignored", () => {
    expect(weightedMedian([])).toBeUndefined();
    expect(weightedMedian([vote("a", 0n, "100")])).toBeUndefined();
    expect(weightedMedian([vote("a", 0n, "100"), vote("b", 1n, "2")])).toBe(d("2"));
  });
});

describe("oracle tally: threshold and voting_power_bps", () => {
  it("threshold exactly met: agreed", () => {
    const out = tallyDenom([vote("a", 50n, "1.5")], 100n, 5000n);
    expect(out).toEqual({ rate: d("1.5"), votingPowerBps: 5000n });
  });

  it("threshold missed by one unit of power: no rate, the share still reported", () => {
    const out = tallyDenom([vote("a", 4999n, "1.5")], 10_000n, 5000n);
    expect(out).toEqual({ rate: undefined, votingPowerBps: 4999n });
  });

  it("abstaining validators count in the total but not in the median", () => {
    // a, b voted (30 + 30 of 100); c (40) abstained: 60% voted, median over a and b only.
    const out = tallyDenom([vote("a", 30n, "1"), vote("b", 30n, "3")], 100n, 5000n);
    expect(out).toEqual({ rate: d("1"), votingPowerBps: 6000n });
    // Had c voted, it could have moved the median; abstaining it cannot.
    expect(tallyDenom([vote("a", 30n, "1"), vote("b", 30n, "3"), vote("c", 40n, "3")], 100n, 5000n).rate).toBe(d("3"));
  });

  it("voting_power_bps is floored; everyone voting is 10000", () => {
    expect(tallyDenom([vote("a", 1n, "2")], 3n, 1n).votingPowerBps).toBe(3333n);
    expect(tallyDenom([vote("a", 1n, "2"), vote("b", 2n, "2")], 3n, 10_000n)).toEqual({ rate: d("2"), votingPowerBps: 10_000n });
  });

  it("no votes or no bonded power: no rate", () => {
    expect(tallyDenom([], 100n, 5000n)).toEqual({ rate: undefined, votingPowerBps: 0n });
    expect(tallyDenom([vote("a", 1n, "2")], 0n, 5000n)).toEqual({ rate: undefined, votingPowerBps: 0n });
  });
});
