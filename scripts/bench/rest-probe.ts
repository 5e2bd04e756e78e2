/**
 * `tsx scripts/bench/rest-probe.ts <restUrl> <serverPid> [seconds] [connections]`: the REST
 * balance reads of bench:vs-sdk --cold (rest-load.ts) against a node already running — one
 * address, then the 500 bench senders', then theirs with a new URL each (uncached) — with the
 * server's and the client's CPU per request beside req/s and p99, and the load average: on a
 * shared machine CPU per request is the figure that compares.
 */
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { loadavg } from "node:os";
import { Secp256k1Key } from "../../src/client/signer";
import { balancePaths, balanceReads, uncachedBalancePaths } from "./rest-load";

const [restUrl, pidArg, secondsArg, connectionsArg] = process.argv.slice(2);
if (!restUrl || !pidArg) throw new Error("usage: rest-probe.ts <restUrl> <serverPid> [seconds] [connections]");
const pid = Number(pidArg);
const seconds = Number(secondsArg ?? 10);
const connections = Number(connectionsArg ?? 64);
const CLK_TCK = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());

/** utime + stime of a process and its threads, µs. */
function cpuMicros(p: number): number {
  const stat = readFileSync(`/proc/${p}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / CLK_TCK;
}

const senders = Array.from({ length: 500 }, (_, i) => Secp256k1Key.fromSeed(`bench-vs-sdk/${i}`).address);
for (const [name, paths] of [
  ["one address", balancePaths(senders.slice(0, 1))],
  ["500 addresses", balancePaths(senders)],
  ["500 addresses, uncached", uncachedBalancePaths(senders)],
] as const) {
  const load0 = loadavg()[0];
  const cpu0 = cpuMicros(pid);
  const r = await balanceReads(restUrl, paths, connections, seconds);
  const serverCpu = cpuMicros(pid) - cpu0;
  const requests = r.reqPerSecond * seconds;
  console.log(
    `${name}: ${r.reqPerSecond.toFixed(0)} req/s, p99 ${r.p99Ms} ms, failures ${r.failures}; CPU per request: server ${(serverCpu / requests).toFixed(1)} µs, client ${r.clientCpuPerRequest.toFixed(1)} µs; load ${load0.toFixed(2)} → ${loadavg()[0].toFixed(2)}`,
  );
}
