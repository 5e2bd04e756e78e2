import type { DevEngine } from "../abci/dev/engine";
import type { GenesisDoc } from "../abci/genesis-doc";
import type { App } from "../app/app";
import { CometBackend, DevBackend, RestMetrics, startRestServer, type NodeBackend, type RunningRestServer } from "../rest";
import { startCometRpcServer, type RunningCometRpc } from "../rpc";
import type { Logger } from "../types/logger";
import { PsqlCometBackend } from "../node/psql-backend";
import { redactPsqlConn } from "../node/psql-conn";
import { readTxIndexConfig } from "./tx-index-config";
import { packageFile } from "../types/package-files";

/** Where `node explorer/build.mjs` (run by `npm run build`) writes the explorer page. */
export const EXPLORER_DIR = packageFile("explorer");

/** app.toml's `[explorer] enable` (default true) and the RPC the page is told about. */
export interface ExplorerMount {
  explorerEnable?: boolean;
  /** Default: EXPLORER_DIR. */
  explorerDir?: string;
}

export interface Endpoints {
  rest?: RunningRestServer;
  rpc?: RunningCometRpc;
  metrics: RestMetrics;
  close(): Promise<void>;
}

function endpoints(
  metrics: RestMetrics,
  rest: RunningRestServer | undefined,
  rpc: RunningCometRpc | undefined,
  closeBackend?: () => Promise<void>,
): Endpoints {
  return {
    rest,
    rpc,
    metrics,
    async close() {
      await Promise.all([rest?.close(), rpc?.close()]);
      await closeBackend?.();
    },
  };
}

async function mountRest(
  app: App,
  node: NodeBackend,
  metrics: RestMetrics,
  o: { apiEnable: boolean; apiAddress: string; logger: Logger; rpcUrl: string | undefined } & ExplorerMount,
) {
  if (!o.apiEnable) return undefined;
  const explorer = (o.explorerEnable ?? true) ? { dir: o.explorerDir ?? EXPLORER_DIR, rpcUrl: o.rpcUrl } : undefined;
  return startRestServer({ app, node, address: o.apiAddress, logger: o.logger.child({ module: "rest" }), metrics, explorer });
}

/**
 * `start --dev`: REST (+ /metrics) and the CometBFT-compatible JSON-RPC over the dev engine,
 * sharing one event index; every committed block is observed by the metrics.
 */
export async function mountDevEndpoints(
  o: {
    app: App;
    engine: DevEngine;
    genesis: GenesisDoc;
    apiEnable: boolean;
    apiAddress: string;
    rpcAddress: string;
    logger: Logger;
  } & ExplorerMount,
): Promise<Endpoints> {
  const backend = new DevBackend(o.engine, o.app);
  const metrics = new RestMetrics({
    height: () => o.app.lastHeight,
    mempoolSize: () => backend.mempoolSize(),
    registries: [o.app.metrics.registry],
  });
  o.engine.onBlock((block, ms) => metrics.observeBlock(block.height, ms, block.txHashes.length));
  const rpc = await startCometRpcServer({
    app: o.app,
    engine: o.engine,
    backend,
    genesis: o.genesis,
    address: o.rpcAddress,
    logger: o.logger.child({ module: "rpc" }),
  });
  try {
    return endpoints(metrics, await mountRest(o.app, backend, metrics, { ...o, rpcUrl: rpc.url }), rpc);
  } catch (e) {
    await rpc.close();
    throw e;
  }
}

/**
 * `start` beside CometBFT: REST (+ /metrics) over CometBFT's own RPC. The caller feeds
 * `metrics.observeBlock` from the ABCI commit path.
 */
export async function mountNodeEndpoints(
  o: {
    app: App;
    cometRpcUrl: string;
    apiEnable: boolean;
    apiAddress: string;
    logger: Logger;
    /** The home's config.toml: with `[tx_index] indexer = "psql"` REST reads txs from that Postgres. */
    cometConfig?: string;
  } & ExplorerMount,
): Promise<Endpoints> {
  const txIndex = o.cometConfig ? readTxIndexConfig(o.cometConfig) : undefined;
  const logger = o.logger.child({ module: "rest" });
  let psql: PsqlCometBackend | undefined;
  if (txIndex?.indexer === "psql") {
    psql = new PsqlCometBackend({
      rpcUrl: o.cometRpcUrl,
      psqlConn: txIndex.psqlConn,
      chainId: () => o.app.chainId,
      onPoolError: (err) => logger.warn({ err: err.message }, "tx index: a Postgres connection failed"),
    });
    logger.info(
      { psql: redactPsqlConn(txIndex.psqlConn) },
      "tx search reads CometBFT's Postgres index (its RPC refuses tx_search with psql)",
    );
  }
  const backend = psql ?? new CometBackend(o.cometRpcUrl);
  const close = psql?.close.bind(psql);
  const metrics = new RestMetrics({
    height: () => o.app.lastHeight,
    mempoolSize: () => backend.mempoolSize(),
    registries: [o.app.metrics.registry],
  });
  try {
    return endpoints(metrics, await mountRest(o.app, backend, metrics, { ...o, rpcUrl: o.cometRpcUrl }), undefined, close);
  } catch (e) {
    await close?.();
    throw e;
  }
}

/** broadcast_tx_sync through a CometBFT node's JSON-RPC (scripts/bench/comet.ts). */
export function cometBroadcaster(rpcUrl: string): {
  broadcastTxSync(tx: Uint8Array): Promise<{ hash: string; code: number; codespace: string; log: string }>;
} {
  const backend = new CometBackend(rpcUrl);
  return { broadcastTxSync: (tx) => backend.broadcastTx(tx, "sync") };
}
