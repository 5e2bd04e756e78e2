/** What the benches share: their `--name value` options, the load average they print, the median they report, process memory. */
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";

/** The value after `--name` on the command line, if given. */
export function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? undefined : process.argv[i + 1];
}

/** The 1-, 5- and 15-minute load averages, as every bench prints them beside its figures. */
export const loadAverage = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

/**
 * The middle value, the upper of the two for an even count: always a measured figure, never a
 * mean of two (node-core-stats.ts's `median` is that mean, for the ratios it compares).
 */
export const upperMedian = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** kB of a /proc/<pid>/status field (VmRSS: resident now; VmHWM: the peak). */
export function procStatusKb(pid: number, field: string): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${field}:`));
  return Number(/(\d+)/.exec(line ?? "")?.[1] ?? NaN);
}
