import type { AnyMsg } from "../../src/types/codec";
import type { Context } from "../../src/types/context";
import { toAppError } from "../../src/types/errors";
import type { Module, MsgRouter } from "../../src/types/module";

export interface GovExecResult {
  code: number;
  codespace: string;
  log: string;
}

/**
 * Test harness only: executes queued messages at the next begin-block with no signer check,
 * standing in for a passed governance proposal (the gov module account is the authority the
 * handlers check, so the messages must carry it). Each batch runs atomically.
 */
export function createTestGovModule(): Module & { bindRouter(r: MsgRouter): void; enqueue(msgs: AnyMsg[]): Promise<GovExecResult> } {
  let router: MsgRouter | undefined;
  const queue: Array<{ msgs: AnyMsg[]; resolve: (r: GovExecResult) => void }> = [];
  return {
    name: "testgov",
    bindRouter(r) {
      router = r;
    },
    enqueue(msgs) {
      return new Promise((resolve) => queue.push({ msgs, resolve }));
    },
    beginBlock(ctx: Context) {
      for (const item of queue.splice(0)) {
        try {
          ctx.atomic((inner) => {
            for (const m of item.msgs) router!.execute(inner, m);
          });
          item.resolve({ code: 0, codespace: "", log: "" });
        } catch (e) {
          const err = toAppError(e);
          item.resolve({ code: err.code, codespace: err.codespace, log: err.message });
        }
      }
    },
  };
}
