import { describe, expect, it } from "vitest";
import { BranchStore } from "../../../src/store/branch";
import { bytesKey, pairKey, stringValue } from "../../../src/store/codecs";
import { Schema } from "../../../src/store/collections";
import { keyIndex } from "../../../src/store/indexed-map";
import { MemKV } from "./setup";

type Pair = [Uint8Array, Uint8Array];
const swap = ([a, b]: Pair): Pair => [b, a];
const b = (n: number) => Uint8Array.of(n);

/** A store that counts reads, to show the key index's writes never read the record. */
function countingCtx() {
  const store = new BranchStore(new MemKV());
  let reads = 0;
  const counted = new Proxy(store, {
    get(target, prop, receiver) {
      const v = Reflect.get(target, prop, receiver);
      if (typeof v !== "function") return v;
      if (prop === "get" || prop === "getBin" || prop === "has" || prop === "hasBin")
        return (...args: unknown[]) => (reads++, v.apply(target, args));
      return v.bind(target);
    },
  });
  return { ctx: { store: counted }, reads: () => reads };
}

describe("keyIndex: an index that re-orders the primary key", () => {
  const pair = pairKey(bytesKey, bytesKey);
  const s = new Schema("t/");
  const m = s.indexedMap(1, "delegations", pair, stringValue, { byValidator: keyIndex<Pair, Pair, string>(2, pair, swap, swap) });

  it("writes (ref, rest) entries on set, drops them on remove, and reads nothing on either", () => {
    const { ctx, reads } = countingCtx();
    m.set(ctx, [b(1), b(9)], "a");
    m.set(ctx, [b(2), b(9)], "b");
    m.set(ctx, [b(1), b(9)], "a2");
    m.set(ctx, [b(3), b(8)], "c");
    m.remove(ctx, [b(2), b(9)]);
    expect(reads()).toBe(0);
    expect([...m.indexes.byValidator.iterate(ctx, pair.prefix(b(9)))]).toEqual([[b(1), b(9)]]);
    expect([...m.indexes.byValidator.entries(ctx)]).toEqual([
      [b(8), b(3)],
      [b(9), b(1)],
    ]);
    expect(m.indexes.byValidator.paginate(ctx, pair.prefix(b(8)), { countTotal: true })).toMatchObject({
      items: [[b(3), b(8)]],
      total: 1n,
    });
    expect(m.indexes.byValidator.has(ctx, [b(3), b(8)])).toBe(true);
  });
});
