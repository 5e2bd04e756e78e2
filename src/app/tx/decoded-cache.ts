import type { DecodedTx } from "../../types/tx";

/**
 * Decoded txs by hash, filled by CheckTx and taken by block execution, so a tx that entered
 * the mempool is decoded (and stateless-validated) once: not again by its rechecks nor in
 * FinalizeBlock. A tx leaves when it is committed or dropped (its CheckTx failed); the bound
 * (CometBFT's largest usual mempool) drops the oldest first. Decoding is a pure function of
 * the bytes, so a hit is exact. Each entry also says at which height's check state the tx's
 * last (re)CheckTx passed, and how many passes at that height came before it (the check
 * state is the committed state plus those passes' ante writes, in that order): what
 * PrepareProposal trusts instead of running the ante again.
 */
export class DecodedTxCache {
  private readonly entries = new Map<string, { tx: DecodedTx; passedAt: bigint | undefined; ordinal: number }>();
  /** The height of the check state the last pass ran on, and how many passes it has had. */
  private passHeight = -1n;
  private passes = 0;

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
    this.entries.set(tx.hash, { tx, passedAt: undefined, ordinal: -1 });
  }

  /** Its (re)CheckTx passed on the check state of block `height`: it is in CometBFT's mempool, valid there. */
  markPassed(hash: string, height: bigint): void {
    const entry = this.entries.get(hash);
    if (height !== this.passHeight) {
      this.passHeight = height;
      this.passes = 0;
    }
    const ordinal = this.passes++;
    if (entry) {
      entry.passedAt = height;
      entry.ordinal = ordinal;
    }
  }

  /** The tx, if it was the `ordinal`-th (from 0) tx to pass a (re)CheckTx on the check state of block `height`. */
  passedAt(hash: string, height: bigint, ordinal: number): DecodedTx | undefined {
    const entry = this.entries.get(hash);
    return entry?.passedAt === height && entry.ordinal === ordinal ? entry.tx : undefined;
  }
}
