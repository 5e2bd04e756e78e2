import "../types/proto-runtime";
import { canonicaliseQueryAddresses } from "../codec/canonical-addresses";
import * as abci from "cosmjs-types/tendermint/abci/types";
import { SimulateRequest, SimulateResponse } from "cosmjs-types/cosmos/tx/v1beta1/service";
import { AuthInfo, TxBody, TxRaw, type Tx } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { CommitStore, type CommitStoreOptions } from "../store/commit-store";
import { BranchStore } from "../store/branch";
import type { HistoricalState } from "../store/historical";
import { answerStoreQuery, STORE_KEY_QUERY } from "./store-query";
import { ReadRecorder } from "../store/read-set";
import { type RecordedQuery, watchedBlock } from "./recorded-query";
import type { Branch, MetaWrites } from "../store/types";
import type { AbciApplication } from "../types/abci";
import type { Codec, Timestamp } from "../types/codec";
import { Context, type BlockInfo } from "../types/context";
import { commitInfoOf } from "./commit-info";
import { AppError, GrpcCode, sdkErrors, toAppError } from "../types/errors";
import type { Event } from "../types/events";
import type { Logger } from "../types/logger";
import type { ValidatorUpdate } from "../types/module";
import { decodeGenesis, exportAppState, initGenesis, parseAppState, type AppState } from "./genesis";
import { AppMeta, blockTimeOf } from "./meta";
import type { ModuleSet } from "./module-set";
import { Router } from "./router";
import { SigCache } from "./tx/sigverify";
import { DecodedTxCache } from "./tx/decoded-cache";
import type { SigVerifyPool } from "./tx/sig-pool";
import { parseDecCoins } from "./tx/fees";
import { predictCheckTx, runTx, verifyProposalTx, type RunnerDeps, type TxResult } from "./tx/runner";
import { txHash } from "./tx/decode";
import { checkInvariants, InvariantBrokenError } from "./invariants";
import { runBlockHook, runPreBlock } from "./block-hooks";
import { AppMetrics } from "./metrics";

export const APP_NAME = "blockchain";
export const APP_VERSION = "0.1.0";
export const APP_PROTOCOL_VERSION = 1n;

export interface AppOptions {
  dataDir: string;
  modules: ModuleSet;
  logger: Logger;
  /** Node-local CheckTx fee floor, e.g. "0.0025uyml". */
  minGasPrices?: string;
  /** Largest tx CheckTx accepts (CometBFT's mempool max_tx_bytes default). */
  maxTxBytes?: number;
  /** Verifies NEW CheckTxs' signatures on worker threads ahead of their turn (precheckTx); none: all inline. */
  sigPool?: SigVerifyPool;
  store?: CommitStoreOptions;
  /**
   * Check every module's invariants after each block's end blockers (app.toml `invariants`,
   * `start --invariants`; off by default, it reads whole module states). A break is logged and
   * FinalizeBlock fails, so the node halts before committing the block.
   */
  invariants?: boolean;
}

const EMPTY = new Uint8Array();
const SIMULATE_PATH = "/cosmos.tx.v1beta1.Service/Simulate";
/** CometBFT's mempool max_tx_bytes default. */
const DEFAULT_MAX_TX_BYTES = 1024 * 1024;

/**
 * A query's request bytes as the SDK's gRPC query router unmarshals them: bytes that do not
 * decode are the caller's (InvalidArgument, code 18), never a panic.
 */
function decodeQueryRequest<Q>(codec: Codec<Q>, data: Uint8Array): Q {
  try {
    return codec.decode(data);
  } catch (e) {
    throw new AppError("sdk", sdkErrors.ErrInvalidRequest.code, `invalid request: ${(e as Error).message}`, GrpcCode.InvalidArgument);
  }
}

