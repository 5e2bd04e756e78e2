/**
 * The chains bench:vs-sdk runs side by side, each a single validator on fresh homes behind the
 * same CometBFT binary and settings: this node (as the localnet builds it, or — the cold mode —
 * as a user sets one up with `blockchaind init` and starts the `blockchaind` bin), the reference
 * Cosmos SDK node (scripts/bench/sdk-node) and a do-nothing ABCI app.
 */
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { closeSync, copyFileSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { readAppConfig, writeAppConfig } from "../../src/cli/app-config";
import { APP_NODE_FLAGS } from "../../src/cli/node-flags";
import { cometBinary, patchCometConfig, runComet } from "../../src/cli/comet";
import { addGenesisAccountCmd, collectGentxsCmd, gentxCmd } from "../../src/cli/commands/genesis";
import { homePaths, PROJECT_ROOT } from "../../src/cli/home";
import { Keyring } from "../../src/cli/keyring/keyring";
import { BLOCKCHAIND_BIN, Localnet, nodePorts, terminate, waitForPort, type NodePorts } from "../../src/cli/localnet";
import { Secp256k1Key } from "../../src/client/signer";
import { freeLocalnetBasePort } from "./localnet-helpers";

export const CHAIN_ID = "bench-vs-sdk";
export const DENOM = "uyml";
/** The cold mode's node-local minimum gas price (each tx's fee pays it: gas limit × this). */
export const COLD_MIN_GAS_PRICE = 0.025;
/** The same CometBFT settings for both nodes (on top of what our node's home has, copied to the others). */
const COMET_SETTINGS = {
  consensus: { timeout_commit: "1s" },
  mempool: { size: 50_000, recheck: true },
  tx_index: { indexer: "kv" },
};
const MAX_BLOCK_BYTES = "22020096";
/** CometBFT's pprof server, on the port the localnet layout leaves free beside the node's RPC. */
const pprofAddress = (ports: NodePorts) => `127.0.0.1:${ports.rpc + 2}`;
const SDK_NODE_DIR = join(PROJECT_ROOT, "scripts", "bench", "sdk-node");
const SDK_NODE_BIN = join(PROJECT_ROOT, ".bin", "sdk-refnode");

export interface RunningChain {
  rpcUrl: string;
  /** CometBFT's Prometheus metrics (comet-counters.ts reads the app's block-path time and the rechecks there). */
  metricsUrl: string;
  /** CometBFT's pprof server (its `rpc.pprof_laddr`). */
  pprofUrl: string;
  /** The app's REST server, when it has one (the do-nothing app serves none). */
  restUrl?: string;
  app: ChildProcess;
  comet: ChildProcess;
  stop(): Promise<void>;
}

/** `go build` of the reference node, skipped when the binary is newer than every source file. */
export function buildSdkNode(): void {
  const sources = readdirSync(SDK_NODE_DIR).filter((f) => /\.go$|^go\.(mod|sum)$/.test(f));
  const newest = Math.max(...sources.map((f) => statSync(join(SDK_NODE_DIR, f)).mtimeMs));
  if (existsSync(SDK_NODE_BIN) && statSync(SDK_NODE_BIN).mtimeMs > newest) return;
  const t0 = Date.now();
  console.error(`building ${SDK_NODE_BIN} (go build; the first build compiles the SDK and takes minutes)`);
  execFileSync("go", ["build", "-o", SDK_NODE_BIN, "."], { cwd: SDK_NODE_DIR, stdio: "inherit" });
  console.error(`built in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

/** The block limits on both chains: 22 MB blocks, no block gas limit (init writes its own defaults). */
function setBlockLimits(genesisPath: string): void {
  const doc = JSON.parse(readFileSync(genesisPath, "utf8"));
  doc.consensus_params.block.max_bytes = MAX_BLOCK_BYTES;
  doc.consensus_params.block.max_gas = "-1";
  writeFileSync(genesisPath, JSON.stringify(doc, null, 2));
}

const funded = (keys: Secp256k1Key[]) => keys.map((k) => ({ address: k.address, coins: `1000000000000${DENOM}` }));

/** BENCH_SIG_WORKERS / BENCH_PROPOSAL_HOLD_MS / BENCH_WARM_UP_TXS override those app.toml settings of this node. */
function applyAppOverrides(appToml: string): void {
  const overrides = [
    ["sig-verify-workers", process.env.BENCH_SIG_WORKERS],
    ["proposal-hold-ms", process.env.BENCH_PROPOSAL_HOLD_MS],
    ["warm-up-txs", process.env.BENCH_WARM_UP_TXS],
  ];
  for (const [key, value] of overrides) {
    if (value !== undefined)
      writeFileSync(appToml, readFileSync(appToml, "utf8").replace(new RegExp(`^${key} = .*$`, "m"), `${key} = ${value}`));
  }
}

/** Points a home's config.toml at its own loopback ports, with the shared settings and metrics on. */
function patchPorts(configPath: string, ports: NodePorts, moniker: string): void {
  patchCometConfig(configPath, {
    "": { moniker, proxy_app: `tcp://127.0.0.1:${ports.abci}` },
    rpc: { laddr: `tcp://127.0.0.1:${ports.rpc}`, pprof_laddr: pprofAddress(ports) },
    p2p: { laddr: `tcp://127.0.0.1:${ports.p2p}` },
    instrumentation: { prometheus: true, prometheus_listen_addr: `127.0.0.1:${ports.prometheus}` },
    ...COMET_SETTINGS,
  });
}

