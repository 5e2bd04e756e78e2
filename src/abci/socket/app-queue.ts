/** What a call is for: consensus (and info, query, snapshot) calls go before waiting mempool work. */
export type CallClass = "consensus" | "mempool";

/**
 * The app sees one call at a time across all connections, as under the Go server's global
 * lock; a call that returns a promise holds the app until it settles. Calls waiting for their
 * turn are taken consensus first: the prechecks the mempool connection reads ahead (one per
 * NEW CheckTx in a burst) would otherwise delay PrepareProposal, ProcessProposal and
 * FinalizeBlock, and so the next block. Within a class the order is kept. The mempool's answers
 * are unaffected: CometBFT takes into a proposal only txs whose CheckTx it has had answered,
 * and flushes the mempool connection before Commit.
 */
export class AppCallQueue {
  private readonly consensus: Array<() => Promise<void>> = [];
  private readonly mempool: Array<() => Promise<void>> = [];
  private draining = false;

  run<T>(fn: () => T | Promise<T>, cls: CallClass): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      (cls === "consensus" ? this.consensus : this.mempool).push(async () => {
        try {
          resolve(await fn());
        } catch (err) {
          reject(err);
        }
      });
      if (!this.draining) {
        this.draining = true;
        // Never inside the caller's own turn: a call starts after the code that queued it.
        queueMicrotask(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    for (let next = this.take(); next; next = this.take()) await next();
    this.draining = false;
  }

  private take(): (() => Promise<void>) | undefined {
    return this.consensus.shift() ?? this.mempool.shift();
  }
}
