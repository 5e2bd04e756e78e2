import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  AliasIdError,
  CROCKFORD_ALPHABET,
  aliasCheckCharacter,
  canonicalCountry,
  composeAliasId,
  deriveAliasId,
  deriveAliasPayload,
  formatAliasId,
  hasValidAliasCheck,
  isAssignedCountry,
  isValidAliasId,
  normaliseAliasId,
  parseAliasId,
  parseAliasIdForm,
} from "../../../src/client/alias-id";
import { ISO3166_ASSIGNED } from "../../../src/types/iso3166";
import { Prng } from "../../helpers/prng";

const A = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * The check character written out from its definition, independently of the module: payload
 * last to first, then country last to first; weights 2, 1, 2, …; payload symbols worth their
 * index in A, country letters A=0 … Z=25; each product adds floor(p/32) + p mod 32.
 */
function referenceCheck(country: string, payload: string): string {
  const values = [...[...payload].reverse().map((c) => A.indexOf(c)), ...[...country].reverse().map((c) => c.charCodeAt(0) - 65)];
  const sum = values.reduce((s, v, i) => {
    const p = v * (i % 2 === 0 ? 2 : 1);
    return s + Math.floor(p / 32) + (p % 32);
  }, 0);
  return A[(32 - (sum % 32)) % 32];
}

/** The payload from its definition, with node's SHA-256: A[d[i] mod 32], d = SHA-256(country ‖ address ‖ nonce LE64). */
function referencePayload(country: string, address: string, nonce: bigint, length: number): string {
  const le = Buffer.alloc(8);
  le.writeBigUInt64LE(nonce);
  const d = createHash("sha256").update(country).update(address).update(le).digest();
  return [...d.subarray(0, length)].map((b) => A[b % 32]).join("");
}

const ADDRESS = "yml1qyqszqgpqyqszqgpqyqszqgpqyqszqgp29z2u4";

describe("alias identifier check character (hand-worked)", () => {
  it("DE + 2 → J: 2·2=4; E=4·1=4; D=3·2=6; sum 14; A[32−14] = A[18] = J", () => {
    expect(aliasCheckCharacter("DE", "2")).toBe("J");
    expect(composeAliasId("DE", "2")).toBe("DE2J");
    expect(hasValidAliasCheck("DE2J")).toBe(true);
  });

  it("US + 7K3N → B: N=21·2=42→1+10; 3·1=3; K=19·2=38→1+6; 7·1=7; S=18·2=36→1+4; U=20·1=20; sum 53; A[32−21] = B", () => {
    expect(composeAliasId("US", "7K3N")).toBe("US7K3NB");
  });

  it("FR + ZZ → T: Z=31·2=62→1+30; Z=31·1=31; R=17·2=34→1+2; F=5·1=5; sum 70; A[32−6] = T", () => {
    expect(composeAliasId("FR", "ZZ")).toBe("FRZZT");
  });

  it("agrees with the definition written out for random bodies", () => {
    const prng = new Prng(0xc4ec);
    const countries = [...ISO3166_ASSIGNED];
    for (let n = 0; n < 500; n++) {
      const country = countries[prng.int(countries.length)];
      let payload = "";
      for (let i = 0, len = 1 + prng.int(16); i < len; i++) payload += A[prng.int(32)];
      expect(aliasCheckCharacter(country, payload)).toBe(referenceCheck(country, payload));
    }
  });

  it("refuses a malformed body", () => {
    expect(() => aliasCheckCharacter("D3", "2")).toThrow(AliasIdError);
    expect(() => aliasCheckCharacter("DE", "U")).toThrow(AliasIdError);
    expect(() => aliasCheckCharacter("de", "2")).toThrow(AliasIdError);
  });
});

