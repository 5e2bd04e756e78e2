/**
 * Memory as state grows: for each state size, the state is built through the commit store's
 * real commit path (memory-level.ts build), then reopened in a fresh process as a restarted
 * node would be after a crash (the tries rebuilt), which reports the reopen time, resident
 * memory, where the bytes per key go, read rates and the commit of ~1,000 changed keys; then a
 * clean restart: close saving the tries image and the open from it. Beside it the same keys
 * and values in lmdb (memory-lmdb.ts), whose synchronous reads from a memory-mapped B-tree need
 * no in-memory index.
 *
 * The state: funded accounts as the app writes them (memory-state.ts), three keys each.
 *
 * Run: npm run bench:memory [-- --keys 1000000,3000000,10000000] [--batch 250000] [--no-lmdb]
 *      [--build auto|commit|direct] [--check-build] [--dir /path] [--keep] [--memory-limit MiB]
 * --memory-limit: the reopened store runs in a memory cgroup of that many MiB (root needed), as in
 * a container: the peak charged to it is reported, and whether the OOM killer ended it.
 * --build: how the state is built — through CommitStore.commit in batches of --batch keys, or
 * (direct) the records such commits leave written straight to LevelDB, with the app hash the
 * store's own tries give: one write path whose cost does not depend on how the commit path
 * scales with 40 huge commits (measured: ~55–65 µs of CPU per key against ~60–75 for commits
 * at 1M; building the app's values — bech32, protobuf, SHA-256 — is most of either). auto (the
 * default) uses the commit path up to 1M keys. --check-build first builds 30,000 keys both ways and checks
 * that they give the same app hash.
 * Each size needs about 500 bytes of disk per key for both stores; sizes that do not fit are
 * refused before building.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, statfsSync } from "node:fs";
import { tmpdir } from "node:os";
import { loadAverage as load, option } from "./bench-run";
import { join } from "node:path";
import { memoryCgroup, type MemoryCgroup } from "./memory-cgroup";
import type { ImageOpen, LevelBuild, LevelOpen } from "./memory-level";
import type { LmdbBuild, LmdbOpen } from "./memory-lmdb";

const HERE = new URL(".", import.meta.url).pathname;
const DISK_PER_KEY = 500;

const sizes = (option("keys") ?? "1000000,3000000,10000000").split(",").map(Number);
const batch = Number(option("batch") ?? 250_000);
const withLmdb = !process.argv.includes("--no-lmdb");
const keep = process.argv.includes("--keep");
const base = option("dir") ?? tmpdir();
/** commit: through CommitStore.commit; direct: the same records written straight (memory-level.ts); auto: commit up to 1M keys. */
const buildMode = option("build") ?? "auto";
const DIRECT_ABOVE = 1_000_000;
const limitMib = option("memory-limit") === undefined ? undefined : Number(option("memory-limit"));
if (limitMib !== undefined && !(limitMib > 0)) throw new Error("--memory-limit takes a size in MiB");

/**
 * Runs a role of a child script in a fresh node process and returns its RESULT. The open
 * roles run with the node's own V8 flags and default heap limit; builds get a large heap.
 */
