import type { DecodedTx } from "../../types/tx";

/**
 * Decoded txs by hash, filled by CheckTx and taken by block execution, so a tx that entered
 * the mempool is decoded (and stateless-validated) once: not again by its rechecks nor in
 * FinalizeBlock. A tx leaves when it is committed or dropped (its CheckTx failed); the bound
 * (CometBFT's largest usual mempool) drops the oldest first. Decoding is a pure function of
 * the bytes, so a hit is exact.
 */
export class DecodedTxCache {
  private readonly entries = new Map<string, DecodedTx>();

  constructor(private readonly capacity = 50_000) {}

  get(hash: string): DecodedTx | undefined {
    return this.entries.get(hash);
  }

  /** Removes and returns: a tx is executed once, and its decoded messages must not be shared after. */
  take(hash: string): DecodedTx | undefined {
    const tx = this.entries.get(hash);
    if (tx) this.entries.delete(hash);
    return tx;
  }

  delete(hash: string): void {
    this.entries.delete(hash);
  }

  add(tx: DecodedTx): void {
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(tx.hash, tx);
  }
}
