import { describe, expect, it } from "vitest";
import { Coin } from "cosmjs-types/cosmos/base/v1beta1/coin";
import { memoValue, protoValue } from "../../../src/store/codecs";

describe("memoValue", () => {
  it("decodes a stored array once: the same frozen value for the same array, a fresh one for another", () => {
    let decodes = 0;
    const codec = memoValue({ ...protoValue(Coin, "Coin"), decode: (b: Uint8Array) => (decodes++, Coin.decode(b)) });
    const a = codec.encode({ denom: "uyml", amount: "5" });
    const b = Uint8Array.from(a);
    const first = codec.decode(a);
    expect(codec.decode(a)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(codec.decode(b)).not.toBe(first);
    expect(codec.decode(b)).toEqual(first);
    expect(decodes).toBe(2);
  });

  it("stays correct past its bound: what it forgot is decoded again, never mixed up", () => {
    const codec = memoValue(protoValue(Coin, "Coin"));
    const arrays = Array.from({ length: 45_000 }, (_, i) => codec.encode({ denom: "uyml", amount: String(i) }));
    for (let round = 0; round < 2; round++) {
      arrays.forEach((bytes, i) => expect(codec.decode(bytes).amount).toBe(String(i)));
    }
  });
});
