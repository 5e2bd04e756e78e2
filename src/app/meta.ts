import { ConsensusParams } from "cosmjs-types/tendermint/types/params";
import type { CommitStore } from "../store/commit-store";
import type { MetaWrites } from "../store/types";
import type { Timestamp } from "../types/codec";

const enc = new TextEncoder();
const KEY_CHAIN_ID = enc.encode("chain_id");
const KEY_INITIAL_HEIGHT = enc.encode("initial_height");
const KEY_BLOCK_TIME = enc.encode("last_block_time");
const KEY_CONSENSUS_PARAMS = enc.encode("consensus_params");

function timeBytes(t: Timestamp): Uint8Array {
  const b = new Uint8Array(12);
  const view = new DataView(b.buffer);
  view.setBigInt64(0, t.seconds);
  view.setInt32(8, t.nanos);
  return b;
}

/** Block time recorded in `source`'s meta (the committed store, or the state of an older height). */
export function blockTimeOf(source: { getMeta(key: Uint8Array): Uint8Array | undefined }): Timestamp {
  const time = source.getMeta(KEY_BLOCK_TIME);
  if (!time) return { seconds: 0n, nanos: 0 };
  const view = new DataView(time.buffer, time.byteOffset);
  return { seconds: view.getBigInt64(0), nanos: view.getInt32(8) };
}

/**
 * Chain facts outside the state tree (chain id, initial height, last block time, InitChain's
 * consensus params, which CometBFT commits in its headers and which stay out of the app hash
 * so that genesis app hashes are those of chains started before they were kept), written in
 * the same atomic batch as each commit so Info, queries and restarts always agree with state.
 */
export class AppMeta {
  chainId = "";
  initialHeight = 1n;
  lastBlockTime: Timestamp = { seconds: 0n, nanos: 0 };
  /** The consensus params InitChain gave; undefined on a home written before they were kept. */
  genesisConsensusParams: ConsensusParams | undefined;

  constructor(store: CommitStore) {
    this.load(store);
  }

  /** Reads every fact from the store's meta (at open, and after a state sync restored it). */
  load(store: CommitStore): void {
    const chain = store.getMeta(KEY_CHAIN_ID);
    if (chain) this.chainId = Buffer.from(chain).toString("utf8");
    const initial = store.getMeta(KEY_INITIAL_HEIGHT);
    if (initial) this.initialHeight = new DataView(initial.buffer, initial.byteOffset).getBigInt64(0);
    this.lastBlockTime = blockTimeOf(store);
    const params = store.getMeta(KEY_CONSENSUS_PARAMS);
    if (params) this.genesisConsensusParams = ConsensusParams.decode(params);
  }

  setChain(chainId: string, initialHeight: bigint, consensusParams: ConsensusParams | undefined): void {
    this.chainId = chainId;
    this.initialHeight = initialHeight;
    this.genesisConsensusParams = consensusParams;
  }

  writes(blockTime: Timestamp): MetaWrites {
    const initial = new Uint8Array(8);
    new DataView(initial.buffer).setBigInt64(0, this.initialHeight);
    return [
      [KEY_CHAIN_ID, enc.encode(this.chainId)],
      [KEY_INITIAL_HEIGHT, initial],
      [KEY_BLOCK_TIME, timeBytes(blockTime)],
      ...(this.genesisConsensusParams
        ? [[KEY_CONSENSUS_PARAMS, ConsensusParams.encode(this.genesisConsensusParams).finish()] as [Uint8Array, Uint8Array]]
        : []),
    ];
  }

  committed(blockTime: Timestamp): void {
    this.lastBlockTime = blockTime;
  }
}
