import { afterEach, describe, expect, it } from "vitest";
import type { Logger } from "../../src/types/logger";
import { EventManager } from "../../src/types/events";
import { TestChain } from "../helpers/chain";
import { hookModule, hookRuns } from "./helpers/core-hook-module";

/** A logger that keeps what was logged at error level. */
function recordingLogger(): Logger & { errors: Array<{ obj: unknown; msg?: string }> } {
  const errors: Array<{ obj: unknown; msg?: string }> = [];
  const logger = {
    errors,
    info() {},
    warn() {},
    debug() {},
    error(obj: unknown, msg?: string) {
      errors.push({ obj, msg });
    },
    child: () => logger,
  };
  return logger;
}

/**
 * Findings 5 and 6: a begin/end blocker that threw anything (a bug included) had its writes
 * dropped and the chain went on without the module's work; and a block's event list was
 * joined with push(...spread), which throws RangeError past ~120k events.
 */
describe("security: block hooks", () => {
  let chain: TestChain | undefined;
  afterEach(async () => {
    await chain?.close();
    chain = undefined;
  });

  async function start() {
    const hooks = hookModule();
    const logger = recordingLogger();
    chain = await TestChain.create({ build: { extraModules: [hooks] }, logger });
    return { chain, hooks, logger };
  }

  it("a non-AppError in a begin blocker halts: FinalizeBlock fails, nothing is committed, the stack is logged", async () => {
    const { chain, hooks, logger } = await start();
    const height = chain.app.lastHeight;
    const runs = hookRuns(chain.app.queryContext());
    hooks.arm({ kind: "typeError" });
    await expect(chain.produceBlocks(1)).rejects.toThrow(/BeginBlock of corehook at height .* threw/);
    expect(chain.app.lastHeight).toBe(height);
    expect(hookRuns(chain.app.queryContext())).toBe(runs);
    await expect(chain.app.commit()).rejects.toThrow(/without a finalized block/);
    const logged = logger.errors.find((e) => (e.obj as { module?: string }).module === "corehook");
    expect(logged?.msg).toMatch(/non-AppError/);
    expect(String((logged?.obj as { err?: string }).err)).toMatch(/TypeError[\s\S]*at /);
  });

  it("an AppError in a begin blocker drops the module's writes for the block, logged at error level and counted", async () => {
    const { chain, hooks, logger } = await start();
    const height = chain.app.lastHeight;
    const runs = hookRuns(chain.app.queryContext());
    hooks.arm({ kind: "appError" });
    await chain.produceBlocks(1);
    expect(chain.app.lastHeight).toBe(height + 1n);
    expect(hookRuns(chain.app.queryContext())).toBe(runs);
    expect(logger.errors.some((e) => (e.obj as { module?: string }).module === "corehook" && /BeginBlock failed/.test(e.msg ?? ""))).toBe(
      true,
    );
    const metric = await chain.app.metrics.blockHookFailures.get();
    expect(metric.values).toEqual([{ value: 1, labels: { module: "corehook", hook: "BeginBlock" } }]);
    expect(await chain.app.metrics.registry.metrics()).toContain(
      'blockchain_block_hook_failures_total{module="corehook",hook="BeginBlock"} 1',
    );
    // The next block runs the module again, its writes kept.
    await chain.produceBlocks(1);
    expect(hookRuns(chain.app.queryContext())).toBe(runs + 1);
  });

  it("a block whose begin blocker emits 200,000 events is finalized with all of them", async () => {
    const { chain, hooks } = await start();
    hooks.arm({ kind: "events", count: 200_000 });
    const block = await chain.engine.produceBlock();
    expect(block.response.events.filter((e) => e.type === "corehook")).toHaveLength(200_000);
  });

  it("an event manager appends 200,000 events at once", () => {
    const events = new EventManager();
    events.append(Array.from({ length: 200_000 }, (_, i) => ({ type: "e", attributes: [{ key: "i", value: String(i), index: true }] })));
    expect(events.events).toHaveLength(200_000);
  });
});
