import { describe, expect, it } from "vitest";
import {
  AliasIdError, CROCKFORD_ALPHABET, aliasCheckCharacter, composeAliasId, formatAliasId, hasValidAliasCheck, isAssignedCountry,
  isValidAliasId, normaliseAliasId, parseAliasId, payloadFromBytes,
} from "../../../src/client/alias-id";
import { ISO3166_ASSIGNED } from "../../../src/types/iso3166";
import { Prng } from "../../helpers/prng";

// Hand-worked: values 0-9 → 0-9, A-Z → 10-35; weights 2^i mod 37; the whole sum is 0 mod 37.
describe("alias identifier check character (hand-worked)", () => {
  it("DE + 2 → H: 13·1 + 14·2 + 2·4 + 17·8 = 185 = 5·37", () => {
    expect(aliasCheckCharacter("DE", "2")).toBe("H");
    expect(composeAliasId("DE", "2")).toBe("DE2H");
    expect(hasValidAliasCheck("DE2H")).toBe(true);
  });

  it("US + 7K3N → H: 1058 + 17·27 = 1517 = 41·37", () => {
    expect(composeAliasId("US", "7K3N")).toBe("US7K3NH");
  });

  it("DE + 01 → R", () => {
    expect(composeAliasId("DE", "01")).toBe("DE01R");
  });

  it("a payload whose check value has no Crockford character is not issuable", () => {
    // DE0: check value 18 (I); DE1: 36; US7K3M: 36.
    expect(aliasCheckCharacter("DE", "0")).toBeUndefined();
    expect(aliasCheckCharacter("DE", "1")).toBeUndefined();
    expect(composeAliasId("US", "7K3M")).toBeUndefined();
  });

  it("refuses malformed bodies", () => {
    expect(() => aliasCheckCharacter("D3", "2")).toThrow(AliasIdError);
    expect(() => aliasCheckCharacter("DE", "U")).toThrow(AliasIdError);
    expect(() => aliasCheckCharacter("de", "2")).toThrow(AliasIdError);
  });
});

describe("parsing in any form", () => {
  it("drops hyphens and spaces, upper-cases, unfolds confusables after the prefix only", () => {
    expect(parseAliasId("us-7k3n-h")).toEqual({ id: "US7K3NH", country: "US", payload: "7K3N", check: "H" });
    expect(normaliseAliasId("  De 2h ")).toBe("DE2H");
    expect(normaliseAliasId("de-ol-r")).toBe("DE01R");
    expect(normaliseAliasId("DEOIR")).toBe("DE01R");
  });

  it("never folds the country prefix", () => {
    // "I" and "L" are letters of assigned codes (IT, LU); a digit is never a prefix.
    expect(() => parseAliasId("D32H")).toThrow(/two-letter country/);
    expect(normaliseAliasId("IT" + "2")).toBeUndefined();
  });

  it("refuses U, punctuation, empty and over-long input, and a wrong check character", () => {
    expect(() => parseAliasId("DE2U")).toThrow(AliasIdError);
    expect(() => parseAliasId("DE.2H")).toThrow(/characters other than/);
    expect(() => parseAliasId("")).toThrow(/empty/);
    expect(() => parseAliasId("DE")).toThrow(/too short/);
    expect(() => parseAliasId("DE" + "2".repeat(40))).toThrow(/too long/);
    expect(() => parseAliasId("DE" + "-".repeat(200))).toThrow(/longer than/);
    expect(() => parseAliasId("DE2J")).toThrow(/check character/);
    expect(isValidAliasId("DE2H")).toBe(true);
    expect(isValidAliasId("DE2G")).toBe(false);
  });

  it("formats a display form that parses back", () => {
    expect(formatAliasId("US7K3NH", 2)).toBe("US-7K-3NH");
    const id = composeAliasId("FR", "ABCDEFGHJK")!;
    expect(formatAliasId(id)).toBe(`FR-ABCDE-FGHJK${id.slice(-1)}`);
    expect(normaliseAliasId(formatAliasId(id).toLowerCase())).toBe(id);
  });

  it("takes payload characters five bits at a time from bytes", () => {
    expect(payloadFromBytes(Uint8Array.of(0b00001_000, 0b10_00011_0), 3)).toBe("123");
    expect(payloadFromBytes(Uint8Array.of(0xff, 0xff), 3)).toBe("ZZZ");
    expect(() => payloadFromBytes(Uint8Array.of(1), 2)).toThrow(AliasIdError);
  });

  it("country helpers use the real assigned table", () => {
    expect(isAssignedCountry("DE")).toBe(true);
    expect(isAssignedCountry("ZZ")).toBe(false);
    expect(isAssignedCountry("UK")).toBe(false);
    expect(isAssignedCountry("de")).toBe(false);
  });
});

describe("property: every single substitution and adjacent swap is detected", () => {
  const countries = [...ISO3166_ASSIGNED];
  const ALL = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  const prng = new Prng(0xa11a5);

  function randomId(): string {
    for (;;) {
      const country = countries[prng.int(countries.length)];
      const length = 1 + prng.int(20);
      let payload = "";
      for (let i = 0; i < length; i++) payload += CROCKFORD_ALPHABET[prng.int(32)];
      const id = composeAliasId(country, payload);
      if (id !== undefined) return id;
    }
  }

  it("over 400 random identifiers", () => {
    let checked = 0;
    for (let n = 0; n < 400; n++) {
      const id = randomId();
      expect(parseAliasId(id).id).toBe(id);
      for (let i = 0; i < id.length; i++) {
        for (const c of ALL) {
          if (c === id[i]) continue;
          const typo = id.slice(0, i) + c + id.slice(i + 1);
          // Either refused, or a confusable that folds back to the very same identifier.
          const parsed = normaliseAliasId(typo);
          if (parsed !== undefined) expect(parsed).toBe(id);
          checked++;
        }
      }
      for (let i = 0; i + 1 < id.length; i++) {
        if (id[i] === id[i + 1]) continue;
        const swapped = id.slice(0, i) + id[i + 1] + id[i] + id.slice(i + 2);
        expect(normaliseAliasId(swapped)).toBeUndefined();
        expect(hasValidAliasCheck(swapped)).toBe(false);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100_000);
  });
});
