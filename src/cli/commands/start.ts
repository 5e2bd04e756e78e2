import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { App } from "../../app/app";
import { SigVerifyPool, defaultSigPoolSize } from "../../app/tx/sig-pool";
import { buildModules } from "../../app/modules";
import { DevEngine } from "../../abci/dev/engine";
import { buildDevGenesis } from "../../abci/dev/genesis";
import { formatRfc3339, readGenesisDoc } from "../../abci/genesis-doc";
import { AbciSocketServer } from "../../abci/socket";
import { parseCoins, coinsToProto } from "../../types/coins";
import { readAppConfig, writeAppConfig, DEFAULT_APP_CONFIG } from "../app-config";
import { storePruning } from "../pruning";
import { SnapshotManager } from "../../node/snapshots/manager";
import { applyDevPeriods } from "../dev-periods";
import { DEV_FAUCET_ADDRESS, DEV_FAUCET_COINS, devMnemonicWarning } from "../dev-keys";
import { cometBinary } from "../comet";
import { CometSupervisor } from "../comet-supervisor";
import { saveGenesis } from "../genesis-file";
import { homePaths, type HomePaths } from "../home";
import { createLogger, resolveLogSettings } from "../logger";
import type { Logger } from "../../types/logger";
import { crashHeightFromEnv, NodeApp } from "../node-app";
import { mountDevEndpoints, mountNodeEndpoints, type Endpoints } from "../rest-mount";
import { onShutdown } from "../shutdown";
import { parseToml } from "../toml";
import { warmUp } from "../warm-up";

export const DEV_CHAIN_ID = "blockchain-dev";

/** The log flags; each given one wins over its app.toml key. */
export interface LogFlags {
  /** One level or per-module levels ("*:info,engine:debug"). */
  logLevel?: string;
  logFormat?: string;
  logNoColor?: boolean;
}

export interface StartOptions extends LogFlags {
  home: string;
  /** Overrides app.toml [abci] address. */
  address?: string;
  haltHeight?: bigint;
  /** Run CometBFT as a supervised child (default: app.toml [comet] supervise). */
  withComet?: boolean;
  /** Check invariants after every block (default: app.toml `invariants`). */
  invariants?: boolean;
}

async function openApp(
  paths: HomePaths,
  log: LogFlags,
  invariants: boolean | undefined,
  onUpgradeNeeded?: () => void,
  sigPool?: SigVerifyPool,
) {
  const cfg = readAppConfig(paths.appConfig);
  const logger = createLogger(resolveLogSettings({ level: log.logLevel, format: log.logFormat, noColor: log.logNoColor }, cfg));
  const openedAt = performance.now();
  const app = await App.open({
    sigPool,
    dataDir: paths.appData,
    modules: buildModules({
      onUpgradeNeeded: (plan) => {
        writeUpgradeInfo(paths, plan);
        onUpgradeNeeded?.();
      },
    }),
    logger: logger.child({ module: "app" }),
    minGasPrices: cfg.minimumGasPrices,
    store: storePruning(cfg),
    invariants: invariants ?? cfg.invariants,
  });
  // Reading back the tries a clean stop saved, or rebuilding them (after a crash) and checking
  // them against the last app hash: the time grows with the state, so operators see what a
  // restart costs and which one it was.
  logger.info(
    {
      height: app.lastHeight.toString(),
      keys: app.store.size,
      from: app.store.openedFrom,
      ms: Math.round(performance.now() - openedAt),
    },
    "state opened",
  );
  return { cfg, logger, app };
}

/**
 * The SDK's DumpUpgradeInfoToDisk: `<home>/data/upgrade-info.json` with the plan the node halts
 * for, which cosmovisor watches to switch binaries.
 */
function writeUpgradeInfo(paths: HomePaths, plan: { name: string; height: bigint; info: string }): void {
  const json = `{"name":${JSON.stringify(plan.name)},"time":"0001-01-01T00:00:00Z","height":${plan.height},"info":${JSON.stringify(plan.info)}}`;
  writeFileSync(join(paths.data, "upgrade-info.json"), json);
}

