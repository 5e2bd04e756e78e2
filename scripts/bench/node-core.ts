/**
 * Node-core benchmark: one block of 5,000 signed MsgSends from 5,000 accounts through the
 * real ABCI path (CheckTx into the mempool, PrepareProposal, ProcessProposal, FinalizeBlock,
 * Commit). Prints tx/s for block execution and for the whole cycle.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir, cpus } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { Session } from "node:inspector/promises";
import { App } from "../../src/app/app";
import { buildModules } from "../../src/app/modules";
import { initChainRequest } from "../../src/abci/genesis-doc";
import { Secp256k1Key } from "../../src/client/signer";
import { signTransferRing, transferRingGenesis } from "../../src/cli/transfer-ring";
import { silentLogger } from "../../src/types/logger";

const N = Number(process.env.BENCH_TXS ?? 5000);
/** Blocks of N txs each (every account sends once per block); the first runs on code the JIT has not yet optimised. */
const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 5);
const CHAIN_ID = "bench";

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "bench-core-"));
  const keys = Array.from({ length: N }, (_, i) => Secp256k1Key.fromSeed(`bench/${i}`));
  const modules = buildModules();
  const genesis = transferRingGenesis(modules, keys, CHAIN_ID);
  const app = await App.open({ dataDir: dir, modules, logger: silentLogger });
  app.initChain(initChainRequest(genesis));
  const block = (height: bigint, txs: Uint8Array[]) => ({
    txs,
    decidedLastCommit: { round: 0, votes: [] },
    misbehavior: [],
    hash: new Uint8Array(32),
    height,
    time: { seconds: 1_767_225_600n + height, nanos: 0 },
    nextValidatorsHash: new Uint8Array(32),
    proposerAddress: new Uint8Array(20),
  });
  app.finalizeBlock(block(1n, []));
  await app.commit({});

  const rate = (ms: number) => Math.round((N * 1000) / ms).toLocaleString("en-US");
  const ms = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;
  console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? "?"}, node ${process.version}`);
  const finalizeTimes: number[] = [];
  for (let b = 0; b < BLOCKS; b++) {
    const height = BigInt(b + 2);
    const txs = signTransferRing(keys, BigInt(b), CHAIN_ID);

    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    for (const tx of txs) {
      const res = app.checkTx({ tx, type: 0 });
      if (res.code !== 0) throw new Error(`CheckTx failed: ${res.log}`);
    }
    const t1 = performance.now();
    const prepared = app.prepareProposal({ ...block(height, txs), maxTxBytes: 22_020_096n, localLastCommit: { round: 0, votes: [] } });
    if (prepared.txs.length !== N) throw new Error(`PrepareProposal kept ${prepared.txs.length} of ${N}`);
    const t2 = performance.now();
    app.processProposal({ ...block(height, prepared.txs), proposedLastCommit: { round: 0, votes: [] } });
    const t3 = performance.now();
    // BENCH_PROFILE=<file>: a V8 CPU profile of the last block's FinalizeBlock (open it in Chrome DevTools).
    const profiler = process.env.BENCH_PROFILE && b === BLOCKS - 1 ? new Session() : undefined;
    if (profiler) {
      profiler.connect();
      await profiler.post("Profiler.enable");
      await profiler.post("Profiler.setSamplingInterval", { interval: 100 });
      await profiler.post("Profiler.start");
    }
    const cpu3 = process.cpuUsage();
    const t3b = performance.now();
    const fin = app.finalizeBlock(block(height, prepared.txs));
    const t4 = performance.now();
    const cpu4 = process.cpuUsage(cpu3);
    if (profiler) {
      const { profile } = await profiler.post("Profiler.stop");
      writeFileSync(process.env.BENCH_PROFILE!, JSON.stringify(profile));
      profiler.disconnect();
    }
    const t4b = performance.now();
    await app.commit({});
    const t5 = performance.now();
    const cpuAll = process.cpuUsage(cpu0);
    const failed = fin.txResults.filter((r) => r.code !== 0);
    if (failed.length > 0) throw new Error(`${failed.length} txs failed, e.g. ${failed[0].log}`);
    finalizeTimes.push(t4 - t3b);

    console.log(
      `block ${b + 1} of ${BLOCKS} (height ${height}${b === 0 ? ", first after start: code not yet optimised by the JIT" : ""}): ${N} signed MsgSends`,
    );
    console.log(`  CheckTx (sig verify, into mempool) ${(t1 - t0).toFixed(0)} ms  → ${rate(t1 - t0)} tx/s`);
    console.log(`  PrepareProposal                    ${(t2 - t1).toFixed(0)} ms`);
    console.log(`  ProcessProposal                    ${(t3 - t2).toFixed(0)} ms`);
    console.log(`  FinalizeBlock (incl. app hash)     ${(t4 - t3b).toFixed(0)} ms  → ${rate(t4 - t3b)} tx/s`);
    console.log(`  Commit                             ${(t5 - t4b).toFixed(0)} ms`);
    console.log(`  FinalizeBlock + Commit             ${(t4 - t3b + t5 - t4b).toFixed(0)} ms  → ${rate(t4 - t3b + t5 - t4b)} tx/s`);
    // CPU time of this process: a steadier figure than wall time on a shared machine.
    console.log(
      `  CPU time: FinalizeBlock ${ms(cpu4).toFixed(0)} ms (${rate(ms(cpu4))} tx/s), whole cycle ${ms(cpuAll).toFixed(0)} ms (${rate(ms(cpuAll))} tx/s)`,
    );
  }
  if (BLOCKS > 1) {
    const warm = finalizeTimes.slice(1).sort((a, b) => a - b);
    const median = warm[Math.floor(warm.length / 2)];
    console.log(
      `FinalizeBlock: first block ${finalizeTimes[0].toFixed(0)} ms (${rate(finalizeTimes[0])} tx/s); later blocks median ${median.toFixed(0)} ms (${rate(median)} tx/s)`,
    );
  }
  await app.close();
  rmSync(dir, { recursive: true, force: true });
}

await main();
