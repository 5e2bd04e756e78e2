import { tmpdir } from "node:os";
import { join } from "node:path";
import { Command } from "commander";
import { silentLogger } from "../types/logger";
import { SimFailure, Simulation, type SimReport } from "./runner";

/**
 * `npm run sim -- --seed S --blocks N`: one reproducible whole-chain simulation. Prints
 * progress to stderr and the report as JSON on stdout; exits 1 with the seed, height and
 * operation to replay when an invariant, a replica, a restart or an export/import fails.
 */
const int = (v: string) => {
  if (!/^[0-9]+$/.test(v)) throw new Error(`not a non-negative integer: ${v}`);
  return Number(v);
};

const o = new Command("sim")
  .option("--seed <n>", "seed (reproduces the run)", int, 1)
  .option("--blocks <n>", "blocks to simulate", int, 200)
  .option("--accounts <n>", "simulated accounts", int, 60)
  .option("--max-txs <n>", "most txs in a block (each block's size is random up to it)", int, 40)
  .option("--restart-every <n>", "mean blocks between restarts from disk (0: never)", int, 250)
  .option("--export-every <n>", "mean blocks between export/import checks (0: never)", int, 150)
  .option("--no-replica", "do not feed a second app the same blocks")
  .option("--dir <path>", "working directory (default: a fresh one under the temp dir)")
  .option("--keep", "keep the working directory")
  .option("--progress <n>", "print progress every n blocks", int, 100)
  .parse()
  .opts();

/** This process's CPU time: per-block cost without the other processes sharing the machine. */
const cpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

const report = (r: SimReport) => JSON.stringify(r, (_k, v) => (typeof v === "bigint" ? v.toString() : v), 2);

const sim = new Simulation({
  seed: o.seed,
  blocks: o.blocks,
  dir: o.dir ?? join(tmpdir(), `sim-${o.seed}-${process.pid}`),
  keep: o.keep,
  accounts: o.accounts,
  maxTxsPerBlock: o.maxTxs,
  restartEvery: o.restartEvery,
  exportEvery: o.exportEvery,
  replica: o.replica,
  logger: silentLogger,
  onBlock: (r) => {
    if (r.blocks % o.progress === 0) {
      process.stderr.write(
        `height ${r.height}: ${r.txs} txs (${r.txsOk} ok, ${r.txsFailed} failed), ${r.restarts} restarts, ${r.exportImports} export/imports, ${Math.round(performance.now() / 1000)} s (${Math.round(cpuSeconds())} s of CPU)\n`,
      );
    }
  },
});

try {
  process.stdout.write(`${report(await sim.run())}\n`);
} catch (e) {
  if (e instanceof SimFailure) {
    process.stderr.write(`${e.message}\n`);
    process.exit(1);
  }
  throw e;
}
