import { createHash } from "node:crypto";
import * as abci from "cosmjs-types/tendermint/abci/types";
import type { AbciApplication } from "../../types/abci";
import type { Timestamp } from "../../types/codec";
import type { Logger } from "../../types/logger";
import { initChainRequest, type GenesisDoc } from "../genesis-doc";
import { DevBlockStore, type HeightValidators } from "./block-store";
import { Mempool, type BroadcastResult } from "./mempool";

export interface DevEngineOptions {
  app: AbciApplication;
  /** Directory of the engine's own block store. */
  blockDir: string;
  genesis: GenesisDoc;
  logger: Logger;
  /** Auto mode: a block every interval (ms). Manual mode (tests): call produceBlock(). */
  blockIntervalMs?: number;
  /** PrepareProposal's max_tx_bytes (CometBFT default block max bytes is 21 MB). */
  maxBlockTxBytes?: bigint;
}

/** Called after each committed block with the FinalizeBlock-to-Commit time (metrics, RPC waiters). */
export type BlockListener = (block: ProducedBlock, executionMs: number) => void;

export interface ProducedBlock {
  height: bigint;
  time: Timestamp;
  txHashes: string[];
  response: abci.ResponseFinalizeBlock;
}

function txHash(tx: Uint8Array): string {
  return createHash("sha256").update(tx).digest("hex").toUpperCase();
}

function addMillis(t: Timestamp, ms: number): Timestamp {
  const nanos = BigInt(t.nanos) + BigInt(ms) * 1_000_000n;
  return { seconds: t.seconds + nanos / 1_000_000_000n, nanos: Number(nanos % 1_000_000_000n) };
}

/**
 * A single-validator block producer that drives the app through exactly the ABCI calls
 * CometBFT makes: handshake (Info, InitChain or replay), CheckTx into a mempool,
 * PrepareProposal, ProcessProposal, FinalizeBlock, Commit, then recheck of what is left.
 */
export class DevEngine {
  readonly mempool: Mempool;
  private lastTime: Timestamp;
  private nextTime: Timestamp | undefined;
  /** Test overrides of what FinalizeBlock reports CometBFT decided (see setCommitVotes / setNextMisbehavior). */
  private commitVotes: abci.VoteInfo[] | undefined;
  private nextMisbehavior: abci.Misbehavior[] = [];
  private timer: NodeJS.Timeout | undefined;
  private producing: Promise<ProducedBlock> | undefined;
  private readonly validatorPubKey: Uint8Array;
  private readonly proposer: Uint8Array;
  private appHeight = 0n;
  private readonly listeners = new Set<BlockListener>();

  private constructor(
    private readonly opts: DevEngineOptions,
    readonly blocks: DevBlockStore,
  ) {
    this.mempool = new Mempool(opts.app);
    const init = initChainRequest(opts.genesis);
    this.lastTime = init.time!;
    const pk = init.validators[0]?.pubKey?.ed25519;
    this.validatorPubKey = pk ?? new Uint8Array(32);
    this.proposer = createHash("sha256").update(this.validatorPubKey).digest().subarray(0, 20);
  }

  /** Opens the block store and performs CometBFT's handshake with the app. */
  static async open(opts: DevEngineOptions): Promise<DevEngine> {
    const engine = new DevEngine(opts, await DevBlockStore.open(opts.blockDir));
    try {
      await engine.handshake();
    } catch (e) {
      // A replay the app refuses (an upgrade it has no handler for) leaves the store reopenable.
      await engine.blocks.close();
      throw e;
    }
    return engine;
  }

  get height(): bigint {
    return this.appHeight;
  }

  get chainId(): string {
    return this.opts.genesis.chain_id;
  }

  get lastBlockTime(): Timestamp {
    return this.lastTime;
  }

