/**
 * The commit store's side of the memory benchmark, each role run in its own process by
 * memory.ts (a fresh process is what a restarted node is): `build` writes the state through
 * CommitStore's commit path, `open` reopens it and measures.
 */
import { rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { ClassicLevel } from "classic-level";
import { type BinKey, fromBin, toBin } from "../../src/store/bytes";
import type { StoreCtx } from "../../src/store/collections";
import { CommitStore } from "../../src/store/commit-store";
import { sha256 } from "../../src/store/hash";
import { COMMIT_KEY, encodeRecord, NS, nsKey } from "../../src/store/layout";
import { StoreTries } from "../../src/store/store-tries";
import { loadTries } from "../../src/store/tree-records";
import { TRIES_IMAGE_FILE } from "../../src/store/tries-image";
import { KEYS_PER_ACCOUNT, keyOf, prng, writeAccount, writeChanges } from "./memory-state";
import { collect, type Mem, memory, readRates, type ReadRates, result } from "./memory-measure";
import { upperMedian as median } from "./bench-run";

export interface LevelBuild {
  /** "commit": through CommitStore.commit; "direct": the records a commit writes, written straight. */
  mode: string;
  keys: number;
  commits: number;
  buildS: number;
  buildCpuS: number;
  compactS: number;
  diskMb: number;
}

export interface LevelOpen {
  openS: number;
  openCpuS: number;
  /** Raw scan of the value-hash records alone (the part of open that is LevelDB reading). */
  scanS: number;
  afterOpen: Mem;
  /** After the read and commit measurements: the LRU filled as a serving node's is. */
  inService: Mem;
  /** Bytes each part holds, from what the heap and array buffers drop when it is released. */
  parts: { lru: number; leafKeys: number; trieArrays: number; rest: number };
  trie: { innerNodes: number; leaves: number; innerCapacity: number; leafCapacity: number };
  reads: ReadRates;
  /** computeAppHash + commit (fsync) of ~1,000 changed keys: the first after open, then the median of 10. */
  commitFirstMs: number;
  commitMs: number;
  /** A bare LevelDB batch of 1,000 puts with fsync, beside lmdb's transaction. */
  rawBatchMs: number;
}

const CHANGED = 1_000;

async function build(dir: string, keys: number, batchKeys: number): Promise<LevelBuild> {
  const accounts = Math.ceil(keys / KEYS_PER_ACCOUNT);
  const perBatch = Math.max(1, Math.floor(batchKeys / KEYS_PER_ACCOUNT));
  const store = await CommitStore.open(dir, { sync: false });
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  let height = 0n;
  for (let from = 0; from < accounts; from += perBatch) {
    const b = store.branch();
    const ctx = { store: b };
    for (let i = from; i < Math.min(accounts, from + perBatch); i++) writeAccount(ctx, i, 0);
    await store.commit(b, ++height);
  }
  const buildS = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(c0);
  const stateKeys = store.size;
  await store.close();
  // A state this size grew over many heights and its compaction is long done; the few huge
  // build commits would otherwise leave compaction running under the reopen.
  const t1 = performance.now();
  const raw = new ClassicLevel(dir);
  await raw.compactRange("\x00", "\xff");
  await raw.close();
  return {
    mode: "commit",
    keys: stateKeys,
    commits: Number(height),
    buildS,
    buildCpuS: (c.user + c.system) / 1e6,
    compactS: (performance.now() - t1) / 1000,
    diskMb: 0,
  };
}

/**
 * The state as one commit of height 1 would leave it, written without the commit path (whose
 * cost over 40 commits of 250,000 keys into a growing state is not what is measured here): per key the
 * state record and its value-hash record, then the commit record with the app hash the
 * store's own tries give over those records — computed by the same scan and builder the store
 * opens with. Only the undo log of height 1 is missing (open reads undo logs' keys alone).
 * `npm run bench:memory -- --check-build` shows both ways give the same app hash.
 */
async function buildDirect(dir: string, keys: number, batchKeys: number): Promise<LevelBuild> {
  const accounts = Math.ceil(keys / KEYS_PER_ACCOUNT);
  const perBatch = Math.max(1, Math.floor(batchKeys / KEYS_PER_ACCOUNT));
  const db = new ClassicLevel<Uint8Array, Uint8Array>(dir, {
    keyEncoding: "view",
    valueEncoding: "view",
    compression: false,
    writeBufferSize: 16 << 20,
  });
  await db.open();
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  let written = 0;
  for (let from = 0; from < accounts; from += perBatch) {
    const writes = new Map<BinKey, Uint8Array>();
    const ctx = { store: { setBin: (k: BinKey, v: Uint8Array) => void writes.set(k, v) } } as unknown as StoreCtx;
    for (let i = from; i < Math.min(accounts, from + perBatch); i++) writeAccount(ctx, i, 0);
    const batch = db.batch();
    for (const [k, v] of writes) {
      const key = fromBin(k);
      batch.put(nsKey(NS.state, key), v);
      batch.put(nsKey(NS.valueHash, key), sha256(v));
    }
    await batch.write({ sync: false });
    written += writes.size;
  }
  const tries = new StoreTries([]);
  const state = await loadTries(db, tries, []);
  const stores = [...state.roots.keys()].sort();
  await db.put(COMMIT_KEY, encodeRecord({ height: 1n, hash: tries.appHash(state), converted: 0n, stores }), { sync: true });
  const buildS = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(c0);
  const t1 = performance.now();
  await db.compactRange(Uint8Array.of(0), Uint8Array.of(0xff));
  await db.close();
  return {
    mode: "direct",
    keys: written,
    commits: 1,
    buildS,
    buildCpuS: (c.user + c.system) / 1e6,
    compactS: (performance.now() - t1) / 1000,
    diskMb: 0,
  };
}

/** The app hash and size of a built state, as the store opens it. */
async function appHash(dir: string): Promise<{ keys: number; appHash: string }> {
  const store = await CommitStore.open(dir);
  const out = { keys: store.size, appHash: Buffer.from(store.lastAppHash).toString("hex") };
  await store.close();
  return out;
}

/**
 * A clean restart: the store opened (by a rebuild) and closed, which saves the tries image,
 * then opened again from the image in this process; time to save and to reopen.
 */
async function imageRoundTrip(dir: string): Promise<ImageOpen> {
  const store = await CommitStore.open(dir);
  const t0 = performance.now();
  await store.close();
  const saveS = (performance.now() - t0) / 1000;
  const imageMb = statSync(join(dir, TRIES_IMAGE_FILE)).size / 1e6;
  const t1 = performance.now();
  const c1 = process.cpuUsage();
  const again = await CommitStore.open(dir);
  const openS = (performance.now() - t1) / 1000;
  const c = process.cpuUsage(c1);
  if (again.openedFrom !== "tries image") throw new Error(`reopened by ${again.openedFrom}, not the tries image`);
  await again.close();
  return { saveS, imageMb, openS, openCpuS: (c.user + c.system) / 1e6 };
}

export interface ImageOpen {
  /** close(): saving the tries image (fsynced). */
  saveS: number;
  imageMb: number;
  /** open() from the image. */
  openS: number;
  openCpuS: number;
}

/** Opened by a rebuild from the records (no tries image), as after a crash, then measured. */
async function open(dir: string, keys: number): Promise<LevelOpen> {
  const accounts = Math.ceil(keys / KEYS_PER_ACCOUNT);
  rmSync(join(dir, TRIES_IMAGE_FILE), { force: true });
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  let store = await CommitStore.open(dir, { sync: true });
  const openS = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(c0);
  const afterOpen = memory();

  const rnd = prng(keys);
  const reads = await readRates(
    accounts,
    rnd,
    (k) => store.get(k),
    (start, n) => {
      let got = 0;
      for (const _ of store.iterator(start)) if (++got >= n) break;
      return got;
    },
  );

  const commitOnce = async (round: number) => {
    const b = store.branch();
    writeChanges({ store: b }, accounts, CHANGED, round, rnd);
    const t = performance.now();
    store.computeAppHash(b);
    await store.commit(b, store.lastHeight + 1n);
    return performance.now() - t;
  };
  const commitFirstMs = await commitOnce(1);
  const commits: number[] = [];
  for (let r = 2; r < 12; r++) commits.push(await commitOnce(r));
  const inService = memory();

  // Release each part in turn; what heap + array buffers drop by is what it held.
  const internals = store as unknown as { values: { clear(): void }; tries: { arena: unknown } };
  const arena = internals.tries.arena as {
    inner: Int32Array;
    innerHashes: Uint8Array;
    leafHashes: Uint8Array;
    leafKeys: unknown;
    innerCount: number;
    leafCount: number;
    freeInner: number[];
    freeLeaves: number[];
  };
  const trie = {
    innerNodes: arena.innerCount - arena.freeInner.length,
    leaves: arena.leafCount - arena.freeLeaves.length,
    innerCapacity: arena.innerHashes.length / 32,
    leafCapacity: arena.leafHashes.length / 32,
  };
  const held = () => {
    collect();
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const h0 = held();
  internals.values.clear();
  const h1 = held();
  arena.leafKeys = undefined;
  const h2 = held();
  arena.inner = new Int32Array(0);
  arena.innerHashes = new Uint8Array(0);
  arena.leafHashes = new Uint8Array(0);
  const h3 = held();
  const parts = { lru: h0 - h1, leafKeys: h1 - h2, trieArrays: h2 - h3, rest: 0 };
  parts.rest = afterOpen.rss - (parts.leafKeys + parts.trieArrays);
  await store.close();
  store = undefined as unknown as CommitStore;

  // The same records read bare: how much of open is LevelDB's scan.
  const db = new ClassicLevel<Uint8Array, Uint8Array>(dir, { keyEncoding: "view", valueEncoding: "view" });
  await db.open();
  const t2 = performance.now();
  const it = db.iterator({ gte: Uint8Array.of(NS.valueHash), lt: Uint8Array.of(NS.valueHash + 1) });
  let scanned = 0;
  for (;;) {
    const entries = await it.nextv(10_000);
    if (entries.length === 0) break;
    for (const [k] of entries) if (toBin(k).length > 0) scanned++;
  }
  await it.close();
  const scanS = (performance.now() - t2) / 1000;
  if (scanned === 0) throw new Error("no value-hash records");
  // A bare fsynced batch of 1,000 puts (in a namespace the store does not use).
  const batches: number[] = [];
  for (let r = 0; r < 10; r++) {
    const batch = db.batch();
    for (let j = 0; j < CHANGED; j++)
      batch.put(Uint8Array.of(0x7a, ...keyOf(Math.floor(rnd() * accounts), j % 3)), new Uint8Array(64).fill(r));
    const t = performance.now();
    await batch.write({ sync: true });
    batches.push(performance.now() - t);
  }
  await db.close();

  return {
    openS,
    openCpuS: (c.user + c.system) / 1e6,
    scanS,
    afterOpen,
    inService,
    parts,
    trie,
    reads,
    commitFirstMs,
    commitMs: median(commits),
    rawBatchMs: median(batches),
  };
}

const [role, dir, keys, batch] = process.argv.slice(2);
if (role === "build") result(await build(dir!, Number(keys), Number(batch)));
else if (role === "build-direct") result(await buildDirect(dir!, Number(keys), Number(batch)));
else if (role === "app-hash") result(await appHash(dir!));
else if (role === "open") result(await open(dir!, Number(keys)));
else if (role === "image") result(await imageRoundTrip(dir!));
else throw new Error(`memory-level: unknown role ${role}`);
