import { describe, expect, it } from "vitest";
import { ConcentrationCap } from "../../../src/gen/blockchain/validatorgov/v1/concentration";
import { measureGroups, selectDemotions, type PowerEntry } from "../../../src/modules/validatorgov/concentration";

const e = (operator: string, power: bigint, entity: string, owner: string, jurisdiction: string): PowerEntry => ({
  operator,
  power,
  declaration: { legalEntityId: entity, beneficialOwnerId: owner, jurisdiction },
});
const caps = (entity: bigint, owner: bigint, jurisdiction: bigint) => ({ entity, beneficialOwner: owner, jurisdiction });

describe("validatorgov concentration arithmetic", () => {
  it("shares are floored basis points; over is exact and strict; groups ordered by cap then name", () => {
    const { groups, total } = measureGroups([e("a", 1n, "E1", "O1", "DE"), e("b", 2n, "E2", "O1", "DE")], caps(6666n, 10000n, 0n));
    expect(total).toBe(3n);
    expect(groups).toEqual([
      { cap: ConcentrationCap.CONCENTRATION_CAP_ENTITY, group: "E1", power: 1n, powerBps: 3333n, capBps: 6666n, over: false },
      // 2/3 = 6666.67 bps: floored to 6666 for display, but over a 6666 ceiling when compared exactly.
      { cap: ConcentrationCap.CONCENTRATION_CAP_ENTITY, group: "E2", power: 2n, powerBps: 6666n, capBps: 6666n, over: true },
      { cap: ConcentrationCap.CONCENTRATION_CAP_BENEFICIAL_OWNER, group: "O1", power: 3n, powerBps: 10000n, capBps: 10000n, over: false },
      // A zero ceiling is unset: never over.
      { cap: ConcentrationCap.CONCENTRATION_CAP_JURISDICTION, group: "DE", power: 3n, powerBps: 10000n, capBps: 0n, over: false },
    ]);
  });

  it("validators without a declaration count in the total and in no group", () => {
    const { groups, total } = measureGroups([{ operator: "x", power: 5n }, e("a", 5n, "E", "O", "FR")], caps(5000n, 5000n, 5000n));
    expect(total).toBe(10n);
    expect(groups.map((g) => [g.group, g.over])).toEqual([
      ["E", false],
      ["O", false],
      ["FR", false],
    ]);
  });

  it("demotes the largest validator of the breaching group, ties by operator address, until nothing is over", () => {
    const entries = [
      e("v3", 10n, "E1", "O3", "DE"),
      e("v1", 10n, "E1", "O1", "DE"),
      e("v2", 10n, "E2", "O2", "FR"),
      e("v4", 10n, "E4", "O4", "IT"),
    ];
    // E1 holds 50% > 40%: one of its two equal validators goes, the lower address first.
    expect(selectDemotions(entries, caps(4000n, 10000n, 10000n))).toEqual([
      { operator: "v1", cap: ConcentrationCap.CONCENTRATION_CAP_ENTITY, group: "E1", groupPowerBps: 5000n, capBps: 4000n },
    ]);
  });

  it("entity breaches are handled before owner and jurisdiction breaches; shares are re-measured after each demotion", () => {
    const entries = [
      e("a", 40n, "E1", "O1", "DE"),
      e("b", 30n, "E2", "O1", "DE"),
      e("c", 20n, "E3", "O3", "FR"),
      e("d", 10n, "E4", "O4", "FR"),
    ];
    const out = selectDemotions(entries, caps(3500n, 6000n, 6000n));
    // a (40%) breaches the entity cap first; then of 60: O1 = 30/60 = 50% fine, DE 50% fine, E2 = 50% > 35% → b;
    // then of 30: E3 = 66% → c; then of 10: E4 = 100% → d. Everything goes: the floor check decides whether to act.
    expect(out.map((c) => [c.operator, ConcentrationCap[c.cap], c.groupPowerBps])).toEqual([
      ["a", "CONCENTRATION_CAP_ENTITY", 4000n],
      ["b", "CONCENTRATION_CAP_ENTITY", 5000n],
      ["c", "CONCENTRATION_CAP_ENTITY", 6666n],
      ["d", "CONCENTRATION_CAP_ENTITY", 10000n],
    ]);
  });

  it("within a cap the group with the largest share is taken first, ties by group name", () => {
    const entries = [e("a", 30n, "EA", "OA", "DE"), e("b", 30n, "EB", "OB", "FR"), e("c", 40n, "EC", "OC", "IT")];
    const first = selectDemotions(entries, caps(10000n, 10000n, 2500n))[0];
    expect([first.operator, first.group]).toEqual(["c", "IT"]);
  });

  it("is deterministic whatever the input order", () => {
    const entries = [
      e("v3", 10n, "E1", "O3", "DE"),
      e("v1", 10n, "E1", "O1", "DE"),
      e("v2", 10n, "E2", "O2", "DE"),
      e("v4", 7n, "E4", "O4", "IT"),
    ];
    const a = selectDemotions(entries, caps(4000n, 4000n, 5000n));
    const b = selectDemotions([...entries].reverse(), caps(4000n, 4000n, 5000n));
    expect(b).toEqual(a);
  });
});
