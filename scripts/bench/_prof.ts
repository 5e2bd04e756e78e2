(globalThis as any).T = { prep: 0, apply: 0, state: 0, pages: 0, undo: 0, write: 0, after: 0 };
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Session } from "node:inspector/promises";
import { writeFileSync } from "node:fs";
import { CommitStore } from "../../src/store/commit-store.js";
const n = Number(process.argv[2] ?? 10000);
const K = 1000;
const key = (i: number) => { const k = new Uint8Array(13); k.set([0x61,0x63,0x63,0x74,0x2f]); new DataView(k.buffer).setBigUint64(5, BigInt(i)); return k; };
const value = (i: number, s: number) => { const v = new Uint8Array(40); new DataView(v.buffer).setUint32(0, i); new DataView(v.buffer).setUint32(4, s); return v; };
let seed = 12345; const rnd = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
const dir = process.env.DIR ?? mkdtempSync(join(tmpdir(), "prof-"));
let store = await CommitStore.open(dir, { sync: false });
let h = store.lastHeight;
if (h === 0n) {
  for (let s = 0; s < n; s += 250000) { const b = store.branch(); for (let i = s; i < Math.min(n, s + 250000); i++) b.set(key(i), value(i, 0)); await store.commit(b, ++h); }
  await store.close(); store = await CommitStore.open(dir, { sync: false });
}
const one = async () => { const b = store.branch(); for (let j = 0; j < K; j++) { const i = Math.floor(rnd() * n * 1.01); b.set(key(i), value(i, Number(h))); }
  const t = performance.now(); store.computeAppHash(b); const t1 = performance.now(); await store.commit(b, ++h); return [t1 - t, performance.now() - t1]; };
for (let i = 0; i < 5; i++) await one();
const s = new Session(); s.connect(); await s.post("Profiler.enable"); if (process.env.PROF) { await s.post("Profiler.start"); }
const res: number[][] = []; (globalThis as any).T = { prep: 0, apply: 0, state: 0, pages: 0, undo: 0, write: 0, after: 0 };
for (let i = 0; i < 30; i++) res.push(await one());
if (process.env.PROF) { const { profile } = await s.post("Profiler.stop"); writeFileSync(`/tmp/prof/store-${n}.cpuprofile`, JSON.stringify(profile)); }
console.log(Object.fromEntries(Object.entries((globalThis as any).T).map(([k, v]) => [k, ((v as number) / 30).toFixed(2)])));
res.sort((a, b) => a[0] + a[1] - b[0] - b[1]);
console.log(n, "median compute", res[15][0].toFixed(1), "commit", res[15][1].toFixed(1));
await store.close();
