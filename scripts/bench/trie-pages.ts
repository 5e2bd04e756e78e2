/**
 * `npm run bench:trie-pages [-- --keys 1000000,10000000 --page-depth 4 --changed 1000]`: what
 * persisting the commitment tree as pages would cost per commit, in lmdb and in LevelDB — the
 * figure the design in docs/benchmarks.md ("What the 10M bound needs") turns on.
 *
 * The model: a crit-bit trie over n random keys is near-balanced, so cutting it every
 * --page-depth levels gives 2^(d·j) pages at page level j, down to the first level where a page
 * root has at most 2^d keys below it; those bottom pages hold their whole subtree (2k − 1 nodes
 * for k keys). A page is its nodes at --node-bytes each (two child ids, crit bit, size, height,
 * hash ≈ 64 B). A commit of --changed random keys rewrites every page on their paths: the
 * distinct pages their random paths meet at each level.
 *
 * Both stores are filled with every page (incompressible bytes, 8-byte ids: level, index), then
 * --commits commits each put the pages one commit rewrites in one fsynced write: lmdb's
 * transactionSync, and a classic-level batch with sync — after reading each of those pages
 * (lmdb get, classic-level getSync), as a commit reads the paths it rewrites. Reported: pages
 * and bytes per commit, and the median read and write times of all commits but the first.
 */
import { randomFillSync } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ClassicLevel } from "classic-level";
import { open as openLmdb } from "lmdb";
import { prng } from "../../test/helpers/prng";
import { loadAverage, option, upperMedian as median } from "./bench-run";

const sizes = (option("keys") ?? "1000000,3000000").split(",").map(Number);
const depth = Number(option("page-depth") ?? 4);
const nodeBytes = Number(option("node-bytes") ?? 64);
const changed = Number(option("changed") ?? 1000);
const commits = Number(option("commits") ?? 11);
const base = option("dir") ?? tmpdir();

interface Level {
  pages: number;
  pageBytes: number;
}

/** The page levels of a trie over `keys` random keys cut every `depth` levels. */
function pageLevels(keys: number): Level[] {
  const levels: Level[] = [];
  for (let j = 0; ; j++) {
    const roots = 2 ** (depth * j);
    const keysBelow = keys / roots;
    if (keysBelow > 2 ** depth) {
      levels.push({ pages: roots, pageBytes: (2 ** depth - 1) * nodeBytes });
      continue;
    }
    // Bottom: the non-empty subtrees at this depth, each whole.
    const pages = Math.round(roots * (1 - Math.exp(-keysBelow)));
    levels.push({ pages, pageBytes: Math.round((2 * (keys / pages) - 1) * nodeBytes) });
    return levels;
  }
}

const pageId = (level: number, index: number) => {
  const id = new Uint8Array(8);
  new DataView(id.buffer).setBigUint64(0, (BigInt(level) << 56n) | BigInt(index));
  return id;
};

/** Incompressible page bodies: slices of one random pool. */
const pool = randomFillSync(new Uint8Array(1 << 24));
const body = (bytes: number, rnd: () => number) => {
  const at = Math.floor(rnd() * (pool.length - bytes));
  return pool.subarray(at, at + bytes);
};

/** The pages one commit of `changed` random keys rewrites: at each level, the distinct pages on their paths. */
function commitPages(levels: Level[], rnd: () => number): [Uint8Array, Uint8Array][] {
  const puts: [Uint8Array, Uint8Array][] = [];
  levels.forEach((level, j) => {
    const hit = new Set<number>();
    for (let k = 0; k < changed; k++) hit.add(Math.floor(rnd() * level.pages));
    for (const i of [...hit].sort((a, b) => a - b)) puts.push([pageId(j, i), body(level.pageBytes, rnd)]);
  });
  return puts;
}

console.log(
  `${new Date().toISOString()} | page depth ${depth}, ${nodeBytes} B per node, ${changed} changed keys per commit | load ${loadAverage()}`,
);
for (const keys of sizes) {
  const dir = mkdtempSync(join(base, "trie-pages-"));
  try {
    const levels = pageLevels(keys);
    const totalPages = levels.reduce((a, l) => a + l.pages, 0);
    const lmdb = openLmdb<Uint8Array, Uint8Array>({
      path: join(dir, "lmdb"),
      encoding: "binary",
      keyEncoding: "binary",
      compression: false,
    });
    const level = new ClassicLevel<Uint8Array, Uint8Array>(join(dir, "level"), { keyEncoding: "view", valueEncoding: "view" });
    const rnd = prng(keys);
    const t0 = performance.now();
    for (const [j, l] of levels.entries()) {
      for (let from = 0; from < l.pages; from += 10_000) {
        const chunk: [Uint8Array, Uint8Array][] = [];
        for (let i = from; i < Math.min(l.pages, from + 10_000); i++) chunk.push([pageId(j, i), body(l.pageBytes, rnd)]);
        await lmdb.transaction(() => {
          for (const [k, v] of chunk) lmdb.put(k, v);
        });
        await level.batch(chunk.map(([key, value]) => ({ type: "put" as const, key, value })));
      }
    }
    await lmdb.flushed;
    await level.compactRange(pageId(0, 0), pageId(255, 0));
    const fillS = (performance.now() - t0) / 1000;
    const lmdbMs: number[] = [];
    const levelMs: number[] = [];
    const lmdbReadMs: number[] = [];
    const levelReadMs: number[] = [];
    /** Reads every page of `puts` one by one, as a commit reads the paths it rewrites; ms. */
    const readAll = (puts: [Uint8Array, Uint8Array][], get: (k: Uint8Array) => Uint8Array | undefined) => {
      const t = performance.now();
      for (const [k] of puts) if (get(k) === undefined) throw new Error("page missing");
      return performance.now() - t;
    };
    let pagesPerCommit = 0;
    let bytesPerCommit = 0;
    for (let r = 0; r < commits; r++) {
      const puts = commitPages(levels, rnd);
      pagesPerCommit = puts.length;
      bytesPerCommit = puts.reduce((a, [, v]) => a + v.length, 0);
      lmdbReadMs.push(readAll(puts, (k) => lmdb.get(k)));
      levelReadMs.push(readAll(puts, (k) => level.getSync(k)));
      let t = performance.now();
      lmdb.transactionSync(() => {
        for (const [k, v] of puts) lmdb.putSync(k, v);
      });
      lmdbMs.push(performance.now() - t);
      t = performance.now();
      await level.batch(
        puts.map(([key, value]) => ({ type: "put" as const, key, value })),
        { sync: true },
      );
      levelMs.push(performance.now() - t);
    }
    await lmdb.close();
    await level.close();
    console.log(
      `${keys.toLocaleString("en-US")} keys: ${levels.length} page levels, ${totalPages.toLocaleString("en-US")} pages (bottom ${levels.at(-1)!.pageBytes} B), filled in ${fillS.toFixed(1)} s | ` +
        `per commit ${pagesPerCommit.toLocaleString("en-US")} pages, ${(bytesPerCommit / 1e6).toFixed(2)} MB: ` +
        `lmdb transactionSync ${median(lmdbMs.slice(1)).toFixed(1)} ms, LevelDB fsynced batch ${median(levelMs.slice(1)).toFixed(1)} ms ` +
        `(first ${lmdbMs[0]!.toFixed(1)} / ${levelMs[0]!.toFixed(1)} ms); reading those pages first: lmdb get ${median(lmdbReadMs.slice(1)).toFixed(1)} ms, ` +
        `LevelDB getSync ${median(levelReadMs.slice(1)).toFixed(1)} ms | load ${loadAverage()}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
