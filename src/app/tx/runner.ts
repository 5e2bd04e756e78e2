import { TxMsgData } from "cosmjs-types/cosmos/base/abci/v1beta1/abci";
import type { Branch } from "../../store/types";
import type { AnyMsg } from "../../types/codec";
import { Context, type BlockInfo, type ExecMode } from "../../types/context";
import { AppError, toAppError } from "../../types/errors";
import type { Event } from "../../types/events";
import { GasMeter, OutOfGasError, outOfGasToAppError } from "../../types/gas";
import type { Logger } from "../../types/logger";
import type { Module } from "../../types/module";
import type { Router } from "../router";
import { predictSignatures, runAnte, type AnteDeps } from "./ante";
import type { SignatureJob } from "./sig-jobs";
import { decodeTx, txHash, type DecodedTx } from "./decode";
import type { DecodedTxCache } from "./decoded-cache";

export interface TxResult {
  code: number;
  codespace: string;
  log: string;
  /** TxMsgData{msg_responses} for a success; empty otherwise. */
  data: Uint8Array;
  msgResponses: AnyMsg[];
  gasWanted: bigint;
  gasUsed: bigint;
  events: Event[];
  tx?: DecodedTx;
}

export interface RunnerDeps {
  router: Router;
  ante: AnteDeps;
  postHandlers: Module[];
  logger: Logger;
  decoded: DecodedTxCache;
}

/**
 * Decode and the ante chain refuse bad input with AppErrors; anything else escaping them is a
 * bug in the node (the fuzzers look for exactly this), logged rather than folded silently into
 * the panic code.
 */
function logUnexpected(deps: RunnerDeps, stage: string, err: unknown, hash: string): void {
  if (err instanceof AppError || err instanceof OutOfGasError) return;
  deps.logger.error(
    { err: err instanceof Error ? (err.stack ?? err.message) : String(err), tx: hash, stage },
    `${stage} threw a non-AppError`,
  );
}

function errorResult(err: unknown, meter: GasMeter | undefined, gasWanted: bigint, events: Event[], tx?: DecodedTx): TxResult {
  const appErr: AppError = err instanceof OutOfGasError && meter ? outOfGasToAppError(err, meter) : toAppError(err);
  return {
    code: appErr.code,
    codespace: appErr.codespace,
    log: appErr.message,
    data: new Uint8Array(),
    msgResponses: [],
    gasWanted,
    gasUsed: meter?.consumed ?? 0n,
    events,
    tx,
  };
}

/** The post handlers that follow this tx (Module.postTxScope), each in its own branch; their events join `events`. */
function runPostHandlers(
  deps: RunnerDeps,
  state: Branch,
  block: BlockInfo,
  mode: ExecMode,
  tx: DecodedTx,
  events: Event[],
  succeeded: boolean,
  inBlock: boolean,
): void {
  for (const module of deps.postHandlers) {
    if (module.postTxScope === "block" ? !inBlock : !succeeded) continue;
    const postBranch = state.branch();
    const postCtx = Context.create(postBranch, block, mode, deps.logger, GasMeter.infinite());
    try {
      module.postTx!(postCtx, tx);
      postBranch.write();
      for (const event of postCtx.events.events) events.push(event);
    } catch (e) {
      deps.logger.warn({ module: module.name, tx: tx.hash, err: (e as Error).message }, "post handler failed; tx unaffected");
    }
  }
}

/**
 * Runs one tx against `state` (the check state or the block branch), the SDK's runTx:
 * the ante chain in its own branch (kept even if messages then fail: fee and sequence), all
 * messages together in a second branch (kept only if every one succeeds), post handlers last
 * (those scoped to "block" also after a block's tx whose messages failed).
 */
