/**
 * One side of the node-core benchmark, in a child process of scripts/bench/node-core.ts:
 * `node --import tsx node-core-worker.ts <tree root>`. It loads the app from that tree (this
 * checkout, or a baseline commit's worktree), opens it over a temp dir with a genesis funding
 * BENCH_TXS accounts, then runs one block whenever the parent asks — CheckTx of every tx,
 * PrepareProposal, ProcessProposal, FinalizeBlock, Commit — and answers with its timings. The
 * parent asks the two sides in turn, so only one of them runs at a time.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { loadTree, type BlockFields } from "./node-core-tree";
import { benchBlock } from "./bench-block";

const CHAIN_ID = "bench";

export type ToWorker = { type: "block"; index: number; profile?: string } | { type: "close" };

export interface BlockTimings {
  index: number;
  txs: number;
  /** SHA-256 over the block's txs: equal on both sides when both trees sign the same bytes. */
  txsDigest: string;
  checkTxMs: number;
  prepareMs: number;
  processMs: number;
  finalizeMs: number;
  finalizeCpuMs: number;
  commitMs: number;
  cycleCpuMs: number;
}

export type FromWorker =
  { type: "ready"; setupMs: number } | { type: "block"; timings: BlockTimings } | { type: "closed" } | { type: "error"; message: string };

const send = (m: FromWorker) => new Promise<void>((resolve) => process.send!(m, undefined, {}, () => resolve()));

const block = (height: bigint, txs: Uint8Array[]): BlockFields => benchBlock(height, txs);

async function main(): Promise<void> {
  if (!process.send) throw new Error("node-core-worker.ts runs as a child of scripts/bench/node-core.ts");
  const root = process.argv[2];
  const n = Number(process.env.BENCH_TXS ?? 5000);
  const t0 = performance.now();
  const tree = await loadTree(root);
  const dir = mkdtempSync(join(tmpdir(), "bench-core-"));
  const { keys, initChainRequest } = tree.ringGenesis(n, CHAIN_ID);
  const app = await tree.openApp(dir);
  app.initChain(initChainRequest);
  app.finalizeBlock(block(1n, []));
  await app.commit({});
  await send({ type: "ready", setupMs: performance.now() - t0 });

  const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;
  async function runBlock(index: number, profile: string | undefined): Promise<BlockTimings> {
    const height = BigInt(index + 2);
    const txs = tree.signRing(keys, BigInt(index), CHAIN_ID);
    const digest = createHash("sha256");
    for (const tx of txs) digest.update(tx);

    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    for (const tx of txs) {
      const res = app.checkTx({ tx, type: 0 });
      if (res.code !== 0) throw new Error(`CheckTx failed: ${res.log}`);
    }
    const t1 = performance.now();
    const prepared = app.prepareProposal({ ...block(height, txs), maxTxBytes: 22_020_096n, localLastCommit: { round: 0, votes: [] } });
    if (prepared.txs.length !== n) throw new Error(`PrepareProposal kept ${prepared.txs.length} of ${n}`);
    const t2 = performance.now();
    app.processProposal({ ...block(height, prepared.txs), proposedLastCommit: { round: 0, votes: [] } });
    const t3 = performance.now();
    // BENCH_PROFILE=<file>: a V8 CPU profile of this block's FinalizeBlock (open it in Chrome DevTools).
    const profiler = profile ? new Session() : undefined;
    if (profiler) {
      profiler.connect();
      await profiler.post("Profiler.enable");
      await profiler.post("Profiler.setSamplingInterval", { interval: 100 });
      await profiler.post("Profiler.start");
    }
    const cpuF = process.cpuUsage();
    const tF = performance.now();
    const fin = app.finalizeBlock(block(height, prepared.txs));
    const t4 = performance.now();
    const cpuFin = process.cpuUsage(cpuF);
    if (profiler) {
      const { profile: data } = await profiler.post("Profiler.stop");
      writeFileSync(profile!, JSON.stringify(data));
      profiler.disconnect();
    }
    const tC = performance.now();
    await app.commit({});
    const t5 = performance.now();
    const cpuAll = process.cpuUsage(cpu0);
    const failed = fin.txResults.filter((r) => r.code !== 0);
    if (failed.length > 0) throw new Error(`${failed.length} txs failed, e.g. ${failed[0].log}`);
    return {
      index,
      txs: n,
      txsDigest: digest.digest("hex"),
      checkTxMs: t1 - t0,
      prepareMs: t2 - t1,
      processMs: t3 - t2,
      finalizeMs: t4 - tF,
      finalizeCpuMs: cpuMs(cpuFin),
      commitMs: t5 - tC,
      cycleCpuMs: cpuMs(cpuAll),
    };
  }

  // One message at a time: the parent waits for each answer before it sends the next.
  let queue = Promise.resolve();
  process.on("message", (m: ToWorker) => {
    queue = queue.then(async () => {
      if (m.type === "block") await send({ type: "block", timings: await runBlock(m.index, m.profile) });
      else {
        await app.close();
        rmSync(dir, { recursive: true, force: true });
        await send({ type: "closed" });
        process.disconnect?.();
      }
    });
    queue.catch(fail);
  });
  // The parent gone (Ctrl-C, a crash): stop rather than hold the temp dir open.
  process.on("disconnect", () => {
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
}

async function fail(e: unknown): Promise<void> {
  const message = e instanceof Error ? (e.stack ?? e.message) : String(e);
  if (process.connected) await send({ type: "error", message });
  else process.stderr.write(`${message}\n`);
  process.exit(1);
}

main().catch(fail);
