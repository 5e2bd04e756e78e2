import { describe, expect, it } from "vitest";
import { bytesKey, pairKey, stringKey, uint64Key } from "../../src/store/codecs";
import { accAddress, valAddress } from "../../src/types/address";
import { accAddressKey, valAddressKey } from "../../src/types/address-key";

const bytesA = Uint8Array.from({ length: 20 }, (_, i) => i + 1);
const bytesB = Uint8Array.from({ length: 32 }, (_, i) => 200 - i);

describe("address key codecs", () => {
  it("store an address as its bytes, in the bytesKey layout, and read back the canonical string", () => {
    const addr = accAddress.encode(bytesA);
    expect(accAddressKey.encode(addr)).toEqual(bytesA);
    expect(accAddressKey.decode(bytesA)).toBe(addr);
    expect(accAddressKey.encodeNonTerminal(addr)).toEqual(bytesKey.encodeNonTerminal(bytesA));
    const val = valAddress.encode(bytesB);
    expect(valAddressKey.encode(val)).toEqual(bytesB);
    expect(valAddressKey.decode(bytesB)).toBe(val);
  });

  it("compose in pairs both ways and keep the address bytes' order", () => {
    const pair = pairKey(accAddressKey, uint64Key);
    const key = pair.encode([accAddress.encode(bytesB), 7n]);
    expect(pair.decode(key)).toEqual([accAddress.encode(bytesB), 7n]);
    const last = pairKey(stringKey, accAddressKey);
    expect(last.decode(last.encode(["usd", accAddress.encode(bytesA)]))).toEqual(["usd", accAddress.encode(bytesA)]);
    expect(Buffer.compare(accAddressKey.encode(accAddress.encode(bytesA)), accAddressKey.encode(accAddress.encode(bytesB)))).toBeLessThan(
      0,
    );
  });

  it("refuse an address of the wrong kind or a malformed one (sdk 7)", () => {
    expect(() => accAddressKey.encode(valAddress.encode(bytesA))).toThrow(/invalid Bech32 prefix/);
    expect(() => valAddressKey.encode("not-an-address")).toThrow(/decoding bech32 failed/);
  });
});
