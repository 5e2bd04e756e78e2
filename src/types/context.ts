import type { Branch } from "../store/types";
import type { Timestamp } from "./codec";
import { EventManager } from "./events";
import { GasKVStore, GasMeter } from "./gas";
import type { Logger } from "./logger";

/**
 * Why the state machine is running: handlers may relax nothing by mode, but ante steps do.
 * "proposal" is ProcessProposal's (and PrepareProposal's) ante run over a proposed block's txs:
 * signatures verified, no node-local fee floor, no events.
 */
export type ExecMode = "check" | "recheck" | "simulate" | "deliver" | "query" | "genesis" | "block" | "proposal";

/**
 * How deep messages may execute messages (authz MsgExec, a group proposal's or a gov
 * proposal's messages, any later module's): a tx's own messages (and a block hook's work) are
 * at depth 0, each message a message runs one deeper; deeper than this is refused. Without a
 * bound the recursion ends in a stack overflow whose depth depends on the process (JIT, Node
 * version), which nodes could disagree on.
 */
export const MAX_MSG_DEPTH = 5;

export interface BlockInfo {
  height: bigint;
  time: Timestamp;
  chainId: string;
  /** Proposer's consensus address (20 bytes); empty outside block execution. */
  proposer: Uint8Array;
  /** FinalizeBlock's decided last commit (who signed the previous block); empty outside FinalizeBlock. */
  lastCommitVotes?: readonly CommitVote[];
  /** FinalizeBlock's misbehavior (equivocation evidence CometBFT committed); empty outside FinalizeBlock. */
  misbehavior?: readonly Misbehavior[];
}

/** CometBFT's BlockIDFlag of a vote in the last commit. */
export const BlockIdFlag = { absent: 1, commit: 2, nil: 3 } as const;

export interface CommitVote {
  /** Consensus address (20 bytes). */
  validatorAddress: Uint8Array;
  power: bigint;
  /** A BlockIdFlag value; `commit` means the validator signed the block. */
  blockIdFlag: number;
}

export interface Misbehavior {
  kind: "duplicate_vote" | "light_client_attack";
  /** Consensus address (20 bytes) of the offender. */
  validatorAddress: Uint8Array;
  power: bigint;
  /** Height and time of the infraction. */
  height: bigint;
  time: Timestamp;
  totalVotingPower: bigint;
}

/**
 * Everything a handler may touch: the current branch (gas-metered), block info, gas meter,
 * event sink. Contexts are immutable; `with*` returns a derived one (e.g. a message branch).
 */
export class Context {
  readonly store: GasKVStore;

  private constructor(
    /** The branch before gas metering, kept so derived contexts can re-wrap it. */
    readonly rawStore: Branch,
    readonly block: BlockInfo,
    readonly gasMeter: GasMeter,
    readonly events: EventManager,
    readonly mode: ExecMode,
    readonly logger: Logger,
    /** Nesting depth of the message running in this context (MAX_MSG_DEPTH). */
    readonly msgDepth = 0,
  ) {
    this.store = new GasKVStore(rawStore, gasMeter);
  }

  static create(store: Branch, block: BlockInfo, mode: ExecMode, logger: Logger, gasMeter = GasMeter.infinite()): Context {
    return new Context(
      store,
      block,
      gasMeter,
      new EventManager(mode !== "check" && mode !== "recheck" && mode !== "proposal"),
      mode,
      logger,
    );
  }

  get height(): bigint {
    return this.block.height;
  }

  get chainId(): string {
    return this.block.chainId;
  }

  get time(): Timestamp {
    return this.block.time;
  }

  /** Block time in whole Unix seconds (the unit module schedules use). */
  get unixSeconds(): bigint {
    return this.block.time.seconds;
  }

  get isCheck(): boolean {
    return this.mode === "check" || this.mode === "recheck";
  }

  withStore(store: Branch): Context {
    return new Context(store, this.block, this.gasMeter, this.events, this.mode, this.logger, this.msgDepth);
  }

  withEvents(events: EventManager): Context {
    return new Context(this.rawStore, this.block, this.gasMeter, events, this.mode, this.logger, this.msgDepth);
  }

  withGasMeter(meter: GasMeter): Context {
    return new Context(this.rawStore, this.block, meter, this.events, this.mode, this.logger, this.msgDepth);
  }

  /** The same context for a message `depth` levels deep (the router's nested execution). */
  withMsgDepth(depth: number): Context {
    return new Context(this.rawStore, this.block, this.gasMeter, this.events, this.mode, this.logger, depth);
  }

  /**
   * Runs `fn` in a child branch with its own event sink: on return the writes and events
   * join this context; on throw both are dropped. The atomicity unit for a message, a gov
   * proposal's execution, a group exec or an end-block step that must not half-apply.
   */
  atomic<T>(fn: (ctx: Context) => T): T {
    const branch = this.rawStore.branch();
    const events = new EventManager(this.events.recording);
    const result = fn(new Context(branch, this.block, this.gasMeter, events, this.mode, this.logger, this.msgDepth));
    branch.write();
    this.events.append(events.events);
    return result;
  }
}
