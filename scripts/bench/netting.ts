/**
 * Netting benchmark (issue 18): 50 participants, 5 currencies.
 *  1. Obligation submission: 20 blocks of 5,000 signed MsgSubmitObligation each through
 *     in-process FinalizeBlock (+ Commit), reported as tx/s of FinalizeBlock; each block
 *     goes through CheckTx first, as on a validator (signatures verified there and cached).
 *  2. Cycle close: the 100,000 netted obligations close in the boundary block's EndBlock
 *     (an otherwise empty block, so its FinalizeBlock is the close plus the app hash).
 * Run: npm run bench:netting
 */
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { buildDevGenesis } from "../../src/abci/dev/genesis";
import { initChainRequest } from "../../src/abci/genesis-doc";
import { App } from "../../src/app/app";
import { buildModules } from "../../src/app/modules";
import { Secp256k1Key } from "../../src/client/signer";
import { signTx } from "../../src/client/tx-builder";
import { MsgPostReserve, MsgSubmitObligation } from "../../src/gen/blockchain/netting/v1/tx";
import { silentLogger } from "../../src/types/logger";
import { benchBlock } from "./bench-block";
import { prng } from "../../test/helpers/prng";

const PARTICIPANTS = 50;
const DENOMS = ["ucur0", "ucur1", "ucur2", "ucur3", "ucur4"];
const PER_BLOCK = 5000;
const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 20);
const FEE_DENOM = "uyml";
const CHAIN_ID = "bench";
// Boundary after: block 1 (opens the cycle), 2 (reserves), 3..BLOCKS+2 (obligations), one empty block.
const CYCLE_BLOCKS = BigInt(BLOCKS + 4);

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "bench-netting-"));
  const keys = Array.from({ length: PARTICIPANTS }, (_, i) => Secp256k1Key.fromSeed(`bench-netting/${i}`));
  const modules = buildModules();
  const genesis = buildDevGenesis(modules, {
    chainId: CHAIN_ID,
    genesisTime: "2026-01-01T00:00:00Z",
    accounts: keys.map((k) => ({
      address: k.address,
      coins: [FEE_DENOM, ...DENOMS].map((denom) => ({ denom, amount: "1000000000000000" })),
    })),
    validatorSeed: new Uint8Array(32).fill(1),
    mutate: (appState) => {
      appState.paymsg.approved_participant_map = keys.map((k, i) => ({
        participant: k.address,
        code: `B${i}`,
        name: `Bank ${i}`,
        payload_store_url: "",
      }));
      appState.netting.params = {
        cycle_blocks: String(CYCLE_BLOCKS),
        max_hold_cycles: "0",
        denom_policies: DENOMS.map((denom) => ({ denom, gross_threshold: "1000000000", aggregate_gross_threshold: "0" })),
      };
    },
  });
  const app = await App.open({ dataDir: dir, modules, logger: silentLogger });
  app.initChain(initChainRequest(genesis));
  const block = benchBlock;
  const accountNumber = new Map<string, bigint>();
  // Dev genesis numbers the accounts in the order given.
  keys.forEach((k, i) => accountNumber.set(k.address, BigInt(i)));
  const sequence = new Map<string, bigint>(keys.map((k) => [k.address, 0n]));
  const sign = (k: Secp256k1Key, typeUrl: string, value: Uint8Array) => {
    const seq = sequence.get(k.address)!;
    sequence.set(k.address, seq + 1n);
    return signTx([{ typeUrl, value }], [{ key: k, accountNumber: accountNumber.get(k.address)!, sequence: seq }], {
      chainId: CHAIN_ID,
      fee: [{ denom: FEE_DENOM, amount: "200" }],
      gasLimit: 200_000n,
    });
  };
  const run = async (height: bigint, txs: Uint8Array[]) => {
    // As a validator does: CheckTx first (signatures verified once, cached by tx hash).
    for (const tx of txs) {
      const res = app.checkTx({ tx, type: 0 });
      if (res.code !== 0) throw new Error(`CheckTx failed: ${res.log}`);
    }
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const fin = app.finalizeBlock(block(height, txs));
    const cpu = process.cpuUsage(c0);
    const t1 = performance.now();
    await app.commit({});
    const failed = fin.txResults.filter((r) => r.code !== 0);
    if (failed.length > 0) throw new Error(`${failed.length} txs failed at ${height}, e.g. ${failed[0].log}`);
    return { ms: t1 - t0, cpuMs: (cpu.user + cpu.system) / 1000, fin };
  };

  let height = 1n;
  await run(height++, []);
  await run(
    height++,
    keys.map((k) =>
      sign(
        k,
        "/blockchain.netting.v1.MsgPostReserve",
        MsgPostReserve.encode({
          participant: k.address,
          amount: DENOMS.map((denom) => ({ denom, amount: "100000000000000" })),
        }).finish(),
      ),
    ),
  );

  const rnd = prng(18);
  let submitMs = 0;
  let submitCpu = 0;
  for (let b = 0; b < BLOCKS; b++) {
    const txs: Uint8Array[] = [];
    for (let i = 0; i < PER_BLOCK; i++) {
      const from = keys[i % PARTICIPANTS];
      let to = keys[Math.floor(rnd() * PARTICIPANTS)];
      if (to === from) to = keys[(i + 1) % PARTICIPANTS];
      txs.push(
        sign(
          from,
          "/blockchain.netting.v1.MsgSubmitObligation",
          MsgSubmitObligation.encode({
            fromParticipant: from.address,
            toParticipant: to.address,
            denom: DENOMS[Math.floor(rnd() * DENOMS.length)],
            amount: String(1 + Math.floor(rnd() * 1_000_000)),
            batchHash: new Uint8Array(32).fill(i % 256),
          }).finish(),
        ),
      );
    }
    const r = await run(height++, txs);
    submitMs += r.ms;
    submitCpu += r.cpuMs;
  }
  while (height % CYCLE_BLOCKS !== 0n) await run(height++, []);
  const close = await run(height, []);
  const settled = close.fin.events.filter((e) => e.type === "blockchain.netting.v1.EventCycleSettled").length;
  if (settled !== DENOMS.length) throw new Error(`expected ${DENOMS.length} settled slices, got ${settled}`);

  const n = BLOCKS * PER_BLOCK;
  const rate = (ms: number) => Math.round((n * 1000) / ms).toLocaleString("en-US");
  console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? "?"}, node ${process.version}`);
  console.log(`obligation submission: ${n} signed MsgSubmitObligation in ${BLOCKS} blocks of ${PER_BLOCK}`);
  console.log(
    `  FinalizeBlock wall ${submitMs.toFixed(0)} ms → ${rate(submitMs)} tx/s; CPU ${submitCpu.toFixed(0)} ms → ${rate(submitCpu)} tx/s`,
  );
  console.log(`cycle close: ${n} obligations, ${PARTICIPANTS} participants, ${DENOMS.length} currencies (${settled} slices settled)`);
  console.log(
    `  boundary block FinalizeBlock (EndBlock close + app hash) wall ${close.ms.toFixed(1)} ms, CPU ${close.cpuMs.toFixed(1)} ms`,
  );
  await app.close();
  rmSync(dir, { recursive: true, force: true });
}

await main();
