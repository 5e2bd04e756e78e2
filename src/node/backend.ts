import type { ExecTxResult } from "cosmjs-types/tendermint/abci/types";
import type { BlockID } from "cosmjs-types/tendermint/types/types";
import type { Block as FullBlock } from "cosmjs-types/tendermint/types/block";
import type { DefaultNodeInfo } from "cosmjs-types/tendermint/p2p/types";
import type { Timestamp } from "../types/codec";

/** A tx as the node's tx index holds it. */
export interface IndexedTx {
  hash: string;
  height: bigint;
  index: number;
  tx: Uint8Array;
  result: ExecTxResult;
  /** Time of the block that included it. */
  time: Timestamp | undefined;
}

export interface BroadcastOutcome {
  hash: string;
  code: number;
  codespace: string;
  log: string;
}

export type BroadcastMode = "sync" | "async";
export type OrderBy = "asc" | "desc";

export interface TxSearchPage {
  txs: IndexedTx[];
  total: number;
}

export interface BlockView {
  blockId: BlockID;
  block: FullBlock;
}

export interface ValidatorView {
  /** Consensus address (20 bytes). */
  address: Uint8Array;
  /** ed25519 public key (32 bytes). */
  pubKey: Uint8Array;
  votingPower: bigint;
  proposerPriority: bigint;
}

/**
 * What differs between the dev engine and a CometBFT node: tx submission, the tx index, the
 * block store and node status. Everything else the REST server reads from the App directly.
 */
export interface NodeBackend {
  broadcastTx(tx: Uint8Array, mode: BroadcastMode): Promise<BroadcastOutcome>;
  getTx(hash: string): Promise<IndexedTx | undefined>;
  /** CometBFT tx_search query syntax: `key='value' AND ...`; page is 1-based. */
  searchTxs(query: string, page: number, limit: number, orderBy: OrderBy): Promise<TxSearchPage>;
  /** undefined height = latest. */
  getBlock(height?: bigint): Promise<BlockView | undefined>;
  nodeInfo(): Promise<DefaultNodeInfo>;
  syncing(): Promise<boolean>;
  latestValidators(): Promise<{ height: bigint; validators: ValidatorView[] }>;
  mempoolSize(): Promise<number>;
}

/** The query could not be parsed (answered 400). */
export class TxQueryError extends Error {}
