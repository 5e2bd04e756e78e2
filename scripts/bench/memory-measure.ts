/** Measurement helpers shared by the memory benchmark's child processes. */
import { readFileSync } from "node:fs";
import { getHeapStatistics } from "node:v8";
import { keyOf } from "./memory-state";

export interface Mem {
  /** Resident set, and of it anonymous memory vs pages of mapped files (lmdb's map), bytes. */
  rss: number;
  rssAnon: number;
  rssFile: number;
  /** The process's peak resident set so far (VmHWM): after an open, what the open reached. */
  rssPeak: number;
  /** The same after two forced full collections. */
  rssAfterGc: number;
  heapUsed: number;
  /** Heap the V8 heap holds from the system (used or not). */
  heapTotal: number;
  heapLimit: number;
  external: number;
  arrayBuffers: number;
}

export interface ReadRates {
  /** Point reads of random existing keys per second (every key read once: a cold cache). */
  getsPerS: number;
  /** Ordered reads of 100 entries from a random start key, per second. */
  rangesPerS: number;
}

const gc = (globalThis as { gc?: () => void }).gc;

export function collect(): void {
  if (!gc) throw new Error("run with node --expose-gc");
  gc();
  gc();
}

function status(field: string): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync("/proc/self/status", "utf8"));
  return m ? Number(m[1]) * 1024 : 0;
}

export function memory(): Mem {
  const rss = process.memoryUsage().rss;
  collect();
  const m = process.memoryUsage();
  return {
    rss,
    rssAnon: status("RssAnon"),
    rssFile: status("RssFile"),
    rssPeak: status("VmHWM"),
    rssAfterGc: m.rss,
    heapUsed: m.heapUsed,
    heapTotal: m.heapTotal,
    heapLimit: getHeapStatistics().heap_size_limit,
    external: m.external,
    arrayBuffers: m.arrayBuffers,
  };
}

const GETS = 100_000;
const RANGES = 2_000;
const RANGE_LEN = 100;

/** Read rates over keys of random accounts below `accounts` (keys built before timing). */
export async function readRates(
  accounts: number,
  rnd: () => number,
  get: (key: Uint8Array) => unknown,
  range: (start: Uint8Array, n: number) => number,
): Promise<ReadRates> {
  const keys = Array.from({ length: GETS }, () => keyOf(Math.floor(rnd() * accounts), Math.floor(rnd() * 3)));
  let t = performance.now();
  for (const k of keys) if (get(k) === undefined) throw new Error("a key of the state is missing");
  const getsPerS = GETS / ((performance.now() - t) / 1000);
  t = performance.now();
  for (let i = 0; i < RANGES; i++) if (range(keys[i]!, RANGE_LEN) === 0) throw new Error("empty range");
  const rangesPerS = RANGES / ((performance.now() - t) / 1000);
  return { getsPerS, rangesPerS };
}

/** The child's answer: one JSON line the parent picks out of stdout. */
export function result(value: unknown): void {
  console.log(`RESULT ${JSON.stringify(value)}`);
}