/** Maps a query failure the way the SDK's gRPCErrorToSDKError does: ABCI code by gRPC code, log as gRPC status text. */
function queryError(err: unknown, height: bigint): abci.ResponseQuery {
  const e = toAppError(err);
  const grpc = e instanceof AppError ? e.grpcCode : GrpcCode.Unknown;
  const kind =
    grpc === GrpcCode.NotFound
      ? sdkErrors.ErrKeyNotFound
      : grpc === GrpcCode.InvalidArgument || grpc === GrpcCode.FailedPrecondition
        ? sdkErrors.ErrInvalidRequest
        : grpc === GrpcCode.Unauthenticated
          ? sdkErrors.ErrUnauthorized
          : sdkErrors.ErrUnknownRequest;
  const log = `rpc error: code = ${GrpcCode[grpc]} desc = ${e.message}`;
  return abci.ResponseQuery.fromPartial({ code: kind.code, codespace: kind.codespace, log, height });
}

/** A query refused outside a gRPC handler: the error's own code, as the SDK's QueryResult. */
function refusal(err: AppError, height: bigint): abci.ResponseQuery {
  return abci.ResponseQuery.fromPartial({ code: err.code, codespace: err.codespace, log: err.message, height });
}

/**
 * Our events already have the ABCI shape ({type, attributes: {key, value, index}[]}) and are not
 * touched after a tx or block finishes, so they are handed over as they are rather than copied.
 */
function toAbciEvents(events: readonly Event[]): abci.Event[] {
  return events as Event[] as abci.Event[];
}

/**
 * The ABCI application: composes the modules over one CommitStore. Three views of state, as
 * CometBFT expects: the block branch (FinalizeBlock, persisted only at Commit), the check
 * state (CheckTx, reset at Commit) and committed state (Query).
 */
export class App implements AbciApplication {
  readonly router: Router;
  /** Module names, each the prefix of its keys: the stores `/store/<name>/key` reads. */
  private readonly storeNames: ReadonlySet<string>;
  private readonly runner: RunnerDeps;
  private readonly meta: AppMeta;
  private checkState: Branch;
  /** The genesis branch (after InitChain) or the finalized block's branch, awaiting Commit. */
  private pending: { branch: Branch; height: bigint; time: Timestamp } | undefined;
  private genesisBranch: Branch | undefined;
  /** The last proposal this node built (PrepareProposal): its height and tx hashes, already verified. */
  private prepared: { height: bigint; hashes: string[] } | undefined;
  /** Block-hook failures and the like, for the node's /metrics. */
  readonly metrics = new AppMetrics();

  private constructor(
    readonly store: CommitStore,
    readonly modules: ModuleSet,
    readonly logger: Logger,
    private readonly opts: AppOptions,
  ) {
    this.router = new Router(modules.modules);
    this.storeNames = new Set(modules.modules.map((m) => m.name));
    for (const m of modules.modules) m.bindRouter?.(this.router);
    this.meta = new AppMeta(store);
    modules.bindGenesisConsensusParams?.(() => this.meta.genesisConsensusParams);
    this.checkState = store.branch();
    this.runner = {
      router: this.router,
      logger,
      decoded: new DecodedTxCache(),
      postHandlers: modules.modules.filter((m) => m.postTx !== undefined),
      ante: {
        accounts: modules.accounts,
        bank: modules.bank,
        feeGrant: () => modules.feeGrant,
        feeCollector: modules.feeCollector,
        feeDenom: modules.feeDenom,
        minGasPrices: parseDecCoins(opts.minGasPrices ?? ""),
        initialHeight: () => this.meta.initialHeight,
        sigCache: new SigCache(),
        checks: modules.modules.filter((m) => m.anteCheck !== undefined).map((m) => (ctx, tx) => m.anteCheck!(ctx, tx)),
        feeChecks: modules.modules.filter((m) => m.feeCheck !== undefined).map((m) => (ctx, tx) => m.feeCheck!(ctx, tx)),
      },
    };
  }

