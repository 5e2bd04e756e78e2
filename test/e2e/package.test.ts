import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cometBinary, patchCometConfig } from "../../src/cli/comet";
import { PROJECT_ROOT } from "../../src/cli/home";
import { APP_NODE_FLAGS, waitForHeight } from "../../src/cli/localnet";
import { sha256 } from "../../src/app/tx/sigverify";
import { HEAD, TAIL, createRingMemory, writeJob } from "../../src/app/tx/sig-jobs";
import { Secp256k1Key } from "../../src/client/signer";
import { requireCometBFT } from "./helpers";
import { freePorts } from "./helpers/ibc-counterparty";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pkg = JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8")) as { name: string; version: string };

function exitOf(p: ChildProcess): Promise<number | null> {
  if (p.exitCode !== null || p.signalCode !== null) return Promise.resolve(p.exitCode);
  return new Promise((resolve) => p.once("exit", (code) => resolve(code)));
}

async function stop(p: ChildProcess | undefined): Promise<number | null> {
  if (!p) return null;
  if (p.exitCode === null && p.signalCode === null) p.kill("SIGTERM");
  const timer = setTimeout(() => p.kill("SIGKILL"), 20_000);
  const code = await exitOf(p);
  clearTimeout(timer);
  return code;
}

/** The arguments a running process was started with, as the kernel records them. */
function cmdline(pid: number): string[] {
  return readFileSync(`/proc/${pid}/cmdline`, "utf8")
    .split("\0")
    .filter((a) => a !== "");
}

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
}

/**
 * The packed package as an operator gets it: `npm pack` of this tree (built by the suite's
 * global setup), installed into an empty prefix from npm's cache, its `blockchaind` run from
 * another directory with CometBFT found on PATH only, and with no TypeScript loader anywhere
 * it could load one from.
 */
