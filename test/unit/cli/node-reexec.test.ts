import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { DEFAULT_APP_CONFIG, writeAppConfig } from "../../../src/cli/app-config";
import { PROJECT_ROOT } from "../../../src/cli/home";
import { APP_NODE_FLAGS, NO_REEXEC_ENV } from "../../../src/cli/node-flags";
import { alive } from "../../helpers/process-alive";

// `node dist/blockchaind.js start` as a systemd unit or a user would type it: node without the
// node's V8 flags. The process that serves must have them all the same.
const DIST = join(PROJECT_ROOT, "dist", "blockchaind.js");
const dirs: string[] = [];
const running: ChildProcess[] = [];

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** A dev home whose REST and RPC listen on free ports. */
async function devHome(): Promise<{ home: string; restPort: number }> {
  const home = mkdtempSync(join(tmpdir(), "node-reexec-"));
  dirs.push(home);
  const [restPort, rpcPort] = [await freePort(), await freePort()];
  mkdirSync(join(home, "config"), { recursive: true });
  writeAppConfig(join(home, "config", "app.toml"), {
    ...DEFAULT_APP_CONFIG,
    apiAddress: `tcp://127.0.0.1:${restPort}`,
    rpcAddress: `tcp://127.0.0.1:${rpcPort}`,
    explorerEnable: false,
  });
  return { home, restPort };
}

interface Started {
  proc: ChildProcess;
  stdout: () => string;
  stderr: () => string;
}

/** Spawns `node [nodeArgs] dist/blockchaind.js start --dev …` and waits for its "dev node started" log line. */
async function startDev(
  home: string,
  o: { nodeArgs?: string[]; args?: string[]; env?: NodeJS.ProcessEnv; ownGroup?: boolean } = {},
): Promise<Started> {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_OPTIONS: "" };
  delete env[NO_REEXEC_ENV];
  Object.assign(env, o.env);
  const proc = spawn(
    process.execPath,
    [...(o.nodeArgs ?? []), DIST, "start", "--dev", "--home", home, "--block-interval", "100", ...(o.args ?? [])],
    // ownGroup: a process group of its own, as a shell gives a foreground job.
    { stdio: ["ignore", "pipe", "pipe"], env, detached: o.ownGroup },
  );
  running.push(proc);
  let stdout = "";
  let stderr = "";
  proc.stderr!.on("data", (d) => (stderr += d));
  await new Promise<void>((resolve, reject) => {
    proc.stdout!.on("data", (d) => {
      stdout += d;
      if (stdout.includes('"msg":"dev node started"')) resolve();
    });
    proc.once("exit", (code) => reject(new Error(`exited (${code}) before starting: ${stderr}`)));
  });
  return { proc, stdout: () => stdout, stderr: () => stderr };
}

/** The pid whose open sockets include the one listening on 127.0.0.1:`port` (Linux /proc). */
function listenerPid(port: number): number {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  const line = readFileSync("/proc/net/tcp", "utf8")
    .split("\n")
    .map((l) => l.trim().split(/\s+/))
    .find((f) => f[1]?.endsWith(`:${hexPort}`) && f[3] === "0A");
  if (!line) throw new Error(`nothing listens on port ${port}`);
  const socket = `socket:[${line[9]}]`;
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (readlinkSync(`/proc/${pid}/fd/${fd}`) === socket) return Number(pid);
      } catch {
        // closed meanwhile
      }
    }
  }
  throw new Error(`no process holds the socket listening on ${port}`);
}

const cmdline = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);

/** Sends `signal` to the process, or with `group` to its whole process group (a terminal's Ctrl-C); resolves with how it exited. */
async function stop(
  proc: ChildProcess,
  signal: NodeJS.Signals,
  group = false,
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
    proc.once("exit", (code, sig) => r({ code, signal: sig })),
  );
  if (group) process.kill(-proc.pid!, signal);
  else proc.kill(signal);
  return exited;
}