  static async open(opts: AppOptions): Promise<App> {
    // Every module's store is named in the app hash, holding keys or not (an empty one has the empty root).
    const store = await CommitStore.open(opts.dataDir, { ...opts.store, stores: opts.modules.modules.map((m) => m.name) });
    return new App(store, opts.modules, opts.logger, opts);
  }

  async close(): Promise<void> {
    await this.store.close();
  }

  get lastHeight(): bigint {
    return this.store.lastHeight;
  }

  get chainId(): string {
    return this.meta.chainId;
  }

  private blockInfo(height: bigint, time: Timestamp, proposer: Uint8Array = EMPTY): BlockInfo {
    return { height, time, chainId: this.meta.chainId, proposer };
  }

  /** A read-only context on committed state (queries, REST, CLI export). */
  queryContext(): Context {
    return Context.create(this.store.branch(), this.blockInfo(this.store.lastHeight, this.meta.lastBlockTime), "query", this.logger);
  }

  echo(req: abci.RequestEcho): abci.ResponseEcho {
    return { message: req.message };
  }

  info(_req: abci.RequestInfo): abci.ResponseInfo {
    return {
      data: APP_NAME,
      version: APP_VERSION,
      appVersion: APP_PROTOCOL_VERSION,
      lastBlockHeight: this.store.lastHeight,
      lastBlockAppHash: this.store.lastHeight === 0n ? EMPTY : this.store.lastAppHash,
    };
  }

  initChain(req: abci.RequestInitChain): abci.ResponseInitChain {
    if (this.store.lastHeight !== 0n) throw new Error(`InitChain on a chain already at height ${this.store.lastHeight}`);
    this.meta.setChain(req.chainId, req.initialHeight > 0n ? req.initialHeight : 1n, req.consensusParams);
    const time = req.time ?? { seconds: 0n, nanos: 0 };
    const branch = this.store.branch();
    const ctx = Context.create(branch, this.blockInfo(this.meta.initialHeight - 1n, time), "genesis", this.logger);
    const decoded = decodeGenesis(this.modules.modules, parseAppState(req.appStateBytes));
    // As the SDK's InitChain (StoreConsensusParams): the params live in merkleized state, the
    // only place block execution reads them from.
    if (req.consensusParams) this.modules.consensusParamStore?.initParams(ctx, req.consensusParams);
    initGenesis(ctx, this.modules.initGenesisOrder, decoded);
    this.modules.initVersionMap?.(ctx);
    this.deliverGenTxs(branch, this.blockInfo(this.meta.initialHeight - 1n, time), this.modules.genesisTxs?.(decoded) ?? []);
    const validators = this.modules.genesisValidators?.(ctx) ?? [];
    this.genesisBranch = branch;
    this.pending = { branch, height: this.meta.initialHeight - 1n, time };
    this.checkState = branch.branch();
    return {
      consensusParams: undefined,
      validators: validators.map((v) => ({ pubKey: { ed25519: v.pubKey }, power: v.power })),
      appHash: this.store.computeAppHash(branch),
    };
  }

  /**
   * The SDK's DeliverGenTxs: each gentx, in order, through the normal tx pipeline on the
   * genesis branch (after every InitGenesis, before the validator set is read); a gentx that
   * fails aborts InitChain, since a chain must not start without a validator it declared.
   */
  private deliverGenTxs(branch: Branch, block: BlockInfo, txs: Uint8Array[]): void {
    txs.forEach((tx, i) => {
      const r = runTx(this.runner, branch, block, "deliver", tx);
      if (r.code !== 0) throw new Error(`InitChain: gentx ${i} failed (codespace ${r.codespace}, code ${r.code}): ${r.log}`);
    });
  }

