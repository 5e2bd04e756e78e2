import { describe, expect, it } from "vitest";
import { Invariants } from "../../../src/gen/blockchain/constitution/v1/constitution";
import { MIN_AMENDMENT_DELAY_BLOCKS, defaultInvariants, foundationBreach, validateInvariants } from "../../../src/modules/constitution";
import { groupPolicyAddress } from "../../../src/modules/group";
import { ONE, isEmptyInvariants, requiredPower } from "../../../src/modules/constitution/invariants";

const code = (fn: () => unknown) => {
  try {
    fn();
    return 0;
  } catch (e) {
    return (e as { code: number }).code;
  }
};

describe("validateInvariants", () => {
  const withDestination = () => ({ ...defaultInvariants(), enforcementRecoveryDestination: groupPolicyAddress(1n) });

  it("accepts the defaults once the foundation's policy account is their destination; the template leaves it unset", () => {
    expect(validateInvariants(withDestination())).toEqual(withDestination());
    expect(() => validateInvariants(defaultInvariants())).toThrow(/enforcement_recovery_destination must not be empty/);
  });

  it("refuses an amendment delay below the floor of 120,960 blocks (1107); the default carries the floor", () => {
    expect(MIN_AMENDMENT_DELAY_BLOCKS).toBe(120_960n);
    expect(defaultInvariants().amendmentDelayBlocks).toBe(MIN_AMENDMENT_DELAY_BLOCKS);
    expect(code(() => validateInvariants({ ...withDestination(), amendmentDelayBlocks: MIN_AMENDMENT_DELAY_BLOCKS - 1n }))).toBe(1107);
    expect(() => validateInvariants({ ...withDestination(), amendmentDelayBlocks: 30n })).toThrow(/below the floor of 120960/);
  });

  it("an empty or missing set is ErrNoInvariants (1106)", () => {
    expect(code(() => validateInvariants(undefined))).toBe(1106);
    expect(code(() => validateInvariants(Invariants.fromPartial({})))).toBe(1106);
    expect(isEmptyInvariants(Invariants.fromPartial({}))).toBe(true);
    expect(isEmptyInvariants(Invariants.fromPartial({ minActiveValidators: 1 }))).toBe(false);
  });

  it("any single zero field, a share above 10000 bps or a threshold above the count is ErrConstitutionalInvariant (1107)", () => {
    const d = withDestination();
    for (const key of Object.keys(d) as Array<keyof Invariants>) {
      const zero = typeof d[key] === "bigint" ? 0n : typeof d[key] === "number" ? 0 : "";
      expect(
        code(() => validateInvariants({ ...d, [key]: zero })),
        key,
      ).toBe(1107);
    }
    expect(code(() => validateInvariants({ ...d, amendmentThresholdBps: 10_000n }))).toBe(0);
    expect(code(() => validateInvariants({ ...d, amendmentThresholdBps: 10_001n }))).toBe(1107);
    expect(code(() => validateInvariants({ ...d, foundationSignatureThreshold: 5 }))).toBe(0);
    expect(code(() => validateInvariants({ ...d, foundationSignatureThreshold: 6 }))).toBe(1107);
    expect(code(() => validateInvariants({ ...d, amendmentDelayBlocks: 1n << 62n }))).toBe(1107);
  });
});

describe("requiredPower", () => {
  it("is the threshold's share of the snapshot, rounded up", () => {
    expect(requiredPower(10n, 6667n)).toBe(7n);
    expect(requiredPower(3n, 6667n)).toBe(3n);
    expect(requiredPower(100n, 5000n)).toBe(50n);
    expect(requiredPower(101n, 5000n)).toBe(51n);
    expect(requiredPower(0n, 6667n)).toBe(0n);
  });
});

describe("foundationBreach", () => {
  const inv = { ...defaultInvariants(), foundationCustodianCount: 3, foundationSignatureThreshold: 2 };
  const m = (n: number, weight = ONE) => Array.from({ length: n }, (_, i) => ({ address: `a${i}`, weight }));

  it("holds for exactly the count at weight one with a threshold policy of the named signatures", () => {
    expect(foundationBreach(inv, m(3), { kind: "threshold", threshold: 2n * ONE })).toBeUndefined();
    expect(foundationBreach(inv, m(3), undefined)).toBeUndefined();
  });

  it("names the breach otherwise", () => {
    expect(foundationBreach(inv, m(2), undefined)).toMatch(/exactly 3 members, not 2/);
    expect(foundationBreach(inv, m(4), undefined)).toMatch(/exactly 3 members, not 4/);
    expect(foundationBreach(inv, m(3, 2n * ONE), undefined)).toMatch(/weight 1/);
    expect(foundationBreach(inv, m(3, ONE / 2n), undefined)).toMatch(/weight 1/);
    expect(foundationBreach(inv, m(3), { kind: "threshold", threshold: 3n * ONE })).toMatch(/threshold must be 2 signatures/);
    expect(foundationBreach(inv, m(3), { kind: "percentage", percentage: ONE / 2n })).toMatch(/threshold policy/);
  });
});