function cometRpcUrl(paths: HomePaths): string {
  const laddr = existsSync(paths.cometConfig) ? parseToml(readFileSync(paths.cometConfig, "utf8")).rpc?.laddr : undefined;
  return String(laddr ?? "tcp://127.0.0.1:26657")
    .replace(/^tcp:\/\//, "http://")
    .replace("0.0.0.0", "127.0.0.1");
}

/** The warm-up only ever costs start-up time: whatever goes wrong in it is logged, and the node starts. */
async function runWarmUp(txs: number, dir: string, sigPool: SigVerifyPool, logger: Logger): Promise<void> {
  try {
    const r = await warmUp({ txs, dir, sigPool });
    const fields = { txs: r.txs, blocks: r.blocks, failures: r.failures, ms: Math.round(r.ms) };
    if (r.failures > 0) logger.warn(fields, "warm-up: some of its txs failed (the node starts anyway)");
    else logger.info(fields, "warm-up done (throwaway chain)");
  } catch (err) {
    logger.warn({ err: err instanceof Error ? err.message : String(err) }, "warm-up failed (the node starts anyway)");
  }
}

/** `blockchaind start`: the ABCI application CometBFT (`cometbft start --home H`) connects to. */
export async function startNode(o: StartOptions): Promise<void> {
  const paths = homePaths(o.home);
  if (!existsSync(paths.genesis))
    throw new Error(`${paths.genesis} not found: run \`blockchaind init <moniker> --chain-id <id> --home ${o.home}\` first`);
  mkdirSync(paths.data, { recursive: true });
  let comet: CometSupervisor | undefined;
  const workers = readAppConfig(paths.appConfig).sigVerifyWorkers;
  const sigPool = new SigVerifyPool(workers < 0 ? defaultSigPoolSize() : workers);
  const { cfg, logger, app } = await openApp(paths, o, o.invariants, () => comet?.markHalted(), sigPool);
  let halt: () => Promise<void> = async () => undefined;
  let endpoints: Endpoints | undefined;
  const snapshots = new SnapshotManager(app, {
    dir: join(paths.data, "snapshots"),
    interval: cfg.snapshotInterval,
    keepRecent: cfg.snapshotKeepRecent,
    chunkBytes: cfg.snapshotChunkBytes,
    logger: logger.child({ module: "snapshots" }),
  });
  const node = new NodeApp(app, {
    logger,
    snapshots,
    minRetainBlocks: cfg.minRetainBlocks,
    haltHeight: o.haltHeight ?? cfg.haltHeight,
    // Leave the commit response time to reach CometBFT before the connection drops.
    onHalt: () => {
      comet?.markHalted();
      setTimeout(() => void halt(), 200);
    },
    crashAfterFinalizeHeight: crashHeightFromEnv(),
    onCommitted: (height, ms, txs) => endpoints?.metrics.observeBlock(height, ms, txs),
  });
  if (cfg.warmUpTxs > 0) await runWarmUp(cfg.warmUpTxs, join(paths.data, "warm-up"), sigPool, logger);
  const server = new AbciSocketServer(node, {
    address: o.address ?? cfg.abciAddress,
    logger: logger.child({ module: "abci" }),
    proposalHoldMs: cfg.proposalHoldMs,
  });
  await server.listen();
  if (o.withComet ?? cfg.cometSupervise) {
    comet = new CometSupervisor({
      binary: cfg.cometBinary || cometBinary(),
      home: paths.home,
      logger,
      // The app halted (upgrade needed): exit once CometBFT has stopped, as the SDK's process does.
      onFinalExit: () => void halt(),
    });
  }
  endpoints = await mountNodeEndpoints({
    app,
    cometRpcUrl: cometRpcUrl(paths),
    cometConfig: paths.cometConfig,
    apiEnable: cfg.apiEnable,
    apiAddress: cfg.apiAddress,
    explorerEnable: cfg.explorerEnable,
    logger,
  });
  halt = onShutdown(logger, async () => {
    await comet?.stop();
    await endpoints?.close();
    await server.close();
    await node.idle();
    await snapshots.idle();
    await sigPool.close();
    await app.close();
  });
  logger.info(
    {
      home: paths.home,
      abci: server.address(),
      height: app.lastHeight.toString(),
      appHash: Buffer.from(app.store.lastAppHash).toString("hex").toUpperCase(),
    },
    comet ? "app ready; starting CometBFT" : `app ready; start CometBFT with: cometbft start --home ${paths.home}`,
  );
  comet?.start();
}

export interface DevStartOptions extends LogFlags {
  home: string;
  blockIntervalMs: number;
  /** Commit this height, then stop (0 or unset: app.toml's halt-height). */
  haltHeight?: bigint;
  /** Check invariants after every block (default: app.toml `invariants`). */
  invariants?: boolean;
}

/** Writes a dev home once: genesis with one validator and the faucet account, default app.toml. */
function ensureDevHome(paths: HomePaths): void {
  if (existsSync(paths.genesis)) return;
  mkdirSync(paths.config, { recursive: true });
  mkdirSync(paths.data, { recursive: true });
  const genesisTime = formatRfc3339({ seconds: BigInt(Math.floor(Date.now() / 1000)), nanos: 0 });
  const genesis = buildDevGenesis(buildModules(), {
    chainId: DEV_CHAIN_ID,
    genesisTime,
    accounts: [{ address: DEV_FAUCET_ADDRESS, coins: coinsToProto(parseCoins(DEV_FAUCET_COINS)) }],
    validatorSeed: randomBytes(32),
    // The faucet operates the dev validator, so staking and gov have a bonded validator to work with.
    validatorOperator: DEV_FAUCET_ADDRESS,
    mutate: applyDevPeriods,
  });
  saveGenesis(paths.genesis, genesis);
  // An app.toml written beforehand (other ports, gas prices) is kept.
  if (!existsSync(paths.appConfig)) writeAppConfig(paths.appConfig, DEFAULT_APP_CONFIG);
}

/** `blockchaind start --dev` (`npm start`): one process, the in-process engine producing blocks. */
export async function startDev(o: DevStartOptions): Promise<void> {
  const paths = homePaths(o.home);
  ensureDevHome(paths);
  process.stderr.write(`\n${devMnemonicWarning()}\n\n`);
  const { cfg, logger, app } = await openApp(paths, o, o.invariants);
  const genesis = readGenesisDoc(paths.genesis);
  const engine = await DevEngine.open({
    app,
    blockDir: paths.devBlocks,
    genesis,
    logger: logger.child({ module: "engine" }),
    blockIntervalMs: o.blockIntervalMs,
  });
  const endpoints = await mountDevEndpoints({
    app,
    engine,
    genesis,
    apiEnable: cfg.apiEnable,
    apiAddress: cfg.apiAddress,
    explorerEnable: cfg.explorerEnable,
    rpcAddress: cfg.rpcAddress,
    logger,
  });
  const halt = onShutdown(logger, async () => {
    await endpoints.close();
    await engine.close();
    await app.close();
  });
  // As on a CometBFT node: commit the halt height, then stop.
  const haltHeight = o.haltHeight ?? cfg.haltHeight;
  if (haltHeight > 0n && engine.height >= haltHeight) {
    logger.info({ height: engine.height.toString(), haltHeight: haltHeight.toString() }, "halt height reached");
    void halt();
    return;
  }
  if (haltHeight > 0n) {
    engine.onBlock((b) => {
      if (b.height >= haltHeight) void halt();
    });
  }
  engine.start();
  logger.info(
    {
      home: paths.home,
      chainId: engine.chainId,
      height: engine.height.toString(),
      blockIntervalMs: o.blockIntervalMs,
      rpc: endpoints.rpc?.url,
      rest: endpoints.rest?.url,
    },
    "dev node started",
  );
}
