/**
 * Node-core benchmark: blocks of 5,000 signed MsgSends from 5,000 accounts through the real
 * ABCI path (CheckTx into the mempool, PrepareProposal, ProcessProposal, FinalizeBlock,
 * Commit), on this checkout and on a baseline — by default the latest release tag — in the
 * same run, so the FinalizeBlock ratio new/old holds on any machine under any load.
 *
 *   npm run bench                          # baseline: git describe --tags --abbrev=0
 *   npm run bench -- --baseline <commit>   # or BENCH_BASELINE=<commit>; HEAD: the noise floor
 *   npm run bench -- --no-baseline         # or BENCH_BASELINE=none
 *
 * Each side runs in its own child process (node-core-worker.ts) loading its own tree's code:
 * both trees patch the one cosmjs-types runtime they share through node_modules
 * (src/types/proto-runtime.ts), so in one process one side would run the other's encoder, and
 * they would share a heap and its collector. This process asks the sides for a block in turn,
 * alternating which goes first, so only one runs at a time and both meet the same load.
 */
import { execFileSync, fork, type ChildProcess } from "node:child_process";
import { cpus } from "node:os";
import { loadAverage as load } from "./bench-run";
import { join } from "node:path";
import { APP_NODE_FLAGS } from "../../src/cli/node-flags";
import { currentCheckout, prepareBaseline, resolveBaseline } from "./baseline-release";
import { blockOrder, lscpuField, median, pairedRatioRange, parseNodeCoreArgs, speedRatio, txRate } from "./node-core-stats";
import type { BlockTimings, FromWorker, ToWorker } from "./node-core-worker";

const N = Number(process.env.BENCH_TXS ?? 5000);
/** Blocks of N txs each (every account sends once per block); the first runs on code the JIT has not yet optimised. */
const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 7);
/** Between one side's block and the other's: the first side's background work (concurrent GC, LevelDB's flush) settles. */
const SETTLE_MS = 100;
const THIS_ROOT = join(import.meta.dirname, "../..");

type SideName = "new" | "old";

/** One side's child process: one request at a time, each answered by one message. */
class Side {
  readonly blocks: BlockTimings[] = [];
  private readonly child: ChildProcess;
  private pending?: { resolve: (m: FromWorker) => void; reject: (e: Error) => void };
  private readonly ready: Promise<FromWorker>;

