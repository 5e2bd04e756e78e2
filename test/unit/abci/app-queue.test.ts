import { describe, expect, it } from "vitest";
import { AppCallQueue } from "../../../src/abci/socket/app-queue";

describe("AppCallQueue", () => {
  it("takes waiting consensus calls before waiting mempool work, each class in its order", async () => {
    const q = new AppCallQueue();
    const ran: string[] = [];
    const calls = [
      q.run(() => ran.push("m1"), "mempool"),
      q.run(() => ran.push("m2"), "mempool"),
      q.run(() => ran.push("c1"), "consensus"),
      q.run(() => ran.push("m3"), "mempool"),
      q.run(() => ran.push("c2"), "consensus"),
    ];
    // Nothing runs inside the turn that queued it.
    expect(ran).toEqual([]);
    await Promise.all(calls);
    expect(ran).toEqual(["c1", "c2", "m1", "m2", "m3"]);
  });

  it("runs one call at a time: a call's promise holds the app until it settles", async () => {
    const q = new AppCallQueue();
    const ran: string[] = [];
    let release!: () => void;
    const commit = q.run(async () => {
      ran.push("commit start");
      await new Promise<void>((r) => (release = r));
      ran.push("commit end");
    }, "consensus");
    await new Promise((r) => setImmediate(r));
    const check = q.run(() => ran.push("checkTx"), "mempool");
    const info = q.run(() => ran.push("info"), "consensus");
    await new Promise((r) => setImmediate(r));
    expect(ran).toEqual(["commit start"]);
    release();
    await Promise.all([commit, check, info]);
    expect(ran).toEqual(["commit start", "commit end", "info", "checkTx"]);
  });

  it("rejects only the call that threw, and goes on", async () => {
    const q = new AppCallQueue();
    const bad = q.run(() => {
      throw new Error("boom");
    }, "consensus");
    const good = q.run(() => 7, "mempool");
    await expect(bad).rejects.toThrow("boom");
    await expect(good).resolves.toBe(7);
    await expect(q.run(() => Promise.reject(new Error("async boom")), "mempool")).rejects.toThrow("async boom");
    await expect(q.run(() => 8, "consensus")).resolves.toBe(8);
  });

  it("holds mempool work from a proposal until FinalizeBlock is read; consensus calls go on", async () => {
    const q = new AppCallQueue(10_000);
    const ran: string[] = [];
    q.proposalStarted();
    const check = q.run(() => ran.push("checkTx"), "mempool");
    const process = q.run(() => ran.push("processProposal"), "consensus");
    await process;
    await new Promise((r) => setTimeout(r, 20));
    expect(ran).toEqual(["processProposal"]);
    q.proposalDecided();
    const finalize = q.run(() => ran.push("finalizeBlock"), "consensus");
    await Promise.all([check, finalize]);
    expect(ran).toEqual(["processProposal", "finalizeBlock", "checkTx"]);
  });

  it("lets held mempool work go when the hold runs out (a round that never reaches FinalizeBlock)", async () => {
    const q = new AppCallQueue(30);
    const ran: string[] = [];
    const t0 = performance.now();
    q.proposalStarted();
    const checks = [q.run(() => ran.push("c1"), "mempool"), q.run(() => ran.push("c2"), "mempool")];
    await new Promise((r) => setTimeout(r, 5));
    expect(ran).toEqual([]);
    await Promise.all(checks);
    expect(ran).toEqual(["c1", "c2"]);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(29);
    // The hold is over: new mempool work runs at once.
    await q.run(() => ran.push("c3"), "mempool");
    expect(ran).toEqual(["c1", "c2", "c3"]);
  });

  it("never holds with a bound of 0", async () => {
    const q = new AppCallQueue(0);
    q.proposalStarted();
    await expect(q.run(() => "checked", "mempool")).resolves.toBe("checked");
  });
});
