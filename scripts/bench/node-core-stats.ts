/**
 * Pure parts of the node-core benchmark (scripts/bench/node-core.ts): its arguments, medians and
 * the new/old ratio, kept apart from the processes and git so a unit test can check them.
 */

/** What `npm run bench` compares against: nothing, the latest release tag, or a given commit-ish. */
export type BaselineChoice = { kind: "none"; why: string } | { kind: "latest-tag" } | { kind: "commit"; ref: string };

export interface NodeCoreArgs {
  baseline: BaselineChoice;
}

const USAGE =
  "usage: npm run bench -- [--baseline <commit-ish> | --no-baseline]  (env BENCH_BASELINE=<commit-ish>|none; BENCH_TXS, BENCH_BLOCKS, BENCH_PROFILE)";

/**
 * `--baseline <ref>` / `--baseline=<ref>` / `--no-baseline`, else BENCH_BASELINE (`none` or
 * empty: no baseline), else the latest release tag. The command line wins over the environment.
 */
export function parseNodeCoreArgs(argv: readonly string[], env: Record<string, string | undefined>): NodeCoreArgs {
  let fromArgs: BaselineChoice | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--no-baseline") fromArgs = { kind: "none", why: "--no-baseline" };
    else if (a === "--baseline" || a.startsWith("--baseline=")) {
      const ref = a === "--baseline" ? argv[++i] : a.slice("--baseline=".length);
      if (!ref || ref.startsWith("--")) throw new Error(`--baseline needs a commit-ish (a tag, branch or sha)\n${USAGE}`);
      fromArgs = { kind: "commit", ref };
    } else if (a === "-h" || a === "--help") throw new Error(USAGE);
    else throw new Error(`unknown argument ${a}\n${USAGE}`);
  }
  if (fromArgs) return { baseline: fromArgs };
  const env0 = env.BENCH_BASELINE;
  if (env0 === undefined) return { baseline: { kind: "latest-tag" } };
  const ref = env0.trim();
  if (ref === "" || ref === "none") return { baseline: { kind: "none", why: `BENCH_BASELINE=${env0}` } };
  return { baseline: { kind: "commit", ref } };
}

/** The median (mean of the middle two for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Txs per second for `txs` txs in `ms` milliseconds, as a whole number with thousands separators. */
export function txRate(txs: number, ms: number): string {
  return Math.round((txs * 1000) / ms).toLocaleString("en-US");
}

/**
 * new tx/s ÷ old tx/s for the same block (= old ms ÷ new ms): above 1 the new code is faster.
 * Two decimals and a word, so a reader needs no convention: `1.08× (new faster)`.
 */
export function speedRatio(newMs: number, oldMs: number): string {
  const r = oldMs / newMs;
  if (!Number.isFinite(r) || r <= 0) return "n/a";
  const word = r >= 1.005 ? "new faster" : r <= 0.995 ? "new slower" : "same";
  return `${r.toFixed(2)}× (${word})`;
}

/**
 * The spread of the per-block ratios, old and new run back to back on the same block height:
 * each pair met the same machine load, so its ratio moves less than either side's time.
 */
export function pairedRatioRange(newMs: readonly number[], oldMs: readonly number[]): { min: number; median: number; max: number } {
  if (newMs.length !== oldMs.length || newMs.length === 0) throw new Error("paired ratios need as many old blocks as new ones");
  const r = newMs.map((n, i) => oldMs[i] / n);
  return { min: Math.min(...r), median: median(r), max: Math.max(...r) };
}

/**
 * Which side runs first in block `b`: new first in even blocks, old first in odd ones, so a
 * slowly changing load and any effect of going second are shared out evenly.
 */
export function blockOrder(b: number): ["new", "old"] | ["old", "new"] {
  return b % 2 === 0 ? ["new", "old"] : ["old", "new"];
}

/** A field of `lscpu`'s output ("Model name", "CPU family"), if it has it. */
export function lscpuField(lscpu: string, field: string): string | undefined {
  const line = lscpu.split("\n").find((l) => l.startsWith(`${field}:`));
  const v = line?.slice(field.length + 1).trim();
  return v ? v : undefined;
}
