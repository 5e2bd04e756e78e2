import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TypedMap } from "../../../src/store/collections";
import { bytesKey, int64Key, pairKey, stringKey, stringValue, tripleKey, uint64Key, type KeyCodec } from "../../../src/store/codecs";
import { toBin } from "../../../src/store/bytes";
import { accAddress } from "../../../src/types/address";
import { Secp256k1Key } from "../../../src/client/signer";

/** The encodings written out independently: big-endian u64 through a DataView, UTF-8 strings, NUL after non-last strings. */
function refU64(n: bigint): number[] {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setBigUint64(0, n);
  return [...b];
}
const refString = (s: string, last: boolean): number[] => [...new TextEncoder().encode(s), ...(last ? [] : [0])];

const PREFIX = Uint8Array.of(7, 3);
const mapOf = <K>(codec: KeyCodec<K>) => new TypedMap(PREFIX, "t", codec, stringValue);
const u64 = fc.bigInt({ min: 0n, max: (1n << 64n) - 1n });
const str = fc.string({ unit: "binary", maxLength: 40 }).filter((s) => !s.includes("\0"));
const bytes = (b: Uint8Array) => [...b];

describe("store key fast paths give the generic path's bytes", () => {
  it("uint64 without a DataView: boundaries and random values; out of range refused", () => {
    for (const n of [0n, 1n, 255n, 256n, 0xffff_ffffn, 0x1_0000_0000n, 0x1234_5678_9abc_def0n, (1n << 64n) - 1n]) {
      expect(bytes(uint64Key.encode(n))).toEqual(refU64(n));
      expect(uint64Key.decode(uint64Key.encode(n))).toBe(n);
    }
    fc.assert(
      fc.property(u64, (n) => {
        expect(bytes(uint64Key.encode(n))).toEqual(refU64(n));
      }),
      { seed: 18, numRuns: 2000 },
    );
    expect(() => uint64Key.encode(-1n)).toThrow(RangeError);
    expect(() => uint64Key.encode(1n << 64n)).toThrow(RangeError);
  });

  it("collection keys joined from pieces equal prefix ‖ encode(key) and the reference bytes", () => {
    const triple = tripleKey(uint64Key, stringKey, stringKey);
    const pair = pairKey(stringKey, stringKey);
    const triple2 = tripleKey(stringKey, uint64Key, uint64Key);
    fc.assert(
      fc.property(u64, str, str, u64, (n, a, b, m) => {
        const cases: Array<[KeyCodec<any>, unknown, number[]]> = [
          [uint64Key, n, refU64(n)],
          [stringKey, a, refString(a, true)],
          [pair, [a, b], [...refString(a, false), ...refString(b, true)]],
          [triple, [n, a, b], [...refU64(n), ...refString(a, false), ...refString(b, true)]],
          [triple2, [a, n, m], [...refString(a, false), ...refU64(n), ...refU64(m)]],
        ];
        for (const [codec, key, ref] of cases) {
          const fast = mapOf(codec).rawKey(key);
          expect(bytes(fast)).toEqual([...PREFIX, ...ref]);
          expect(bytes(fast)).toEqual([...PREFIX, ...codec.encode(key)]);
          expect(codec.decode(fast.subarray(PREFIX.length))).toEqual(key);
        }
      }),
      { seed: 18, numRuns: 500 },
    );
  });

  it("a cached string encoding is never handed out to be changed, and NUL stays refused before the last position", () => {
    const pair = pairKey(stringKey, stringKey);
    const first = mapOf(pair).rawKey(["ueur", "ueur"]);
    first.fill(0);
    expect(bytes(mapOf(pair).rawKey(["ueur", "ueur"]))).toEqual([...PREFIX, ...refString("ueur", false), ...refString("ueur", true)]);
    expect(bytes(stringKey.encode("ueur"))).toEqual(refString("ueur", true));
    expect(() => mapOf(pair).rawKey(["a\0b", "c"])).toThrow(/NUL/);
    expect(() => mapOf(tripleKey(uint64Key, stringKey, stringKey)).rawKey([1n, "a\0", "c"])).toThrow(/NUL/);
  });

  it("binary-string keys (no byte array on the way) equal toBin(prefix ‖ encode(key)) for every codec shape", () => {
    const codecs: Array<[string, KeyCodec<any>, fc.Arbitrary<unknown>]> = [
      ["uint64", uint64Key, u64],
      ["int64 (no fast path)", int64Key, fc.bigInt({ min: -(1n << 63n), max: (1n << 63n) - 1n })],
      ["string", stringKey, fc.string({ unit: "binary", maxLength: 40 })],
      ["bytes", bytesKey, fc.uint8Array({ maxLength: 300 })],
      [
        "pair bytes,string",
        pairKey(bytesKey, stringKey),
        fc.tuple(fc.uint8Array({ maxLength: 255 }), fc.string({ unit: "binary", maxLength: 20 })),
      ],
      ["pair string,bytes", pairKey(stringKey, bytesKey), fc.tuple(str, fc.uint8Array({ maxLength: 40 }))],
      ["pair uint64,string", pairKey(uint64Key, stringKey), fc.tuple(u64, str)],
      ["triple uint64,string,string", tripleKey(uint64Key, stringKey, stringKey), fc.tuple(u64, str, str)],
      ["pair int64,uint64", pairKey(int64Key, uint64Key), fc.tuple(fc.bigInt({ min: -(1n << 63n), max: (1n << 63n) - 1n }), u64)],
    ];
    for (const [, codec, arb] of codecs) {
      fc.assert(
        fc.property(arb, (key) => {
          expect(mapOf(codec).binKey(key)).toBe(toBin(mapOf(codec).rawKey(key)));
        }),
        { seed: 26, numRuns: 300 },
      );
    }
  });

  it("an address's shared decoding gives the same binary key as a fresh copy; oversized and NUL parts stay refused", () => {
    const pair = pairKey(bytesKey, stringKey);
    for (let i = 0; i < 20; i++) {
      const address = Secp256k1Key.fromSeed(`bin-key/${i}`).address;
      const shared = accAddress.keyPart(address);
      const copy = accAddress.decode(address);
      expect(mapOf(pair).binKey([shared, "uyml"])).toBe(mapOf(pair).binKey([copy, "uyml"]));
      expect(mapOf(bytesKey).binKey(shared)).toBe(toBin(mapOf(bytesKey).rawKey(copy)));
    }
    expect(() => mapOf(pair).binKey([new Uint8Array(256), "a"])).toThrow(/longer than 255/);
    expect(() => mapOf(pairKey(stringKey, stringKey)).binKey(["a\0b", "c"])).toThrow(/NUL/);
  });
});
