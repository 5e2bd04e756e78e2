/**
 * `npm run bench:node-memory [-- --keys 10000000 --memory-limit 4096]`: a whole node (the app
 * and CometBFT, set up as bench:vs-sdk's cold mode sets one up) whose chain holds --keys state
 * keys, restarted inside a memory cgroup of --memory-limit MiB (root; 0: none), then loaded
 * for --load-seconds. Reports the restart's time to the state being open and to the next block,
 * the group's peak charge, anonymous memory and OOM kills, and each process's peak RSS
 * (docs/benchmarks.md, "A whole node at 10M keys").
 *
 * The chain grows through signed txs as any chain does: MsgMultiSends from one funded sender to
 * new addresses, each output a new account (its account record, balance and denom-owner entry).
 * While it grows, CometBFT indexes nothing and keeps no ABCI responses (a MsgMultiSend's events
 * are three per output); the restart keeps those settings. `--dir` keeps the chain, and a
 * second run on it grows it only to what is missing.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { Command } from "commander";
import { MsgMultiSend, MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { patchCometConfig } from "../../src/cli/comet";
import { latestHeight, rpc, waitForHeight } from "../../src/cli/localnet";
import { Secp256k1Key } from "../../src/client/signer";
import { signTx } from "../../src/client/tx-builder";
import { accAddress } from "../../src/types/address";
import { loadAverage, procStatusKb } from "./bench-run";
import { HttpRpcClient } from "./http-rpc-client";
import { baseAccount } from "./localnet-helpers";
import { memoryCgroup, type MemoryCgroup } from "./memory-cgroup";
import { balancePaths, balanceReads } from "./rest-load";
import { CHAIN_ID, COLD_MIN_GAS_PRICE, DENOM, initOursCold, startHome, type ColdHome, type OurChain } from "./vs-sdk-chains";

const o = new Command("bench:node-memory")
  .option("--keys <n>", "state keys the chain grows to before the restart", (v) => Number(v), 1_000_000)
  .option("--memory-limit <MiB>", "the restarted node's memory cgroup (0: none)", (v) => Number(v), 4096)
  .option("--load-seconds <s>", "seconds of MsgSends and REST reads after the restart", (v) => Number(v), 60)
  .option("--outputs <n>", "outputs (new accounts) per MsgMultiSend", (v) => Number(v), 2000)
  .option("--dir <dir>", "where the chain lives; kept, and grown only to what is missing, when given")
  .parse(process.argv)
  .opts<{ keys: number; memoryLimit: number; loadSeconds: number; outputs: number; dir?: string }>();

const SENDER = Secp256k1Key.fromSeed("bench-node-memory/sender");
/** The load's senders, each sending MsgSends to grown accounts one after another. */
const LOADERS = Array.from({ length: 50 }, (_, i) => Secp256k1Key.fromSeed(`bench-node-memory/loader-${i}`));
/** Gas per output, with room to spare: an out-of-gas tx grows nothing, which the restart's key count would show. */
const GAS_PER_OUTPUT = 40_000n;
/** Unconfirmed txs CometBFT may hold before the sender waits: enough for a few full blocks. */
const BACKLOG = 60;
/** State keys each new account adds: its account record, its balance, the denom-owner entry. */
const KEYS_PER_ACCOUNT = 3;
const MiB = 1024 * 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const recipient = (i: number) => accAddress.encode(createHash("sha256").update(`bench-node-memory/${i}`).digest().subarray(0, 20));

/** The MsgMultiSend of the sender's `sequence`: 1 uyml to each of the next --outputs new addresses. */
function growthTx(accountNumber: bigint, sequence: bigint): Uint8Array {
  const first = Number(sequence) * o.outputs;
  const outputs = Array.from({ length: o.outputs }, (_, k) => ({ address: recipient(first + k), coins: [{ denom: DENOM, amount: "1" }] }));
  const msg = {
    typeUrl: "/cosmos.bank.v1beta1.MsgMultiSend",
    value: MsgMultiSend.encode({
      inputs: [{ address: SENDER.address, coins: [{ denom: DENOM, amount: String(o.outputs) }] }],
      outputs,
    }).finish(),
  };
  const gasLimit = GAS_PER_OUTPUT * BigInt(o.outputs);
  const fee = [{ denom: DENOM, amount: String(Math.ceil(Number(gasLimit) * COLD_MIN_GAS_PRICE)) }];
  return signTx([msg], [{ key: SENDER, accountNumber, sequence }], { chainId: CHAIN_ID, gasLimit, fee });
}

