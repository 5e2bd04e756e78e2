import { describe, expect, it } from "vitest";
import { FractionalisationAuthority, Parcel, Status, Transfer } from "../../../src/gen/blockchain/land/v1/parcel";
import { isAssignedCountry } from "../../../src/types/iso3166";
import { LAND_LIMITS, limit } from "../../../src/modules/land/limits";
import { defaultLandParams, validateLandParams } from "../../../src/modules/land/params";
import { derivedStatus, forbidsFractionalisation, isLive, isOpen, latestActiveFreeze } from "../../../src/modules/land/rules";

const freeze = (lifted: boolean) => ({ reason: "r", imposedBy: "o", imposedAt: 1n, lifted, liftedBy: "", liftReason: "", liftedAt: 0n });
const restriction = (kind: string, lifted = false) => ({ kind, value: "", detail: "", imposedBy: "o", imposedAt: 1n, lifted });
const parcel = (over: Partial<Parcel> = {}): Parcel => Parcel.fromPartial({ id: 1n, status: Status.STATUS_REGISTERED, ...over });
const transfer = (over: Partial<Transfer> = {}): Transfer => Transfer.fromPartial({ id: 1n, parcelId: 1n, proposedAt: 10n, ...over });

describe("land rules: the parcel status follows freezes and the latest transfer", () => {
  it.each<[string, Parcel, Transfer | undefined, Status]>([
    ["no transfer", parcel(), undefined, Status.STATUS_REGISTERED],
    ["an open transfer", parcel(), transfer(), Status.STATUS_TRANSFER_PENDING],
    ["an objected transfer (terminal)", parcel(), transfer({ objectedBy: "x" }), Status.STATUS_DISPUTED],
    ["a completed transfer", parcel(), transfer({ completedAt: 20n }), Status.STATUS_REGISTERED],
    ["a freeze in force over an open transfer", parcel({ freezes: [freeze(false)] }), transfer(), Status.STATUS_FROZEN],
    [
      "a freeze in force over a dispute",
      parcel({ freezes: [freeze(true), freeze(false)] }),
      transfer({ objectedBy: "x" }),
      Status.STATUS_FROZEN,
    ],
    ["only lifted freezes", parcel({ freezes: [freeze(true), freeze(true)] }), transfer({ objectedBy: "x" }), Status.STATUS_DISPUTED],
  ])("%s", (_label, p, t, expected) => {
    expect(derivedStatus(p, t)).toBe(expected);
  });

  it("unfreezing lifts the latest freeze in force", () => {
    expect(latestActiveFreeze(parcel())).toBe(-1);
    expect(latestActiveFreeze(parcel({ freezes: [freeze(false), freeze(false), freeze(true)] }))).toBe(1);
    expect(latestActiveFreeze(parcel({ freezes: [freeze(true), freeze(true)] }))).toBe(-1);
  });

  it("a transfer is open until completed or objected", () => {
    expect([isOpen(transfer()), isOpen(transfer({ completedAt: 1n })), isOpen(transfer({ objectedBy: "x" }))]).toEqual([
      true,
      false,
      false,
    ]);
  });
});

describe("land rules: a permission is live", () => {
  const a = FractionalisationAuthority.fromPartial({ parcelId: 1n, maxShareBps: 100, expiresAt: 1000n });
  it("until the second it expires, against block time", () => {
    expect(isLive(a, parcel(), 999n)).toBe(true);
    expect(isLive(a, parcel(), 1000n)).toBe(false);
    expect(isLive(a, parcel(), 5000n)).toBe(false);
  });
  it("not when withdrawn", () => {
    expect(isLive({ ...a, withdrawn: true, withdrawnAt: 5n }, parcel(), 10n)).toBe(false);
  });
  it("not while a no_fractionalisation restriction is in force; other or lifted restrictions do not matter", () => {
    expect(forbidsFractionalisation(parcel({ restrictions: [restriction("no_fractionalisation")] }))).toBe(true);
    expect(isLive(a, parcel({ restrictions: [restriction("no_fractionalisation")] }), 10n)).toBe(false);
    expect(isLive(a, parcel({ restrictions: [restriction("no_fractionalisation", true), restriction("heritage_protected")] }), 10n)).toBe(
      true,
    );
    expect(isLive(a, parcel({ restrictions: [restriction("NO_FRACTIONALISATION")] }), 10n)).toBe(true);
  });
});

describe("land params, jurisdictions and limits", () => {
  it("defaults: quorum 2, window 7 days, the parcel's own office does not count", () => {
    expect(defaultLandParams()).toEqual({ attestationQuorum: 2, challengeWindow: 604800n, sameAuthorityAttestation: false });
    expect(validateLandParams(defaultLandParams())).toEqual(defaultLandParams());
  });
  it.each([
    [{ attestationQuorum: 0, challengeWindow: 1n }, /attestation_quorum/],
    [{ attestationQuorum: 101, challengeWindow: 1n }, /attestation_quorum/],
    [{ attestationQuorum: 1, challengeWindow: 0n }, /challenge_window/],
    [{ attestationQuorum: 1, challengeWindow: 10n * 365n * 24n * 3600n + 1n }, /challenge_window/],
  ])("refuses %o", (p, message) => {
    expect(() => validateLandParams({ ...p, sameAuthorityAttestation: false })).toThrow(message);
  });
  it("assigned ISO 3166-1 alpha-2 codes only, exact case", () => {
    expect(["KE", "TZ", "UG", "GB", "US", "ZW", "AX"].every(isAssignedCountry)).toBe(true);
    expect(["ke", "UK", "EU", "XK", "ZZ", "AA", "KEN", "", " KE"].some(isAssignedCountry)).toBe(false);
  });
  it("free-text limits count characters, not UTF-16 units", () => {
    expect(() => limit("uri", "é".repeat(LAND_LIMITS.shortChars), LAND_LIMITS.shortChars)).not.toThrow();
    expect(() => limit("uri", "😀".repeat(LAND_LIMITS.shortChars), LAND_LIMITS.shortChars)).not.toThrow();
    expect(() => limit("uri", "x".repeat(LAND_LIMITS.shortChars + 1), LAND_LIMITS.shortChars)).toThrow(/uri longer than 256/);
  });
});
