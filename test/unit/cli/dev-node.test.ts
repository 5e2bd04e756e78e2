import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEV_FAUCET_ADDRESS, DEV_FAUCET_MNEMONIC } from "../../../src/cli/dev-keys";
import { BLOCKCHAIND_BIN } from "../../../src/cli/localnet";

const home = mkdtempSync(join(tmpdir(), "dev-home-"));

/** Runs `blockchaind start --dev` until it has logged `blocks` more committed blocks, then SIGINTs it. */
async function runDev(blocks: number): Promise<{ code: number | null; stderr: string; heights: number[] }> {
  const child = spawn(process.execPath, [BLOCKCHAIND_BIN, "start", "--dev", "--home", home, "--block-interval", "100"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  const heights: number[] = [];
  let buffered = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (d) => {
      buffered += d;
      const lines = buffered.split("\n");
      buffered = lines.pop()!;
      for (const line of lines) {
        const entry = JSON.parse(line) as { msg: string; height?: string };
        if (entry.msg === "committed block") heights.push(Number(entry.height));
      }
      if (heights.length >= blocks) resolve();
    });
    child.once("exit", () => reject(new Error(`dev node exited early: ${stderr}`)));
  });
  child.kill("SIGINT");
  const code = await new Promise<number | null>((r) => child.once("exit", (c) => r(c)));
  return { code, stderr, heights };
}

function cli(...args: string[]): string {
  return execFileSync(process.execPath, [BLOCKCHAIND_BIN, ...args], { encoding: "utf8" });
}

afterAll(() => rmSync(home, { recursive: true, force: true }));

/** Runs `blockchaind start --dev --halt-height h` to its end; the heights it committed. */
function runToHalt(h: number): { heights: number[]; log: string } {
  const log = execFileSync(
    process.execPath,
    [BLOCKCHAIND_BIN, "start", "--dev", "--home", home, "--block-interval", "50", "--halt-height", String(h)],
    {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      timeout: 60_000,
    },
  );
  const heights = log
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { msg: string; height?: string })
    .filter((e) => e.msg === "committed block")
    .map((e) => Number(e.height));
  return { heights, log };
}

describe("blockchaind start --dev", () => {
  let lastHeight = 0;

  it("creates a dev home, prints the DEV-ONLY faucet mnemonic, logs blocks and stops cleanly on SIGINT", async () => {
    const run = await runDev(3);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain("DEV-ONLY");
    expect(run.stderr).toContain(DEV_FAUCET_MNEMONIC);
    expect(run.heights.slice(0, 3)).toEqual([1, 2, 3]);
    lastHeight = run.heights.at(-1)!;
  });

  it("exports the committed state as a genesis document", () => {
    const doc = JSON.parse(cli("export", "--home", home));
    expect(doc.chain_id).toBe("blockchain-dev");
    expect(doc.initial_height).toBe(String(lastHeight + 1));
    expect(doc.app_state.bank.balances.map((b: { address: string }) => b.address)).toContain(DEV_FAUCET_ADDRESS);
  });

  it("rolls back one height; the next start replays it and continues the same chain", async () => {
    expect(cli("rollback", "--home", home)).toContain(`Rolled back app state to height ${lastHeight - 1}`);
    const run = await runDev(2);
    expect(run.code).toBe(0);
    expect(run.heights[0]).toBe(lastHeight);
    expect(run.heights[1]).toBe(lastHeight + 1);
  });

  it("commits the --halt-height block, then stops with exit code 0; started at or past it, stops at once", () => {
    const target = lastHeight + 4;
    const run = runToHalt(target);
    expect(run.heights.at(-1)).toBe(target);
    const again = runToHalt(target);
    expect(again.heights).toEqual([]);
    expect(again.log).toContain("halt height reached");
  });
});
