import type * as abci from "cosmjs-types/tendermint/abci/types";
import type { ReadSet } from "../store/read-set";
import type { BlockInfo } from "../types/context";

/** A latest-height query's answer and what it read of committed state (App.queryRecorded). */
export interface RecordedQuery {
  response: abci.ResponseQuery;
  /** Undefined: the answer may change with any block (see App.queryRecorded). */
  reads: ReadSet | undefined;
}

/**
 * The block info of a query context, telling whether anything read more of it than the chain
 * id: an answer that read the height, time or proposer is one of that block alone.
 */
export function watchedBlock(block: BlockInfo): { block: BlockInfo; read: () => boolean } {
  let read = false;
  const watched = new Proxy(block, {
    get(target, property, receiver) {
      if (property !== "chainId") read = true;
      return Reflect.get(target, property, receiver);
    },
  });
  return { block: watched, read: () => read };
}
