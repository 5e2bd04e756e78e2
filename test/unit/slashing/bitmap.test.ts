import { describe, expect, it } from "vitest";
import { Params } from "cosmjs-types/cosmos/slashing/v1beta1/slashing";
import { emptyChunk, testBit, withBit } from "../../../src/modules/slashing/bitmap";
import { decBytes, minSignedPerWindowInt } from "../../../src/modules/slashing/params";

describe("missed-blocks bitmap chunk", () => {
  it("is bits-and-blooms/bitset's MarshalBinary of 1024 bits: length, then big-endian words, bit i at i%64 of word i/64", () => {
    const empty = emptyChunk();
    expect(empty.length).toBe(8 + 16 * 8);
    expect(Buffer.from(empty.subarray(0, 8)).toString("hex")).toBe("0000000000000400");
    const chunk = withBit(withBit(withBit(undefined, 0, true), 65, true), 1023, true);
    expect(Buffer.from(chunk.subarray(8, 16)).toString("hex")).toBe("0000000000000001");
    expect(Buffer.from(chunk.subarray(16, 24)).toString("hex")).toBe("0000000000000002");
    expect(Buffer.from(chunk.subarray(chunk.length - 8)).toString("hex")).toBe("8000000000000000");
    expect([0, 1, 64, 65, 1022, 1023].map((i) => testBit(chunk, i))).toEqual([true, false, false, true, false, true]);
    const cleared = withBit(chunk, 65, false);
    expect(testBit(cleared, 65)).toBe(false);
    expect(testBit(chunk, 65)).toBe(true);
  });
});

describe("MinSignedPerWindowInt", () => {
  const params = (window: bigint, min: string) => Params.fromPartial({ signedBlocksWindow: window, minSignedPerWindow: decBytes(min) });
  it("rounds window × min_signed_per_window half to even, as LegacyDec.RoundInt64", () => {
    expect(minSignedPerWindowInt(params(100n, "0.5"))).toBe(50n);
    expect(minSignedPerWindowInt(params(10n, "0.55"))).toBe(6n);
    expect(minSignedPerWindowInt(params(10n, "0.45"))).toBe(4n);
    expect(minSignedPerWindowInt(params(10n, "0.46"))).toBe(5n);
    expect(minSignedPerWindowInt(params(3n, "1"))).toBe(3n);
  });
});