/** A program and its arguments. */
export type Command = [string, string[]];
/** How a node's processes are started: e.g. inside a memory cgroup (bench:node-memory). */
export type Launch = (command: Command) => Command;

/**
 * The app, then (once its ABCI port listens) `cometbft start` on the same home, each logging to
 * <home>/logs; stopped CometBFT first, as an operator stops a node.
 */
async function startPair(
  home: string,
  ports: NodePorts,
  appCommand: Command,
  env: NodeJS.ProcessEnv = process.env,
  launch: Launch = (c) => c,
): Promise<RunningChain> {
  mkdirSync(join(home, "logs"), { recursive: true });
  const spawnLogged = (cmd: string, args: string[], log: string) => {
    const fd = openSync(join(home, "logs", log), "a");
    const child = spawn(...launch([cmd, args]), { stdio: ["ignore", fd, fd], env });
    closeSync(fd);
    return child;
  };
  const app = spawnLogged(...appCommand, "app.log");
  await waitForPort(ports.abci, app, 180_000);
  const comet = spawnLogged(cometBinary(), ["start", "--home", home], "comet.log");
  return {
    rpcUrl: `http://127.0.0.1:${ports.rpc}`,
    metricsUrl: `http://127.0.0.1:${ports.prometheus}/metrics`,
    pprofUrl: `http://${pprofAddress(ports)}`,
    app,
    comet,
    stop: async () => {
      await terminate(comet, "SIGTERM");
      await terminate(app, "SIGTERM");
    },
  };
}

export type OurChain = RunningChain & { configPath: string };

/** This node: the localnet `npm run localnet` builds (src/cli/localnet), with one validator. */
export async function startOurs(dir: string, keys: Secp256k1Key[]): Promise<OurChain> {
  const net = await Localnet.prepare({
    dir,
    validators: 1,
    basePort: await freeLocalnetBasePort(),
    chainId: CHAIN_ID,
    timeoutCommit: "1s",
    accounts: funded(keys),
    reset: true,
  });
  const node = net.nodes[0];
  const paths = homePaths(node.home);
  patchCometConfig(paths.cometConfig, { ...COMET_SETTINGS, rpc: { pprof_laddr: pprofAddress(node.ports) } });
  applyAppOverrides(paths.appConfig);
  setBlockLimits(paths.genesis);
  await net.start();
  return {
    rpcUrl: node.rpcUrl,
    metricsUrl: `http://127.0.0.1:${node.ports.prometheus}/metrics`,
    pprofUrl: `http://${pprofAddress(node.ports)}`,
    restUrl: `http://127.0.0.1:${node.ports.api}`,
    app: node.app!,
    comet: node.comet!,
    stop: () => net.stop(),
    configPath: paths.cometConfig,
  };
}

/** The cold mode's validator operator: funded at genesis, bonds 10 YML with its gentx. */
const OPERATOR = Secp256k1Key.fromSeed("bench-vs-sdk/operator");

/**
 * This node as a user sets one up: `blockchaind init` (the CLI, in its own process), the funded
 * accounts and the validator's gentx through the code behind `blockchaind genesis
 * add-genesis-account / gentx / collect-gentxs` (500 CLI processes would take minutes), the
 * shared CometBFT settings and the minimum gas price; then the `blockchaind` bin executed as
 * it is installed (its shebang's node flags, app.toml as init wrote it, the start-up warm-up
 * included) and the CometBFT binary beside it over the ABCI socket.
 */
export async function startOursCold(dir: string, keys: Secp256k1Key[]): Promise<OurChain> {
  return startHome(await initOursCold(dir, keys));
}

/** A home set up as startOursCold sets it up, and the command that starts its app. */
export interface ColdHome {
  home: string;
  ports: NodePorts;
  configPath: string;
  appCommand: Command;
}

