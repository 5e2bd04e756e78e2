/**
 * Store benchmark: commit cost of k = 1,000 changed keys over states of 10k and 1M keys
 * (target: 1M ≤ 2× 10k), and the random point-read rate through getSync.
 *
 * For each state size it reports the steady state (median of RUNS commits after WARMUP more)
 * apart from the first commit after a reopen (cold key caches; median of COLD_RUNS reopens).
 * Every figure is given as wall time and as CPU time of this process (process.cpuUsage, all
 * threads: LevelDB's compaction threads included), since the machine may be shared.
 * A commit here = computeAppHash + commit, as a block goes through the app.
 *
 * Run: npm run bench:store [-- sizes...]   (default: 10000 1000000)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ClassicLevel } from "classic-level";
import { CommitStore } from "../../src/store/commit-store";
import { prng } from "../../test/helpers/prng";
import { upperMedian as median } from "./bench-run";

const K = 1_000;
const WARMUP = 5;
const RUNS = 15;
const COLD_RUNS = 3;
// Large build batches: the tree is built from few commits, each reading little of the disk.
const BUILD_BATCH = 250_000;

const key = (i: number) => {
  const k = new Uint8Array(13);
  k.set([0x61, 0x63, 0x63, 0x74, 0x2f]);
  new DataView(k.buffer).setBigUint64(5, BigInt(i));
  return k;
};
const value = (i: number, salt: number) => {
  const v = new Uint8Array(40);
  new DataView(v.buffer).setUint32(0, i);
  new DataView(v.buffer).setUint32(4, salt);
  return v;
};

const collectGarbage = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const cpuMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};

interface Sample {
  wall: number;
  cpu: number;
  /** Wall time of computeAppHash alone (in the app: FinalizeBlock); the rest is Commit. */
  hash?: number;
}
interface Result {
  openMs: number;
  cold: Sample;
  warm: Sample;
  /** Median of the Commit part alone (wall). */
  warmPersist: number;
}

async function commitOnce(store: CommitStore, n: number, rnd: () => number, height: bigint): Promise<Sample> {
  const b = store.branch();
  for (let j = 0; j < K; j++) {
    const i = Math.floor(rnd() * n * 1.01); // ~1% inserts, rest updates
    b.set(key(i), value(i, Number(height)));
  }
  const t = performance.now();
  const c = cpuMs();
  store.computeAppHash(b);
  const hash = performance.now() - t;
  await store.commit(b, height);
  return { wall: performance.now() - t, cpu: cpuMs() - c, hash };
}

