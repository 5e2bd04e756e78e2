import { createHash } from "node:crypto";
import * as abci from "cosmjs-types/tendermint/abci/types";
import type { AbciApplication } from "../../types/abci";
import { sdkErrors } from "../../types/errors";

export interface BroadcastResult {
  hash: string;
  code: number;
  codespace: string;
  log: string;
}

const CACHE_SIZE = 10_000;

/**
 * FIFO mempool as CometBFT's: a tx enters only if CheckTx passes; a tx seen recently
 * (pending or committed) is refused with the SDK's "tx already in mempool" code 19; after each
 * commit the remaining txs are rechecked and dropped if they no longer pass.
 */
export class Mempool {
  private pending = new Map<string, Uint8Array>();
  private readonly seen = new Set<string>();

  constructor(
    private readonly app: AbciApplication,
    private readonly maxTxs = 5000,
  ) {}

  get size(): number {
    return this.pending.size;
  }

  txs(): Uint8Array[] {
    return [...this.pending.values()];
  }

  private remember(hash: string): void {
    this.seen.add(hash);
    if (this.seen.size > CACHE_SIZE) this.seen.delete(this.seen.values().next().value as string);
  }

  async add(tx: Uint8Array): Promise<BroadcastResult> {
    const hash = createHash("sha256").update(tx).digest("hex").toUpperCase();
    if (this.seen.has(hash))
      return {
        hash,
        code: sdkErrors.ErrTxInMempoolCache.code,
        codespace: sdkErrors.ErrTxInMempoolCache.codespace,
        log: "tx already exists in cache",
      };
    if (this.pending.size >= this.maxTxs)
      return { hash, code: sdkErrors.ErrMempoolIsFull.code, codespace: sdkErrors.ErrMempoolIsFull.codespace, log: "mempool is full" };
    const res = await this.app.checkTx({ tx, type: abci.CheckTxType.NEW });
    if (res.code === 0) {
      this.pending.set(hash, tx);
      this.remember(hash);
    }
    return { hash, code: res.code, codespace: res.codespace, log: res.log };
  }

  async afterCommit(included: Set<string>): Promise<void> {
    for (const hash of included) this.pending.delete(hash);
    const remaining = this.pending;
    this.pending = new Map();
    for (const [hash, tx] of remaining) {
      const res = await this.app.checkTx({ tx, type: abci.CheckTxType.RECHECK });
      if (res.code === 0) this.pending.set(hash, tx);
    }
  }
}
