import { describe, expect, it } from "vitest";
import secp256k1 from "secp256k1";
import { isLowS, sha256, verifySecp256k1, verifySecp256k1Digest } from "../../../src/app/tx/sigverify";
import { testKey } from "../../helpers/chain";

describe("verifySecp256k1", () => {
  const alice = testKey("alice");
  const bob = testKey("bob");
  const bytes = new TextEncoder().encode("sign bytes");

  it("verifies a key's signatures again and again, and refuses another key's or altered bytes", () => {
    const signature = alice.sign(bytes);
    for (let i = 0; i < 3; i++) expect(verifySecp256k1(alice.pubKey, bytes, signature)).toBe(true);
    expect(verifySecp256k1(bob.pubKey, bytes, signature)).toBe(false);
    expect(verifySecp256k1(alice.pubKey, new TextEncoder().encode("sign bytez"), signature)).toBe(false);
    expect(verifySecp256k1(bob.pubKey, bytes, bob.sign(bytes))).toBe(true);
  });

  it("reads the key from the view it is given, not from the rest of its buffer", () => {
    const signature = alice.sign(bytes);
    const backing = new Uint8Array(100).fill(7);
    backing.set(alice.pubKey, 40);
    expect(verifySecp256k1(backing.subarray(40, 73), bytes, signature)).toBe(true);
    backing.set(bob.pubKey, 40);
    expect(verifySecp256k1(backing.subarray(40, 73), bytes, signature)).toBe(false);
  });

  it("refuses a 33-byte key that is not a curve point, and takes the 65-byte form of a key", () => {
    const signature = alice.sign(bytes);
    const notAPoint = Uint8Array.from(alice.pubKey);
    notAPoint[0] = 0x05;
    expect(verifySecp256k1(notAPoint, bytes, signature)).toBe(false);
    const offCurve = new Uint8Array(33).fill(0xff);
    offCurve[0] = 0x02;
    expect(verifySecp256k1Digest(offCurve, sha256(bytes), signature)).toBe(false);
    expect(verifySecp256k1(secp256k1.publicKeyConvert(alice.pubKey, false), bytes, signature)).toBe(true);
  });
});

describe("isLowS", () => {
  const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
  const withS = (s: bigint) => {
    const sig = new Uint8Array(64).fill(0xab);
    for (let i = 63; i >= 32; i--) {
      sig[i] = Number(s & 0xffn);
      s >>= 8n;
    }
    return sig;
  };

  it("takes 0 < S <= N/2 and refuses the rest, at the boundaries", () => {
    const half = N / 2n;
    expect([0n, 1n, half - 1n, half, half + 1n, N - 1n, 2n ** 256n - 1n].map((s) => isLowS(withS(s)))).toEqual([
      false,
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it("agrees with the arithmetic comparison on random values", () => {
    let seed = 12345n;
    for (let i = 0; i < 2000; i++) {
      seed = (seed * 6364136223846793005n + 1442695040888963407n) % 2n ** 256n;
      // Half the values near N/2 (the top bytes equal), half anywhere.
      const s = i % 2 === 0 ? seed : N / 2n + (seed % 2n ** 64n) - 2n ** 63n;
      expect(isLowS(withS(s))).toBe(s > 0n && s <= N / 2n);
    }
  });
});
