/**
 * Store benchmark: commit cost of k = 1,000 changed keys over states of 10k and 1M keys
 * (should be nearly flat: O(k log n)), and the random point-read rate through getSync.
 * Run: npx tsx scripts/bench/store.ts
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CommitStore } from "../../src/store/commit-store.js";

const K = 1_000;
const RUNS = 9;
const BUILD_BATCH = 100_000;

function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function bench(n: number) {
  const dir = mkdtempSync(join(tmpdir(), `store-bench-${n}-`));
  let store = await CommitStore.open(dir, { sync: false });
  let height = 0n;
  const t0 = performance.now();
  for (let start = 0; start < n; start += BUILD_BATCH) {
    const b = store.branch();
    for (let i = start; i < Math.min(n, start + BUILD_BATCH); i++) b.set(key(i), value(i, 0));
    await store.commit(b, ++height);
  }
  const buildMs = performance.now() - t0;
  // Reopen so measurements include loading the key index and start from cold caches.
  await store.close();
  const t1 = performance.now();
  store = await CommitStore.open(dir, { sync: false });
  const openMs = performance.now() - t1;

  const rnd = prng(n);
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const b = store.branch();
    for (let j = 0; j < K; j++) {
      const i = Math.floor(rnd() * n * 1.01); // ~1% inserts, rest updates
      b.set(key(i), value(i, run + 1));
    }
    const t = performance.now();
    store.computeAppHash(b);
    await store.commit(b, ++height);
    times.push(performance.now() - t);
  }

  await store.close();
  store = await CommitStore.open(dir, { sync: false, cacheSize: 1000 });
  const reads = 100_000;
  const tr = performance.now();
  for (let j = 0; j < reads; j++) store.get(key(Math.floor(rnd() * n)));
  const readRate = reads / ((performance.now() - tr) / 1000);
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  return { n, buildMs, openMs, commitMs: median(times), readRate };
}

const small = await bench(10_000);
const large = await bench(1_000_000);
for (const r of [small, large]) {
  console.log(
    `${r.n.toLocaleString("en")} keys: build ${(r.buildMs / 1000).toFixed(1)} s, reopen ${r.openMs.toFixed(0)} ms, ` +
      `commit k=${K} median ${r.commitMs.toFixed(1)} ms, cold random reads ${Math.round(r.readRate).toLocaleString("en")}/s`,
  );
}
console.log(`commit ratio 1M / 10k = ${(large.commitMs / small.commitMs).toFixed(2)} (target <= 2)`);