/**
 * Sends growth txs in sequence order, holding CometBFT's mempool at about BACKLOG txs, until the
 * sender's committed sequence reaches `untilSequence`; returns the committed sequence.
 */
async function grow(chain: OurChain, untilSequence: bigint): Promise<bigint> {
  const client = new HttpRpcClient(chain.rpcUrl);
  const { accountNumber, sequence: committed } = await baseAccount(chain.rpcUrl, SENDER.address);
  let next = committed;
  let lastReport = Date.now();
  try {
    for (;;) {
      const mempool = await rpc<{ n_txs: string }>(chain.rpcUrl, "num_unconfirmed_txs");
      const onChain = (await baseAccount(chain.rpcUrl, SENDER.address)).sequence;
      if (onChain >= untilSequence) return onChain;
      if (Date.now() - lastReport > 30_000) {
        lastReport = Date.now();
        console.error(`  committed ${onChain * BigInt(o.outputs)} new accounts (height ${await latestHeight(chain.rpcUrl)})`);
      }
      if (Number(mempool.n_txs) >= BACKLOG || next >= untilSequence) {
        await sleep(250);
        continue;
      }
      for (let k = 0; k < BACKLOG / 4 && next < untilSequence; k++, next++) {
        const tx = Buffer.from(growthTx(accountNumber, next)).toString("base64");
        const r = await client.send<{ code: number; log: string }>(client.request("broadcast_tx_sync", { tx }));
        if (r.code !== 0) throw new Error(`growth tx ${next} refused: code ${r.code} ${r.log}`);
      }
    }
  } finally {
    client.close();
  }
}

/**
 * The load: each loader sends 1 uyml to a grown account picked at random (a fixed sequence of
 * picks), broadcasting its next MsgSend when the last is answered, until `done()`. Returns the
 * MsgSends committed.
 */
async function sendLoad(chain: OurChain, grownAccounts: number, done: () => boolean): Promise<number> {
  const client = new HttpRpcClient(chain.rpcUrl);
  const before = await Promise.all(LOADERS.map((k) => baseAccount(chain.rpcUrl, k.address)));
  const gasLimit = 200_000n;
  const fee = [{ denom: DENOM, amount: String(Math.ceil(Number(gasLimit) * COLD_MIN_GAS_PRICE)) }];
  try {
    await Promise.all(
      LOADERS.map(async (key, s) => {
        const { accountNumber } = before[s];
        let { sequence } = before[s];
        let pick = s + 1;
        while (!done()) {
          pick = (pick * 48271) % 2147483647;
          const msg = {
            typeUrl: "/cosmos.bank.v1beta1.MsgSend",
            value: MsgSend.encode({
              fromAddress: key.address,
              toAddress: recipient(pick % grownAccounts),
              amount: [{ denom: DENOM, amount: "1" }],
            }).finish(),
          };
          const tx = Buffer.from(signTx([msg], [{ key, accountNumber, sequence }], { chainId: CHAIN_ID, gasLimit, fee })).toString(
            "base64",
          );
          const r = await client.send<{ code: number; log: string }>(client.request("broadcast_tx_sync", { tx }), s);
          if (r.code !== 0) throw new Error(`load tx of ${key.address} refused: code ${r.code} ${r.log}`);
          sequence++;
        }
      }),
    );
  } finally {
    client.close();
  }
  // Let the mempool drain, then count what was committed.
  for (let i = 0; i < 60 && Number((await rpc<{ n_txs: string }>(chain.rpcUrl, "num_unconfirmed_txs")).n_txs) > 0; i++) await sleep(1000);
  const after = await Promise.all(LOADERS.map((k) => baseAccount(chain.rpcUrl, k.address)));
  return after.reduce((n, a, s) => n + Number(a.sequence - before[s].sequence), 0);
}

/** The "state opened" line of the app's last start: state keys, how the state was opened, milliseconds. */
function stateOpened(home: string): { keys: number; from: string; ms: number } {
  const lines = readFileSync(join(home, "logs", "app.log"), "utf8").split("\n");
  for (let i = lines.length - 1; i >= 0; i--) {
    if (!lines[i].includes('"state opened"')) continue;
    const { keys, from, ms } = JSON.parse(lines[i]) as { keys: number; from: string; ms: number };
    return { keys, from, ms };
  }
  throw new Error(`no "state opened" line in ${home}/logs/app.log`);
}

