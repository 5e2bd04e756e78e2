import { describe, expect, it } from "vitest";
import { LeafKeys } from "../../../src/store/leaf-keys";
import { bitAt, EQUAL } from "../../../src/store/trie-bits";
import { prng } from "./setup";

/** The crit bit as trie-bits.ts defines it, computed from bitAt alone. */
function slowCritBit(a: string, b: string, off: number): number {
  const bits = (Math.max(a.length, b.length) - off + 1) << 4;
  for (let p = 0; p < bits; p++) if (bitAt(a, off, p) !== bitAt(b, off, p)) return p;
  return EQUAL;
}

function randomKey(rnd: () => number, maxLen: number): string {
  let k = "s/";
  const len = Math.floor(rnd() * maxLen);
  for (let i = 0; i < len; i++) k += String.fromCharCode(rnd() < 0.3 ? 0xff * Math.round(rnd()) : Math.floor(rnd() * 256));
  return k;
}

describe("LeafKeys: leaf keys packed in one buffer", () => {
  it("keeps every live slot's key through reuse of freed bytes and compactions, and its comparisons are the strings'", () => {
    const rnd = prng(7);
    const keys = new LeafKeys();
    const model = new Map<number, string>();
    let live = 0;
    let mostLive = 0;
    for (let op = 0; op < 20_000; op++) {
      const slot = Math.floor(rnd() * 400);
      const had = model.get(slot);
      if (had !== undefined) {
        keys.release(slot);
        model.delete(slot);
        live -= had.length;
      } else {
        // Half of a few lengths (freed bytes reused), half of any length (freed bytes left dead).
        const key = rnd() < 0.5 ? "s/" + "x".repeat(20 + Math.floor(rnd() * 3) * 12) : randomKey(rnd, 600);
        keys.set(slot, key);
        model.set(slot, key);
        live += key.length;
        mostLive = Math.max(mostLive, live);
      }
      if (op % 500 === 0) {
        for (const [s, k] of model) expect(keys.get(s)).toBe(k);
        // Freed bytes are reused or compacted away: the buffer does not grow with the churn.
        expect(keys.heldBytes).toBeLessThanOrEqual(4 * mostLive + 2 * 512 * 8 + 4096);
      }
    }
    const slots = [...model.keys()];
    for (let i = 0; i < 2_000; i++) {
      const s = slots[Math.floor(rnd() * slots.length)]!;
      const a = model.get(s)!;
      const b = rnd() < 0.2 ? a : rnd() < 0.5 ? model.get(slots[Math.floor(rnd() * slots.length)]!)! : randomKey(rnd, 8);
      const t = slots.find((x) => model.get(x) === b);
      expect(keys.critBit(s, b, 2)).toBe(slowCritBit(a, b, 2));
      if (t !== undefined) expect(keys.critBitOfSlots(s, t, 2)).toBe(slowCritBit(a, b, 2));
      expect(Math.sign(keys.compare(s, b))).toBe(a < b ? -1 : a > b ? 1 : 0);
      const p = Math.floor(rnd() * ((a.length - 2 + 1) << 4));
      expect(keys.bitAt(s, 2, p)).toBe(bitAt(a, 2, p));
    }
  });

  it("refuses to free a slot twice and to hold an empty key", () => {
    const keys = new LeafKeys();
    keys.set(3, "s/a");
    keys.release(3);
    expect(keys.isFree(3)).toBe(true);
    expect(() => keys.release(3)).toThrow(/double free/);
    expect(() => keys.set(1, "")).toThrow(/empty key/);
  });
});
