import { txsRoot } from "./merkle";
import { createHash } from "node:crypto";
import type { DevEngine } from "../abci/dev/engine";
import type { App } from "../app/app";
import type { BlockView, BroadcastMode, BroadcastOutcome, IndexedTx, NodeBackend, OrderBy, TxSearchPage, ValidatorView } from "./backend";
import { bondedValidators } from "./validators";
import { searchTxRefs } from "./tx-index";
import { parseTxQuery } from "./tx-query";
import { nodeInfoOf } from "./node-info";

function sha256(data: Uint8Array | string): Uint8Array {
  return createHash("sha256").update(data).digest();
}

/**
 * The dev engine as a node: its mempool for broadcasts, its block store for txs, blocks and
 * the event index (persisted with each block's results).
 */
export class DevBackend implements NodeBackend {
  constructor(
    private readonly engine: DevEngine,
    private readonly app: App,
    private readonly moniker = "dev",
  ) {}

  async broadcastTx(tx: Uint8Array, mode: BroadcastMode): Promise<BroadcastOutcome> {
    if (mode === "async") {
      const hash = createHash("sha256").update(tx).digest("hex").toUpperCase();
      void this.engine.broadcastTxSync(tx).catch(() => undefined);
      return { hash, code: 0, codespace: "", log: "" };
    }
    return this.engine.broadcastTxSync(tx);
  }

  async getTx(hash: string): Promise<IndexedTx | undefined> {
    if (!/^[0-9A-Fa-f]{64}$/.test(hash)) return undefined;
    const found = await this.engine.getTx(hash.toUpperCase());
    if (!found) return undefined;
    const block = await this.engine.blocks.block(found.height);
    return { hash: hash.toUpperCase(), height: found.height, index: found.index, tx: found.tx, result: found.result, time: block?.time };
  }

  async searchTxs(query: string, page: number, limit: number, orderBy: OrderBy): Promise<TxSearchPage> {
    const conditions = parseTxQuery(query);
    const { refs, total } = await searchTxRefs(this.engine.blocks, conditions, page, limit, orderBy, this.engine.height);
    const txs: IndexedTx[] = [];
    for (const ref of refs) {
      const [block, results] = await Promise.all([this.engine.blocks.block(ref.height), this.engine.blocks.results(ref.height)]);
      if (!block || !results) continue;
      const tx = block.txs[ref.index];
      txs.push({
        hash: Buffer.from(sha256(tx)).toString("hex").toUpperCase(),
        height: ref.height,
        index: ref.index,
        tx,
        result: results.txResults[ref.index],
        time: block.time,
      });
    }
    return { txs, total };
  }

  async getBlock(height?: bigint): Promise<BlockView | undefined> {
    const h = height ?? this.engine.height;
    if (h < 1n || h > this.engine.height) return undefined;
    const req = await this.engine.blocks.block(h);
    if (!req) return undefined;
    const prevResults = h > 1n ? await this.engine.blocks.results(h - 1n) : undefined;
    const prev = h > 1n ? await this.engine.blocks.block(h - 1n) : undefined;
    const dataHash = txsRoot(req.txs);
    const lastBlockId = prev
      ? { hash: prev.hash, partSetHeader: { total: 1, hash: sha256(prev.hash) } }
      : { hash: new Uint8Array(), partSetHeader: { total: 0, hash: new Uint8Array() } };
    return {
      blockId: { hash: req.hash, partSetHeader: { total: 1, hash: sha256(req.hash) } },
      block: {
        header: {
          version: { block: 11n, app: 1n },
          chainId: this.engine.chainId,
          height: h,
          time: req.time ?? { seconds: 0n, nanos: 0 },
          lastBlockId,
          lastCommitHash: new Uint8Array(),
          dataHash,
          validatorsHash: req.nextValidatorsHash,
          nextValidatorsHash: req.nextValidatorsHash,
          consensusHash: new Uint8Array(),
          appHash: prevResults?.appHash ?? new Uint8Array(),
          lastResultsHash: new Uint8Array(),
          evidenceHash: new Uint8Array(),
          proposerAddress: req.proposerAddress,
        },
        data: { txs: req.txs },
        evidence: { evidence: [] },
        lastCommit: {
          height: h > 1n ? h - 1n : 0n,
          round: req.decidedLastCommit?.round ?? 0,
          blockId: lastBlockId,
          signatures: (req.decidedLastCommit?.votes ?? []).map((v) => ({
            blockIdFlag: v.blockIdFlag,
            validatorAddress: v.validator?.address ?? new Uint8Array(),
            timestamp: req.time ?? { seconds: 0n, nanos: 0 },
            signature: new Uint8Array(),
          })),
        },
      },
    };
  }

  async nodeInfo() {
    return nodeInfoOf({
      network: this.engine.chainId,
      moniker: this.moniker,
      nodeId: Buffer.from(sha256(this.engine.chainId)).subarray(0, 20).toString("hex"),
    });
  }

  async syncing(): Promise<boolean> {
    return false;
  }

  async latestValidators(): Promise<{ height: bigint; validators: ValidatorView[] }> {
    return { height: this.app.lastHeight, validators: bondedValidators(this.app) };
  }

  async mempoolSize(): Promise<number> {
    return this.engine.mempool.size;
  }
}
