import type * as abci from "cosmjs-types/tendermint/abci/types";
import type { App } from "../app/app";
import type { SnapshotManager } from "../node/snapshots/manager";
import type { AbciApplication } from "../types/abci";
import type { Logger } from "../types/logger";

/**
 * Test-only crash switch: with BLOCKCHAIND_TEST_CRASH_AFTER_FINALIZE=<height> the process
 * exits (code 86) right after FinalizeBlock of that height, before its Commit, to test
 * CometBFT's handshake replay against a real crash. Never set it on a real node.
 */
export const CRASH_ENV = "BLOCKCHAIND_TEST_CRASH_AFTER_FINALIZE";
export const CRASH_EXIT_CODE = 86;

export interface NodeOptions {
  logger: Logger;
  /** Commit retain_height = height - minRetainBlocks when > 0. */
  minRetainBlocks?: bigint;
  /** After committing this height the node stops (onHalt). */
  haltHeight?: bigint;
  onHalt?: (height: bigint) => void;
  crashAfterFinalizeHeight?: bigint;
  /** After each Commit: the height, FinalizeBlock-to-Commit time and tx count (metrics). */
  onCommitted?: (height: bigint, executionMs: number, txs: number) => void;
  /** Snapshots taken, served and restored (state sync); without it the node offers none. */
  snapshots?: SnapshotManager;
}

/**
 * The app as a node serves it to CometBFT: the node-operator settings that are not state
 * (block retention, halt height), and tracking of the commit in flight so shutdown never
 * closes the store under it.
 */
export class NodeApp implements AbciApplication {
  private inflight: Promise<unknown> = Promise.resolve();
  private halted = false;
  private finalized: { txs: number; appHash: Uint8Array; startedMs: number } | undefined;

  constructor(
    readonly app: App,
    private readonly opts: NodeOptions,
  ) {}

  /** Resolves once no commit is running. */
  idle(): Promise<void> {
    return this.inflight.then(
      () => undefined,
      () => undefined,
    );
  }

  echo(req: abci.RequestEcho) {
    return this.app.echo(req);
  }
  info(req: abci.RequestInfo) {
    return this.app.info(req);
  }
  initChain(req: abci.RequestInitChain) {
    return this.app.initChain(req);
  }
  query(req: abci.RequestQuery) {
    return this.app.query(req);
  }
  checkTx(req: abci.RequestCheckTx) {
    return this.app.checkTx(req);
  }
  precheckTx(tx: Uint8Array) {
    return this.app.precheckTx(tx);
  }
  get hasSigPool() {
    return this.app.hasSigPool;
  }
  prepareProposal(req: abci.RequestPrepareProposal) {
    return this.app.prepareProposal(req);
  }
  processProposal(req: abci.RequestProcessProposal) {
    return this.app.processProposal(req);
  }
  extendVote(req: abci.RequestExtendVote) {
    return this.app.extendVote(req);
  }
  verifyVoteExtension(req: abci.RequestVerifyVoteExtension) {
    return this.app.verifyVoteExtension(req);
  }
  listSnapshots(req: abci.RequestListSnapshots) {
    return this.opts.snapshots?.listSnapshots() ?? this.app.listSnapshots(req);
  }
  offerSnapshot(req: abci.RequestOfferSnapshot) {
    return this.opts.snapshots?.offerSnapshot(req) ?? this.app.offerSnapshot(req);
  }
  loadSnapshotChunk(req: abci.RequestLoadSnapshotChunk) {
    return this.opts.snapshots?.loadSnapshotChunk(req) ?? this.app.loadSnapshotChunk(req);
  }
  applySnapshotChunk(req: abci.RequestApplySnapshotChunk) {
    return this.opts.snapshots?.applySnapshotChunk(req) ?? this.app.applySnapshotChunk(req);
  }

  finalizeBlock(req: abci.RequestFinalizeBlock): abci.ResponseFinalizeBlock {
    if (this.halted) throw new Error(`halt height ${this.opts.haltHeight} reached; restart without halt-height to continue`);
    const startedMs = performance.now();
    const res = this.app.finalizeBlock(req);
    this.finalized = { txs: req.txs.length, appHash: res.appHash, startedMs };
    if (this.opts.crashAfterFinalizeHeight === req.height) {
      // Synchronous write: an async logger would lose the line to the exit below.
      process.stderr.write(`${CRASH_ENV}: exiting after FinalizeBlock ${req.height}, before Commit\n`);
      process.exit(CRASH_EXIT_CODE);
    }
    return res;
  }

  async commit(req: abci.RequestCommit): Promise<abci.ResponseCommit> {
    const running = this.app.commit(req);
    this.inflight = running;
    const res = await running;
    const height = this.app.lastHeight;
    this.opts.logger.info(
      {
        height: height.toString(),
        txs: this.finalized?.txs ?? 0,
        appHash: Buffer.from(this.finalized?.appHash ?? [])
          .toString("hex")
          .toUpperCase(),
      },
      "committed block",
    );
    if (this.finalized) this.opts.onCommitted?.(height, performance.now() - this.finalized.startedMs, this.finalized.txs);
    this.finalized = undefined;
    this.opts.snapshots?.afterCommit(height);
    const keep = this.opts.minRetainBlocks ?? 0n;
    const retainHeight = keep > 0n && height > keep ? height - keep : 0n;
    if (this.opts.haltHeight && this.opts.haltHeight > 0n && height >= this.opts.haltHeight && !this.halted) {
      this.halted = true;
      this.opts.logger.info({ height: height.toString() }, "halt height reached; stopping");
      this.opts.onHalt?.(height);
    }
    return { ...res, retainHeight };
  }
}

export function crashHeightFromEnv(env: NodeJS.ProcessEnv = process.env): bigint | undefined {
  const v = env[CRASH_ENV];
  return v && /^[0-9]+$/.test(v) ? BigInt(v) : undefined;
}
