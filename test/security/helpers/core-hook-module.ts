import type { Context } from "../../../src/types/context";
import { sdkErrors } from "../../../src/types/errors";
import type { Module } from "../../../src/types/module";

/** Raw key the hook module writes each time its begin blocker runs, before any failure. */
export const HOOK_RUNS_KEY = new TextEncoder().encode("corehook/runs");

export type HookBehaviour = { kind: "ok" } | { kind: "typeError" } | { kind: "appError" } | { kind: "events"; count: number };

/**
 * A test module whose begin blocker does what the test arms it to do, once: throw a bug
 * (TypeError), refuse with an AppError, or emit a very long event list. It counts its runs in
 * state first, so a test can see whether its writes survived.
 */
export function hookModule(): Module & { arm(b: HookBehaviour): void } {
  let next: HookBehaviour = { kind: "ok" };
  return {
    name: "corehook",
    arm(b) {
      next = b;
    },
    beginBlock(ctx: Context) {
      ctx.store.set(HOOK_RUNS_KEY, new TextEncoder().encode(String(hookRuns(ctx) + 1)));
      const b = next;
      next = { kind: "ok" };
      if (b.kind === "typeError") (undefined as unknown as { boom(): void }).boom();
      if (b.kind === "appError") throw sdkErrors.ErrInvalidRequest.wrap("corehook refuses this block");
      if (b.kind === "events") for (let i = 0; i < b.count; i++) ctx.events.emit("corehook", { i: String(i) });
    },
  };
}

export function hookRuns(ctx: Context): number {
  const raw = ctx.store.get(HOOK_RUNS_KEY);
  return raw ? Number(new TextDecoder().decode(raw)) : 0;
}
