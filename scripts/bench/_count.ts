import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CommitStore } from "../../src/store/commit-store.js";
const n = Number(process.argv[2] ?? 10000);
const key = (i: number) => { const k = new Uint8Array(13); k.set([0x61,0x63,0x63,0x74,0x2f]); new DataView(k.buffer).setBigUint64(5, BigInt(i)); return k; };
const value = (i: number, s: number) => { const v = new Uint8Array(40); new DataView(v.buffer).setUint32(0, i); new DataView(v.buffer).setUint32(4, s); return v; };
let seed = 12345; const rnd = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
const dir = process.env.DIR ?? mkdtempSync(join(tmpdir(), "prof-"));
let store = await CommitStore.open(dir, { sync: false });
let h = store.lastHeight;
if (h === 0n) { for (let s = 0; s < n; s += 250000) { const b = store.branch(); for (let i = s; i < Math.min(n, s + 250000); i++) b.set(key(i), value(i, 0)); await store.commit(b, ++h); } }
for (let r = 0; r < 3; r++) {
const b = store.branch(); for (let j = 0; j < 1000; j++) { const i = Math.floor(rnd() * n * 1.01); b.set(key(i), value(i, Number(h))); }
store.computeAppHash(b);
const u = (store as any).computed.update;
const depths: number[] = [];
console.log(n, "created", u.created.length, "orphaned", u.orphaned.length, "leaves", u.created.filter((r: any) => r.node.t === "leaf").length);
await store.commit(b, ++h);
}
await store.close();
