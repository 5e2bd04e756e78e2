import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CommitStore } from "../../../src/store/commit-store";
import { blockWrites } from "./fixtures/crash-model";
import { bin, hex, naiveAppHash, prng, unbin } from "./setup";

const dir = mkdtempSync(join(tmpdir(), "crash-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const child = join(import.meta.dirname, "fixtures", "crash-child.ts");

// Plain node with the tsx loader: the tsx CLI would put a wrapper process between us and the child.
/** Runs the child until it has committed at least once, kills it after a random delay. */
function runAndKill(delayMs: number): Promise<bigint> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ["--import", "tsx", child, dir], { stdio: ["ignore", "pipe", "pipe"] });
    let last = -1n;
    let buf = "";
    let err = "";
    let armed = false;
    p.stderr.on("data", (d) => (err += d));
    p.stdout.on("data", (d: Buffer) => {
      buf += d.toString();
      const lines = buf.split("\n");
      buf = lines.pop()!;
      for (const l of lines) {
        const [what, h] = l.split(" ");
        if (what === "committed") last = BigInt(h!);
        if (what === "ready" && !armed) {
          armed = true;
          setTimeout(() => p.kill("SIGKILL"), delayMs);
        }
      }
    });
    p.on("exit", (code, signal) => {
      if (signal !== "SIGKILL") reject(new Error(`child exited ${code}: ${err}`));
      else resolve(last);
    });
  });
}

function modelAt(height: bigint): Map<string, Uint8Array> {
  const m = new Map<string, Uint8Array>();
  for (let h = 1n; h <= height; h++) {
    for (const [k, v] of blockWrites(h)) {
      if (v === undefined) m.delete(bin(k));
      else m.set(bin(k), v);
    }
  }
  return m;
}

describe("crash safety", () => {
  it("after SIGKILL at random moments, reopening yields a complete height and its app hash", async () => {
    const rnd = prng(2024);
    let prev = 0n;
    for (let round = 0; round < 20; round++) {
      const reported = await runAndKill(20 + Math.floor(rnd() * 200));
      const s = await CommitStore.open(dir);
      const h = s.lastHeight;
      // The kill may land after a batch resolved but before its line was printed.
      expect(h === reported || h === reported + 1n || (reported === -1n && h >= prev)).toBe(true);
      expect(h).toBeGreaterThanOrEqual(prev);
      const model = modelAt(h);
      const got = [...s.iterator()].map(([k, v]) => [bin(k), bin(v)]);
      expect(got).toEqual([...model].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, bin(v)]));
      expect(hex(s.lastAppHash)).toBe(hex(naiveAppHash([...model].map(([k, v]) => [unbin(k), v]))));
      await s.close();
      prev = h;
    }
    expect(prev).toBeGreaterThan(5n);
  }, 120_000);
});
