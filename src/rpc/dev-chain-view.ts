import { createHash } from "node:crypto";
import type { DevEngine, ProducedBlock } from "../abci/dev/engine";
import type { GenesisDoc } from "../abci/genesis-doc";
import type { App } from "../app/app";
import type { IndexedTx, ValidatorView } from "../node/backend";
import type { DevBackend } from "../node/dev-backend";
import { txProofJson } from "../node/merkle";
import { byCometOrder } from "../node/validators";
import { rpcErrors } from "./errors";
import type { Params, ParamSpec } from "./params";
import * as json from "./shapes";

export interface DevRpcNode {
  app: App;
  engine: DevEngine;
  /** Shared with the REST server: one event index for both. */
  backend: DevBackend;
  genesis: GenesisDoc;
  /** How long broadcast_tx_commit waits for the block (CometBFT's timeout_broadcast_tx_commit). */
  broadcastCommitTimeoutMs?: number;
}

export interface RpcMethod {
  params: ParamSpec;
  run(p: Params, ctx: { rpcAddress: string }): Promise<unknown>;
}

// CometBFT's RPC limits (rpc/core/env.go).
const DEFAULT_PER_PAGE = 30;
/** Longest event query tx_search and block_search accept. */
export const MAX_QUERY_LENGTH = 512;
const MAX_PER_PAGE = 100;

export function perPage(v: bigint | undefined): number {
  if (v === undefined || v < 1n) return DEFAULT_PER_PAGE;
  return v > BigInt(MAX_PER_PAGE) ? MAX_PER_PAGE : Number(v);
}

export function page(v: bigint | undefined, per: number, total: number): number {
  if (v === undefined) return 1;
  const pages = Math.max(1, Math.floor((total - 1) / per) + 1);
  if (v <= 0n || v > BigInt(pages))
    throw rpcErrors.invalidRequest(`page should be within [1, N] range expected range: [1, ${pages}], given ${v}`);
  return Number(v);
}

export const int = (p: Params, name: string) => p[name] as bigint | undefined;
export const str = (p: Params, name: string) => (p[name] as string | undefined) ?? "";
export const bytes = (p: Params, name: string) => (p[name] as Uint8Array | undefined) ?? new Uint8Array();

/** What the dev chain's RPC methods read, with the lookups several of them share. */
export class DevChainView {
  readonly app: App;
  readonly engine: DevEngine;
  readonly backend: DevBackend;
  readonly genesis: GenesisDoc;
  readonly initialHeight: bigint;
  readonly validatorKey: Uint8Array;
  readonly validatorAddress: Uint8Array;

  constructor(readonly node: DevRpcNode) {
    ({ app: this.app, engine: this.engine, backend: this.backend, genesis: this.genesis } = node);
    this.initialHeight = BigInt(node.genesis.initial_height || "1");
    this.validatorKey = new Uint8Array(Buffer.from(node.genesis.validators?.[0]?.pub_key.value ?? "", "base64"));
    this.validatorAddress = createHash("sha256").update(this.validatorKey).digest().subarray(0, 20);
  }

  /** CometBFT's getHeight: an explicit height must be committed (or be `latest`) and still stored. */
  heightOf(v: bigint | undefined, latest = this.engine.height): bigint {
    const { initialHeight } = this;
    if (v === undefined) return latest;
    if (v <= 0n) throw rpcErrors.invalidRequest(`height must be greater than zero (requested height: ${v})`);
    if (v > latest)
      throw rpcErrors.internal(
        `height must be less than or equal to the head of the node's blockchain (requested height: ${v}, blockchain height: ${latest})`,
      );
    if (v < initialHeight) throw rpcErrors.internal(`height is not available (requested height: ${v}, base height: ${initialHeight})`);
    return v;
  }

  /** The set the engine recorded for a height, ordered as CometBFT orders it (power desc, then address). */
  async validatorsAt(height: bigint): Promise<ValidatorView[]> {
    const set = await this.engine.blocks.validatorSet(height);
    if (!set) throw rpcErrors.internal(`could not find validator set for height #${height}`);
    return set
      .map((v) => {
        const pubKey = v.pubKey?.ed25519 ?? v.pubKey?.secp256k1 ?? new Uint8Array();
        return {
          address: createHash("sha256").update(pubKey).digest().subarray(0, 20),
          pubKey,
          votingPower: v.power,
          proposerPriority: 0n,
        };
      })
      .sort(byCometOrder);
  }

  async blockView(height: bigint) {
    const view = await this.backend.getBlock(height);
    if (!view) throw rpcErrors.internal(`height is not available (requested height: ${height}, base height: ${this.initialHeight})`);
    return view;
  }

  async txJson(t: IndexedTx, prove: boolean) {
    const out: Record<string, unknown> = {
      hash: t.hash,
      height: t.height.toString(),
      index: t.index,
      tx_result: json.execTxResultJson(t.result),
      tx: Buffer.from(t.tx).toString("base64"),
    };
    if (prove) {
      const block = await this.engine.blocks.block(t.height);
      if (block) out.proof = txProofJson(block.txs, t.index);
    }
    return out;
  }

  /** The commit for a height: the next block's last commit, or (latest height) the one the engine just made. */
  async commitFor(height: bigint) {
    const view = await this.blockView(height);
    const next = height < this.engine.height ? await this.backend.getBlock(height + 1n) : undefined;
    const commit = next?.block.lastCommit ?? {
      height,
      round: 0,
      blockId: view.blockId,
      signatures: [
        { blockIdFlag: 2, validatorAddress: this.validatorAddress, timestamp: view.block.header?.time, signature: new Uint8Array() },
      ],
    };
    return {
      signed_header: { header: json.headerJson(view.block.header), commit: json.commitJson(commit) },
      canonical: next !== undefined,
    };
  }

  waitForCommit(hash: string, timeoutMs: number): Promise<ProducedBlock> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        stop();
        reject(rpcErrors.internal("timed out waiting for tx to be included in a block"));
      }, timeoutMs);
      const stop = this.engine.onBlock((block) => {
        if (!block.txHashes.includes(hash)) return;
        clearTimeout(timer);
        stop();
        resolve(block);
      });
    });
  }
}
