import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { appHashAt, BLOCKCHAIND_BIN, latestHeight, Localnet, waitForHeight } from "../../src/cli/localnet";
import { balanceOf, faucetKey, LOCALNET_FAUCET_ACCOUNT_NUMBER, requireCometBFT, sendWithOwnClient, waitForTx } from "./helpers";
import { Secp256k1Key } from "../../src/client/signer";
import { homePaths } from "../../src/cli/home";
import { alive } from "../helpers/process-alive";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, timeoutMs: number, probe: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

function exitOf(p: ChildProcess): Promise<number | null> {
  if (p.exitCode !== null || p.signalCode !== null) return Promise.resolve(p.exitCode);
  return new Promise((resolve) => p.once("exit", (code) => resolve(code)));
}

describe("blockchaind start --with-comet (one supervised node)", () => {
  let dir: string | undefined;
  let proc: ChildProcess | undefined;
  afterAll(async () => {
    if (proc && proc.exitCode === null && proc.signalCode === null) {
      proc.kill("SIGKILL");
      await exitOf(proc);
    }
    if (dir && !process.env.E2E_KEEP) rmSync(dir, { recursive: true, force: true });
  });

  it("restarts its SIGKILLed CometBFT, leaves no orphan when SIGKILLed itself, resumes the same chain, and stops both on SIGTERM", async () => {
    requireCometBFT();
    dir = mkdtempSync(join(tmpdir(), "e2e-supervised-"));
    const net = await Localnet.prepare({ validators: 1, basePort: 25657, dir, reset: true });
    const node = net.nodes[0];
    const logFile = join(node.home, "logs", "supervised.log");
    mkdirSync(join(node.home, "logs"), { recursive: true });
    const start = () => {
      const fd = openSync(logFile, "a");
      const p = spawn(process.execPath, [BLOCKCHAIND_BIN, "start", "--home", node.home, "--with-comet"], { stdio: ["ignore", fd, fd] });
      closeSync(fd);
      return p;
    };
    const lines = () =>
      readFileSync(logFile, "utf8")
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    const cometPids = () =>
      lines()
        .filter((l) => l.msg === "cometbft started")
        .map((l) => Number(l.pid));

    proc = start();
    await waitForHeight(node.rpcUrl, 3, 90_000);
    // Before serving CometBFT, the app warmed up on a throwaway chain and removed it.
    expect(lines().find((l) => l.msg === "warm-up done (throwaway chain)")).toMatchObject({ txs: 4000, blocks: 5, failures: 0 });
    expect(existsSync(join(homePaths(node.home).data, "warm-up"))).toBe(false);
    // CometBFT's own lines arrive through the app's logger.
    expect(lines().some((l) => l.module === "cometbft" && l.msg === "committed state" && l.cometModule === "state")).toBe(true);
    const [first] = cometPids();
    expect(first).toBeGreaterThan(0);

    // 1. CometBFT dies: the supervisor starts it again; the app never stopped.
    process.kill(first, "SIGKILL");
    await until("a second cometbft", 30_000, () => cometPids().length === 2);
    expect(lines().some((l) => l.msg === "cometbft exited; restarting it")).toBe(true);
    const h = await waitForHeight(node.rpcUrl, (await latestHeight(node.rpcUrl).catch(() => 3)) + 2, 60_000);
    const recipient = Secp256k1Key.random().address;
    const sent = await sendWithOwnClient(node.rpcUrl, "localnet", await faucetKey(), LOCALNET_FAUCET_ACCOUNT_NUMBER, 0n, recipient, "777");
    expect(sent.code).toBe(0);
    await waitForTx(node.rpcUrl, sent.hash);
    const hashBefore = await appHashAt(node.rpcUrl, h);

    // 2. The node process dies: its CometBFT loses the app and exits by itself (no orphan on the ports).
    const second = cometPids()[1]!;
    proc.kill("SIGKILL");
    await exitOf(proc);
    await until("the orphaned cometbft to exit", 30_000, () => !alive(second));

    // 3. Started again: the same chain continues from disk.
    proc = start();
    await waitForHeight(node.rpcUrl, h + 3, 90_000);
    expect(await appHashAt(node.rpcUrl, h)).toBe(hashBefore);
    expect(await balanceOf(node.rpcUrl, recipient)).toBe("777");

    // 4. SIGTERM stops CometBFT first, then the app; both gone, exit 0.
    const third = cometPids()[2]!;
    proc.kill("SIGTERM");
    expect(await exitOf(proc)).toBe(0);
    expect(alive(third)).toBe(false);
    expect(lines().at(-1)?.msg).toBe("stopped");
  }, 300_000);
});
