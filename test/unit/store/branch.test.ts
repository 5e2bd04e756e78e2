import { describe, expect, it } from "vitest";
import { BranchStore } from "../../../src/store/branch";
import type { Branch, KVStore } from "../../../src/store/types";
import { bin, MemKV, prng, unbin } from "./setup";

/** Reference model: a stack of layers, each a map key -> value | null (tombstone). */
class Model {
  layers: Array<Map<string, string | null>> = [new Map()];
  get(k: string): string | undefined {
    for (let i = this.layers.length - 1; i >= 0; i--) {
      const v = this.layers[i]!.get(k);
      if (v !== undefined) return v ?? undefined;
    }
    return undefined;
  }
  entries(): Array<[string, string]> {
    const keys = new Set<string>();
    for (const l of this.layers) for (const k of l.keys()) keys.add(k);
    const out: Array<[string, string]> = [];
    for (const k of [...keys].sort()) {
      const v = this.get(k);
      if (v !== undefined) out.push([k, v]);
    }
    return out;
  }
}

const vs = (s: string) => unbin(s);
const sv = (b: Uint8Array) => bin(b);

describe("BranchStore", () => {
  it("reads through, shadows, deletes with tombstones, and writes in key order", () => {
    const base = new MemKV();
    base.set(vs("a"), vs("1"));
    base.set(vs("b"), vs("2"));
    const br = new BranchStore(base);
    br.set(vs("c"), vs("3"));
    br.delete(vs("a"));
    br.set(vs("b"), vs("22"));
    expect(br.get(vs("a"))).toBeUndefined();
    expect(br.has(vs("a"))).toBe(false);
    expect(sv(br.get(vs("b"))!)).toBe("22");
    expect(base.get(vs("c"))).toBeUndefined();
    expect(br.changes().map(([k, v]) => [sv(k), v && sv(v)])).toEqual([
      ["a", undefined],
      ["b", "22"],
      ["c", "3"],
    ]);
    const order: string[] = [];
    const spy: KVStore = {
      ...base,
      get: (k) => base.get(k),
      has: (k) => base.has(k),
      iterator: (s, e, r) => base.iterator(s, e, r),
      set: (k, v) => {
        order.push(sv(k));
        base.set(k, v);
      },
      delete: (k) => {
        order.push(sv(k));
        base.delete(k);
      },
    };
    const br2 = new BranchStore(spy);
    br2.set(vs("z"), vs("1"));
    br2.set(vs("m"), vs("1"));
    br2.delete(vs("a"));
    br2.write();
    expect(order).toEqual(["a", "m", "z"]);
    expect(br2.changes()).toEqual([]);
  });

  it("matches a reference model under random nested operations", () => {
    const rnd = prng(42);
    const base = new MemKV();
    const model = new Model();
    const alphabet = ["\x00", "\x01", "a", "b", "\x7f", "\x80", "\xff"];
    const randKey = () => {
      let s = "";
      const n = 1 + Math.floor(rnd() * 3);
      for (let i = 0; i < n; i++) s += alphabet[Math.floor(rnd() * alphabet.length)];
      return s;
    };
    for (let i = 0; i < 60; i++) {
      const k = randKey();
      base.set(vs(k), vs("base" + i));
      model.layers[0]!.set(k, "base" + i);
    }
    const stack: Branch[] = [new BranchStore(base)];
    model.layers.push(new Map());
    for (let step = 0; step < 4000; step++) {
      const top = stack[stack.length - 1]!;
      const layer = model.layers[model.layers.length - 1]!;
      const r = rnd();
      if (r < 0.35) {
        const k = randKey();
        const v = "v" + step;
        top.set(vs(k), vs(v));
        layer.set(k, v);
      } else if (r < 0.5) {
        const k = randKey();
        top.delete(vs(k));
        layer.set(k, null);
      } else if (r < 0.6 && stack.length < 4) {
        stack.push(top.branch());
        model.layers.push(new Map());
      } else if (r < 0.67 && stack.length > 1) {
        top.write();
        stack.pop();
        const l = model.layers.pop()!;
        for (const [k, v] of l) model.layers[model.layers.length - 1]!.set(k, v);
      } else if (r < 0.7 && stack.length > 1) {
        stack.pop();
        model.layers.pop();
      } else if (r < 0.9) {
        const a = rnd() < 0.3 ? undefined : randKey();
        const b = rnd() < 0.3 ? undefined : randKey();
        const reverse = rnd() < 0.5;
        const got = [...top.iterator(a === undefined ? undefined : vs(a), b === undefined ? undefined : vs(b), reverse)].map(([k, v]) => [
          sv(k),
          sv(v),
        ]);
        let want = model.entries().filter(([k]) => (a === undefined || k >= a) && (b === undefined || k < b));
        if (reverse) want = want.reverse();
        expect(got).toEqual(want);
      } else {
        const k = randKey();
        const v = top.get(vs(k));
        expect(v === undefined ? undefined : sv(v)).toBe(model.get(k));
        expect(top.has(vs(k))).toBe(model.get(k) !== undefined);
      }
    }
    // changes() of the block branch equals the model's block layer in key order.
    while (stack.length > 1) {
      stack.pop()!.write();
      const l = model.layers.pop()!;
      for (const [k, v] of l) model.layers[model.layers.length - 1]!.set(k, v);
    }
    const want = [...model.layers[1]!.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
    expect(stack[0]!.changes().map(([k, v]) => [sv(k), v === undefined ? null : sv(v)])).toEqual(want);
  });

  it("survives writes and deletes while iterating", () => {
    const base = new MemKV();
    for (let i = 0; i < 50; i++) base.set(vs("k" + String(i).padStart(2, "0")), vs("b"));
    const br = new BranchStore(base);
    for (let i = 0; i < 50; i += 2) br.set(vs("k" + String(i).padStart(2, "0") + "x"), vs("o"));
    const seen: string[] = [];
    for (const [k] of br.iterator()) {
      seen.push(sv(k));
      br.delete(k);
      br.set(vs(sv(k) + "y"), vs("new"));
      if (seen.length > 500) break;
    }
    expect(seen.length).toBeGreaterThanOrEqual(75);
    expect(seen.length).toBeLessThanOrEqual(500);
    const child = br.branch();
    let n = 0;
    for (const [k] of child.iterator(undefined, undefined, true)) {
      child.set(vs("a" + sv(k)), vs("z"));
      br.delete(k);
      if (++n > 1000) break;
    }
    expect(n).toBeGreaterThan(0);
  });
});
