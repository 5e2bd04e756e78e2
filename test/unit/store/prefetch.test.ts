import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ClassicLevel } from "classic-level";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { CommitStore } from "../../../src/store/commit-store.js";
import { bin, hex, naiveRoot, prng, unbin, utf } from "./helpers.js";

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), "prefetch-"));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
afterEach(() => vi.restoreAllMocks());

type State = Map<string, Uint8Array>;
const rootOf = (s: State) => naiveRoot([...s].map(([k, v]) => [unbin(k), v]));

function randomWrites(store: CommitStore, model: State, rnd: () => number, tag: string, n = 60) {
  const b = store.branch();
  for (let i = 0; i < n; i++) {
    const k = utf("k" + Math.floor(rnd() * 400));
    if (rnd() < 0.25) {
      b.delete(k);
      model.delete(bin(k));
    } else {
      const v = utf(tag + "-" + i);
      b.set(k, v);
      model.set(bin(k), v);
    }
  }
  return b;
}

describe("CommitStore.prefetch", () => {
  it("leaves roots, undo logs and state exactly as without it, across reopen with cold caches", async () => {
    const dir = tmp();
    const model: State = new Map();
    const rnd = prng(11);
    // A tiny cache forces nearly every node and value through the disk.
    let store = await CommitStore.open(dir, { cacheSize: 4, nodeCacheSize: 4 });
    for (let h = 1n; h <= 30n; h++) {
      if (h === 15n) {
        await store.close();
        store = await CommitStore.open(dir, { cacheSize: 4, nodeCacheSize: 4 });
      }
      const b = randomWrites(store, model, rnd, "h" + h);
      if (h % 3n !== 0n) await store.prefetch(b);
      const predicted = store.computeAppHash(b);
      const info = await store.commit(b, h);
      expect(hex(predicted)).toBe(hex(info.appHash));
      expect(hex(info.appHash)).toBe(hex(rootOf(model)));
    }
    // Undo logs written from prefetched values restore the previous state exactly.
    const before = new Map(model);
    const b = randomWrites(store, model, rnd, "last");
    await store.prefetch(b);
    await store.commit(b, 31n);
    await store.rollback();
    expect(hex(store.lastAppHash)).toBe(hex(rootOf(before)));
    expect([...store.iterator()].map(([k, v]) => [bin(k), bin(v)])).toEqual(
      [...before].sort(([x], [y]) => (x < y ? -1 : 1)).map(([k, v]) => [k, bin(v)]),
    );
    await store.close();
  });

  it("after prefetch, computing and committing read nothing synchronously", async () => {
    const dir = tmp();
    const model: State = new Map();
    const rnd = prng(12);
    let store = await CommitStore.open(dir);
    for (let h = 1n; h <= 5n; h++) await store.commit(randomWrites(store, model, rnd, "h" + h, 200), h);
    await store.close();
    store = await CommitStore.open(dir, { cacheSize: 4, nodeCacheSize: 4 });
    const b = randomWrites(store, model, rnd, "x", 100);
    await store.prefetch(b);
    const getSync = vi.spyOn(ClassicLevel.prototype, "getSync");
    const predicted = store.computeAppHash(b);
    const info = await store.commit(b, 6n);
    expect(getSync).not.toHaveBeenCalled();
    expect(hex(predicted)).toBe(hex(rootOf(model)));
    expect(hex(info.appHash)).toBe(hex(rootOf(model)));
    await store.close();
  });

  it("a prefetch overtaken by a rollback never feeds stale nodes or values into the re-committed height", async () => {
    const dir = tmp();
    const model: State = new Map();
    const rnd = prng(13);
    const store = await CommitStore.open(dir, { cacheSize: 4, nodeCacheSize: 4 });
    for (let h = 1n; h <= 3n; h++) await store.commit(randomWrites(store, model, rnd, "h" + h), h);
    const atThree = new Map(model);
    await store.commit(randomWrites(store, model, rnd, "h4"), 4n);
    const b4 = store.branch();
    for (const [k, v] of randomWrites(store, new Map(model), rnd, "again").changes()) (v ? b4.set(k, v) : b4.delete(k));
    const pending = store.prefetch(b4);
    await store.rollback();
    await pending;
    // Height 4 again, with different content: its node keys are reused.
    const redo = randomWrites(store, atThree, rnd, "redo");
    await store.prefetch(redo);
    const info = await store.commit(redo, 4n);
    expect(hex(info.appHash)).toBe(hex(rootOf(atThree)));
    const next = randomWrites(store, atThree, rnd, "after");
    await store.prefetch(next);
    expect(hex((await store.commit(next, 5n)).appHash)).toBe(hex(rootOf(atThree)));
    await store.close();
  });
});

describe("CommitStore warm-up at open", () => {
  const build = async (dir: string, keys: number) => {
    const model: State = new Map();
    const store = await CommitStore.open(dir);
    const b = store.branch();
    for (let i = 0; i < keys; i++) {
      b.set(utf("w" + i), utf("v" + i));
      model.set(bin(utf("w" + i)), utf("v" + i));
    }
    await store.commit(b, 1n);
    await store.close();
    return model;
  };

  it("loads the tree breadth-first, so the first commit after a restart reads no tree node", async () => {
    const dir = tmp();
    const model = await build(dir, 300);
    const store = await CommitStore.open(dir, { warmNodes: 4096 });
    const getSync = vi.spyOn(ClassicLevel.prototype, "getSync");
    const b = store.branch();
    for (let i = 0; i < 50; i++) {
      b.set(utf("new" + i), utf("x"));
      model.set(bin(utf("new" + i)), utf("x"));
    }
    const info = await store.commit(b, 2n);
    expect(getSync).not.toHaveBeenCalled();
    expect(hex(info.appHash)).toBe(hex(rootOf(model)));
    await store.close();
  });

  it("a store closed while the background warm-up runs closes cleanly and reopens intact", async () => {
    const dir = tmp();
    const model = await build(dir, 5000);
    const store = await CommitStore.open(dir, { warmNodes: 100_000 });
    await store.close();
    const again = await CommitStore.open(dir, { warmNodes: 0 });
    expect(hex(again.lastAppHash)).toBe(hex(rootOf(model)));
    await again.close();
  });
});
