import type { ExecTxResult } from "cosmjs-types/tendermint/abci/types";

/** Position of a tx in the chain; ordering key of every index list. */
export interface TxRef {
  height: bigint;
  index: number;
}

/** Inclusive height bounds of a tx.height condition (undefined = open). */
export interface HeightRange {
  from?: bigint;
  to?: bigint;
}

/**
 * An event index's lists, as CometBFT's kv indexer keeps them: txs by hash, by
 * `type.key=value` of every indexed event attribute, and by height; each list in chain order.
 */
export interface TxPostings {
  refByHash(hash: string): Promise<TxRef | undefined>;
  refsByAttribute(key: string): Promise<TxRef[]>;
  refsByHeight(range: HeightRange): Promise<TxRef[]>;
}

/** The `type.key=value` entries a tx is listed under: its indexed event attributes, each once. */
export function indexedAttributes(result: ExecTxResult): string[] {
  const seen = new Set<string>();
  for (const ev of result.events) {
    for (const attr of ev.attributes) if (attr.index) seen.add(`${ev.type}.${attr.key}=${attr.value}`);
  }
  return [...seen];
}