  /**
   * ABCI Query at the latest height (answered at once) or at an older one the pruning
   * settings keep (answered once its undo logs are read); refusals as the SDK's
   * CreateQueryContext words them, with their own codes.
   */
  query(req: abci.RequestQuery & { height: 0n; prove: false }): abci.ResponseQuery;
  query(req: abci.RequestQuery): abci.ResponseQuery | Promise<abci.ResponseQuery>;
  query(req: abci.RequestQuery): abci.ResponseQuery | Promise<abci.ResponseQuery> {
    const latest = this.store.lastHeight;
    if (req.height === 0n || req.height === latest) {
      return STORE_KEY_QUERY.test(req.path) ? this.storeQuery(req, undefined, latest) : this.answerQuery(req, undefined, latest);
    }
    if (req.height > latest)
      return refusal(sdkErrors.ErrInvalidHeight.wrap("cannot query with height in the future; please provide a valid height"), latest);
    return this.queryHistorical(req);
  }

  /**
   * A latest-height query with what it read of committed state, so that its answer can be kept
   * while no commit writes any of it. `reads` is undefined when the answer depends on more than
   * that state (the block's height, time or proposer; a simulation) or read too much to check.
   */
  queryRecorded(req: abci.RequestQuery): RecordedQuery {
    const height = this.store.lastHeight;
    const recorder = new ReadRecorder(this.store);
    const watched = watchedBlock(this.blockInfo(height, this.meta.lastBlockTime));
    const ctx = Context.create(new BranchStore(recorder), watched.block, "query", this.logger);
    const response = this.answerQuery(req, ctx, height);
    const reads = req.path === SIMULATE_PATH || watched.read() ? undefined : recorder.readSet();
    return { response, reads };
  }

  private async storeQuery(req: abci.RequestQuery, state: HistoricalState | undefined, height: bigint): Promise<abci.ResponseQuery> {
    try {
      return answerStoreQuery(this.store, state, this.storeNames, req, height);
    } catch (e) {
      return refusal(toAppError(e), height);
    }
  }

  private async queryHistorical(req: abci.RequestQuery): Promise<abci.ResponseQuery> {
    // Heights before the store's conversion to per-store tries are gone as a pruned height is.
    const state = req.height < this.store.convertedAt ? undefined : await this.store.stateAt(req.height);
    if (!state) {
      const latest = this.store.lastHeight;
      return refusal(
        sdkErrors.ErrNotFound.wrap(`failed to load state at height ${req.height}; version does not exist (latest height: ${latest})`),
        latest,
      );
    }
    if (STORE_KEY_QUERY.test(req.path)) return this.storeQuery(req, state, state.height);
    const ctx = Context.create(new BranchStore(state), this.blockInfo(state.height, blockTimeOf(state)), "query", this.logger);
    return this.answerQuery(req, ctx, state.height);
  }

  /** `ctx` undefined: the latest state, whose context is only built for paths that need one. */
  private answerQuery(req: abci.RequestQuery, ctx: Context | undefined, height: bigint): abci.ResponseQuery {
    try {
      if (req.path === SIMULATE_PATH) {
        return abci.ResponseQuery.fromPartial({
          value: SimulateResponse.encode(this.simulate(decodeQueryRequest(SimulateRequest, req.data))).finish(),
          height,
        });
      }
      const def = this.router.queryDef(req.path);
      if (!def)
        throw new AppError(
          "sdk",
          sdkErrors.ErrUnknownRequest.code,
          `unknown query path: ${req.path.slice(0, 200)}`,
          GrpcCode.Unimplemented,
        );
      const request = decodeQueryRequest(def.requestCodec, req.data);
      canonicaliseQueryAddresses(req.path, request);
      const response = def.handle(ctx ?? this.queryContext(), request);
      return abci.ResponseQuery.fromPartial({ value: def.responseCodec.encode(response).finish(), height });
    } catch (e) {
      return queryError(e, height);
    }
  }

