import { describe, expect, it } from "vitest";
import { tempDirs } from "../../helpers/temp-dirs";
import { CommitStore } from "../../../src/store/commit-store";
import { MAX_READ_SET, ReadRecorder, type ReadSet, untouchedBy } from "../../../src/store/read-set";
import { bin, prng, utf } from "./setup";

const tmp = tempDirs("read-set-");

const key = (i: number) => utf(`k/${String(i).padStart(3, "0")}`);

async function commit(store: CommitStore, writes: Array<[number, string | undefined]>): Promise<void> {
  const b = store.branch();
  for (const [i, v] of writes) {
    if (v === undefined) b.delete(key(i));
    else b.set(key(i), utf(v));
  }
  await store.commit(b, store.lastHeight + 1n);
}

/** A random read-only "query": point reads, membership and a range walk that may stop early; its result as text. */
function randomQuery(rnd: () => number): (view: ReadRecorder) => string {
  const points = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => Math.floor(rnd() * 100));
  const lo = Math.floor(rnd() * 100);
  const hi = lo + Math.floor(rnd() * 20);
  const limit = Math.floor(rnd() * 5);
  const reverse = rnd() < 0.3;
  const open = rnd() < 0.1;
  return (view) => {
    const out: string[] = points.map((p) => `${p}=${view.get(key(p))?.join(",")}:${view.has(key(p))}`);
    let n = 0;
    for (const [k, v] of view.iterator(open ? undefined : key(lo), key(hi), reverse)) {
      out.push(`${bin(k)}=${v.join(",")}`);
      if (++n === limit) break;
    }
    return out.join(";");
  };
}

describe("read sets: what a query read of committed state, checked against what commits wrote", () => {
  it("an answer no commit since touched equals the answer computed anew; the rest are told apart", async () => {
    const store = await CommitStore.open(tmp(), { sync: false });
    await commit(
      store,
      Array.from({ length: 100 }, (_, i) => [i, `v${i}`]),
    );
    const rnd = prng(7);
    const saved: Array<{ run: (view: ReadRecorder) => string; reads: ReadSet; version: number; answer: string }> = [];
    let kept = 0;
    let dropped = 0;
    for (let round = 0; round < 60; round++) {
      for (let q = 0; q < 5; q++) {
        const run = randomQuery(rnd);
        const recorder = new ReadRecorder(store);
        const answer = run(recorder);
        saved.push({ run, reads: recorder.readSet()!, version: store.version, answer });
      }
      const writes: Array<[number, string | undefined]> = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => [
        Math.floor(rnd() * 110),
        rnd() < 0.3 ? undefined : `r${round}`,
      ]);
      await commit(store, writes);
      for (const s of saved) {
        const written = store.writtenSince(s.version);
        if (!written) continue;
        const fresh = s.run(new ReadRecorder(store));
        if (written.every((keys) => untouchedBy(s.reads, keys))) {
          expect(fresh).toBe(s.answer);
          kept++;
        } else dropped++;
      }
    }
    // Both outcomes occur, so the check above is exercised both ways.
    expect(kept).toBeGreaterThan(100);
    expect(dropped).toBeGreaterThan(100);
    await store.close();
  });

  it("a range read counts a write anywhere in it, open bounds included, even past where the walk stopped", () => {
    const reads = { keys: new Set([bin(key(5))]), ranges: [[bin(key(10)), bin(key(20))] as const] };
    expect(untouchedBy(reads, [bin(key(4)), bin(key(6)), bin(key(20)), bin(key(30))])).toBe(true);
    expect(untouchedBy(reads, [bin(key(5))])).toBe(false);
    expect(untouchedBy(reads, [bin(key(10))])).toBe(false);
    expect(untouchedBy(reads, [bin(key(1)), bin(key(19))])).toBe(false);
    expect(untouchedBy({ keys: new Set(), ranges: [[undefined, bin(key(3))]] }, [bin(key(0))])).toBe(false);
    expect(untouchedBy({ keys: new Set(), ranges: [[bin(key(3)), undefined]] }, [bin(key(99))])).toBe(false);
    expect(untouchedBy({ keys: new Set(), ranges: [[bin(key(3)), undefined]] }, [bin(key(2))])).toBe(true);
  });

  it("a rollback, or a commit older than the log, leaves what was written unknown", async () => {
    const store = await CommitStore.open(tmp(), { sync: false });
    await commit(store, [[1, "a"]]);
    const before = store.version;
    await commit(store, [[2, "b"]]);
    expect(store.writtenSince(before)).toEqual([[bin(key(2))]]);
    expect(store.writtenSince(store.version)).toEqual([]);
    await store.rollback();
    expect(store.writtenSince(before)).toBeUndefined();
    const afterRollback = store.version;
    for (let i = 0; i < 16; i++) await commit(store, [[3, `c${i}`]]);
    expect(store.writtenSince(afterRollback)).toHaveLength(16);
    await commit(store, [[3, "d"]]);
    expect(store.writtenSince(afterRollback)).toBeUndefined();
    await store.close();
  });

  it("refuses writes, and gives no read set once a query read more than it keeps", async () => {
    const store = await CommitStore.open(tmp(), { sync: false });
    const recorder = new ReadRecorder(store);
    expect(() => recorder.set()).toThrow(/read-only/);
    expect(() => recorder.delete()).toThrow(/read-only/);
    for (let i = 0; i < MAX_READ_SET; i++) recorder.get(key(i));
    expect(recorder.readSet()?.keys.size).toBe(MAX_READ_SET);
    expect(recorder.readSet()?.bytes).toBe(MAX_READ_SET * (key(0).length + 64));
    recorder.has(key(MAX_READ_SET));
    expect(recorder.readSet()).toBeUndefined();
    await store.close();
  });
});
