/**
 * `npm run bench:vs-sdk [-- --runs 5 --txs 20000 --senders 500 --in-flight 500 --warmup 0]`: this node
 * and a reference Cosmos SDK v0.53.4 node (scripts/bench/sdk-node, built here with `go build`)
 * side by side, each a single validator behind the same CometBFT binary and settings, in
 * alternating runs on fresh chains. Each run pre-signs the same MsgSends (before timing),
 * sends them with broadcast_tx_sync keeping --in-flight outstanding, and measures committed
 * tx/s (first send → every accepted tx committed and the mempool empty), the app process's
 * CPU per committed tx (CometBFT's apart), the app's block-path time per tx and
 * broadcast-to-commit latency per tx.
 *
 * `--cold`: the load as an outside harness sends it to nodes started as users start them. Our
 * node from `blockchaind init` and the `blockchaind` bin (vs-sdk-chains.ts startOursCold), a
 * minimum gas price of 0.025 (each tx pays its fee), no untimed txs first, one plain node:http
 * keep-alive caller per sender sending its txs in sequence order (http-rpc-client.ts), then 15 s
 * of REST balance reads with 64 connections on one address, on every sender's, and on every
 * sender's with a new URL each read, which no answer cache serves (rest-load.ts).
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir, loadavg, cpus } from "node:os";
import { join } from "node:path";
import { Command } from "commander";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { latestHeight, rpc, waitForHeight } from "../../src/cli/localnet";
import { Secp256k1Key } from "../../src/client/signer";
import { signTx } from "../../src/client/tx-builder";
import { procStatusKb } from "./bench-run";
import { cometCounters } from "./comet-counters";
import { COMET_PARTS, fetchCpuProfile, profileShares } from "./comet-profile";
import { HttpRpcClient, type Broadcaster } from "./http-rpc-client";
import { accountNumber } from "./localnet-helpers";
import { balancePaths, balanceReads, uncachedBalancePaths, type RestLoadResult } from "./rest-load";
import { median } from "./node-core-stats";
import { RpcClient } from "./rpc-client";
import {
  buildSdkNode,
  CHAIN_ID,
  COLD_MIN_GAS_PRICE,
  DENOM,
  startNull,
  startOurs,
  startOursCold,
  startSdk,
  type RunningChain,
} from "./vs-sdk-chains";

const o = new Command("bench:vs-sdk")
  .option("--runs <n>", "runs per node (alternating)", (v) => Number(v), 5)
  .option("--txs <n>", "MsgSends per run", (v) => Number(v), 20_000)
  .option("--senders <n>", "funded sender accounts", (v) => Number(v), 500)
  .option("--in-flight <n>", "broadcast_tx_sync requests kept outstanding", (v) => Number(v), 500)
  .option("--rate <tx/s>", "open loop: send at this rate instead of keeping --in-flight outstanding (latency at equal load)", (v) =>
    Number(v),
  )
  .option(
    "--warmup <n>",
    "first send this many MsgSends untimed and wait until they are committed: the timed run then finds warm processes (JIT, caches), not fresh ones",
    (v) => Number(v),
    0,
  )
  .option("--keep", "keep the chains' directories (logs) after the runs")
  .option("--only <node>", "run only one node (ours, sdk or null) — for profiling, no ratio")
  .option("--ceiling", "also run a do-nothing ABCI app (scripts/bench/null-app.ts) the same way: what CometBFT and the client cost here")
  .option(
    "--cold",
    "nodes as users start them, txs paying 0.025 gas price, one node:http keep-alive caller per sender (--in-flight = --senders), no --warmup; then REST balance reads",
  )
  .option(
    "--rest-seconds <s>",
    "--cold: seconds of REST balance reads, on one address, on all senders' and on all senders' uncached",
    (v) => Number(v),
    15,
  )
  .option("--rest-connections <n>", "--cold: REST connections", (v) => Number(v), 64)
  .option(
    "--comet-profile <dir>",
    "write a CPU profile of CometBFT (its pprof, --comet-profile-seconds from the first send) per run to <dir>/<node>-<run>.pprof; read with `go tool pprof -top`",
  )
  .option("--comet-profile-seconds <s>", "length of each CometBFT CPU profile", (v) => Number(v), 10)
  .parse(process.argv)
  .opts<{
    runs: number;
    txs: number;
    warmup: number;
    senders: number;
    inFlight: number;
    rate?: number;
    keep?: boolean;
    ceiling?: boolean;
    only?: string;
    cold?: boolean;
    restSeconds: number;
    restConnections: number;
    cometProfile?: string;
    cometProfileSeconds: number;
  }>();

if (o.cold && (o.warmup > 0 || o.rate !== undefined))
  throw new Error("--cold sends every tx timed and closed-loop: no --warmup, no --rate");
/** Requests outstanding: in cold mode one caller per sender, as many as the senders. */
const inFlight = o.cold ? o.senders : o.inFlight;
/** Cold-mode txs pay the minimum gas price on their gas limit; warm ones carry no fee (as before). */
const GAS_LIMIT = 200_000n;
const fee = o.cold ? [{ denom: DENOM, amount: String(Math.ceil(Number(GAS_LIMIT) * COLD_MIN_GAS_PRICE)) }] : undefined;