afterEach(() => {
  for (const p of running.splice(0)) if (p.exitCode === null && p.signalCode === null) p.kill("SIGKILL");
});
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("blockchaind start run by node without the node's V8 flags", () => {
  it("serves from a child node started with APP_NODE_FLAGS; SIGTERM to the launcher stops both, exit code 0", async () => {
    const { home, restPort } = await devHome();
    const node = await startDev(home);
    const childPid = Number(/runs in child process (\d+) with it/.exec(node.stderr())?.[1]);
    expect(childPid).toBeGreaterThan(0);

    const server = listenerPid(restPort);
    expect(server).toBe(childPid);
    const args = cmdline(server);
    expect(args.slice(1, 1 + APP_NODE_FLAGS.length)).toEqual(APP_NODE_FLAGS);
    expect(args.slice(1 + APP_NODE_FLAGS.length)).toEqual(cmdline(node.proc.pid!).slice(1));
    // Served for real: the dev chain answers on its REST port.
    const info = (await (await fetch(`http://127.0.0.1:${restPort}/cosmos/base/tendermint/v1beta1/node_info`)).json()) as any;
    expect(info.default_node_info.network).toBe("blockchain-dev");

    expect(await stop(node.proc, "SIGTERM")).toEqual({ code: 0, signal: null });
    expect(alive(childPid)).toBe(false);
    // One clean shutdown: a second signal reaching the node would have cut it short.
    expect(node.stdout()).toContain('"msg":"stopped"');
    expect(node.stderr()).not.toContain("second signal");
  });

  it("Ctrl-C in a terminal (SIGINT to the launcher's process group) reaches the node once: one clean shutdown, exit code 0", async () => {
    const { home } = await devHome();
    const node = await startDev(home, { ownGroup: true });
    expect(node.stderr()).toMatch(/runs in child process \d+ with it/);
    expect(await stop(node.proc, "SIGINT", true)).toEqual({ code: 0, signal: null });
    expect(node.stdout()).toContain('"msg":"stopped"');
    expect(node.stderr()).not.toContain("second signal");
  });

  it("SIGKILLed launcher, even the moment it started its node: the node stops by itself (no orphan on the home)", async () => {
    const { home } = await devHome();
    const launcher = spawn(process.execPath, [DIST, "start", "--dev", "--home", home], {
      stdio: ["ignore", "ignore", "pipe"],
      env: { ...process.env, NODE_OPTIONS: "" },
    });
    running.push(launcher);
    let stderr = "";
    const childPid = await new Promise<number>((resolve, reject) => {
      launcher.stderr!.on("data", (d) => {
        stderr += d;
        const m = /runs in child process (\d+) with it/.exec(stderr);
        if (m) resolve(Number(m[1]));
      });
      launcher.once("exit", (code) => reject(new Error(`exited (${code}): ${stderr}`)));
    });
    launcher.kill("SIGKILL");
    const deadline = Date.now() + 30_000;
    while (alive(childPid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const orphaned = alive(childPid);
    if (orphaned) process.kill(childPid, "SIGKILL");
    expect(orphaned).toBe(false);
  });

  it.each([
    ["the environment", { env: { [NO_REEXEC_ENV]: "1" } }, `${NO_REEXEC_ENV}=1`],
    ["--no-reexec", { args: ["--no-reexec"] }, "--no-reexec"],
  ])("opted out by %s: runs in this process and warns with the command line to use", async (_by, o, reason) => {
    const { home, restPort } = await devHome();
    const node = await startDev(home, o);
    expect(listenerPid(restPort)).toBe(node.proc.pid);
    expect(node.stderr()).not.toContain("child process");
    const warning = node
      .stderr()
      .split("\n")
      .find((l) => l.includes("WARNING: running without"));
    expect(warning).toContain(`(${reason})`);
    expect(warning).toContain(`Start it as: ${process.execPath} ${APP_NODE_FLAGS.join(" ")} ${DIST} start --dev --home ${home}`);
    expect(await stop(node.proc, "SIGTERM")).toEqual({ code: 0, signal: null });
  });

  it("with the flags given (on node's command line, or in NODE_OPTIONS) runs in this process without a word", async () => {
    for (const o of [{ nodeArgs: APP_NODE_FLAGS }, { env: { NODE_OPTIONS: APP_NODE_FLAGS.join(" ") } }]) {
      const { home, restPort } = await devHome();
      const node = await startDev(home, o);
      expect(listenerPid(restPort)).toBe(node.proc.pid);
      expect(node.stderr()).not.toMatch(/child process|WARNING: running without/);
      expect(await stop(node.proc, "SIGINT")).toEqual({ code: 0, signal: null });
    }
  });
});
