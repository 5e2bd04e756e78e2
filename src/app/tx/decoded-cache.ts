import type { DecodedTx } from "../../types/tx";

/**
 * Decoded txs by hash, filled by CheckTx and taken by block execution, so a tx that entered
 * the mempool is decoded (and stateless-validated) once: not again by its rechecks nor in
 * FinalizeBlock. A tx leaves when it is committed or dropped (its CheckTx failed); the bound
 * (CometBFT's largest usual mempool) drops the oldest first. Decoding is a pure function of
 * the bytes, so a hit is exact. Each entry also says whether the tx's last (re)CheckTx
 * passed: what PrepareProposal trusts instead of running the ante handler again.
 */
export class DecodedTxCache {
  private readonly entries = new Map<string, { tx: DecodedTx; passed: boolean }>();

  constructor(private readonly capacity = 50_000) {}

  get(hash: string): DecodedTx | undefined {
    return this.entries.get(hash)?.tx;
  }

  /** Removes and returns: a tx is executed once, and its decoded messages must not be shared after. */
  take(hash: string): DecodedTx | undefined {
    const entry = this.entries.get(hash);
    if (entry) this.entries.delete(hash);
    return entry?.tx;
  }

  delete(hash: string): void {
    this.entries.delete(hash);
  }

  add(tx: DecodedTx): void {
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(tx.hash, { tx, passed: false });
  }

  /** Its (re)CheckTx passed: it is in CometBFT's mempool, valid against the check state. */
  markPassed(hash: string): void {
    const entry = this.entries.get(hash);
    if (entry) entry.passed = true;
  }

  passed(hash: string): boolean {
    return this.entries.get(hash)?.passed === true;
  }
}