/** startOursCold's set-up, without starting the node. */
export async function initOursCold(dir: string, keys: Secp256k1Key[]): Promise<ColdHome> {
  const home = join(dir, "node");
  const paths = homePaths(home);
  const ports = nodePorts(await freeLocalnetBasePort(), 0);
  // Its stderr (the DEV-ONLY foundation warning) is kept for the error should init fail.
  execFileSync(BLOCKCHAIND_BIN, ["init", "bench", "--chain-id", CHAIN_ID, "--home", home], { stdio: ["ignore", "ignore", "pipe"] });
  addGenesisAccountCmd(home, [...funded(keys), { address: OPERATOR.address, coins: `1000000000${DENOM}` }]);
  await new Keyring(home, "test", () => "").add("operator", OPERATOR);
  await gentxCmd(home, { key: "operator", amount: "10000000", keyringBackend: "test", p2pPort: ports.p2p });
  collectGentxsCmd(home);
  setBlockLimits(paths.genesis);
  patchPorts(paths.cometConfig, ports, "bench");
  writeAppConfig(paths.appConfig, {
    ...readAppConfig(paths.appConfig),
    abciAddress: `tcp://127.0.0.1:${ports.abci}`,
    apiAddress: `tcp://127.0.0.1:${ports.api}`,
    minimumGasPrices: `${COLD_MIN_GAS_PRICE}${DENOM}`,
  });
  applyAppOverrides(paths.appConfig);
  // BENCH_APP_FLAGS (node flags, e.g. "--trace-gc") and BENCH_APP_PROFILE=<dir> (node's CPU
  // profiler, written there at exit): the same bundle under `node` with the bin's flags and these.
  const profileDir = process.env.BENCH_APP_PROFILE;
  const extraFlags = [
    ...(process.env.BENCH_APP_FLAGS ?? "").split(" ").filter(Boolean),
    ...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []),
  ];
  const appCommand: Command =
    extraFlags.length > 0
      ? [process.execPath, [...APP_NODE_FLAGS, ...extraFlags, BLOCKCHAIND_BIN, "start", "--home", home]]
      : [BLOCKCHAIND_BIN, ["start", "--home", home]];
  return { home, ports, configPath: paths.cometConfig, appCommand };
}

/** The node of a ColdHome (again, after a stop: its state is kept), both processes started through `launch`. */
export async function startHome(h: ColdHome, launch?: Launch): Promise<OurChain> {
  const chain = await startPair(h.home, h.ports, h.appCommand, process.env, launch);
  return { ...chain, restUrl: `http://127.0.0.1:${h.ports.api}`, configPath: h.configPath };
}

/**
 * A chain of another app behind the same CometBFT: `cometbft init`, then our node's config.toml
 * (so every CometBFT setting is the same) with its own ports, the genesis `writeGenesis` makes
 * of CometBFT's, and the app process `appCommand` starts listening on the ABCI address.
 */
async function startBeside(
  home: string,
  templateConfig: string,
  writeGenesis: (genesisPath: string) => void,
  appCommand: (abciAddress: string, ports: NodePorts) => Command,
): Promise<RunningChain> {
  mkdirSync(home, { recursive: true });
  runComet(["init", "--home", home]);
  const ports = nodePorts(await freeLocalnetBasePort(), 0);
  const paths = homePaths(home);
  copyFileSync(templateConfig, paths.cometConfig);
  patchPorts(paths.cometConfig, ports, basename(home));
  const genesis = JSON.parse(readFileSync(paths.genesis, "utf8"));
  genesis.chain_id = CHAIN_ID;
  writeFileSync(paths.genesis, JSON.stringify(genesis, null, 2));
  setBlockLimits(paths.genesis);
  writeGenesis(paths.genesis);
  return startPair(home, ports, appCommand(`tcp://127.0.0.1:${ports.abci}`, ports));
}

/** The reference node, its genesis from `sdk-refnode genesis` (the same funded accounts), serving REST as `simd start` with api.enable. */
export async function startSdk(dir: string, keys: Secp256k1Key[], templateConfig: string): Promise<RunningChain> {
  const home = join(dir, "sdk-node");
  let restUrl = "";
  const chain = await startBeside(
    home,
    templateConfig,
    () => {
      const accountsFile = join(dir, "accounts.json");
      writeFileSync(accountsFile, JSON.stringify(funded(keys)));
      execFileSync(SDK_NODE_BIN, ["genesis", "--home", home, "--accounts", accountsFile, "--denom", DENOM], {
        stdio: ["ignore", "ignore", "inherit"],
      });
    },
    (abci, ports) => {
      restUrl = `http://127.0.0.1:${ports.api}`;
      return [SDK_NODE_BIN, ["start", "--home", home, "--addr", abci, "--api", `tcp://127.0.0.1:${ports.api}`]];
    },
  );
  return { ...chain, restUrl };
}

/**
 * The do-nothing app: CometBFT's own genesis (its validator), no app state; its constant REST
 * answers from a bare node:http server, run with this node's runtime flags.
 */
export async function startNull(dir: string, templateConfig: string): Promise<RunningChain> {
  let restUrl = "";
  const chain = await startBeside(
    join(dir, "null-app"),
    templateConfig,
    () => {},
    (abci, ports) => {
      restUrl = `http://127.0.0.1:${ports.api}`;
      const script = join(PROJECT_ROOT, "scripts", "bench", "null-app.ts");
      return [process.execPath, [...APP_NODE_FLAGS, "--import", "tsx", script, abci, `tcp://127.0.0.1:${ports.api}`]];
    },
  );
  return { ...chain, restUrl };
}
