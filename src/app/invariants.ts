import type { Context } from "../types/context";
import type { Module } from "../types/module";

export interface InvariantBreak {
  invariant: string;
  message: string;
}

/**
 * Every module's simulation invariants on one state (the SDK's crisis AssertInvariants). A
 * check that throws counts as broken: an invariant that cannot read its own records is one.
 */
export function checkInvariants(ctx: Context, modules: readonly Module[]): InvariantBreak[] {
  const broken: InvariantBreak[] = [];
  for (const m of modules) {
    for (const inv of m.simulation?.invariants ?? []) {
      let message: string | undefined;
      try {
        message = inv.check(ctx);
      } catch (e) {
        message = `check threw: ${(e as Error).message}`;
      }
      if (message !== undefined) broken.push({ invariant: inv.name, message });
    }
  }
  return broken;
}

/** FinalizeBlock's refusal when a node runs with invariants on and one breaks: the node halts on it. */
export class InvariantBrokenError extends Error {
  constructor(
    readonly height: bigint,
    readonly broken: InvariantBreak[],
  ) {
    super(`invariants broken at height ${height}: ${broken.map((b) => `${b.invariant}: ${b.message}`).join("; ")}`);
  }
}
