import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, mkdirSync, openSync } from "node:fs";
import net from "node:net";
import { join } from "node:path";
import { cometBinary } from "../comet";
import { APP_NODE_FLAGS } from "../node-flags";
import { PROJECT_ROOT } from "../home";
import { nodeHome, nodePorts, type NodePorts } from "./layout";

export const BLOCKCHAIND_BIN = join(PROJECT_ROOT, "bin", "blockchaind.js");

/** The CLI entry of the code at `codeRoot` (this checkout, or another release's tree). */
export function blockchaindBin(codeRoot: string): string {
  return join(codeRoot, "bin", "blockchaind.js");
}

/** The node's V8 flags (node-flags.ts), passed to every app process so none re-executes itself. */
export { APP_NODE_FLAGS } from "../node-flags";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

function portOpen(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const s = net.connect(port, "127.0.0.1", () => {
      s.destroy();
      resolve(true);
    });
    s.on("error", () => resolve(false));
  });
}

export async function waitForPort(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`process exited (${child.exitCode ?? child.signalCode}) before listening on ${port}`);
    if (await portOpen(port)) return;
    if (Date.now() > deadline) throw new Error(`nothing listening on 127.0.0.1:${port} after ${timeoutMs} ms`);
    await sleep(100);
  }
}

/** Stops a child with `signal`, then SIGKILL if it has not exited within `graceMs`. */
export async function terminate(child: ChildProcess | undefined, signal: NodeJS.Signals, graceMs = 15_000): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited(child);
  clearTimeout(timer);
}

/**
 * One localnet node (a validator, or a joiner on the next port slot): our app (`blockchaind start`) and its CometBFT, each a child
 * process logging to <home>/logs/{app,comet}.log.
 */
export class LocalnetNode {
  app: ChildProcess | undefined;
  comet: ChildProcess | undefined;
  readonly home: string;
  readonly ports: NodePorts;
  /** The release the app runs from (its repository root); start() may swap it, as an operator installs another binary. */
  codeRoot = PROJECT_ROOT;

  constructor(
    dir: string,
    readonly index: number,
    basePort: number,
    private readonly env: NodeJS.ProcessEnv = {},
    /** A joiner's home (joinerHome); validators live at nodeHome(dir, index). */
    home?: string,
  ) {
    this.home = home ?? nodeHome(dir, index);
    this.ports = nodePorts(basePort, index);
  }

  get rpcUrl(): string {
    return `http://127.0.0.1:${this.ports.rpc}`;
  }

  private spawnLogged(cmd: string, args: string[], log: string, env: NodeJS.ProcessEnv): ChildProcess {
    mkdirSync(join(this.home, "logs"), { recursive: true });
    const fd = openSync(join(this.home, "logs", log), "a");
    const child = spawn(cmd, args, { stdio: ["ignore", fd, fd], env: { ...process.env, ...env } });
    closeSync(fd);
    return child;
  }

  /**
   * Starts the app, waits for its ABCI port, then starts CometBFT (which needs the app up).
   * `codeRoot` runs the app from that release from now on (e.g. the next release after an upgrade halt).
   */
  async start(extraAppEnv: NodeJS.ProcessEnv = {}, o: { codeRoot?: string } = {}): Promise<void> {
    if (o.codeRoot !== undefined) this.codeRoot = o.codeRoot;
    // Another process on these ports (a second localnet with the same base port) would answer
    // for this node: the ABCI wait would pass and CometBFT would die on its bind.
    for (const port of [this.ports.abci, this.ports.rpc, this.ports.p2p]) {
      if (await portOpen(port))
        throw new Error(
          `127.0.0.1:${port} is already in use: is another localnet running on base port ${this.ports.rpc - 100 * this.index}?`,
        );
    }
    // BLOCKCHAIND_NODE_FLAGS: node flags for the app process (e.g. --cpu-prof, which NODE_OPTIONS refuses).
    const nodeFlags = process.env.BLOCKCHAIND_NODE_FLAGS?.split(" ").filter((f) => f !== "") ?? [];
    this.app = this.spawnLogged(
      process.execPath,
      [...APP_NODE_FLAGS, ...nodeFlags, blockchaindBin(this.codeRoot), "start", "--home", this.home],
      "app.log",
      { ...this.env, ...extraAppEnv },
    );
    // Generous: a loaded machine (CI, parallel builds) can take a minute to load and compile the app.
    await waitForPort(this.ports.abci, this.app, 180_000);
    this.comet = this.spawnLogged(cometBinary(), ["start", "--home", this.home], "comet.log", {});
  }

  /** Clean stop: CometBFT first (it would otherwise log the app's disappearance as a crash), then the app. */
  async stop(): Promise<void> {
    await terminate(this.comet, "SIGTERM");
    await terminate(this.app, "SIGTERM");
  }

  /** Crash both processes at once. */
  async kill(): Promise<void> {
    await Promise.all([terminate(this.app, "SIGKILL"), terminate(this.comet, "SIGKILL")]);
  }

  appExit(): Promise<number | null> {
    return this.app ? exited(this.app) : Promise.resolve(null);
  }

  cometExit(): Promise<number | null> {
    return this.comet ? exited(this.comet) : Promise.resolve(null);
  }
}

/** A CometBFT JSON-RPC GET, e.g. rpc(url, "status") or rpc(url, "block", { height: "5" }). */
export async function rpc<T = any>(url: string, method: string, params: Record<string, string> = {}): Promise<T> {
  const query = new URLSearchParams(params).toString();
  const res = await fetch(`${url}/${method}${query ? `?${query}` : ""}`, { signal: AbortSignal.timeout(5_000) });
  const body = (await res.json()) as { result?: T; error?: { message: string; data?: string } };
  if (!body.result) throw new Error(`${method}: ${body.error?.message ?? res.status} ${body.error?.data ?? ""}`);
  return body.result;
}

export async function latestHeight(url: string): Promise<number> {
  const s = await rpc<{ sync_info: { latest_block_height: string } }>(url, "status");
  return Number(s.sync_info.latest_block_height);
}

/** Waits until the node at `url` reports at least `height`; RPC errors (node starting) are retried. */
export async function waitForHeight(url: string, height: number, timeoutMs = 60_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const h = await latestHeight(url).catch(() => 0);
    if (h >= height) return h;
    if (Date.now() > deadline) throw new Error(`${url} did not reach height ${height} within ${timeoutMs} ms (at ${h})`);
    await sleep(200);
  }
}

/** Header.AppHash of block `height` (the app hash after height - 1). */
export async function appHashAt(url: string, height: number): Promise<string> {
  const b = await rpc<{ block: { header: { app_hash: string } } }>(url, "block", { height: String(height) });
  return b.block.header.app_hash;
}