  /** Runs a tx against a branch of the check state; signatures are skipped but their gas charged. */
  simulate(req: SimulateRequest): SimulateResponse {
    const bytes =
      req.txBytes.length > 0
        ? req.txBytes
        : req.tx
          ? TxRaw.encode({ bodyBytes: encodeBody(req.tx), authInfoBytes: encodeAuthInfo(req.tx), signatures: req.tx.signatures }).finish()
          : EMPTY;
    // As the SDK's tx service: a request without a tx is the caller's mistake (InvalidArgument).
    if (bytes.length === 0)
      throw new AppError("sdk", sdkErrors.ErrInvalidRequest.code, "empty txBytes is not allowed", GrpcCode.InvalidArgument);
    const result = runTx(
      this.runner,
      this.checkState.branch(),
      this.blockInfo(this.store.lastHeight + 1n, this.meta.lastBlockTime),
      "simulate",
      bytes,
    );
    if (result.code !== 0) {
      throw new AppError(
        result.codespace,
        result.code,
        `${result.log} With gas wanted: '${result.gasWanted}' and gas used: '${result.gasUsed}' `,
        GrpcCode.Unknown,
      );
    }
    return SimulateResponse.fromPartial({
      gasInfo: { gasWanted: result.gasWanted, gasUsed: result.gasUsed },
      result: { data: result.data, log: "", events: toAbciEvents(result.events), msgResponses: result.msgResponses },
    });
  }

  /** `keep: false` (CometBFT's check_tx RPC on the dev node) checks without touching the check state. */
  checkTx(req: abci.RequestCheckTx, opts: { keep?: boolean } = {}): abci.ResponseCheckTx {
    const maxTxBytes = this.opts.maxTxBytes ?? DEFAULT_MAX_TX_BYTES;
    if (req.tx.length > maxTxBytes) {
      const err = sdkErrors.ErrTxTooLarge.wrap(`tx size ${req.tx.length} exceeds the limit of ${maxTxBytes} bytes`);
      return abci.ResponseCheckTx.fromPartial({ code: err.code, codespace: err.codespace, log: err.message });
    }
    const mode = req.type === abci.CheckTxType.RECHECK ? "recheck" : "check";
    const branch = this.checkState.branch();
    const result = runTx(this.runner, branch, this.blockInfo(this.store.lastHeight + 1n, this.meta.lastBlockTime), mode, req.tx);
    // Only the ante effects matter to later CheckTx calls (sequence, fee); keep them when the tx passes.
    if (result.code === 0 && opts.keep !== false) branch.write();
    // Built directly, in the shape fromPartial gives: it would copy the data and every event again.
    return {
      code: result.code,
      data: result.data,
      log: result.log,
      info: "",
      gasWanted: result.gasWanted,
      gasUsed: result.gasUsed,
      events: toAbciEvents(result.events),
      codespace: result.codespace,
    };
  }

  /** True when NEW CheckTxs' signatures are verified on worker threads (a pool of size > 0). */
  get hasSigPool(): boolean {
    return (this.opts.sigPool?.size ?? 0) > 0;
  }

  /**
   * Starts the signature verification of a NEW CheckTx on the worker pool, before the CheckTx
   * itself runs (in order, on this thread). Verified signatures land in the signature cache
   * under the account numbers read now; the CheckTx finds them there only if its own sign
   * bytes are the same, and otherwise verifies inline. Undefined when there is no pool or
   * nothing to verify ahead.
   */
  precheckTx(tx: Uint8Array): Promise<void> | undefined {
    const pool = this.opts.sigPool;
    if (!pool || pool.size === 0 || tx.length > (this.opts.maxTxBytes ?? DEFAULT_MAX_TX_BYTES)) return undefined;
    const prediction = predictCheckTx(
      this.runner,
      this.checkState,
      this.blockInfo(this.store.lastHeight + 1n, this.meta.lastBlockTime),
      tx,
    );
    if (!prediction || prediction.jobs.length === 0) return undefined;
    return pool.verify(prediction.jobs).then((verdicts) => {
      if (verdicts.every((ok) => ok)) prediction.confirm();
    });
  }