const CLK_TCK = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** utime + stime of a process and all its descendants, in microseconds. */
function cpuMicros(pid: number): number {
  let ticks = 0;
  const visit = (p: number) => {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${p}/stat`, "utf8");
    } catch {
      return;
    }
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    ticks += Number(fields[11]) + Number(fields[12]);
    for (const task of readdirSync(`/proc/${p}/task`)) {
      const children = readFileSync(`/proc/${p}/task/${task}/children`, "utf8").trim();
      for (const c of children ? children.split(" ") : []) visit(Number(c));
    }
  };
  visit(pid);
  return (ticks * 1_000_000) / CLK_TCK;
}

/** Per sender, its txs in sequence order; base64 of each tx is how blocks show it. */
interface SignedLoad {
  accountNumbers: bigint[];
  bySender: Uint8Array[][];
}

function preSign(keys: Secp256k1Key[], accountNumbers: bigint[], txs: number): SignedLoad {
  const bySender: Uint8Array[][] = keys.map(() => []);
  for (let n = 0; n < txs; n++) {
    const s = n % keys.length;
    const msg = {
      typeUrl: "/cosmos.bank.v1beta1.MsgSend",
      value: MsgSend.encode({
        fromAddress: keys[s].address,
        toAddress: keys[(s + 1) % keys.length].address,
        amount: [{ denom: DENOM, amount: "1" }],
      }).finish(),
    };
    const sequence = BigInt(bySender[s].length);
    bySender[s].push(
      signTx([msg], [{ key: keys[s], accountNumber: accountNumbers[s], sequence }], { chainId: CHAIN_ID, gasLimit: GAS_LIMIT, fee }),
    );
  }
  return { accountNumbers, bySender };
}

interface RunResult {
  txPerSecond: number;
  appCpuPerTx: number;
  cometCpuPerTx: number;
  /** The app's PrepareProposal + ProcessProposal + FinalizeBlock + Commit time per committed tx (µs), as CometBFT times them. */
  appBlockPerTx: number;
  /** Txs CometBFT sent to the app again after a block (its mempool recheck), per committed tx. */
  rechecksPerTx: number;
  /** This script's own CPU (sending, following blocks): it shares the machine with both nodes. */
  clientCpuPerTx: number;
  p50: number;
  /** Median time from broadcast to its answer (CheckTx done), and from the answer to the block. */
  answerP50: number;
  mempoolP50: number;
  p99: number;
  refused: number;
  /** broadcast_tx_sync requests that got no answer; those committed count as committed. */
  unanswered: number;
  /** Why txs were refused or unanswered, with counts. */
  reasons: Record<string, number>;
  /** Committed, but failed in FinalizeBlock (code ≠ 0): should be none. */
  failed: number;
  committed: number;
  blocks: number;
  maxBlockTxs: number;
  seconds: number;
  /** --cold: REST balance reads after the load, on one address and on every sender's (none for a node without REST). */
  /** Peak resident memory (VmHWM, MiB) of the app and of CometBFT over the run and its REST reads. */
  appPeakRssMib?: number;
  cometPeakRssMib?: number;
  restOne?: RestLoadResult;
  restMany?: RestLoadResult;
  restUncached?: RestLoadResult;
  /** --comet-profile: each part of CometBFT's share of its CPU (comet-profile.ts). */
  cometParts?: Record<string, number>;
}

/** The first `first` txs in sending order (sender by sender, sequence by sequence), and the rest. */
function splitLoad(load: SignedLoad, first: number): [SignedLoad, SignedLoad] {
  const senders = load.bySender.length;
  const count = (s: number) => Math.max(0, Math.ceil((first - s) / senders));
  return [
    { accountNumbers: load.accountNumbers, bySender: load.bySender.map((txs, s) => txs.slice(0, count(s))) },
    { accountNumbers: load.accountNumbers, bySender: load.bySender.map((txs, s) => txs.slice(count(s))) },
  ];
}

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Sends the load and follows the chain until every accepted tx is committed and the mempool is empty. */
async function measure(chain: RunningChain, load: SignedLoad, startHeight: number, profileFile?: string): Promise<RunResult> {
  // Broadcasts on their own sockets, one per request in flight; the follower's reads apart.
  const broadcaster: Broadcaster = o.cold ? new HttpRpcClient(chain.rpcUrl) : new RpcClient(chain.rpcUrl, inFlight);
  const reader = new RpcClient(chain.rpcUrl, 1);
  // Each tx's request is built before the clock starts, as the txs are signed before it.
  const prepared = load.bySender.map((txs) =>
    txs.map((tx) => {
      const b64 = Buffer.from(tx).toString("base64");
      return { b64, request: broadcaster.request("broadcast_tx_sync", { tx: b64 }) };
    }),
  );
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  // The two parts of a tx's latency: until its broadcast is answered (CheckTx), then until its block.
  const answeredAt = new Map<string, number>();
  const answerLatencies: number[] = [];
  const mempoolLatencies: number[] = [];
  let accepted = 0;
  let refused = 0;
  let unanswered = 0;
  const reasons = new Map<string, number>();
  const note = (reason: string) => reasons.set(reason.slice(0, 120), (reasons.get(reason.slice(0, 120)) ?? 0) + 1);
  let committed = 0;
  let sendingDone = false;
  let lastCommitAt = 0;
  let blocks = 0;
  let maxBlockTxs = 0;
  const heightsWithLoad: number[] = [];
  // BENCH_TIMELINE=1 prints when each block with load was seen and when the last broadcast was answered.
  const timeline: string[] = [];

  // Each worker sends its senders' txs one at a time, so a sender's sequences arrive in order.
  const workers = Array.from({ length: Math.min(inFlight, prepared.length) }, (_, w) => prepared.filter((_, s) => s % inFlight === w));
  const counters0 = await cometCounters(chain.metricsUrl);
  const appCpu0 = cpuMicros(chain.app.pid!);
  const cometCpu0 = cpuMicros(chain.comet.pid!);
  const t0 = performance.now();
  const clientCpu0 = process.cpuUsage();
  const profile = profileFile ? fetchCpuProfile(chain.pprofUrl, o.cometProfileSeconds, profileFile) : undefined;

  const mempoolEmpty = async () =>
    Number((await reader.call<{ total: string }>("num_unconfirmed_txs").catch(() => ({ total: "1" }))).total) === 0;
  const follower = (async () => {
    let height = startHeight + 1;
    const deadline = () => sendingDone && Date.now() > lastProgress + 120_000;
    let lastProgress = Date.now();
    let stopAfter: number | undefined;
    for (;;) {
      if (stopAfter !== undefined && height > stopAfter) return;
      // Committed when its header is there: the time is taken before the (large) tx list is fetched,
      // so the fetch and parse of a big block do not count as latency of its txs.
      const header = await reader.call<{ header: unknown }>("header", { height: String(height) }).catch(() => undefined);
      const committedAt = performance.now();
      const block = header && (await reader.call<{ block: { data: { txs: string[] | null } } }>("block", { height: String(height) }));
      if (!block) {
        // Done when every request is answered and the mempool is empty, still so after a block
        // interval (an unanswered tx may still be queued for CheckTx), and the blocks up to
        // then are read (empty blocks keep coming).
        if (sendingDone && stopAfter === undefined && (await mempoolEmpty())) {
          await sleep(1_500);
          if (await mempoolEmpty()) stopAfter = await latestHeight(chain.rpcUrl);
          continue;
        }
        if (deadline())
          throw new Error(`${committed} txs committed, ${accepted} accepted; nothing committed for 120 s after the last send`);
        await sleep(20);
        continue;
      }
      const txs = block.block.data.txs ?? [];
      blocks++;
      maxBlockTxs = Math.max(maxBlockTxs, txs.length);
      if (txs.length > 0) timeline.push(`h${height} @${Math.round(committedAt - t0)}ms ${txs.length}`);
      for (const tx of txs) {
        const at = sentAt.get(tx);
        if (at === undefined) continue;
        latencies.push(committedAt - at);
        const answered = answeredAt.get(tx);
        if (answered !== undefined) {
          answerLatencies.push(answered - at);
          mempoolLatencies.push(committedAt - answered);
        }
        sentAt.delete(tx);
        committed++;
        lastCommitAt = committedAt;
      }
      if (txs.length > 0) {
        lastProgress = Date.now();
        heightsWithLoad.push(height);
      }
      height++;
    }
  })();

  /** Sends one tx on `caller`'s connection (the HTTP client keeps one per caller). */
  const send = async ({ b64, request }: { b64: string; request: Buffer }, caller: number): Promise<void> => {
    sentAt.set(b64, performance.now());
    const r = await broadcaster
      .send<{ code?: number; log?: string }>(request, caller)
      .then((res) => ({ code: Number(res.code ?? 0), log: res.log ?? "" }))
      .catch((e: Error) => ({ code: -1, log: e.message }));
    answeredAt.set(b64, performance.now());
    if (r.code === 0) accepted++;
    else if (r.code === -1) {
      // No answer (CometBFT's RPC write timeout while CheckTx waits behind rechecks): the
      // tx may still enter the mempool; it counts if it is committed.
      unanswered++;
      note(`no answer: ${r.log}`);
    } else {
      refused++;
      sentAt.delete(b64);
      note(`code ${r.code}: ${r.log.replace(/[0-9]+/g, "N")}`);
    }
  };

  if (o.rate === undefined) {
    // Closed loop: each worker sends its senders' txs one at a time, so a sender's sequences arrive in order.
    await Promise.all(
      workers.map(async (senders, w) => {
        const longest = Math.max(...senders.map((s) => s.length));
        for (let seq = 0; seq < longest; seq++) {
          for (const txs of senders) if (txs[seq]) await send(txs[seq], w);
        }
      }),
    );
  } else {
    // Open loop (--rate): the n-th tx leaves at n / rate seconds, or once its sender's previous
    // tx is answered if that is later (so a sender's sequences still arrive in order).
    const chains = prepared.map(() => Promise.resolve());
    const longest = Math.max(...prepared.map((s) => s.length));
    let n = 0;
    for (let seq = 0; seq < longest; seq++) {
      for (let s = 0; s < prepared.length; s++) {
        const tx = prepared[s][seq];
        if (!tx) continue;
        const due = t0 + (n++ * 1000) / o.rate;
        if (due > performance.now() + 1) await sleep(due - performance.now());
        chains[s] = chains[s].then(() => send(tx, s));
      }
    }
    await Promise.all(chains);
  }
  sendingDone = true;
  timeline.push(`sent @${Math.round(performance.now() - t0)}ms`);
  await follower;
  await profile;
  broadcaster.close();
  reader.close();
  if (process.env.BENCH_TIMELINE) console.log(`  timeline: ${timeline.join(", ")}`);
  const appCpu = cpuMicros(chain.app.pid!) - appCpu0;
  const cometCpu = cpuMicros(chain.comet.pid!) - cometCpu0;
  const counters = await cometCounters(chain.metricsUrl);
  const blockPath = counters.blockPathSeconds - counters0.blockPathSeconds;
  const clientCpu = process.cpuUsage(clientCpu0);
  const seconds = (lastCommitAt - t0) / 1000;
  latencies.sort((a, b) => a - b);
  answerLatencies.sort((a, b) => a - b);
  mempoolLatencies.sort((a, b) => a - b);
  let failed = 0;
  for (const h of heightsWithLoad) {
    const r = await rpc<{ txs_results: Array<{ code?: number }> | null }>(chain.rpcUrl, "block_results", { height: String(h) });
    failed += (r.txs_results ?? []).filter((t) => (t.code ?? 0) !== 0).length;
  }
  return {
    txPerSecond: committed / seconds,
    appCpuPerTx: appCpu / committed,
    cometCpuPerTx: cometCpu / committed,
    appBlockPerTx: (blockPath * 1e6) / committed,
    rechecksPerTx: (counters.rechecks - counters0.rechecks) / committed,
    clientCpuPerTx: (clientCpu.user + clientCpu.system) / committed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    answerP50: percentile(answerLatencies, 50),
    mempoolP50: percentile(mempoolLatencies, 50),
    refused,
    unanswered,
    reasons: Object.fromEntries(reasons),
    failed,
    committed,
    blocks,
    maxBlockTxs,
    seconds,
    cometParts: profileFile ? profileShares(profileFile) : undefined,
  };
}

type NodeName = "sdk" | "ours" | "null";
const results: Record<NodeName, RunResult[]> = { sdk: [], ours: [], null: [] };
const loads: Partial<Record<NodeName, SignedLoad>> = {};
const keys = Array.from({ length: o.senders }, (_, i) => Secp256k1Key.fromSeed(`bench-vs-sdk/${i}`));

async function run(node: NodeName, index: number, templateConfig: { path?: string }, configOnly = false): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), `bench-vs-sdk-${node}-`));
  let chain: RunningChain | undefined;
  try {
    if (node === "ours") {
      const ours = await (o.cold ? startOursCold : startOurs)(dir, keys);
      chain = ours;
      templateConfig.path ??= join(tmpdir(), `bench-vs-sdk-config-${process.pid}.toml`);
      copyFileSync(ours.configPath, templateConfig.path);
      if (configOnly) return;
    } else if (node === "sdk") {
      chain = await startSdk(dir, keys, templateConfig.path!);
    } else {
      chain = await startNull(dir, templateConfig.path!);
    }
    const height = await waitForHeight(chain.rpcUrl, 2, 120_000);
    const accountNumbers: bigint[] = [];
    // The null app has no accounts (and checks no signature): any numbering serves.
    for (const k of keys)
      accountNumbers.push(node === "null" ? BigInt(accountNumbers.length) : await accountNumber(chain.rpcUrl, k.address));
    let load = loads[node];
    if (!load || load.accountNumbers.some((n, i) => n !== accountNumbers[i])) {
      const t = Date.now();
      load = loads[node] = preSign(keys, accountNumbers, o.warmup + o.txs);
      console.error(`${node}: pre-signed ${o.warmup + o.txs} txs in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    }
    const [warmup, timed] = splitLoad(load, o.warmup);
    let start = height;
    if (o.warmup > 0) {
      const w = await measure(chain, warmup, start);
      console.error(`${node} run ${index + 1}: warm-up of ${w.committed} txs at ${w.txPerSecond.toFixed(0)} tx/s`);
      start = await latestHeight(chain.rpcUrl);
    }
    const profileFile = o.cometProfile && join(o.cometProfile, `${node}-${index + 1}.pprof`);
    const r = await measure(chain, timed, start, profileFile);
    if (o.cold && chain.restUrl) {
      // Reads of the state the load left, as a wallet backend reads it once the txs are in.
      const addresses = keys.map((k) => k.address);
      r.restOne = await balanceReads(chain.restUrl, balancePaths(addresses.slice(0, 1)), o.restConnections, o.restSeconds);
      r.restMany = await balanceReads(chain.restUrl, balancePaths(addresses), o.restConnections, o.restSeconds);
      r.restUncached = await balanceReads(chain.restUrl, uncachedBalancePaths(addresses), o.restConnections, o.restSeconds);
    }
    r.appPeakRssMib = procStatusKb(chain.app.pid!, "VmHWM") / 1024;
    r.cometPeakRssMib = procStatusKb(chain.comet.pid!, "VmHWM") / 1024;
    results[node].push(r);
    console.error(`${node} run ${index + 1}: ${JSON.stringify(r, (_, v) => (typeof v === "number" ? Math.round(v * 10) / 10 : v))}`);
  } finally {
    await chain?.stop();
    if (o.keep) console.error(`${node} run ${index + 1} kept in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

buildSdkNode();
if (o.cometProfile) mkdirSync(o.cometProfile, { recursive: true });
const load0 = loadavg();
// Ours first: its home's config.toml is the template the SDK node's CometBFT gets.
const template: { path?: string } = {};
try {
  for (let i = 0; i < o.runs; i++) {
    // The SDK and null runs copy this node's CometBFT config, so a run of ours comes first.
    if (!o.only || o.only === "ours" || !template.path) await run("ours", i, template, o.only !== undefined && o.only !== "ours");
    if (!o.only || o.only === "sdk") await run("sdk", i, template);
    if (o.ceiling || o.only === "null") await run("null", i, template);
  }
} finally {
  if (template.path) rmSync(template.path, { force: true });
}

type Row = [string, (r: RunResult) => number, (v: number) => string];
const rows: Row[] = [
  ["committed tx/s (first send → all committed, mempool empty)", (r) => r.txPerSecond, (v) => v.toFixed(0)],
  ["node CPU per committed tx (µs; app + CometBFT)", (r) => r.appCpuPerTx + r.cometCpuPerTx, (v) => v.toFixed(0)],
  ["  of which the app (µs)", (r) => r.appCpuPerTx, (v) => v.toFixed(0)],
  ["  of which CometBFT (µs)", (r) => r.cometCpuPerTx, (v) => v.toFixed(0)],
  // Where CometBFT's CPU went (a sample on a stack through two parts counts in both).
  ...COMET_PARTS.filter(() => o.cometProfile).map(([part]): Row => [
    `    CometBFT: ${part} (µs)`,
    (r) => (r.cometParts?.[part] ?? NaN) * r.cometCpuPerTx,
    (v) => v.toFixed(0),
  ]),
  ["app block time per tx (µs; Prepare + Process + Finalize + Commit, CometBFT's timing)", (r) => r.appBlockPerTx, (v) => v.toFixed(0)],
  ["mempool rechecks per committed tx (CometBFT's count)", (r) => r.rechecksPerTx, (v) => v.toFixed(2)],
  ["load client CPU per committed tx (µs; this script, on the same cores)", (r) => r.clientCpuPerTx, (v) => v.toFixed(0)],
  ["broadcast-to-commit p50 (ms)", (r) => r.p50, (v) => v.toFixed(0)],
  ["  of which until the broadcast is answered, p50 (ms)", (r) => r.answerP50, (v) => v.toFixed(0)],
  ["  of which from the answer to the block, p50 (ms)", (r) => r.mempoolP50, (v) => v.toFixed(0)],
  ["broadcast-to-commit p99 (ms)", (r) => r.p99, (v) => v.toFixed(0)],
  ["txs refused by CheckTx", (r) => r.refused, (v) => v.toFixed(0)],
  ["broadcasts unanswered (RPC timeout)", (r) => r.unanswered, (v) => v.toFixed(0)],
  ["txs committed (of --txs)", (r) => r.committed, (v) => v.toFixed(0)],
  ["app peak RSS (MiB; over the run and its REST reads)", (r) => r.appPeakRssMib ?? NaN, (v) => v.toFixed(0)],
  ["CometBFT peak RSS (MiB)", (r) => r.cometPeakRssMib ?? NaN, (v) => v.toFixed(0)],
  ["txs failed in a block", (r) => r.failed, (v) => v.toFixed(0)],
  ["largest block (txs)", (r) => r.maxBlockTxs, (v) => v.toFixed(0)],
  ...(o.cold
    ? ([
        [
          `REST balance req/s, one address (${o.restConnections} connections, ${o.restSeconds} s)`,
          (r) => r.restOne?.reqPerSecond ?? NaN,
          (v) => v.toFixed(0),
        ],
        ["REST balance p99 (ms), one address", (r) => r.restOne?.p99Ms ?? NaN, (v) => v.toFixed(1)],
        [`REST balance req/s, ${o.senders} addresses`, (r) => r.restMany?.reqPerSecond ?? NaN, (v) => v.toFixed(0)],
        [`REST balance p99 (ms), ${o.senders} addresses`, (r) => r.restMany?.p99Ms ?? NaN, (v) => v.toFixed(1)],
        [
          `REST balance req/s, ${o.senders} addresses, a new URL each read (uncached)`,
          (r) => r.restUncached?.reqPerSecond ?? NaN,
          (v) => v.toFixed(0),
        ],
        [`REST balance p99 (ms), ${o.senders} addresses uncached`, (r) => r.restUncached?.p99Ms ?? NaN, (v) => v.toFixed(1)],
        [
          "REST failures (non-2xx, errors, timeouts)",
          (r) => (r.restOne?.failures ?? NaN) + (r.restMany?.failures ?? NaN) + (r.restUncached?.failures ?? NaN),
          (v) => v.toFixed(0),
        ],
        [
          "REST load client CPU per request (µs; this script, on the same cores)",
          (r) => r.restOne?.clientCpuPerRequest ?? NaN,
          (v) => v.toFixed(1),
        ],
      ] satisfies typeof rows)
    : []),
];
console.log(
  `\n${o.runs} alternating runs per node${o.cold ? ", cold" : ""}; ${o.txs} MsgSends from ${o.senders} senders, ${o.rate === undefined ? `${inFlight} in flight${o.cold ? " (node:http, one keep-alive caller per sender)" : ""}` : `sent at ${o.rate} tx/s (open loop)`}; medians (runs in brackets)`,
);
console.log(
  `machine: ${cpus().length}× ${cpus()[0]?.model ?? "?"}; load average at start ${load0.map((l) => l.toFixed(2)).join(" ")}, at end ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
// The do-nothing app's column, when it ran (--ceiling, or --only null).
const withNull = o.ceiling || o.only === "null";
console.log(`| | SDK node | this node | ratio |${withNull ? " null app |" : ""}\n|---|---|---|---|${withNull ? "---|" : ""}`);
for (const [name, get, format] of rows) {
  // A figure a node does not have (the do-nothing app serves no REST) shows as "–".
  const fmt = (v: number) => (Number.isNaN(v) ? "–" : format(v));
  const sdk = median(results.sdk.map(get));
  const ours = median(results.ours.map(get));
  const runs = (rs: RunResult[]) => rs.map((r) => fmt(get(r))).join(", ");
  const ratio = sdk === 0 || Number.isNaN(sdk / ours) ? "–" : `${(ours / sdk).toFixed(2)}×`;
  const ceiling = withNull ? ` ${fmt(median(results.null.map(get)))} (${runs(results.null)}) |` : "";
  console.log(`| ${name} | ${fmt(sdk)} (${runs(results.sdk)}) | ${fmt(ours)} (${runs(results.ours)}) | ${ratio} |${ceiling}`);
}