/** The group's anonymous memory now (cgroup v1 memory.stat `rss`, v2 `anon`), bytes. */
function anonBytes(cg: MemoryCgroup): number {
  const stat = readFileSync(join(cg.dir, "memory.stat"), "utf8");
  return Number(/^(?:rss|anon) (\d+)$/m.exec(stat)?.[1] ?? 0);
}

async function main(): Promise<void> {
  console.log(`cpu: ${cpus()[0]?.model} x${cpus().length}, load ${loadAverage()}`);
  const dir = o.dir ?? mkdtempSync(join(tmpdir(), "bench-node-memory-"));
  const homeFile = join(dir, "home.json");
  let home: ColdHome;
  if (existsSync(homeFile)) home = JSON.parse(readFileSync(homeFile, "utf8")) as ColdHome;
  else {
    home = await initOursCold(dir, [SENDER, ...LOADERS]);
    // What the growth needs of CometBFT: no indexing of its events, no stored ABCI responses.
    patchCometConfig(home.configPath, { tx_index: { indexer: "null" }, storage: { discard_abci_responses: true } });
    writeFileSync(homeFile, JSON.stringify(home));
  }
  const cg = o.memoryLimit > 0 ? memoryCgroup(`bench-node-memory-${process.pid}`, o.memoryLimit * MiB) : undefined;
  try {
    // Growth, outside the group.
    let chain = await startHome(home);
    await waitForHeight(chain.rpcUrl, 1, 240_000);
    const opened = stateOpened(home.home);
    const target = BigInt(Math.ceil(Math.max(0, o.keys - opened.keys) / KEYS_PER_ACCOUNT / o.outputs));
    const t0 = Date.now();
    const startSeq = (await baseAccount(chain.rpcUrl, SENDER.address)).sequence;
    const grown = await grow(chain, startSeq + target);
    console.log(`grew by ${(grown - startSeq) * BigInt(o.outputs)} accounts in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    const stopHeight = await latestHeight(chain.rpcUrl);
    await chain.stop();

    // The restart, inside the group, with the OS's page cache of the chain's files dropped first
    // (root), so reading them is charged to the group as it would be after a reboot.
    if (cg) writeFileSync("/proc/sys/vm/drop_caches", "1");
    const r0 = Date.now();
    chain = await startHome(home, cg?.launch);
    let anonPeak = 0;
    const sampler = cg ? setInterval(() => (anonPeak = Math.max(anonPeak, anonBytes(cg))), 200) : undefined;
    try {
      await waitForHeight(chain.rpcUrl, stopHeight + 1, 600_000);
      const restartMs = Date.now() - r0;
      const state = stateOpened(home.home);
      console.log(
        `restart: state of ${state.keys.toLocaleString("en")} keys opened (${state.from}) in ${(state.ms / 1000).toFixed(1)} s; next block ${(restartMs / 1000).toFixed(1)} s after the start`,
      );

      // Load: MsgSends to grown accounts and REST balance reads of them, together.
      const l0 = Date.now();
      const grownAccounts = Number(grown) * o.outputs;
      const addresses = Array.from({ length: 500 }, (_, i) => recipient(Math.floor((i * grownAccounts) / 500)));
      const [sent, reads] = await Promise.all([
        sendLoad(chain, grownAccounts, () => Date.now() - l0 > o.loadSeconds * 1000),
        balanceReads(chain.restUrl!, balancePaths(addresses), 16, o.loadSeconds),
      ]);
      console.log(
        `load ${o.loadSeconds} s: ${sent} MsgSends committed (${(sent / o.loadSeconds).toFixed(0)}/s); REST ${reads.reqPerSecond.toFixed(0)} req/s, p99 ${reads.p99Ms.toFixed(1)} ms, ${reads.failures} failures`,
      );
      const rssPeak = (pid: number) => `${(procStatusKb(pid, "VmHWM") / 1024).toFixed(0)} MiB`;
      console.log(`peak RSS: app ${rssPeak(chain.app.pid!)}, CometBFT ${rssPeak(chain.comet.pid!)}`);
      if (cg)
        console.log(
          `memory cgroup ${o.memoryLimit} MiB: peak charged ${(cg.peak() / MiB).toFixed(0)} MiB (page cache included), anonymous peak ${(anonPeak / MiB).toFixed(0)} MiB, OOM kills ${cg.oomKills()}`,
        );
    } finally {
      if (sampler) clearInterval(sampler);
      await chain.stop();
    }
  } finally {
    cg?.remove();
    if (!o.dir) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
