import type { Context } from "../../types/context";

/**
 * Whether a block may have a pending recovery, so that the veto check after each of its txs
 * (every MsgSend passes through it) reads no state while none is pending. Set for the next
 * block by the end blocker, from state, once nothing can drop the block's writes; raised by
 * every recovery opened since, in any branch (a branch dropped later leaves it raised, which
 * only costs reads). Only lowering it could matter, and it is lowered only from the state the
 * next block starts with, so it never changes what a block does; at any other height (gentxs,
 * a fresh process, a block run again) it answers "maybe" and the state decides.
 */
export class RecoveryWatch {
  private height = -1n;
  private pending = true;

  setForBlock(height: bigint, pending: boolean): void {
    this.height = height;
    this.pending = pending;
  }

  opened(): void {
    this.pending = true;
  }

  mayBePending(ctx: Context): boolean {
    return this.pending || ctx.height !== this.height;
  }
}