  /**
   * The mempool's txs in its order, up to max_tx_bytes and the block's max gas, each one
   * passing the ante chain on the proposal's branch in order, as ProcessProposal will check it:
   * this node never proposes a block the others reject.
   */
  prepareProposal(req: abci.RequestPrepareProposal): abci.ResponsePrepareProposal {
    const limit = req.maxTxBytes > 0n ? req.maxTxBytes : BigInt(Number.MAX_SAFE_INTEGER);
    const block = this.blockInfo(req.height, req.time ?? this.meta.lastBlockTime, req.proposerAddress);
    const branch = this.proposalBranch();
    const maxGas = this.maxBlockGas(branch, block);
    const proposal = this.checkedProposal(req, limit, maxGas) ?? this.verifiedProposal(req, limit, maxGas, block, branch);
    this.prepared = { height: req.height, hashes: proposal.hashes };
    return { txs: proposal.txs };
  }

  /**
   * All the reaped txs as they are, when they are exactly the first passes of (re)CheckTx on
   * this height's check state, in that order, none paid through a fee grant, and together fit
   * the limits: the check state is the committed state plus those passes' ante writes, so the
   * ante chain would give the same answers on the proposal's branch. (A fee allowance's expiry
   * depends on the block time, which the check state does not share with the proposal.)
   * Undefined otherwise: a recheck still in flight when CometBFT reaped, a tx that passed here
   * but is not proposed (CometBFT's mempool refused it), a tx over a limit.
   */
  private checkedProposal(
    req: abci.RequestPrepareProposal,
    limit: bigint,
    maxGas: bigint,
  ): { txs: Uint8Array[]; hashes: string[] } | undefined {
    const hashes: string[] = [];
    let total = 0n;
    let gas = 0n;
    for (const [i, tx] of req.txs.entries()) {
      const hash = txHash(tx);
      const checked = this.runner.decoded.passedAt(hash, req.height, i);
      if (!checked || checked.feeGranter !== "") return undefined;
      total += BigInt(tx.length);
      gas += checked.gasLimit;
      if (total > limit || (maxGas > 0n && gas > maxGas)) return undefined;
      hashes.push(hash);
    }
    return { txs: req.txs, hashes };
  }

  /** Each reaped tx through the ante chain on the proposal's branch, in order; those that fail or do not fit are left out. */
  private verifiedProposal(
    req: abci.RequestPrepareProposal,
    limit: bigint,
    maxGas: bigint,
    block: BlockInfo,
    branch: Branch,
  ): { txs: Uint8Array[]; hashes: string[] } {
    const txs: Uint8Array[] = [];
    const hashes: string[] = [];
    let total = 0n;
    let gas = 0n;
    for (const tx of req.txs) {
      if (total + BigInt(tx.length) > limit) continue;
      const verified = verifyProposalTx(this.runner, branch, block, tx);
      if (!verified || (maxGas > 0n && gas + verified.gasWanted > maxGas)) continue;
      verified.keep();
      txs.push(tx);
      hashes.push(verified.hash);
      total += BigInt(tx.length);
      gas += verified.gasWanted;
    }
    return { txs, hashes };
  }

  /**
   * The SDK's default ProcessProposal: every tx must decode and pass the ante chain
   * (signatures, fee payable, sequence) on the proposal's branch in order, without the
   * node-local fee floor, and the txs' gas wanted together must fit the block's max gas;
   * otherwise the block is rejected. A proposal this node built itself (PrepareProposal ran
   * exactly these checks on the same state) is accepted as it is.
   */
  processProposal(req: abci.RequestProcessProposal): abci.ResponseProcessProposal {
    const { ACCEPT, REJECT } = abci.ResponseProcessProposal_ProposalStatus;
    if (this.isOwnProposal(req)) return { status: ACCEPT };
    const block = this.blockInfo(req.height, req.time ?? this.meta.lastBlockTime, req.proposerAddress);
    const branch = this.proposalBranch();
    const maxGas = this.maxBlockGas(branch, block);
    let gas = 0n;
    for (const tx of req.txs) {
      const verified = verifyProposalTx(this.runner, branch, block, tx);
      if (!verified) return { status: REJECT };
      verified.keep();
      gas += verified.gasWanted;
      if (maxGas > 0n && gas > maxGas) return { status: REJECT };
    }
    return { status: ACCEPT };
  }

