import { describe, expect, it } from "vitest";
import { SimRng } from "../../../src/sim/rng";
import type { Context } from "../../../src/types/context";
import { newestRecords, OpenRecords, sampleById } from "../../../src/types/simulation";

interface Rec {
  id: bigint;
  open: boolean;
}

/** A map of records 1..n standing in for a collection keyed by sequential ids; counts reads. */
class FakeMap {
  readonly rows = new Map<bigint, Rec>();
  reads = 0;

  add(open: boolean): bigint {
    const id = BigInt(this.rows.size + 1);
    this.rows.set(id, { id, open });
    return id;
  }

  get(_ctx: Context, id: bigint): Rec | undefined {
    this.reads++;
    return this.rows.get(id);
  }

  *iterate(_ctx: Context, range: { start?: bigint; reverse?: boolean } = {}): Iterable<[bigint, Rec]> {
    const ids = [...this.rows.keys()].filter((id) => range.start === undefined || id >= range.start);
    if (range.reverse) ids.reverse();
    for (const id of ids) {
      this.reads++;
      yield [id, this.rows.get(id)!];
    }
  }
}

const ctx = {} as Context;
const count = (m: FakeMap) => BigInt(m.rows.size);

describe("OpenRecords (invariants over open records and a rolling window of closed ones)", () => {
  it("returns every open record and every record added since, reading closed ones only in the window", () => {
    const m = new FakeMap();
    for (let i = 0; i < 1000; i++) m.add(i % 100 === 0);
    const tracked = new OpenRecords<Rec>((r) => r.open, 8);
    expect(tracked.read(ctx, m, count(m)).open.map(([id]) => id)).toEqual([1n, 101n, 201n, 301n, 401n, 501n, 601n, 701n, 801n, 901n]);
    m.rows.get(101n)!.open = false;
    const added = m.add(true);
    m.reads = 0;
    const next = tracked.read(ctx, m, count(m));
    expect(next.open.map(([id]) => id)).toEqual([1n, 201n, 301n, 401n, 501n, 601n, 701n, 801n, 901n, added]);
    // The 10 open at the last read, the one added, and the window of 8: not the 990 closed ones.
    expect(m.reads).toBeLessThanOrEqual(10 + 1 + 8);
  });

  it("reads every closed record again within ⌈closed / window⌉ reads and reports one found open again", () => {
    const m = new FakeMap();
    for (let i = 0; i < 40; i++) m.add(false);
    const tracked = new OpenRecords<Rec>((r) => r.open, 8);
    tracked.read(ctx, m, count(m));
    m.rows.get(37n)!.open = true;
    const found: bigint[] = [];
    for (let i = 0; i < 5; i++) found.push(...tracked.read(ctx, m, count(m)).reopened);
    expect(found).toEqual([37n]);
  });

  it("starts over on a fresh instance or a collection that shrank", () => {
    const m = new FakeMap();
    for (let i = 0; i < 5; i++) m.add(false);
    const tracked = new OpenRecords<Rec>((r) => r.open, 0);
    tracked.read(ctx, m, count(m));
    const shorter = new FakeMap();
    shorter.add(true);
    expect(tracked.read(ctx, shorter, 1n).open.map(([id]) => id)).toEqual([1n]);
  });
});

describe("bounded reads for operations", () => {
  it("newestRecords reads at most `scan` records, newest first", () => {
    const m = new FakeMap();
    for (let i = 0; i < 500; i++) m.add(i % 2 === 0);
    const got = newestRecords(m, ctx, 10, (r) => r.open);
    expect(got.map((r) => r.id)).toEqual([499n, 497n, 495n, 493n, 491n]);
    expect(m.reads).toBe(10);
  });

  it("sampleById reads a bounded run from a random id, wrapping, the same for the same seed", () => {
    const m = new FakeMap();
    for (let i = 0; i < 500; i++) m.add(true);
    const a = sampleById(m, ctx, new SimRng(4), count(m), 3);
    const b = sampleById(m, ctx, new SimRng(4), count(m), 3);
    expect(a.map((r) => r.id)).toEqual(b.map((r) => r.id));
    expect(a).toHaveLength(3);
    m.reads = 0;
    expect(sampleById(m, ctx, new SimRng(9), count(m), 2, () => false)).toEqual([]);
    // The budget, plus the one record each of the two passes reads before it stops.
    expect(m.reads).toBeLessThanOrEqual(2 * 16 + 2);
  });
});
