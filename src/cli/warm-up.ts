import { rmSync } from "node:fs";
import type { DeepPartial } from "cosmjs-types/helpers";
import type { Request, RequestFinalizeBlock } from "cosmjs-types/tendermint/abci/types";
import { CheckTxType } from "cosmjs-types/tendermint/abci/types";
import { App } from "../app/app";
import { buildModules } from "../app/modules";
import type { SigVerifyPool } from "../app/tx/sig-pool";
import { initChainRequest } from "../abci/genesis-doc";
import { AbciSocketServer } from "../abci/socket";
import { AbciSocketClient } from "../abci/socket/client";
import { Secp256k1Key } from "../client/signer";
import { silentLogger } from "../types/logger";
import { NodeApp } from "./node-app";
import { signTransferRing, transferRingGenesis } from "./transfer-ring";

const CHAIN_ID = "warm-up";
/** Txs per CheckTx write, as CometBFT's mempool connection pipelines them under load. */
const CHECK_BATCH = 100;
/** The node must start even if the warm-up stalls: its connections are closed at this deadline. */
const DEADLINE_MS = 120_000;

export interface WarmUpResult {
  txs: number;
  blocks: number;
  /** CheckTx and recheck refusals, plus txs left out of or failed in its blocks: 0 unless the MsgSend path is broken. */
  failures: number;
  ms: number;
}

/**
 * V8 optimises a function only after it has run a while, so a fresh process would take its
 * first loaded blocks on unoptimised code (the side-by-side benchmark's cold runs: ~35 µs
 * more app CPU per tx than warm ones). Before the node serves CometBFT, `txs` signed
 * MsgSends (from txs/2 accounts, two each) go through a throwaway chain: its own genesis, an
 * App on its own store in `dir` (removed before and after), an ABCI socket server on a free
 * loopback port, driven over the socket as CometBFT drives one (pipelined NEW CheckTxs, a
 * block of half of them, rechecks of the rest, a block of those). The node's App then finds
 * the shared code (tx pipeline, bank, store, commitment, ABCI codec) compiled. Nothing is
 * shared with the node's chain but pure caches (public key → address, parsed keys) and the
 * signature workers, which hold no state between jobs.
 */
export async function warmUp(opts: { txs: number; dir: string; sigPool?: SigVerifyPool; deadlineMs?: number }): Promise<WarmUpResult> {
  const started = performance.now();
  const accounts = Math.max(1, Math.floor(opts.txs / 2));
  const keys = Array.from({ length: accounts }, (_, i) => Secp256k1Key.fromSeed(`warm-up/${i}`));
  const modules = buildModules();
  const genesis = transferRingGenesis(modules, keys, CHAIN_ID);
  rmSync(opts.dir, { recursive: true, force: true });
  const app = await App.open({ dataDir: opts.dir, modules, logger: silentLogger, sigPool: opts.sigPool });
  const server = new AbciSocketServer(new NodeApp(app, { logger: silentLogger }), { address: "tcp://127.0.0.1:0", logger: silentLogger });
  const clients: AbciSocketClient[] = [];
  let blocks = 0;
  let failures = 0;
  const deadline = setTimeout(() => {
    for (const c of clients) c.close();
  }, opts.deadlineMs ?? DEADLINE_MS);
  try {
    await server.listen();
    const consensus = await AbciSocketClient.connect(server.address());
    const mempool = await AbciSocketClient.connect(server.address());
    clients.push(consensus, mempool);
    const one = async (req: DeepPartial<Request>) => (await consensus.call([req]))[0];
    await one({ initChain: initChainRequest(genesis) });

    const runBlock = async (txs: Uint8Array[]): Promise<void> => {
      blocks++;
      const height = BigInt(blocks);
      const block: DeepPartial<RequestFinalizeBlock> = {
        txs,
        height,
        hash: new Uint8Array(32),
        time: { seconds: 1_767_225_600n + height, nanos: 0 },
        proposerAddress: new Uint8Array(20),
      };
      const prepared = (await one({ prepareProposal: { ...block, maxTxBytes: 22_020_096n } })).prepareProposal?.txs ?? [];
      await one({ processProposal: { ...block, txs: prepared } });
      const results = (await one({ finalizeBlock: { ...block, txs: prepared } })).finalizeBlock?.txResults ?? [];
      failures += txs.length - prepared.length + results.filter((r) => r.code !== 0).length;
      await one({ commit: {} });
    };
    const check = async (txs: Uint8Array[], type: CheckTxType): Promise<void> => {
      for (let i = 0; i < txs.length; i += CHECK_BATCH) {
        const answers = await mempool.call(txs.slice(i, i + CHECK_BATCH).map((tx) => ({ checkTx: { tx, type } })));
        failures += answers.filter((a) => a.checkTx?.code !== 0).length;
      }
    };

    await runBlock([]);
    for (let sequence = 0n; sequence < 2n; sequence++) {
      const txs = signTransferRing(keys, sequence, CHAIN_ID);
      const half = Math.ceil(txs.length / 2);
      await check(txs, CheckTxType.NEW);
      await runBlock(txs.slice(0, half));
      await check(txs.slice(half), CheckTxType.RECHECK);
      await runBlock(txs.slice(half));
    }
  } finally {
    clearTimeout(deadline);
    for (const c of clients) c.close();
    await server.close();
    await app.close();
    rmSync(opts.dir, { recursive: true, force: true });
  }
  return { txs: accounts * 2, blocks, failures, ms: performance.now() - started };
}
