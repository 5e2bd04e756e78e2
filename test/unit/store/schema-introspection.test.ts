import { Params } from "cosmjs-types/cosmos/bank/v1beta1/bank";
import { describe, expect, it } from "vitest";
import {
  bytesKey,
  emptyValue,
  intValue,
  isProtoValue,
  memoValue,
  pairKey,
  protoValue,
  stringKey,
  stringValue,
  uint64Key,
  uint64Value,
} from "../../../src/store/codecs";
import { captureSchemas, Schema } from "../../../src/store/collections";
import { multiIndex, uniqueIndex } from "../../../src/store/indexed-map";

describe("schema introspection", () => {
  it("lists every declared collection with its kind and codecs, indexes under their map", () => {
    const s = new Schema("m/");
    const params = protoValue(Params, "Params");
    s.item(3, "params", params);
    s.map(1, "records", uint64Key, stringValue);
    s.sequence(2, "next_id");
    s.keySet(4, "queue", pairKey(uint64Key, bytesKey));
    s.indexedMap(5, "locks", uint64Key, params, {
      byOwner: multiIndex(6, bytesKey, () => Uint8Array.of(1)),
      byName: uniqueIndex(7, stringKey, () => "x"),
    });
    const list = s.collections().map((c) => [c.prefixByte, c.name, c.kind, c.of, c.keyCodec?.name, c.valueCodec.name]);
    expect(list).toEqual([
      [1, "records", "map", undefined, "uint64", "string"],
      [2, "next_id", "sequence", undefined, undefined, "uint64"],
      [3, "params", "item", undefined, undefined, "Params"],
      [4, "queue", "keySet", undefined, "pair[uint64,bytes]", "empty"],
      [5, "locks", "indexedMap", undefined, "uint64", "Params"],
      [6, "locks.byOwner", "index", "locks", "pair[bytes,uint64]", "empty"],
      [7, "locks.byName", "index", "locks", "string", "uint64"],
    ]);
    expect(s.collections()[0]!.prefix).toEqual(Uint8Array.of(0x6d, 0x2f, 1));
    expect(s.name).toBe("m/");
    expect(pairKey(stringKey, uint64Key).parts).toEqual([stringKey, uint64Key]);
  });

  it("tells proto value codecs, memoised or not, from the others", () => {
    const p = protoValue(Params, "Params");
    expect(isProtoValue(p)).toBe(true);
    expect(isProtoValue(memoValue(p))).toBe(true);
    for (const c of [stringValue, uint64Value, intValue, emptyValue]) expect(isProtoValue(c)).toBe(false);
    expect(isProtoValue(memoValue({ name: "json", encode: () => new Uint8Array(), decode: () => ({}) }))).toBe(false);
  });

  it("keeps intValue's bytes the decimal text", () => {
    expect(Buffer.from(intValue.encode(123456789012345678901234567890n)).toString()).toBe("123456789012345678901234567890");
    expect(intValue.decode(intValue.encode(0n))).toBe(0n);
  });

  it("captures the schemas built inside a call, and only those", () => {
    const before = new Schema("before/");
    const { result, schemas } = captureSchemas(() => {
      const inner = captureSchemas(() => new Schema("inner/"));
      return [new Schema("a/"), inner.schemas.length] as const;
    });
    expect(result[1]).toBe(1);
    expect(schemas.map((x) => x.name)).toEqual(["inner/", "a/"]);
    expect(schemas).not.toContain(before);
    expect(captureSchemas(() => 1).schemas).toEqual([]);
  });
});