describe("alias identifier derivation", () => {
  it("a worked vector: DE, a fixed address, nonces 0, 1, 2, eight symbols", () => {
    expect(deriveAliasId("DE", ADDRESS, 0n, 8)).toBe("DESPJBJ0ZR5");
    expect(deriveAliasId("DE", ADDRESS, 1n, 8)).toBe("DETBYG6JM31");
    expect(deriveAliasId("DE", ADDRESS, 2n, 8)).toBe("DE53PH55ADY");
  });

  it("agrees with the definition written out (node's SHA-256), for every length 8..16", () => {
    for (const country of ["DE", "KE", "BR"]) {
      for (let length = 8; length <= 16; length++) {
        for (const nonce of [0n, 1n, 7n, 2n ** 40n]) {
          const payload = referencePayload(country, ADDRESS, nonce, length);
          expect(deriveAliasPayload(country, ADDRESS, nonce, length)).toBe(payload);
          expect(deriveAliasId(country, ADDRESS, nonce, length)).toBe(country + payload + referenceCheck(country, payload));
        }
      }
    }
  });

  it("refuses a length the hash cannot fill", () => {
    expect(() => deriveAliasPayload("DE", ADDRESS, 0n, 33)).toThrow(AliasIdError);
    expect(() => deriveAliasPayload("DE", ADDRESS, 0n, 0)).toThrow(AliasIdError);
  });
});

describe("alias identifier parsing", () => {
  it("normalises any form: case, hyphens, spaces, confusables after the prefix", () => {
    expect(parseAliasId("us-7k3n-b")).toEqual({ id: "US7K3NB", country: "US", payload: "7K3N", check: "B" });
    expect(normaliseAliasId("  De 2j ")).toBe("DE2J");
    const id = composeAliasId("DE", "01");
    expect(normaliseAliasId(`de-ol-${id.slice(-1).toLowerCase()}`)).toBe(id);
    expect(normaliseAliasId(`DEOI${id.slice(-1)}`)).toBe(id);
  });

  it("never folds the country prefix", () => {
    expect(() => parseAliasId("D32J")).toThrow(/two-letter country/);
    expect(() => parseAliasId("1T2H")).toThrow(/two-letter country/);
    const it2 = composeAliasId("IT", "2N");
    expect(normaliseAliasId(it2.toLowerCase())).toBe(it2);
  });

  it("refuses malformed identifiers with the reason", () => {
    expect(() => parseAliasId("DE2U")).toThrow(AliasIdError);
    expect(() => parseAliasId("DE.2J")).toThrow(/characters other than/);
    expect(() => parseAliasId("")).toThrow(/empty/);
    expect(() => parseAliasId("DE")).toThrow(/too short/);
    expect(() => parseAliasId("DE" + "2".repeat(40))).toThrow(/too long/);
    expect(() => parseAliasId("DE" + "-".repeat(200))).toThrow(/longer than/);
    expect(() => parseAliasId("DE2H")).toThrow(/check character/);
    expect(isValidAliasId("DE2J")).toBe(true);
    expect(isValidAliasId("DE2H")).toBe(false);
  });

  it("parseAliasIdForm normalises without the check", () => {
    expect(parseAliasIdForm("de-2h").id).toBe("DE2H");
    expect(() => parseAliasIdForm("DE.2H")).toThrow(AliasIdError);
  });

  it("formats the display form", () => {
    expect(formatAliasId("US7K3NB", 2)).toBe("US-7K-3NB");
    const id = composeAliasId("FR", "ABCDEFGHJK");
    expect(formatAliasId(id)).toBe(`FR-ABCDE-FGHJK${id.slice(-1)}`);
    expect(normaliseAliasId(formatAliasId(id).toLowerCase())).toBe(id);
  });

  it("country helpers use the real assigned table; canonicalCountry folds the case", () => {
    expect(isAssignedCountry("DE")).toBe(true);
    expect(isAssignedCountry("ZZ")).toBe(false);
    expect(isAssignedCountry("UK")).toBe(false);
    expect(isAssignedCountry("de")).toBe(false);
    expect(canonicalCountry("de")).toBe("DE");
    expect(canonicalCountry("zz")).toBeUndefined();
  });
});

describe("property: every single substitution is detected", () => {
  const countries = [...ISO3166_ASSIGNED];
  const ALL = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  const prng = new Prng(0xa11a5);

  it("over 150 random identifiers", () => {
    let checked = 0;
    for (let n = 0; n < 150; n++) {
      const country = countries[prng.int(countries.length)];
      let payload = "";
      for (let i = 0, len = 8 + prng.int(9); i < len; i++) payload += CROCKFORD_ALPHABET[prng.int(32)];
      const id = composeAliasId(country, payload);
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
    }
    expect(checked).toBeGreaterThan(50_000);
  });
});
