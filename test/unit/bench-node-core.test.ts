import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { currentCheckout, resolveBaseline } from "../../scripts/bench/baseline-release";
import { blockOrder, lscpuField, median, pairedRatioRange, parseNodeCoreArgs, speedRatio } from "../../scripts/bench/node-core-stats";
import { loadTree } from "../../scripts/bench/node-core-tree";

const ROOT = join(import.meta.dirname, "../..");

/** `npm run bench`'s comparison with an earlier commit: its arguments, arithmetic and the tree it loads. */
describe("node-core bench", () => {
  it("compares with the latest release tag unless told otherwise; the command line wins over BENCH_BASELINE", () => {
    expect(parseNodeCoreArgs([], {}).baseline).toEqual({ kind: "latest-tag" });
    expect(parseNodeCoreArgs(["--baseline", "v0.3.0"], {}).baseline).toEqual({ kind: "commit", ref: "v0.3.0" });
    expect(parseNodeCoreArgs(["--baseline=abc123"], {}).baseline).toEqual({ kind: "commit", ref: "abc123" });
    expect(parseNodeCoreArgs(["--no-baseline"], {}).baseline.kind).toBe("none");
    expect(parseNodeCoreArgs([], { BENCH_BASELINE: "HEAD~3" }).baseline).toEqual({ kind: "commit", ref: "HEAD~3" });
    expect(parseNodeCoreArgs([], { BENCH_BASELINE: "none" }).baseline.kind).toBe("none");
    expect(parseNodeCoreArgs([], { BENCH_BASELINE: "" }).baseline.kind).toBe("none");
    expect(parseNodeCoreArgs(["--baseline", "v1"], { BENCH_BASELINE: "none" }).baseline).toEqual({ kind: "commit", ref: "v1" });
    expect(parseNodeCoreArgs(["--no-baseline"], { BENCH_BASELINE: "v1" }).baseline.kind).toBe("none");
  });

  it("rejects a --baseline without a commit-ish and unknown arguments, with the usage", () => {
    expect(() => parseNodeCoreArgs(["--baseline"], {})).toThrow(/needs a commit-ish[\s\S]*usage/);
    expect(() => parseNodeCoreArgs(["--baseline", "--no-baseline"], {})).toThrow(/needs a commit-ish/);
    expect(() => parseNodeCoreArgs(["--blocks", "3"], {})).toThrow(/unknown argument --blocks/);
  });

  it("takes medians of odd and even counts, and states the ratio as new tx/s over old", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
    // Times in ms: the new side taking 100 ms where the old took 110 is 1.10× the old tx/s.
    expect(speedRatio(100, 110)).toBe("1.10× (new faster)");
    expect(speedRatio(110, 100)).toBe("0.91× (new slower)");
    expect(speedRatio(100, 100.2)).toBe("1.00× (same)");
    expect(speedRatio(0, 100)).toBe("n/a");
    expect(pairedRatioRange([100, 200, 50], [110, 180, 50])).toEqual({ min: 0.9, median: 1, max: 1.1 });
    expect(() => pairedRatioRange([1, 2], [1])).toThrow(/as many/);
  });

  it("alternates which side runs a block first", () => {
    expect([0, 1, 2, 3].map((b) => blockOrder(b)[0])).toEqual(["new", "old", "new", "old"]);
  });

  it("reads lscpu's fields by their whole name", () => {
    const lscpu =
      "Vendor ID:                AuthenticAMD\nModel name:               AMD EPYC\nCPU family:               26\nModel:                    2\n";
    expect(lscpuField(lscpu, "Model name")).toBe("AMD EPYC");
    expect(lscpuField(lscpu, "Model")).toBe("2");
    expect(lscpuField(lscpu, "Stepping")).toBeUndefined();
  });

  it("resolves a baseline to a commit, and refuses a ref that is none or a commit older than the workload", () => {
    const checkout = currentCheckout(ROOT);
    if (!checkout) return; // not a git checkout (an unpacked tarball): nothing to resolve against
    expect(resolveBaseline(checkout.top, { kind: "commit", ref: "HEAD" }).sha).toBe(checkout.head);
    expect(() => resolveBaseline(checkout.top, { kind: "commit", ref: "no-such-ref-anywhere" })).toThrow(/not a commit in this repository/);
    const shallow = execFileSync("git", ["rev-parse", "--is-shallow-repository"], { cwd: ROOT, encoding: "utf8" }).trim() === "true";
    if (shallow) return;
    const first = execFileSync("git", ["rev-list", "--max-parents=0", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim().split("\n")[0];
    expect(() => resolveBaseline(checkout.top, { kind: "commit", ref: first })).toThrow(/too old: it has no .*src\/cli\/transfer-ring\.ts/);
  });

  it("loads this tree's app through the shim and runs a round of the ring on it", async () => {
    const tree = await loadTree(ROOT);
    const dir = mkdtempSync(join(tmpdir(), "bench-core-test-"));
    try {
      const { keys, initChainRequest } = tree.ringGenesis(3, "bench");
      const app = await tree.openApp(dir);
      app.initChain(initChainRequest);
      const txs = tree.signRing(keys, 0n, "bench");
      expect(txs).toHaveLength(3);
      expect(txs.map((tx) => app.checkTx({ tx, type: 0 }).code)).toEqual([0, 0, 0]);
      await app.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("says a tree without the ring's files is too old", async () => {
    const empty = mkdtempSync(join(tmpdir(), "bench-core-old-"));
    try {
      await expect(loadTree(empty)).rejects.toThrow(/has no src\/app\/app\.ts: .*first in 82e2d5c/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
