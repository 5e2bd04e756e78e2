/** What a call is for: consensus (and info, query, snapshot) calls go before waiting mempool work. */
export type CallClass = "consensus" | "mempool";

/**
 * Longest a proposal holds mempool work back: a round that never reaches
 * FinalizeBlock on this node (a proposal rejected or timed out) must not stall the mempool.
 */
export const DEFAULT_PROPOSAL_HOLD_MS = 300;

/**
 * The app sees one call at a time across all connections, as under the Go server's global
 * lock; a call that returns a promise holds the app until it settles. Calls waiting for their
 * turn are taken consensus first: the prechecks the mempool connection reads ahead (one per
 * NEW CheckTx in a burst) would otherwise delay PrepareProposal, ProcessProposal and
 * FinalizeBlock, and so the next block. Within a class the order is kept. The mempool's answers
 * are unaffected: CometBFT takes into a proposal only txs whose CheckTx it has had answered,
 * and flushes the mempool connection before Commit.
 *
 * While a proposal is decided (from PrepareProposal or ProcessProposal until FinalizeBlock),
 * mempool work waits. That stretch is the critical path of every block: CometBFT builds the
 * block, gossips its parts and votes; under a flood of broadcasts, CheckTxs (ours and
 * CometBFT's own work per answer) took the cores it needed and stretched it from ~25 to
 * 70–190 ms, which every tx's latency and the block interval paid. A tx checked meanwhile
 * could not enter the block being decided anyway: the mempool was reaped before.
 */
export class AppCallQueue {
  private readonly consensus: Array<() => Promise<void>> = [];
  private readonly mempool: Array<() => Promise<void>> = [];
  private draining = false;
  /** performance.now() until which mempool work waits; 0: it does not. */
  private heldUntil = 0;
  private holdTimer: NodeJS.Timeout | undefined;

  /** @param proposalHoldMs bound of a proposal's hold on mempool work; 0 never holds. */
  constructor(private readonly proposalHoldMs = DEFAULT_PROPOSAL_HOLD_MS) {}

  run<T>(fn: () => T | Promise<T>, cls: CallClass): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      (cls === "consensus" ? this.consensus : this.mempool).push(async () => {
        try {
          resolve(await fn());
        } catch (err) {
          reject(err);
        }
      });
      this.wake();
    });
  }

  /** PrepareProposal or ProcessProposal was read: mempool work waits until FinalizeBlock (bounded). */
  proposalStarted(): void {
    if (this.proposalHoldMs > 0) this.heldUntil = performance.now() + this.proposalHoldMs;
  }

  /** FinalizeBlock was read: the block is decided, mempool work goes on after it. */
  proposalDecided(): void {
    if (this.heldUntil === 0) return;
    this.heldUntil = 0;
    clearTimeout(this.holdTimer);
    this.holdTimer = undefined;
    this.wake();
  }

  private wake(): void {
    if (this.draining) return;
    this.draining = true;
    // Never inside the caller's own turn: a call starts after the code that queued it.
    queueMicrotask(() => void this.drain());
  }

  private async drain(): Promise<void> {
    for (let next = this.take(); next; next = this.take()) await next();
    this.draining = false;
    // Only held mempool work is left: take it up when the hold runs out.
    if (this.mempool.length > 0 && this.holdTimer === undefined) {
      this.holdTimer = setTimeout(() => {
        this.holdTimer = undefined;
        this.wake();
      }, this.heldUntil - performance.now());
      this.holdTimer.unref();
    }
  }

  private take(): (() => Promise<void>) | undefined {
    const next = this.consensus.shift();
    if (next || this.mempool.length === 0) return next;
    if (this.heldUntil !== 0) {
      if (performance.now() < this.heldUntil) return undefined;
      this.heldUntil = 0;
    }
    return this.mempool.shift();
  }
}
