import { describe, expect, it } from "vitest";
import { tempDirs } from "../../helpers/temp-dirs";
import { CommitStore } from "../../../src/store/commit-store";
import { bin, prng, unbin, utf } from "./setup";

const tmp = tempDirs("ordered-reads-");

/**
 * Store names that sort around each other by their "/" ("a!/" < "a/" < "a0/" < "ab/"), and key
 * suffixes that are prefixes of each other, empty, or hold 0x00 and 0xff bytes: where an
 * ordered walk over tries could go wrong.
 */
const STORES = ["a", "a!", "a0", "ab", "b"];
const SUFFIXES = ["", "\x00", "\x00\x00", "\x01", "k", "k\x00", "k\xff", "ka", "kb", "kk", "\xff", "\xff\xff", "z"];

function randomKey(rnd: () => number): string {
  const store = STORES[Math.floor(rnd() * STORES.length)]!;
  let suffix = SUFFIXES[Math.floor(rnd() * SUFFIXES.length)]!;
  if (rnd() < 0.5) suffix += String.fromCharCode(Math.floor(rnd() * 256));
  return `${store}/${suffix}`;
}

/** A bound for a range read: a key that may or may not be present, or one outside every store. */
function randomBound(rnd: () => number, model: Map<string, string>): string | undefined {
  const r = rnd();
  if (r < 0.15) return undefined;
  if (r < 0.45 && model.size > 0) {
    const keys = [...model.keys()];
    return keys[Math.floor(rnd() * keys.length)];
  }
  if (r < 0.6) return ["", "a", "a/", "a0", "a1", "aa", "b/", "c", "\xff"][Math.floor(rnd() * 9)];
  return randomKey(rnd);
}

function expected(model: Map<string, string>, lo: string | undefined, hi: string | undefined, reverse: boolean): string[] {
  const keys = [...model.keys()].filter((k) => (lo === undefined || k >= lo) && (hi === undefined || k < hi)).sort();
  if (reverse) keys.reverse();
  return keys.map((k) => `${k}=${model.get(k)}`);
}

function read(store: CommitStore, lo: string | undefined, hi: string | undefined, reverse: boolean): string[] {
  const out: string[] = [];
  for (const [k, v] of store.iterator(lo === undefined ? undefined : unbin(lo), hi === undefined ? undefined : unbin(hi), reverse)) {
    out.push(`${bin(k)}=${bin(v)}`);
  }
  return out;
}

async function randomCommit(store: CommitStore, model: Map<string, string>, rnd: () => number, writes: number): Promise<void> {
  const b = store.branch();
  for (let i = 0; i < writes; i++) {
    const k = randomKey(rnd);
    if (rnd() < 0.35) {
      b.delete(unbin(k));
      model.delete(k);
    } else {
      const v = `v${store.lastHeight}-${i}`;
      b.set(unbin(k), utf(v));
      model.set(k, v);
    }
  }
  await store.commit(b, store.lastHeight + 1n);
}

describe("CommitStore ordered reads walk the tries", () => {
  it("give every range, forward and reverse, and membership and size, as a sorted model does, over random commits and a reopen", async () => {
    const dir = tmp();
    let store = await CommitStore.open(dir, { stores: STORES });
    const model = new Map<string, string>();
    const rnd = prng(37);
    for (let round = 0; round < 40; round++) {
      await randomCommit(store, model, rnd, 1 + Math.floor(rnd() * 25));
      if (round === 25) {
        await store.close();
        store = await CommitStore.open(dir, { stores: STORES });
      }
      if (round === 30) {
        // A rollback puts the previous keys back in the walk.
        const before = new Map(model);
        await randomCommit(store, model, rnd, 10);
        await store.rollback();
        model.clear();
        for (const [k, v] of before) model.set(k, v);
      }
      expect(store.size).toBe(model.size);
      for (let q = 0; q < 30; q++) {
        const lo = randomBound(rnd, model);
        const hi = randomBound(rnd, model);
        const reverse = rnd() < 0.5;
        expect(read(store, lo, hi, reverse), `[${lo}, ${hi}) reverse=${reverse}`).toEqual(expected(model, lo, hi, reverse));
        const probe = randomBound(rnd, model) ?? "a/k";
        expect(store.has(unbin(probe))).toBe(model.has(probe));
        expect(store.get(unbin(probe)) && bin(store.get(unbin(probe))!)).toBe(model.get(probe));
      }
    }
    expect(store.has(utf("noslash"))).toBe(false);
    expect(store.has(utf("/a"))).toBe(false);
    expect(store.has(utf("unknown/k"))).toBe(false);
    await store.close();
  });

  it("a walk paused across commits goes on from its last key in the new state", async () => {
    const store = await CommitStore.open(tmp(), { stores: STORES });
    const model = new Map<string, string>();
    const rnd = prng(91);
    for (let i = 0; i < 5; i++) await randomCommit(store, model, rnd, 40);
    for (let trial = 0; trial < 20; trial++) {
      const reverse = trial % 2 === 1;
      const walk = store.iterator(undefined, undefined, reverse);
      const seen: string[] = [];
      for (let step = 0; step < 4; step++) {
        const next = walk.next();
        if (next.done) break;
        seen.push(bin(next.value[0]));
      }
      // Deletes and inserts on both sides of where the walk stands, and a new store's keys.
      await randomCommit(store, model, rnd, 30);
      const last = seen[seen.length - 1];
      const rest = [...walk].map(([k, v]) => `${bin(k)}=${bin(v)}`);
      const want = expected(model, reverse ? undefined : last, reverse ? last : undefined, reverse).filter(
        (e) => !e.startsWith(`${last}=`),
      );
      expect(rest).toEqual(want);
    }
    await store.close();
  });
});
