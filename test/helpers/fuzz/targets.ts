import type fc from "fast-check";
import { CheckTxTarget } from "./checktx-target";
import { RestTarget } from "./rest-target";
import { genTxInput } from "./tx-gen";
import { Draw } from "./values";

/**
 * What the long runner (scripts/fuzz.ts) drives: one input per step, the problems it revealed
 * (empty when every property held), progress and summary lines for the log.
 */
export interface FuzzTarget {
  step(g: fc.GeneratorValue): Promise<string[]> | string[];
  progress(): string;
  summary(): string;
  close(): Promise<void>;
}

const hex = (b: Uint8Array) => Buffer.from(b.subarray(0, 2048)).toString("hex") + (b.length > 2048 ? `… (${b.length} bytes)` : "");

function topCounts(counts: Map<string, number>, n = 25): string {
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${k}: ${v}`)
    .join(", ");
}

async function checkTxFuzzTarget(): Promise<FuzzTarget> {
  const target = await CheckTxTarget.create();
  const kinds = new Map<string, number>();
  const accepted: Uint8Array[] = [];
  let blocks = 0;
  let steps = 0;
  return {
    async step(g) {
      const input = genTxInput(new Draw(g), target.env);
      kinds.set(input.kind, (kinds.get(input.kind) ?? 0) + 1);
      // Every input through CheckTx; Simulate and the block-execution write check on a sample, to keep the rate up.
      const found = target
        .run(input, { simulate: steps % 4 === 0, deliver: steps++ % 16 === 0 })
        .map((p) => `${input.kind} ${p}\n  input ${hex(input.bytes)}`);
      if (target.lastCheckCode === 0) accepted.push(input.bytes);
      if (accepted.length >= 20) {
        found.push(...(await target.block(accepted.splice(0))));
        blocks++;
      }
      return found;
    },
    progress: () => `height ${target.chain.height}, ${blocks} blocks of accepted fuzz txs`,
    summary: () => `inputs by kind: ${topCounts(kinds)}\n  answers: ${topCounts(target.codes, 60)}`,
    close: () => target.close(),
  };
}

async function restFuzzTarget(): Promise<FuzzTarget> {
  const target = await RestTarget.create();
  return {
    step: (g) => target.step(new Draw(g)),
    progress: () => `${target.requests} requests answered`,
    summary: () =>
      `${target.operations.length} documented operations; statuses: ${topCounts(new Map([...target.statuses].map(([k, v]) => [String(k), v])))}`,
    close: () => target.close(),
  };
}

export const FUZZ_TARGETS: Record<string, () => Promise<FuzzTarget>> = {
  checktx: checkTxFuzzTarget,
  rest: restFuzzTarget,
};