  private isOwnProposal(req: abci.RequestProcessProposal): boolean {
    const own = this.prepared;
    if (!own || own.height !== req.height || own.hashes.length !== req.txs.length) return false;
    for (let i = 0; i < req.txs.length; i++) if (txHash(req.txs[i]) !== own.hashes[i]) return false;
    return true;
  }

  /** What a proposal is checked against: the state the block will run on (genesis' until block one commits). */
  private proposalBranch(): Branch {
    return this.genesisBranch ? this.genesisBranch.branch() : this.store.branch();
  }

  /** The block's max gas from the consensus params in state; -1 (no limit) as CometBFT's default. */
  private maxBlockGas(branch: Branch, block: BlockInfo): bigint {
    const params = this.modules.consensusParamStore?.getParams(Context.create(branch, block, "query", this.logger));
    return params?.block?.maxGas ?? -1n;
  }

  finalizeBlock(req: abci.RequestFinalizeBlock): abci.ResponseFinalizeBlock {
    const expected = this.pending && this.genesisBranch ? this.pending.height + 1n : this.store.lastHeight + 1n;
    if (req.height !== expected) throw new Error(`FinalizeBlock height ${req.height}, expected ${expected}`);
    // The first block runs over the genesis branch in a child, joined only when the block
    // succeeds: a FinalizeBlock that fails (a halt) leaves the genesis state as InitChain made it.
    const genesis = this.genesisBranch;
    const branch = genesis ? genesis.branch() : this.store.branch();
    const time = req.time ?? { seconds: 0n, nanos: 0 };
    const block: BlockInfo = { ...this.blockInfo(req.height, time, req.proposerAddress), ...commitInfoOf(req) };
    const blockEvents: Event[] = [];

    for (const m of this.modules.preBlockOrder) runPreBlock(this, branch, block, (ctx) => m.preBlock!(ctx), blockEvents);
    for (const m of this.modules.beginBlockOrder) {
      runBlockHook(this, branch, block, m.name, "BeginBlock", (ctx) => void m.beginBlock!(ctx), blockEvents);
    }
    const txResults = req.txs.map((tx) => toExecResult(runTx(this.runner, branch, block, "deliver", tx)));
    const updates: ValidatorUpdate[] = [];
    for (const m of this.modules.endBlockOrder) {
      runBlockHook(
        this,
        branch,
        block,
        m.name,
        "EndBlock",
        (ctx) => {
          const out = m.endBlock!(ctx);
          if (out) for (const u of out) updates.push(u);
        },
        blockEvents,
      );
    }

    const paramUpdates = this.modules.consensusParamUpdates?.(Context.create(branch, block, "block", this.logger));
    if (this.opts.invariants) this.assertInvariants(branch, block);

    if (genesis) branch.write();
    const finalized = genesis ?? branch;
    this.genesisBranch = undefined;
    this.pending = { branch: finalized, height: req.height, time };
    // Built directly: fromPartial would deep-copy every tx result and event of the block.
    return {
      events: toAbciEvents(blockEvents),
      txResults,
      validatorUpdates: updates.map((u) => ({ pubKey: { ed25519: u.pubKey }, power: u.power })),
      consensusParamUpdates: paramUpdates,
      appHash: this.store.computeAppHash(finalized),
    } as abci.ResponseFinalizeBlock;
  }

  private assertInvariants(branch: Branch, block: BlockInfo): void {
    const broken = checkInvariants(Context.create(branch.branch(), block, "query", this.logger), this.modules.modules);
    if (broken.length === 0) return;
    for (const b of broken)
      this.logger.error({ height: block.height.toString(), invariant: b.invariant, err: b.message }, "invariant broken; halting");
    throw new InvariantBrokenError(block.height, broken);
  }