export function runTx(deps: RunnerDeps, state: Branch, block: BlockInfo, mode: ExecMode, bytes: Uint8Array): TxResult {
  let tx: DecodedTx;
  const hash = txHash(bytes);
  // A committed tx leaves the cache (deliver takes it); a mempool tx stays for its rechecks.
  const cached = mode === "deliver" ? deps.decoded.take(hash) : deps.decoded.get(hash);
  const mempool = mode === "check" || mode === "recheck";
  if (cached) tx = cached;
  else {
    try {
      tx = decodeTx(bytes, (url) => deps.router.msgDef(url), hash);
    } catch (e) {
      logUnexpected(deps, "tx decode", e, hash);
      return errorResult(e, undefined, 0n, []);
    }
    if (mempool) deps.decoded.add(tx);
  }
  // As the SDK's SetUpContextDecorator: simulation measures gas, so it runs without a limit.
  const meter = mode === "simulate" ? GasMeter.infinite() : new GasMeter(tx.gasLimit);

  const anteBranch = state.branch();
  const anteCtx = Context.create(anteBranch, block, mode, deps.logger, meter);
  try {
    runAnte(anteCtx, tx, deps.ante);
  } catch (e) {
    logUnexpected(deps, "ante handler", e, tx.hash);
    // CometBFT drops a tx whose (re)CheckTx fails: nothing will ask for its decoding again.
    if (mempool) deps.decoded.delete(tx.hash);
    return errorResult(e, meter, tx.gasLimit, [], tx);
  }
  anteBranch.write();
  const anteEvents = anteCtx.events.events;
  // As in the SDK, (re)CheckTx runs only the ante chain; messages execute in blocks and simulation.
  // A passing CheckTx answers without events, as the SDK's (baseapp adds the ante's events to a
  // result only when finalizing or simulating): CometBFT's mempool would only decode and drop them.
  if (mempool) {
    deps.decoded.markPassed(tx.hash, block.height);
    return {
      code: 0,
      codespace: "",
      log: "",
      data: new Uint8Array(),
      msgResponses: [],
      gasWanted: tx.gasLimit,
      gasUsed: meter.consumed,
      events: [],
      tx,
    };
  }

  // A block's tx past genesis: post handlers scoped to "block" follow it whatever its messages do.
  const inBlock = mode === "deliver" && block.height >= (deps.ante.initialHeight?.() ?? 1n);
  const msgBranch = state.branch();
  const msgCtx = Context.create(msgBranch, block, mode, deps.logger, meter);
  const responses: AnyMsg[] = [];
  try {
    for (const m of tx.msgs) responses.push(deps.router.run(msgCtx, m.def, m.msg, m.any.typeUrl, m.parsed));
  } catch (e) {
    logUnexpected(deps, "message handler", e, tx.hash);
    const failedEvents = [...anteEvents];
    if (inBlock) runPostHandlers(deps, state, block, mode, tx, failedEvents, false, inBlock);
    return errorResult(e, meter, tx.gasLimit, failedEvents, tx);
  }
  msgBranch.write();

  const events = [...anteEvents, ...msgCtx.events.events];
  runPostHandlers(deps, state, block, mode, tx, events, true, inBlock);

  return {
    code: 0,
    codespace: "",
    log: "",
    data: TxMsgData.encode({ data: [], msgResponses: responses }).finish(),
    msgResponses: responses,
    gasWanted: tx.gasLimit,
    gasUsed: meter.consumed,
    events,
    tx,
  };
}

/**
 * The signature checks a NEW CheckTx of `bytes` will make, predicted against `state` ahead of
 * its turn (for the worker pool); the decoding is cached for the CheckTx itself. Undefined
 * when there is nothing to predict: bytes that do not decode, an unknown signer, any surprise
 * (the CheckTx, run in order, gives the answer).
 */
export function predictCheckTx(
  deps: RunnerDeps,
  state: Branch,
  block: BlockInfo,
  bytes: Uint8Array,
): { jobs: SignatureJob[]; confirm: () => void } | undefined {
  try {
    const hash = txHash(bytes);
    let tx = deps.decoded.get(hash);
    if (!tx) {
      tx = decodeTx(bytes, (url) => deps.router.msgDef(url), hash);
      deps.decoded.add(tx);
    }
    return predictSignatures(Context.create(state, block, "check", deps.logger), tx, deps.ante);
  } catch {
    return undefined;
  }
}

/** A proposed tx that passed: its hash, the gas it asks for, and its ante writes, joined to the proposal's branch by keep(). */
export interface VerifiedProposalTx {
  hash: string;
  gasWanted: bigint;
  keep(): void;
}

/**
 * The SDK's ProcessProposalVerifyTx: decodes a proposed tx (the decoding is cached for
 * FinalizeBlock) and runs the ante chain in "proposal" mode over a child of `state`, the
 * proposal's branch: signatures (the CheckTx's verification cached), fee payable, sequence,
 * the chain's checks, without the node-local fee floor. Messages do not run. Undefined when
 * the tx is refused.
 */
export function verifyProposalTx(deps: RunnerDeps, state: Branch, block: BlockInfo, bytes: Uint8Array): VerifiedProposalTx | undefined {
  const hash = txHash(bytes);
  let tx = deps.decoded.get(hash);
  if (!tx) {
    try {
      tx = decodeTx(bytes, (url) => deps.router.msgDef(url), hash);
    } catch (e) {
      logUnexpected(deps, "tx decode", e, hash);
      return undefined;
    }
    deps.decoded.add(tx);
  }
  const branch = state.branch();
  try {
    runAnte(Context.create(branch, block, "proposal", deps.logger, new GasMeter(tx.gasLimit)), tx, deps.ante);
  } catch (e) {
    logUnexpected(deps, "ante handler", e, hash);
    return undefined;
  }
  return { hash, gasWanted: tx.gasLimit, keep: () => branch.write() };
}