  private async handshake(): Promise<void> {
    const info = await this.opts.app.info({ version: "0.38.25", blockVersion: 11n, p2pVersion: 8n, abciVersion: "2.0.0" });
    let appHeight = info.lastBlockHeight;
    const stored = this.blocks.lastSavedHeight;
    if (appHeight > stored) throw new Error(`app height ${appHeight} is ahead of the block store (${stored})`);
    const initial = BigInt(this.opts.genesis.initial_height || "1");
    if (appHeight === 0n) {
      const request = initChainRequest(this.opts.genesis);
      const response = await this.opts.app.initChain(request);
      // An empty answer keeps the genesis set; the first set is in force at the first two heights.
      const validators = response.validators.length > 0 ? response.validators : request.validators;
      await this.blocks.saveValidatorSets([
        { height: initial, validators },
        { height: initial + 1n, validators },
      ]);
    }
    for (let h = appHeight === 0n ? initial : appHeight + 1n; h <= stored; h++) {
      const block = await this.blocks.block(h);
      if (!block) throw new Error(`block ${h} missing from the block store`);
      this.opts.logger.info({ height: h.toString() }, "replaying block the app had not committed");
      await this.execute(block);
      appHeight = h;
    }
    this.appHeight = appHeight;
    if (appHeight > 0n) {
      const last = await this.blocks.block(appHeight);
      if (last?.time) this.lastTime = last.time;
    }
  }

