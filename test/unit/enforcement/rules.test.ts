import { describe, expect, it } from "vitest";
import { LegalInstrument, LegalInstrumentKind } from "../../../src/gen/blockchain/enforcement/v1/enforcement";
import { requiredPower, requireInstrument, seizureDelay } from "../../../src/modules/enforcement/keeper";
import {
  checkAgainstInvariants,
  defaultEnforcementParams,
  resolveGenesisParams,
  validateEnforcementParams,
} from "../../../src/modules/enforcement/params";
import { remainingUnderCap } from "../../../src/modules/enforcement/queries";
import { AppError } from "../../../src/types/errors";

const code = (fn: () => unknown) => {
  try {
    fn();
    return "ok";
  } catch (e) {
    return e instanceof AppError ? `${e.codespace}/${e.code}` : String(e);
  }
};

const inv = {
  enforcementThresholdBps: 6667n,
  enforcementRecoveryDestination: "",
  enforcementVotingPeriodBlocks: 10n,
  enforcementProvisionalFreezeBlocks: 15n,
};

describe("enforcement rules", () => {
  it("required power is the ceiling of total × bps / 10000", () => {
    expect(requiredPower(10n, 6667n)).toBe(7n);
    expect(requiredPower(15n, 6667n)).toBe(11n);
    expect(requiredPower(3n, 10000n)).toBe(3n);
    expect(requiredPower(0n, 6667n)).toBe(0n);
  });

  it("the delay is the longest among matching tiers, at least the base delay", () => {
    const p = {
      ...defaultEnforcementParams(),
      seizureDelayBlocks: 5n,
      seizureDelayTiers: [
        { threshold: { denom: "uyml", amount: "100" }, delayBlocks: 50n },
        { threshold: { denom: "uyml", amount: "1000" }, delayBlocks: 20n },
        { threshold: { denom: "ueur", amount: "1" }, delayBlocks: 70n },
      ],
    };
    expect(seizureDelay(p, [])).toBe(5n);
    expect(seizureDelay(p, [{ denom: "uyml", amount: 99n }])).toBe(5n);
    expect(seizureDelay(p, [{ denom: "uyml", amount: 5000n }])).toBe(50n);
    expect(
      seizureDelay(p, [
        { denom: "ueur", amount: 1n },
        { denom: "uyml", amount: 100n },
      ]),
    ).toBe(70n);
  });

  it("remaining under the cap is floored at zero and names only the cap's denominations", () => {
    expect(
      remainingUnderCap(
        [
          { denom: "a", amount: 10n },
          { denom: "b", amount: 5n },
        ],
        [
          { denom: "b", amount: 9n },
          { denom: "c", amount: 1n },
        ],
      ),
    ).toEqual([
      { denom: "a", amount: 10n },
      { denom: "b", amount: 0n },
    ]);
  });

  it("an instrument with any defect is 1115: a missing field, a malformed hash, a date in the future", () => {
    const good = LegalInstrument.fromPartial({
      issuingAuthority: "Court",
      reference: "R1",
      kind: LegalInstrumentKind.LEGAL_INSTRUMENT_KIND_WARRANT,
      hash: "b".repeat(64),
      issuedAt: 100n,
    });
    expect(code(() => requireInstrument(good, 100n))).toBe("ok");
    expect(code(() => requireInstrument(undefined, 100n))).toBe("enforcement/1115");
    expect(code(() => requireInstrument({ ...good, issuedAt: 0n }, 100n))).toBe("enforcement/1115");
    expect(code(() => requireInstrument({ ...good, hash: "b".repeat(63) }, 100n))).toBe("enforcement/1115");
    expect(code(() => requireInstrument({ ...good, issuedAt: 101n }, 100n))).toBe("enforcement/1115");
  });

  it("params: validated, canonical, and checked against the invariants", () => {
    const p = { ...defaultEnforcementParams(), votingPeriodBlocks: 10n, provisionalFreezeBlocks: 15n, thresholdBps: 6667n };
    expect(code(() => validateEnforcementParams({ ...p, thresholdBps: 10001n }))).toBe("sdk/18");
    expect(code(() => validateEnforcementParams({ ...p, votingPeriodBlocks: 0n }))).toBe("sdk/18");
    expect(code(() => validateEnforcementParams({ ...p, seizureWindowCap: [{ denom: "uyml", amount: "0" }] }))).toBe("sdk/18");
    expect(
      validateEnforcementParams({
        ...p,
        seizureWindowCap: [
          { denom: "ubb", amount: "1" },
          { denom: "uaa", amount: "2" },
        ],
      }).seizureWindowCap.map((c) => c.denom),
    ).toEqual(["uaa", "ubb"]);
    expect(code(() => checkAgainstInvariants(p, inv))).toBe("ok");
    expect(code(() => checkAgainstInvariants({ ...p, votingPeriodBlocks: 11n }, inv))).toBe("constitution/1101");
    expect(resolveGenesisParams(defaultEnforcementParams(), inv)).toMatchObject({
      votingPeriodBlocks: 10n,
      provisionalFreezeBlocks: 15n,
      thresholdBps: 6667n,
    });
    expect(resolveGenesisParams(defaultEnforcementParams(), undefined)).toMatchObject({
      votingPeriodBlocks: 14400n,
      provisionalFreezeBlocks: 28800n,
      thresholdBps: 6667n,
    });
  });
});
