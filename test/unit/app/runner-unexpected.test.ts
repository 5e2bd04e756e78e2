import { describe, expect, it } from "vitest";
import { TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { DecodedTxCache } from "../../../src/app/tx/decoded-cache";
import { runTx, type RunnerDeps } from "../../../src/app/tx/runner";
import type { Router } from "../../../src/app/router";
import type { Branch } from "../../../src/store/types";
import type { BlockInfo } from "../../../src/types/context";
import { ErrorCapture } from "../../helpers/fuzz/checktx-target";

/** A non-AppError escaping tx decoding is a node bug: logged (the fuzzers watch for it), answered with the panic code. */
describe("tx runner", () => {
  it("logs a non-AppError thrown while decoding a tx instead of swallowing it", () => {
    const log = new ErrorCapture();
    const router = {
      msgDef: () => {
        throw new TypeError("lookup exploded");
      },
    } as unknown as Router;
    const deps = { router, ante: {}, postHandlers: [], logger: log, decoded: new DecodedTxCache() } as unknown as RunnerDeps;
    const bodyBytes = TxBody.encode(TxBody.fromPartial({ messages: [{ typeUrl: "/x.Msg", value: new Uint8Array() }] })).finish();
    const bytes = TxRaw.encode({ bodyBytes, authInfoBytes: new Uint8Array(), signatures: [] }).finish();
    const res = runTx(deps, {} as Branch, {} as BlockInfo, "check", bytes);
    expect(res.code).toBe(111222);
    expect(log.errors).toHaveLength(1);
    expect(log.errors[0]).toMatch(/tx decode threw a non-AppError.*lookup exploded/);
  });
});
