import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SigVerifyPool } from "../../src/app/tx/sig-pool";
import { sigVerifications } from "../../src/app/tx/sigverify";
import { warmUp } from "../../src/cli/warm-up";

describe("start-up warm-up (throwaway chain over the ABCI socket)", () => {
  const root = mkdtempSync(join(tmpdir(), "warm-up-test-"));
  const pool = new SigVerifyPool(1);
  afterAll(async () => {
    await pool.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("commits every one of its transfers through CheckTx, rechecks and blocks, then leaves nothing on disk", async () => {
    const dir = join(root, "warm-up");
    // What a crash in the middle of an earlier warm-up would have left.
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "LOCK"), "stale");
    const r = await warmUp({ txs: 40, dir, sigPool: pool });
    expect(r).toMatchObject({ txs: 40, blocks: 5, failures: 0 });
    expect(existsSync(dir)).toBe(false);
  });

  it("gives up at its deadline, closing and removing everything, rather than hold the node's start", async () => {
    const dir = join(root, "late");
    await expect(warmUp({ txs: 2_000, dir, deadlineMs: 50 })).rejects.toThrow(/ABCI connection closed/);
    expect(existsSync(dir)).toBe(false);
  });

  it("verifies signatures inline without workers, with the same result", async () => {
    const before = sigVerifications.count;
    const r = await warmUp({ txs: 10, dir: join(root, "inline") });
    expect(r).toMatchObject({ txs: 10, blocks: 5, failures: 0 });
    // 10 NEW CheckTxs verified on this thread; rechecks and blocks reuse the signature cache.
    expect(sigVerifications.count - before).toBe(10);
  });
});