function child<T>(script: string, args: string[], flags: string[], cgroup?: MemoryCgroup): Promise<T> {
  return new Promise((resolve, reject) => {
    const command: [string, string[]] = [process.execPath, [...flags, "--expose-gc", "--import", "tsx", join(HERE, script), ...args]];
    const p = spawn(...(cgroup ? cgroup.launch(command) : command), { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    p.stdout.on("data", (d: Buffer) => (out += d.toString()));
    p.on("error", reject);
    p.on("exit", (code, signal) => {
      const line = out.split("\n").find((l) => l.startsWith("RESULT "));
      if (code !== 0 || !line) reject(new Error(`${script} ${args[0]} exited ${code ?? signal}:\n${out}`));
      else resolve(JSON.parse(line.slice(7)) as T);
    });
  });
}

const NODE_FLAGS = ["--max-semi-space-size=64"];
const BUILD_FLAGS = ["--max-old-space-size=16384", "--max-semi-space-size=64"];
const du = (dir: string) => Number(execFileSync("du", ["-sb", dir]).toString().split("\t")[0]) / 1e6;
const mb = (b: number) => (b / 1e6).toFixed(0);
const perKey = (b: number, n: number) => (b / n).toFixed(0);

const cpu = /Model name:\s*(.*)/.exec(execFileSync("lscpu").toString())?.[1] ?? "unknown CPU";
console.log(`${new Date().toISOString()} | ${cpu} | load ${load()} | node ${process.version} | build batch ${batch} keys`);

if (process.argv.includes("--check-build")) {
  // Both ways of building must leave the same state: the same app hash at open.
  const dir = mkdtempSync(join(base, "memory-bench-check-"));
  try {
    const hashes: string[] = [];
    for (const role of ["build", "build-direct"]) {
      const d = join(dir, role);
      await child<LevelBuild>("memory-level.ts", [role, d, "30000", "10000"], BUILD_FLAGS);
      const h = await child<{ keys: number; appHash: string }>("memory-level.ts", ["app-hash", d], NODE_FLAGS);
      console.log(`check: ${role} of 30,000 keys: ${h.keys.toLocaleString("en")} keys, app hash ${h.appHash}`);
      hashes.push(h.appHash);
    }
    if (hashes[0] !== hashes[1]) throw new Error("the direct build does not give the commit path's app hash");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Row {
  n: number;
  build: LevelBuild;
  open: LevelOpen;
  lmdbBuild?: LmdbBuild;
  lmdb?: LmdbOpen;
  levelMb: number;
  lmdbMb?: number;
}
const rows: Row[] = [];

for (const n of sizes) {
  const free = statfsSync(base).bavail * statfsSync(base).bsize;
  if (free < n * DISK_PER_KEY * 1.2) {
    console.log(`${n.toLocaleString("en")} keys: skipped, ${mb(free)} MB free under ${base}, needs ~${mb(n * DISK_PER_KEY)}`);
    continue;
  }
  const dir = mkdtempSync(join(base, `memory-bench-${n}-`));
  try {
    const levelDir = join(dir, "level");
    const direct = buildMode === "direct" || (buildMode === "auto" && n > DIRECT_ABOVE);
    const build = await child<LevelBuild>(
      "memory-level.ts",
      [direct ? "build-direct" : "build", levelDir, String(n), String(batch)],
      BUILD_FLAGS,
    );
    build.diskMb = du(levelDir);
    console.log(
      `${n.toLocaleString("en")} keys: built ${build.keys.toLocaleString("en")} (${build.mode}: ${build.commits} commits), ${build.buildS.toFixed(1)} s ` +
        `(cpu ${build.buildCpuS.toFixed(1)}), compaction ${build.compactS.toFixed(1)} s, ${build.diskMb.toFixed(0)} MB on disk | load ${load()}`,
    );
    const cgroup = limitMib === undefined ? undefined : memoryCgroup(`bench-memory-${process.pid}`, limitMib * 2 ** 20);
    let open: LevelOpen;
    try {
      open = await child<LevelOpen>("memory-level.ts", ["open", levelDir, String(build.keys)], NODE_FLAGS, cgroup);
    } catch (e) {
      if (!cgroup?.oomKills()) throw e;
      console.log(`  commit store in ${limitMib} MiB: killed by the OOM killer`);
      continue;
    } finally {
      if (cgroup)
        console.log(
          `  memory cgroup of ${limitMib} MiB: peak charged ${(cgroup.peak() / 2 ** 20).toFixed(0)} MiB (anonymous memory and page cache), OOM kills ${cgroup.oomKills()}`,
        );
      cgroup?.remove();
    }
    const k = build.keys;
    const m = open.afterOpen;
    const p = open.parts;
    console.log(
      `  commit store: reopen ${open.openS.toFixed(1)} s (cpu ${open.openCpuS.toFixed(1)}; bare LevelDB scan of the value hashes ${open.scanS.toFixed(1)} s), ` +
        `RSS ${mb(m.rss)} MB (${perKey(m.rss, k)} B/key; anonymous ${mb(m.rssAnon)}, mapped files ${mb(m.rssFile)}; peak during the open ${mb(m.rssPeak)}), after GC ${mb(m.rssAfterGc)} MB, heap used ${mb(m.heapUsed)} MB ` +
        `(V8 holds ${mb(m.heapTotal)}, limit ${mb(m.heapLimit)}), array buffers ${mb(m.arrayBuffers)} MB, external ${mb(m.external)} MB`,
    );
    console.log(
      `  bytes per key: leaf keys ${perKey(p.leafKeys, k)}, trie arrays ${perKey(p.trieArrays, k)} ` +
        `(${open.trie.innerNodes.toLocaleString("en")} inner nodes, ${open.trie.leaves.toLocaleString("en")} leaves; capacity ` +
        `${open.trie.innerCapacity.toLocaleString("en")} / ${open.trie.leafCapacity.toLocaleString("en")}), rest of RSS ${perKey(p.rest, k)}; ` +
        `LRU in service ${mb(p.lru)} MB; RSS in service ${mb(open.inService.rss)} MB`,
    );
    console.log(
      `  reads: ${Math.round(open.reads.getsPerS).toLocaleString("en")} random gets/s, ${Math.round(open.reads.rangesPerS).toLocaleString("en")} ranges of 100/s | ` +
        `commit ~1,000 keys: first ${open.commitFirstMs.toFixed(1)} ms, median ${open.commitMs.toFixed(1)} ms; bare fsynced LevelDB batch of 1,000 ${open.rawBatchMs.toFixed(1)} ms | load ${load()}`,
    );
    const image = await child<ImageOpen>("memory-level.ts", ["image", levelDir], NODE_FLAGS);
    console.log(
      `  clean restart: close saves the tries image (${image.imageMb.toFixed(0)} MB) in ${image.saveS.toFixed(2)} s; ` +
        `open from it ${image.openS.toFixed(2)} s (cpu ${image.openCpuS.toFixed(2)})`,
    );
    const row: Row = { n, build, open, levelMb: build.diskMb };
    if (withLmdb) {
      const lmdbDir = join(dir, "lmdb");
      row.lmdbBuild = await child<LmdbBuild>("memory-lmdb.ts", ["build", lmdbDir, String(n), String(batch)], BUILD_FLAGS);
      row.lmdbMb = du(lmdbDir);
      row.lmdb = await child<LmdbOpen>("memory-lmdb.ts", ["open", lmdbDir, String(build.keys)], NODE_FLAGS);
      const l = row.lmdb;
      console.log(
        `  lmdb: built in ${row.lmdbBuild.buildS.toFixed(1)} s, ${row.lmdbMb.toFixed(0)} MB on disk; open ${l.openMs.toFixed(1)} ms, ` +
          `RSS ${mb(l.afterOpen.rss)} MB; after the reads ${mb(l.afterReads.rss)} MB (anonymous ${mb(l.afterReads.rssAnon)}, mapped file ${mb(l.afterReads.rssFile)}) | ` +
          `${Math.round(l.reads.getsPerS).toLocaleString("en")} random gets/s, ${Math.round(l.reads.rangesPerS).toLocaleString("en")} ranges of 100/s | ` +
          `transaction of ~1,000 puts ${l.commitMs.toFixed(1)} ms (transactionSync), ${l.asyncCommitMs.toFixed(1)} ms (transaction, until flushed) | load ${load()}`,
      );
    }
    rows.push(row);
  } finally {
    if (keep) console.log(`  kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

console.log(
  "\n| keys | RSS after open | B/key | reopen | commit ~1,000 keys | gets/s | ranges of 100/s | lmdb RSS after open / after reads | lmdb gets/s | lmdb ranges/s | lmdb txn of 1,000 |",
);
console.log("|---|---|---|---|---|---|---|---|---|---|---|");
for (const r of rows) {
  const o = r.open;
  const l = r.lmdb;
  console.log(
    `| ${(r.n / 1e6).toFixed(0)}M | ${mb(o.afterOpen.rss)} MB | ${perKey(o.afterOpen.rss, r.build.keys)} | ${o.openS.toFixed(1)} s | ` +
      `${o.commitFirstMs.toFixed(0)} / ${o.commitMs.toFixed(0)} ms | ${Math.round(o.reads.getsPerS).toLocaleString("en")} | ${Math.round(o.reads.rangesPerS).toLocaleString("en")} | ` +
      (l
        ? `${mb(l.afterOpen.rss)} / ${mb(l.afterReads.rss)} MB | ${Math.round(l.reads.getsPerS).toLocaleString("en")} | ${Math.round(l.reads.rangesPerS).toLocaleString("en")} | ${l.commitMs.toFixed(1)} ms |`
        : "– | – | – | – |"),
  );
}
