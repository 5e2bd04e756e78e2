/**
 * lmdb's side of the memory benchmark: the same state keys and values (the flat state only,
 * no commitment) in one lmdb environment, built and reopened in separate processes as the
 * commit store's are. lmdb reads synchronously (get, getRange) from a memory-mapped B-tree,
 * so a store on it would need no in-memory key index.
 */
import { open as openLmdb, type RootDatabase } from "lmdb";
import { type BinKey, fromBin } from "../../src/store/bytes";
import { KEYS_PER_ACCOUNT, keyOf, prng, writeAccount, writeChanges } from "./memory-state";
import { type Mem, memory, readRates, type ReadRates, result } from "./memory-measure";
import { upperMedian as median } from "./bench-run";
import type { StoreCtx } from "../../src/store/collections";

export interface LmdbBuild {
  buildS: number;
  buildCpuS: number;
}

export interface LmdbOpen {
  openMs: number;
  afterOpen: Mem;
  afterReads: Mem;
  reads: ReadRates;
  /** A transaction of ~1,000 puts, committed and flushed to disk (transactionSync). */
  commitMs: number;
  /** The same by db.transaction (lmdb-js's writer thread), awaited until flushed. */
  asyncCommitMs: number;
}

const CHANGED = 1_000;

function env(dir: string, noSync: boolean): RootDatabase<Uint8Array, Uint8Array> {
  return openLmdb<Uint8Array, Uint8Array>({ path: dir, encoding: "binary", keyEncoding: "binary", compression: false, noSync });
}

/**
 * What `write` sets through the keepers' collections (they write by binary-string key), in key
 * order as lmdb's B-tree takes them best.
 */
function sortedWrites(write: (ctx: StoreCtx) => void): [BinKey, Uint8Array][] {
  const writes = new Map<BinKey, Uint8Array>();
  const store = { setBin: (k: BinKey, v: Uint8Array) => void writes.set(k, v) };
  write({ store } as unknown as StoreCtx);
  return [...writes].sort(([a], [b]) => (a < b ? -1 : 1));
}

function build(dir: string, keys: number, batchKeys: number): LmdbBuild {
  const accounts = Math.ceil(keys / KEYS_PER_ACCOUNT);
  const perBatch = Math.max(1, Math.floor(batchKeys / KEYS_PER_ACCOUNT));
  const db = env(dir, true);
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  for (let from = 0; from < accounts; from += perBatch) {
    const sorted = sortedWrites((ctx) => {
      for (let i = from; i < Math.min(accounts, from + perBatch); i++) writeAccount(ctx, i, 0);
    });
    db.transactionSync(() => {
      for (const [k, v] of sorted) db.putSync(fromBin(k), v);
    });
  }
  db.close();
  const c = process.cpuUsage(c0);
  return { buildS: (performance.now() - t0) / 1000, buildCpuS: (c.user + c.system) / 1e6 };
}

async function open(dir: string, keys: number): Promise<LmdbOpen> {
  const accounts = Math.ceil(keys / KEYS_PER_ACCOUNT);
  const t0 = performance.now();
  const db = env(dir, false);
  // Open is lazy in parts: one read makes it real.
  db.get(keyOf(0, 0));
  const openMs = performance.now() - t0;
  const afterOpen = memory();
  const rnd = prng(keys);
  const reads = await readRates(
    accounts,
    rnd,
    (k) => db.get(k),
    (start, n) => {
      let got = 0;
      for (const _ of db.getRange({ start, limit: n })) got++;
      return got;
    },
  );
  const afterReads = memory();
  const commits: number[] = [];
  for (let r = 1; r <= 11; r++) {
    const sorted = sortedWrites((ctx) => writeChanges(ctx, accounts, CHANGED, r, rnd));
    const t = performance.now();
    db.transactionSync(() => {
      for (const [k, v] of sorted) db.putSync(fromBin(k), v);
    });
    commits.push(performance.now() - t);
  }
  // The same through lmdb-js's asynchronous transaction (its writer thread), awaited until
  // flushed to disk, as a commit at the end of a block would be.
  const asyncCommits: number[] = [];
  for (let r = 12; r <= 22; r++) {
    const sorted = sortedWrites((ctx) => writeChanges(ctx, accounts, CHANGED, r, rnd));
    const t = performance.now();
    await db.transaction(() => {
      for (const [k, v] of sorted) db.put(fromBin(k), v);
    });
    await db.flushed;
    asyncCommits.push(performance.now() - t);
  }
  await db.close();
  return { openMs, afterOpen, afterReads, reads, commitMs: median(commits.slice(1)), asyncCommitMs: median(asyncCommits.slice(1)) };
}

const [role, dir, keys, batch] = process.argv.slice(2);
if (role === "build") result(build(dir!, Number(keys), Number(batch)));
else if (role === "open") result(await open(dir!, Number(keys)));
else throw new Error(`memory-lmdb: unknown role ${role}`);
