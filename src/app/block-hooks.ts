import type { Branch } from "../store/types";
import { Context, type BlockInfo } from "../types/context";
import { AppError } from "../types/errors";
import type { Event } from "../types/events";
import type { Logger } from "../types/logger";
import type { AppMetrics } from "./metrics";

export type BlockHookMode = "PreBlock" | "BeginBlock" | "EndBlock";

/**
 * FinalizeBlock's refusal when a block hook throws anything but an AppError: a bug in the node
 * (as a panic in the SDK's blockers), so the block is not committed and the node halts on it
 * rather than going on without the module's work (a staking EndBlock that silently stops
 * validator updates).
 */
export class BlockHookPanicError extends Error {
  constructor(
    readonly module: string,
    readonly mode: BlockHookMode,
    readonly height: bigint,
    override readonly cause: unknown,
  ) {
    super(`${mode} of ${module} at height ${height} threw: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

export interface BlockHookDeps {
  logger: Logger;
  metrics: AppMetrics;
}

/** Appends `events` tagged with the hook's mode, one by one (a block's events are unbounded: no spread). */
export function appendTagged(out: Event[], events: readonly Event[], mode: BlockHookMode): void {
  for (const ev of events) out.push({ ...ev, attributes: [...ev.attributes, { key: "mode", value: mode, index: true }] });
}

function panic(deps: BlockHookDeps, module: string, mode: BlockHookMode, height: bigint, err: unknown): BlockHookPanicError {
  const stack = err instanceof Error ? (err.stack ?? err.message) : String(err);
  deps.logger.error(
    { module, height: height.toString(), err: stack },
    `${mode} threw a non-AppError (a bug); refusing the block, the node halts`,
  );
  return new BlockHookPanicError(module, mode, height, err);
}

/**
 * A pre-blocker (x/upgrade) in a child branch, not caught: any throw fails FinalizeBlock with
 * nothing written (x/upgrade halts the chain at a plan this way, as the SDK's panic), and the
 * same block is retried on restart.
 */
export function runPreBlock(deps: BlockHookDeps, branch: Branch, block: BlockInfo, fn: (ctx: Context) => void, out: Event[]): void {
  const child = branch.branch();
  const ctx = Context.create(child, block, "block", deps.logger);
  fn(ctx);
  child.write();
  appendTagged(out, ctx.events.events, "PreBlock");
}

/**
 * Begin/end-block work of one module, atomically. An AppError (a refusal the module chose)
 * drops the module's writes for this block, identically on every node, logged at error level
 * and counted; anything else is a bug and halts (BlockHookPanicError).
 */
export function runBlockHook(
  deps: BlockHookDeps,
  branch: Branch,
  block: BlockInfo,
  module: string,
  mode: BlockHookMode,
  fn: (ctx: Context) => void,
  out: Event[],
): void {
  const child = branch.branch();
  const ctx = Context.create(child, block, "block", deps.logger);
  try {
    fn(ctx);
  } catch (e) {
    if (!(e instanceof AppError)) throw panic(deps, module, mode, block.height, e);
    deps.logger.error(
      { module, height: block.height.toString(), codespace: e.codespace, code: e.code, err: e.message },
      `${mode} failed; its writes were dropped`,
    );
    deps.metrics.blockHookFailures.inc({ module, hook: mode });
    return;
  }
  child.write();
  appendTagged(out, ctx.events.events, mode);
}
