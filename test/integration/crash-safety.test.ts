import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, describe, expect, it } from "vitest";
import { Prng } from "../helpers/prng";

const CHILD = join(__dirname, "../helpers/crash-child.ts");

interface Line {
  start?: boolean;
  h: string;
  app: string;
  txs?: number;
}

/** Runs the child until it exits or `killAfterMs` after its start line, then SIGKILL. */
function runChild(dir: string, target: number, killAfterMs?: number): Promise<Line[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", CHILD, dir, String(target)], { stdio: ["ignore", "pipe", "pipe"] });
    const lines: Line[] = [];
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    createInterface({ input: child.stdout }).on("line", (l) => {
      const parsed = JSON.parse(l) as Line;
      lines.push(parsed);
      if (parsed.start && killAfterMs !== undefined) setTimeout(() => child.kill("SIGKILL"), killAfterMs);
    });
    child.on("exit", (code, signal) => {
      if (signal === "SIGKILL" || code === 0) resolve(lines);
      else reject(new Error(`child exited ${code}: ${stderr}`));
    });
  });
}

describe("crash safety", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it("SIGKILL at random moments loses nothing committed and every restart matches an uninterrupted run", async () => {
    const crashDir = mkdtempSync(join(tmpdir(), "crash-"));
    dirs.push(crashDir);
    const rng = new Prng(20261122);
    const seen = new Map<string, string>();
    let lastCommitted = 0n;
    let kills = 0;
    for (let run = 0; run < 24; run++) {
      const lines = await runChild(crashDir, 100_000, 40 + rng.int(400));
      kills++;
      const start = lines.find((l) => l.start)!;
      // Nothing committed is lost: the restart resumes at or beyond the last block the previous run reported committed.
      expect(BigInt(start.h)).toBeGreaterThanOrEqual(lastCommitted);
      if (start.h !== "0") seen.set(start.h, start.app);
      for (const l of lines.filter((x) => !x.start)) {
        if (seen.has(l.h)) expect(seen.get(l.h), `height ${l.h}`).toBe(l.app);
        seen.set(l.h, l.app);
        lastCommitted = BigInt(l.h);
      }
    }
    expect(kills).toBeGreaterThanOrEqual(20);
    const maxHeight = Math.max(...[...seen.keys()].map(Number));
    expect(maxHeight).toBeGreaterThan(20);

    const refDir = mkdtempSync(join(tmpdir(), "crash-ref-"));
    dirs.push(refDir);
    const reference = new Map((await runChild(refDir, maxHeight)).filter((l) => !l.start).map((l) => [l.h, l.app]));
    for (const [h, app] of seen) expect(app, `app hash at height ${h}`).toBe(reference.get(h));
  }, 240_000);
});
