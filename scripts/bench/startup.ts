/**
 * `npm run bench:startup [-- --root <checkout> --runs 5 --idle 30]`: how fast the node starts
 * and how much memory it holds at idle (docs/benchmarks.md, "Start-up and memory"). Runs the
 * `bin/blockchaind.js` of --root (this checkout by default; another checkout, e.g. an older
 * release extracted with `git archive`, to compare) the way the localnet does: `version`
 * (wall time), `start --dev` on a fresh home until its RPC answers and until the first block,
 * then the resident memory of that node after --idle seconds of producing empty blocks.
 */
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { loadAverage, procStatusKb, upperMedian as median } from "./bench-run";
import { join, resolve } from "node:path";
import { Command } from "commander";
import { DEFAULT_APP_CONFIG, writeAppConfig } from "../../src/cli/app-config";
import { PROJECT_ROOT } from "../../src/cli/home";
import { APP_NODE_FLAGS, blockchaindBin, terminate } from "../../src/cli/localnet";
import { freeLocalnetBasePort } from "./localnet-helpers";

const o = new Command("bench:startup")
  .option("--root <dir>", "the checkout whose bin/blockchaind.js runs", PROJECT_ROOT)
  .option("--runs <n>", "runs of each measurement", (v) => Number(v), 5)
  .option("--idle <s>", "seconds the last dev node runs before its memory is read", (v) => Number(v), 30)
  .parse(process.argv)
  .opts<{ root: string; runs: number; idle: number }>();

const bin = blockchaindBin(resolve(o.root));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Wall and CPU (user + system) ms of one `blockchaind version`; CPU, unlike wall time, holds on a busy machine. */
function version(): { wallMs: number; cpuMs: number } {
  const t0 = performance.now();
  // bash's `times` prints its children's user and system time after the command.
  const out = execFileSync("bash", ["-c", `"$@" >/dev/null; times`, "bash", process.execPath, ...APP_NODE_FLAGS, bin, "version"], {
    cwd: tmpdir(),
    encoding: "utf8",
  });
  const wallMs = performance.now() - t0;
  const [user, sys] = [
    ...out
      .trim()
      .split("\n")
      .at(-1)!
      .matchAll(/(\d+)m([\d.]+)s/g),
  ].map((m) => Number(m[1]) * 60_000 + Number(m[2]) * 1000);
  return { wallMs, cpuMs: user + sys };
}

/** CPU ms (user + system, every thread) a live process has used so far. */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  // utime and stime, fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function height(rpc: string): Promise<number | undefined> {
  try {
    const res = await fetch(`${rpc}/status`, { signal: AbortSignal.timeout(1_000) });
    const body = (await res.json()) as { result?: { sync_info?: { latest_block_height?: string } } };
    return Number(body.result?.sync_info?.latest_block_height ?? 0);
  } catch {
    return undefined;
  }
}

interface DevStart {
  rpcMs: number;
  firstBlockMs: number;
  firstBlockCpuMs: number;
  child: ChildProcess;
  dir: string;
}

/** `start --dev` on a fresh home on free ports; times from spawn to the RPC's first answer and to height 1. */
async function startDev(): Promise<DevStart> {
  const dir = mkdtempSync(join(tmpdir(), "bench-startup-"));
  const base = await freeLocalnetBasePort();
  mkdirSync(join(dir, "config"));
  writeAppConfig(join(dir, "config", "app.toml"), {
    ...DEFAULT_APP_CONFIG,
    apiAddress: `tcp://127.0.0.1:${base + 1}`,
    rpcAddress: `tcp://127.0.0.1:${base}`,
  });
  const rpc = `http://127.0.0.1:${base}`;
  const t0 = performance.now();
  const child = spawn(process.execPath, [...APP_NODE_FLAGS, bin, "start", "--dev", "--home", dir, "--block-interval", "100"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr = (stderr + d).slice(-4000)));
  let rpcMs: number | undefined;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`start --dev exited with ${child.exitCode}\n${stderr}`);
    const h = await height(rpc);
    if (h !== undefined && rpcMs === undefined) rpcMs = performance.now() - t0;
    if (h !== undefined && h >= 1)
      return { rpcMs: rpcMs!, firstBlockMs: performance.now() - t0, firstBlockCpuMs: cpuMsOf(child.pid!), child, dir };
    if (performance.now() - t0 > 120_000) throw new Error("no first block within 120 s");
    await sleep(10);
  }
}

async function main(): Promise<void> {
  console.log(`bin: ${bin}`);
  console.log(`cpu: ${cpus()[0]?.model} x${cpus().length}, load ${loadAverage()}`);
  version(); // the first run also fills the OS file cache
  const versions = Array.from({ length: o.runs }, version);
  const list = (xs: number[]) => `median ${median(xs).toFixed(0)} ms (${xs.map((v) => v.toFixed(0)).join(", ")})`;
  console.log(`version: wall ${list(versions.map((v) => v.wallMs))}; CPU ${list(versions.map((v) => v.cpuMs))}`);

  const rpcMs: number[] = [];
  const blockMs: number[] = [];
  const blockCpuMs: number[] = [];
  for (let i = 0; i < o.runs; i++) {
    const run = await startDev();
    rpcMs.push(run.rpcMs);
    blockMs.push(run.firstBlockMs);
    blockCpuMs.push(run.firstBlockCpuMs);
    if (i < o.runs - 1) {
      await terminate(run.child, "SIGTERM");
      rmSync(run.dir, { recursive: true, force: true });
      continue;
    }
    await sleep(o.idle * 1000);
    const pid = run.child.pid!;
    console.log(`start --dev: RPC answers, wall ${list(rpcMs)}`);
    console.log(`start --dev: first block, wall ${list(blockMs)}; CPU ${list(blockCpuMs)}`);
    console.log(
      `idle after ${o.idle} s: RSS ${(procStatusKb(pid, "VmRSS") / 1024).toFixed(0)} MiB, peak ${(procStatusKb(pid, "VmHWM") / 1024).toFixed(0)} MiB`,
    );
    await terminate(run.child, "SIGTERM");
    rmSync(run.dir, { recursive: true, force: true });
  }
}

await main();