  async commit(_req?: abci.RequestCommit): Promise<abci.ResponseCommit> {
    const pending = this.pending;
    if (!pending || this.genesisBranch) throw new Error("Commit without a finalized block");
    await this.store.commit(pending.branch, pending.height, this.meta.writes(pending.time));
    this.meta.committed(pending.time);
    this.pending = undefined;
    this.checkState = this.store.branch();
    return { retainHeight: 0n };
  }

  extendVote(_req: abci.RequestExtendVote): abci.ResponseExtendVote {
    return { voteExtension: EMPTY };
  }

  verifyVoteExtension(_req: abci.RequestVerifyVoteExtension): abci.ResponseVerifyVoteExtension {
    return { status: abci.ResponseVerifyVoteExtension_VerifyStatus.ACCEPT };
  }

  listSnapshots(_req: abci.RequestListSnapshots): abci.ResponseListSnapshots {
    return { snapshots: [] };
  }

  offerSnapshot(_req: abci.RequestOfferSnapshot): abci.ResponseOfferSnapshot {
    return { result: abci.ResponseOfferSnapshot_Result.REJECT };
  }

  loadSnapshotChunk(_req: abci.RequestLoadSnapshotChunk): abci.ResponseLoadSnapshotChunk {
    return { chunk: EMPTY };
  }

  applySnapshotChunk(_req: abci.RequestApplySnapshotChunk): abci.ResponseApplySnapshotChunk {
    return { result: abci.ResponseApplySnapshotChunk_Result.ABORT, refetchChunks: [], rejectSenders: [] };
  }

  /**
   * State sync: commits `entries` (a snapshot's state, complete) as `height` with the meta
   * entries it carried, only if they reproduce `appHash` — the hash CometBFT's light client
   * verified for that height. False leaves the store untouched (empty), so another snapshot
   * can be tried.
   */
  async restoreSnapshot(
    height: bigint,
    entries: Iterable<[Uint8Array, Uint8Array]>,
    meta: MetaWrites,
    appHash: Uint8Array,
  ): Promise<boolean> {
    if (this.store.lastHeight !== 0n || this.pending || this.genesisBranch) throw new Error("state sync needs a node without state");
    const branch = this.store.branch();
    for (const [k, v] of entries) branch.set(k, v);
    if (Buffer.compare(this.store.computeAppHash(branch), appHash) !== 0) return false;
    await this.store.commit(branch, height, meta);
    this.meta.load(this.store);
    this.checkState = this.store.branch();
    return true;
  }

  /** Meta entries of the committed height, as a snapshot carries them. */
  metaEntries(): MetaWrites {
    return this.meta.writes(this.meta.lastBlockTime);
  }

  /** Genesis JSON of the current committed state (blockchaind export). */
  exportAppState(): AppState {
    return exportAppState(this.queryContext(), this.modules.initGenesisOrder);
  }

  /**
   * Genesis JSON of the state InitChain imported, read from its uncommitted branch before any
   * block runs: the genesis round trip (export → import → export is a fixed point).
   */
  exportGenesisState(): AppState {
    if (!this.genesisBranch || !this.pending) throw new Error("no InitChain awaiting its first block");
    const ctx = Context.create(this.genesisBranch.branch(), this.blockInfo(this.pending.height, this.pending.time), "query", this.logger);
    return exportAppState(ctx, this.modules.initGenesisOrder);
  }
}

function toExecResult(r: TxResult): abci.ExecTxResult {
  return {
    code: r.code,
    data: r.data,
    log: r.log,
    info: "",
    gasWanted: r.gasWanted,
    gasUsed: r.gasUsed,
    events: toAbciEvents(r.events),
    codespace: r.codespace,
  };
}

function encodeBody(tx: Tx): Uint8Array {
  return tx.body ? TxBody.encode(tx.body).finish() : EMPTY;
}

function encodeAuthInfo(tx: Tx): Uint8Array {
  return tx.authInfo ? AuthInfo.encode(tx.authInfo).finish() : EMPTY;
}