  constructor(
    readonly name: SideName,
    readonly label: string,
    root: string,
  ) {
    // The node's own V8 flags on both sides: the comparison is of code, at the node's settings.
    this.child = fork(join(import.meta.dirname, "node-core-worker.ts"), [root], {
      cwd: root,
      execArgv: [...APP_NODE_FLAGS, "--import", import.meta.resolve("tsx")],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    this.ready = this.next();
    this.child.on("message", (m: FromWorker) => {
      const p = this.pending;
      this.pending = undefined;
      if (m.type === "error") p?.reject(new Error(`${this.name} side (${this.label}):\n${m.message}`));
      else p?.resolve(m);
    });
    this.child.on("exit", (code, signal) => {
      this.pending?.reject(new Error(`${this.name} side (${this.label}) exited (${signal ?? `code ${code}`}) before answering`));
      this.pending = undefined;
    });
  }

  private next(): Promise<FromWorker> {
    return new Promise((resolve, reject) => (this.pending = { resolve, reject }));
  }

  async whenReady(): Promise<number> {
    const m = await this.ready;
    return m.type === "ready" ? m.setupMs : NaN;
  }

  async run(index: number, profile?: string): Promise<BlockTimings> {
    const answer = this.next();
    this.child.send({ type: "block", index, profile } satisfies ToWorker);
    const m = await answer;
    if (m.type !== "block") throw new Error(`${this.name} side: expected a block, got ${m.type}`);
    this.blocks.push(m.timings);
    return m.timings;
  }

  async close(): Promise<void> {
    if (this.child.exitCode !== null || !this.child.connected) return;
    const answer = this.next();
    this.child.send({ type: "close" } satisfies ToWorker);
    await answer;
  }

  kill(): void {
    if (this.child.exitCode === null) this.child.kill();
  }
}

function cpuLine(): string {
  const list = cpus();
  let model = list[0]?.model?.trim() || undefined;
  let detail = "";
  try {
    const lscpu = execFileSync("lscpu", { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    model ??= lscpuField(lscpu, "Model name");
    const fields = [
      ["family", lscpuField(lscpu, "CPU family")],
      ["model", lscpuField(lscpu, "Model")],
      ["stepping", lscpuField(lscpu, "Stepping")],
    ].filter(([, v]) => v !== undefined);
    if (fields.length > 0) detail = ` (lscpu: ${fields.map(([k, v]) => `${k} ${v}`).join(", ")})`;
  } catch {
    // No lscpu (macOS, a minimal container): node's model name alone.
  }
  return `CPU: ${model ?? "unknown model"}${detail}, ${list.length} logical CPUs`;
}

function printBlock(side: Side, t: BlockTimings): void {
  console.log(
    `  ${side.name}  FinalizeBlock ${t.finalizeMs.toFixed(0).padStart(5)} ms ${txRate(t.txs, t.finalizeMs).padStart(7)} tx/s (CPU ${t.finalizeCpuMs.toFixed(0)} ms)` +
      `   Commit ${t.commitMs.toFixed(0)} ms`,
  );
  console.log(
    `       CheckTx ${t.checkTxMs.toFixed(0)} ms (${txRate(t.txs, t.checkTxMs)} tx/s), PrepareProposal ${t.prepareMs.toFixed(0)} ms, ` +
      `ProcessProposal ${t.processMs.toFixed(0)} ms, whole cycle CPU ${t.cycleCpuMs.toFixed(0)} ms (${txRate(t.txs, t.cycleCpuMs)} tx/s)`,
  );
}

function printSummary(sides: Side[]): void {
  const later = (s: Side) => s.blocks.slice(1);
  console.log(
    `FinalizeBlock of ${N.toLocaleString("en-US")} MsgSends, median of blocks 2–${BLOCKS} (block 1 runs before the JIT has optimised the code):`,
  );
  const width = Math.max(...sides.map((s) => s.label.length));
  for (const s of sides) {
    const wall = median(later(s).map((t) => t.finalizeMs));
    const cpu = median(later(s).map((t) => t.finalizeCpuMs));
    const first = s.blocks[0].finalizeMs;
    console.log(
      `  ${s.name}  ${s.label.padEnd(width)}  ${wall.toFixed(0).padStart(5)} ms ${txRate(N, wall).padStart(7)} tx/s` +
        `   CPU ${cpu.toFixed(0).padStart(5)} ms ${txRate(N, cpu).padStart(7)} tx/s   (block 1: ${first.toFixed(0)} ms)`,
    );
  }
  if (sides.length < 2) return;
  const [cur, base] = sides;
  const wallNew = later(cur).map((t) => t.finalizeMs);
  const wallOld = later(base).map((t) => t.finalizeMs);
  const cpuNew = later(cur).map((t) => t.finalizeCpuMs);
  const cpuOld = later(base).map((t) => t.finalizeCpuMs);
  const wallPairs = pairedRatioRange(wallNew, wallOld);
  const cpuPairs = pairedRatioRange(cpuNew, cpuOld);
  const range = (p: { min: number; median: number; max: number }) =>
    `${p.min.toFixed(2)}–${p.max.toFixed(2)}× (median ${p.median.toFixed(2)}×)`;
  console.log(
    `  new/old tx/s: ${speedRatio(median(wallNew), median(wallOld))} wall, ${speedRatio(median(cpuNew), median(cpuOld))} CPU (ratio of the medians)`,
  );
  console.log(`  block by block, old and new back to back: ${range(wallPairs)} wall, ${range(cpuPairs)} CPU`);
  const differ = cur.blocks.filter((t, i) => t.txsDigest !== base.blocks[i].txsDigest).length;
  if (differ > 0)
    console.log(
      `  note: the two trees signed different bytes in ${differ} of ${BLOCKS} blocks (their tx encoding differs): same load, not the same txs`,
    );
}

async function main(): Promise<void> {
  let args;
  try {
    args = parseNodeCoreArgs(process.argv.slice(2), process.env);
  } catch (e) {
    console.error((e as Error).message);
    process.exit(2);
  }
  console.log(cpuLine());
  console.log(`node ${process.version}, V8 flags ${APP_NODE_FLAGS.join(" ")} (the node's, on both sides)`);
  console.log(`load average at start: ${load()}`);

  const checkout = currentCheckout(THIS_ROOT);
  const newLabel = `this checkout${checkout ? ` (${checkout.head.slice(0, 7)}${checkout.dirty ? " + uncommitted changes" : ""})` : ""}`;
  console.log(`new: ${newLabel}`);
  let baseline: { label: string; root: string } | undefined;
  const choice = args.baseline;
  if (choice.kind === "none") console.log(`old: none (${choice.why})`);
  else if (!checkout) {
    if (choice.kind === "commit") throw new Error(`--baseline ${choice.ref}: ${THIS_ROOT} is not a git checkout`);
    console.log("old: none (not a git checkout)");
  } else {
    let resolved;
    try {
      resolved = resolveBaseline(checkout.top, choice);
    } catch (e) {
      // Only a baseline asked for by name is an error; the default one is skipped with the reason.
      if (choice.kind === "commit") throw e;
      console.log(`old: none — ${(e as Error).message}`);
    }
    if (resolved) {
      const b = prepareBaseline(checkout.top, resolved.ref, resolved.sha);
      const label = `${b.ref}${b.ref.startsWith(b.sha.slice(0, 7)) ? "" : ` (${b.sha.slice(0, 7)})`}`;
      console.log(`old: ${label}${choice.kind === "latest-tag" ? ", the latest release tag" : ""}, in ${b.note}`);
      if (b.sha === checkout.head && !checkout.dirty)
        console.log("  the baseline is this checkout's own code: the ratio shows the noise floor");
      baseline = { label, root: b.root };
    }
  }
  if (baseline && BLOCKS < 2) throw new Error("a baseline needs BENCH_BLOCKS ≥ 2 (block 1 is left out of the medians)");

  const sides = [new Side("new", newLabel, THIS_ROOT)];
  if (baseline) sides.push(new Side("old", baseline.label, baseline.root));
  const byName = (n: SideName) => sides.find((s) => s.name === n);
  const stop = () => sides.forEach((s) => s.kill());
  process.once("SIGINT", () => {
    stop();
    process.exit(130);
  });
  try {
    const setup = await Promise.all(sides.map((s) => s.whenReady()));
    console.log(
      `ready: ${sides.map((s, i) => `${s.name} in ${(setup[i] / 1000).toFixed(1)} s`).join(", ")} (loading the code, genesis of ${N} accounts)`,
    );
    if (baseline) console.log("each block runs on one side, then the other (new first in odd blocks, old first in even ones)");
    for (let b = 0; b < BLOCKS; b++) {
      console.log(
        `block ${b + 1} of ${BLOCKS} (height ${b + 2}${b === 0 ? ", first after start: code not yet optimised by the JIT" : ""}): ${N} signed MsgSends`,
      );
      const profile = process.env.BENCH_PROFILE && b === BLOCKS - 1 ? process.env.BENCH_PROFILE : undefined;
      const results = new Map<Side, BlockTimings>();
      for (const name of blockOrder(b)) {
        const side = byName(name);
        if (!side) continue;
        if (results.size > 0) await new Promise((r) => setTimeout(r, SETTLE_MS));
        results.set(side, await side.run(b, name === "new" ? profile : undefined));
      }
      for (const s of sides) printBlock(s, results.get(s)!);
    }
    printSummary(sides);
    await Promise.all(sides.map((s) => s.close()));
  } finally {
    stop();
  }
  console.log(`load average at end: ${load()}`);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
