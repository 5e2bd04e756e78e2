import { describe, expect, it } from "vitest";
import { BranchStore } from "../../../src/store/branch";
import { Context, type BlockInfo } from "../../../src/types/context";
import { silentLogger } from "../../../src/types/logger";
import { bankEvents } from "../../../src/modules/bank/events";
import { MemKV } from "../store/setup";

const block = { height: 5n, time: { seconds: 0n, nanos: 0 }, chainId: "t", proposer: new Uint8Array() } as BlockInfo;

describe("event recording by execution mode", () => {
  it("(re)CheckTx records no event, in nested atomic scopes too; block, deliver, simulate and query modes do", () => {
    const coins = [{ denom: "uyml", amount: 7n }];
    const recorded = (mode: Parameters<typeof Context.create>[2]) => {
      const ctx = Context.create(new BranchStore(new MemKV()), block, mode, silentLogger);
      bankEvents.transfer(ctx, "a", "b", coins);
      ctx.events.emitTyped("x.v1.EventY", { n: "1" });
      ctx.atomic((inner) => inner.events.emit("inner", { k: "v" }));
      return ctx.events.events.map((e) => e.type);
    };
    expect(recorded("check")).toEqual([]);
    expect(recorded("recheck")).toEqual([]);
    for (const mode of ["deliver", "simulate", "block", "query"] as const)
      expect(recorded(mode)).toEqual(["transfer", "x.v1.EventY", "inner"]);
  });
});