  /** Registers a listener for committed blocks; returns its removal. */
  onBlock(listener: BlockListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Fixes the next block's time (manual mode); otherwise blocks advance by the interval or the clock. */
  setNextBlockTime(time: Timestamp | Date): void {
    this.nextTime =
      time instanceof Date ? { seconds: BigInt(Math.floor(time.getTime() / 1000)), nanos: (time.getTime() % 1000) * 1_000_000 } : time;
  }

  /**
   * Manual mode: the decided last commit of every following block (undefined: the dev
   * validator alone signs), so tests can make validators miss blocks.
   */
  setCommitVotes(votes: abci.VoteInfo[] | undefined): void {
    this.commitVotes = votes;
  }

  /** Manual mode: misbehavior CometBFT reports in the next block only (equivocation tests). */
  setNextMisbehavior(misbehavior: abci.Misbehavior[]): void {
    this.nextMisbehavior = misbehavior;
  }

  async broadcastTxSync(tx: Uint8Array): Promise<BroadcastResult> {
    return this.mempool.add(tx);
  }

  private chooseTime(): Timestamp {
    if (this.nextTime) {
      const t = this.nextTime;
      this.nextTime = undefined;
      return t;
    }
    if (this.opts.blockIntervalMs === undefined) return addMillis(this.lastTime, 1000);
    const now = Date.now();
    const wall = { seconds: BigInt(Math.floor(now / 1000)), nanos: (now % 1000) * 1_000_000 };
    const floor = addMillis(this.lastTime, 1);
    return wall.seconds > floor.seconds || (wall.seconds === floor.seconds && wall.nanos >= floor.nanos) ? wall : floor;
  }

  /** Produces one block from the mempool; calls never overlap. */
  produceBlock(): Promise<ProducedBlock> {
    const run = async () => {
      await this.producing?.catch(() => undefined);
      return this.produceNow();
    };
    const p = run();
    this.producing = p;
    return p;
  }

  private async produceNow(): Promise<ProducedBlock> {
    const height = this.appHeight + 1n;
    const time = this.chooseTime();
    const misbehavior = this.nextMisbehavior;
    this.nextMisbehavior = [];
    const common = { height, time, misbehavior, nextValidatorsHash: new Uint8Array(32), proposerAddress: this.proposer };
    const prepared = await this.opts.app.prepareProposal({
      ...common,
      maxTxBytes: this.opts.maxBlockTxBytes ?? 22_020_096n,
      txs: this.mempool.txs(),
      localLastCommit: { round: 0, votes: [] },
    });
    const processed = await this.opts.app.processProposal({
      ...common,
      txs: prepared.txs,
      proposedLastCommit: { round: 0, votes: [] },
      hash: new Uint8Array(32),
    });
    if (processed.status !== abci.ResponseProcessProposal_ProposalStatus.ACCEPT)
      throw new Error(`app rejected its own proposal at height ${height}`);
    const block = abci.RequestFinalizeBlock.fromPartial({
      ...common,
      txs: prepared.txs,
      decidedLastCommit: {
        round: 0,
        votes: height <= 1n ? [] : (this.commitVotes ?? [{ validator: { address: this.proposer, power: 10n }, blockIdFlag: 2 }]),
      },
      hash: createHash("sha256").update(`${height}`).digest(),
    });
    await this.blocks.saveBlock(block);
    return this.execute(block);
  }

  private async execute(block: abci.RequestFinalizeBlock): Promise<ProducedBlock> {
    const started = performance.now();
    const response = await this.opts.app.finalizeBlock(block);
    const hashes = block.txs.map(txHash);
    await this.blocks.saveResults(block.height, response, hashes, await this.setAfter(block.height, response.validatorUpdates));
    await this.opts.app.commit({});
    const executionMs = performance.now() - started;
    this.appHeight = block.height;
    this.lastTime = block.time!;
    await this.mempool.afterCommit(new Set(hashes));
    // Read at a glance on a terminal: the first 6 bytes of the app hash, as CometBFT shortens hashes.
    this.opts.logger.info(
      {
        height: block.height.toString(),
        txs: block.txs.length,
        ms: Math.round(executionMs * 10) / 10,
        appHash: Buffer.from(response.appHash.subarray(0, 6)).toString("hex").toUpperCase(),
      },
      "committed block",
    );
    const produced = { height: block.height, time: block.time!, txHashes: hashes, response };
    for (const listener of this.listeners) {
      try {
        listener(produced, executionMs);
      } catch (e) {
        this.opts.logger.error({ err: (e as Error).message }, "block listener failed");
      }
    }
    return produced;
  }

  /** CometBFT's rule: updates returned at height H are in force from H + 2, on top of the set of H + 1. */
  private async setAfter(height: bigint, updates: abci.ValidatorUpdate[]): Promise<HeightValidators | undefined> {
    const current = await this.blocks.validatorSet(height + 1n);
    if (!current) return undefined;
    const keyOf = (v: abci.ValidatorUpdate) => Buffer.from(v.pubKey?.ed25519 ?? v.pubKey?.secp256k1 ?? []).toString("hex");
    const byKey = new Map(current.map((v) => [keyOf(v), v]));
    for (const u of updates) {
      if (u.power === 0n) byKey.delete(keyOf(u));
      else byKey.set(keyOf(u), u);
    }
    return { height: height + 2n, validators: [...byKey.values()] };
  }

  async getTx(hash: string): Promise<{ height: bigint; index: number; tx: Uint8Array; result: abci.ExecTxResult } | undefined> {
    const loc = await this.blocks.txLocation(hash);
    if (!loc) return undefined;
    const [block, results] = await Promise.all([this.blocks.block(loc.height), this.blocks.results(loc.height)]);
    if (!block || !results) return undefined;
    return { height: loc.height, index: loc.index, tx: block.txs[loc.index], result: results.txResults[loc.index] };
  }

  /** Auto mode: produce a block every interval until stop(). */
  start(): void {
    const interval = this.opts.blockIntervalMs ?? 1000;
    const tick = () => {
      this.produceBlock()
        .catch((e) => this.opts.logger.error({ err: (e as Error).message }, "block production failed"))
        .finally(() => {
          if (this.timer) this.timer = setTimeout(tick, interval);
        });
    };
    this.timer = setTimeout(tick, interval);
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.producing?.catch(() => undefined);
  }

  async close(): Promise<void> {
    await this.stop();
    await this.blocks.close();
  }
}