describe("the npm package: pack, install into a prefix, run blockchaind from anywhere", () => {
  let dir: string;
  let prefix: string;
  let installed: string;
  let bin: string;
  let cwd: string;
  let env: NodeJS.ProcessEnv;
  const children: ChildProcess[] = [];

  beforeAll(() => {
    requireCometBFT();
    dir = mkdtempSync(join(tmpdir(), "e2e-package-"));
    prefix = join(dir, "prefix");
    cwd = join(dir, "elsewhere");
    mkdirSync(cwd, { recursive: true });
    mkdirSync(prefix, { recursive: true });
    const tarball = execFileSync("npm", ["pack", "--silent", "--pack-destination", dir], { cwd: PROJECT_ROOT, encoding: "utf8" })
      .trim()
      .split("\n")
      .at(-1)!;
    execFileSync(
      "npm",
      ["install", "--prefix", prefix, "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error", join(dir, tarball)],
      {
        cwd: dir,
        stdio: ["ignore", "ignore", "inherit"],
      },
    );
    installed = join(prefix, "node_modules", pkg.name);
    bin = join(prefix, "node_modules", ".bin", "blockchaind");
    // CometBFT on PATH, as an operator installs it; not through COMETBFT_BIN nor a checkout's .bin.
    const { COMETBFT_BIN: _bin, NODE_OPTIONS: _options, ...rest } = process.env;
    env = { ...rest, HOME: dir, PATH: [dirname(cometBinary()), process.env.PATH].join(delimiter) };
  });

  afterAll(async () => {
    for (const c of children) await stop(c);
    if (dir && !process.env.E2E_KEEP) rmSync(dir, { recursive: true, force: true });
  });

  const run = (args: string[]) => execFileSync(bin, args, { cwd, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

  it("installs compiled JavaScript only: no TypeScript source, and no loader it could resolve", () => {
    const files = filesUnder(installed);
    expect(files).toContain("dist/blockchaind.js");
    expect(files).toContain("dist/sig-worker.js");
    expect(files).toContain("dist/descriptors.binpb");
    expect(files.filter((f) => /\.[cm]?ts$/.test(f) || f.startsWith("src/"))).toEqual([]);
    const resolveFromPackage = createRequire(join(installed, "package.json")).resolve;
    expect(() => resolveFromPackage("tsx")).toThrow();
    // Only the packages the bundle leaves as imports were installed, not the bundled ones.
    expect(existsSync(join(prefix, "node_modules", "classic-level"))).toBe(true);
    expect(existsSync(join(prefix, "node_modules", "fastify"))).toBe(false);
  });

  it("`blockchaind version` prints the package's version", () => {
    expect(run(["version"]).trim()).toBe(pkg.version);
  });

  it("the installed signature worker verifies on its own thread", async () => {
    const memory = createRingMemory();
    const key = Secp256k1Key.fromSeed("package-test");
    const bytes = new TextEncoder().encode("signed by the package test");
    const good = { digest: sha256(bytes), pubKey: key.pubKey, signature: key.sign(bytes) };
    const bad = { ...good, digest: sha256(new TextEncoder().encode("something else")) };
    const jobs = new Uint8Array(memory.jobs);
    writeJob(jobs, 0, good);
    writeJob(jobs, 1, bad);
    const control = new Int32Array(memory.control);
    const worker = new Worker(join(installed, "dist", "sig-worker.js"), { workerData: memory });
    const failed = new Promise<never>((_, reject) => worker.once("error", reject));
    try {
      Atomics.store(control, HEAD, 2);
      Atomics.notify(control, HEAD);
      const done = (async () => {
        while (Atomics.load(control, TAIL) < 2) await sleep(20);
      })();
      await Promise.race([done, failed]);
      expect([...new Uint8Array(memory.verdicts).subarray(0, 2)]).toEqual([1, 0]);
    } finally {
      await worker.terminate();
    }
  });

  it("`init` then `start --dev` from another directory commits blocks, in a node process without a TypeScript loader", async () => {
    const home = join(dir, "node");
    run(["init", "package-test", "--chain-id", "package-1", "--home", home]);
    for (const f of ["genesis.json", "config.toml", "app.toml", "priv_validator_key.json"])
      expect(existsSync(join(home, "config", f))).toBe(true);

    // A dev home with init's app.toml on free ports (start --dev keeps an app.toml it finds).
    const devHome = join(dir, "dev");
    const [api, rpc] = await freePorts(2);
    mkdirSync(join(devHome, "config"), { recursive: true });
    const appToml = readFileSync(join(home, "config", "app.toml"), "utf8")
      .replace('"tcp://127.0.0.1:1317"', `"tcp://127.0.0.1:${api}"`)
      .replace('"tcp://127.0.0.1:26657"', `"tcp://127.0.0.1:${rpc}"`);
    writeFileSync(join(devHome, "config", "app.toml"), appToml);
    const node = spawn(bin, ["start", "--dev", "--home", devHome, "--block-interval", "200"], {
      cwd,
      env,
      stdio: ["ignore", "ignore", "pipe"],
    });
    children.push(node);
    let stderr = "";
    node.stderr!.on("data", (d) => (stderr += d));
    await waitForHeight(`http://127.0.0.1:${rpc}`, 3, 90_000).catch((err: Error) => {
      throw new Error(`${err.message}\n${stderr}`);
    });
    // The process npm's bin link started: node with the bin's V8 flags running the installed
    // bin (env -S execs node in place), no --import/--loader/--require of a loader.
    const args = cmdline(node.pid!);
    expect(args[0]).toMatch(/(^|\/)node$/);
    expect(args.slice(1, 1 + APP_NODE_FLAGS.length)).toEqual(APP_NODE_FLAGS);
    expect(args[1 + APP_NODE_FLAGS.length]).toBe(bin);
    expect(args.filter((a) => /tsx|--import|--loader|--require|--experimental-loader/.test(a))).toEqual([]);
    const rest = (await (await fetch(`http://127.0.0.1:${api}/cosmos/base/tendermint/v1beta1/node_info`)).json()) as any;
    expect(rest.default_node_info.network).toBe("blockchain-dev");
    expect(await stop(node)).toBe(0);
  });

  it("`start --with-comet` on the init'd home runs the chain with CometBFT from PATH", async () => {
    const home = join(dir, "node");
    const [abci, rpc, p2p, api] = await freePorts(4);
    const appTomlPath = join(home, "config", "app.toml");
    writeFileSync(
      appTomlPath,
      readFileSync(appTomlPath, "utf8")
        .replace('"tcp://127.0.0.1:26658"', `"tcp://127.0.0.1:${abci}"`)
        .replace('"tcp://127.0.0.1:1317"', `"tcp://127.0.0.1:${api}"`)
        .replace(/^warm-up-txs = .*$/m, "warm-up-txs = 200"),
    );
    patchCometConfig(join(home, "config", "config.toml"), {
      "": { proxy_app: `tcp://127.0.0.1:${abci}` },
      rpc: { laddr: `tcp://127.0.0.1:${rpc}` },
      p2p: { laddr: `tcp://127.0.0.1:${p2p}` },
    });
    const node = spawn(bin, ["start", "--with-comet", "--home", home], { cwd, env, stdio: ["ignore", "ignore", "pipe"] });
    children.push(node);
    let stderr = "";
    node.stderr!.on("data", (d) => (stderr += d));
    await waitForHeight(`http://127.0.0.1:${rpc}`, 3, 120_000).catch((err: Error) => {
      throw new Error(`${err.message}\n${stderr}`);
    });
    const status = (await (await fetch(`http://127.0.0.1:${rpc}/status`)).json()) as any;
    expect(status.result.node_info.network).toBe("package-1");
    expect(await stop(node)).toBe(0);
  });
});