async function bench(n: number) {
  const dir = mkdtempSync(join(tmpdir(), `store-bench-${n}-`));
  let store = await CommitStore.open(dir, { sync: false });
  let height = 0n;
  const t0 = performance.now();
  const c0 = cpuMs();
  for (let start = 0; start < n; start += BUILD_BATCH) {
    const b = store.branch();
    for (let i = start; i < Math.min(n, start + BUILD_BATCH); i++) b.set(key(i), value(i, 0));
    await store.commit(b, ++height);
  }
  const build: Sample = { wall: performance.now() - t0, cpu: cpuMs() - c0 };
  // A state this size grew over many heights, its compaction long since done; the few huge
  // build commits above would otherwise leave minutes of compaction running under the
  // measurements. Steady-state compaction of the measured commits still counts.
  await store.close();
  const raw = new ClassicLevel(dir);
  await raw.compactRange("\x00", "\xff");
  await raw.close();
  store = await CommitStore.open(dir, { sync: false });
  // The build's tree and key index are garbage now; collect them before measuring, as a node
  // that opened this state once would not carry them (needs node --expose-gc, as npm runs it).
  collectGarbage();
  // What the open store holds for the state: the key index, the commitment and the caches
  // (nothing else is alive here). Off-heap typed arrays count as array buffers.
  const mem = process.memoryUsage();
  const bytesPerKey = (mem.heapUsed + mem.arrayBuffers) / n;

  const rnd = prng(n);
  // Steady state first, in the store opened once as a running node would have it; then the
  // first commit after each of COLD_RUNS reopens (each reopen leaves the previous tree and
  // key index to the garbage collector, which would otherwise weigh on the warm figures).
  for (let i = 0; i < WARMUP; i++) await commitOnce(store, n, rnd, ++height);
  const warm: Sample[] = [];
  for (let i = 0; i < RUNS; i++) warm.push(await commitOnce(store, n, rnd, ++height));
  const opens: number[] = [];
  const colds: Sample[] = [];
  for (let i = 0; i < COLD_RUNS; i++) {
    await store.close();
    const t1 = performance.now();
    store = await CommitStore.open(dir, { sync: false });
    opens.push(performance.now() - t1);
    colds.push(await commitOnce(store, n, rnd, ++height));
  }
  const openMs = median(opens);
  const cold = { wall: median(colds.map((c) => c.wall)), cpu: median(colds.map((c) => c.cpu)) };
  const result: Result = {
    openMs,
    cold,
    warm: { wall: median(warm.map((s) => s.wall)), cpu: median(warm.map((s) => s.cpu)), hash: median(warm.map((s) => s.hash!)) },
    warmPersist: median(warm.map((s) => s.wall - s.hash!)),
  };
  const rssMb = process.memoryUsage().rss / 1e6;

  await store.close();
  store = await CommitStore.open(dir, { sync: false, cacheSize: 1000 });
  const reads = 100_000;
  const tr = performance.now();
  for (let j = 0; j < reads; j++) store.get(key(Math.floor(rnd() * n)));
  const readRate = reads / ((performance.now() - tr) / 1000);
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  return { n, build, result, rssMb, readRate, bytesPerKey };
}

const fmt = (s: Sample) => `${s.wall.toFixed(1)} ms (cpu ${s.cpu.toFixed(1)})`;
const sizes = process.argv.length > 2 ? process.argv.slice(2).map(Number) : [10_000, 1_000_000];
const results = [];
for (const n of sizes) {
  const r = await bench(n);
  results.push(r);
  console.log(
    `${r.n.toLocaleString("en")} keys: build ${(r.build.wall / 1000).toFixed(1)} s (cpu ${(r.build.cpu / 1000).toFixed(1)}), ` +
      `rss ${r.rssMb.toFixed(0)} MB, heap + array buffers after open ${Math.round(r.bytesPerKey)} B/key, ` +
      `cold random reads ${Math.round(r.readRate).toLocaleString("en")}/s`,
  );
  const m = r.result;
  console.log(`  reopen ${m.openMs.toFixed(0)} ms | commit k=${K}: cold ${fmt(m.cold)}, warm median ${fmt(m.warm)}`);
  console.log(
    `  warm medians by ABCI phase: app hash (FinalizeBlock) ${m.warm.hash!.toFixed(1)} ms, persist (Commit) ${m.warmPersist.toFixed(1)} ms`,
  );
}
if (results.length >= 2) {
  const [small, large] = [results[0]!, results[results.length - 1]!];
  const s = small.result;
  const l = large.result;
  const ratio = (a: number, b: number) => (a / b).toFixed(2);
  console.log(
    `ratio ${large.n.toLocaleString("en")} / ${small.n.toLocaleString("en")}: ` +
      `warm ${ratio(l.warm.wall, s.warm.wall)} wall, ${ratio(l.warm.cpu, s.warm.cpu)} cpu; ` +
      `cold ${ratio(l.cold.wall, s.cold.wall)} wall, ${ratio(l.cold.cpu, s.cold.cpu)} cpu (target <= 2); ` +
      `warm by phase: app hash ${ratio(l.warm.hash!, s.warm.hash!)}, persist ${ratio(l.warmPersist, s.warmPersist)}`,
  );
}
