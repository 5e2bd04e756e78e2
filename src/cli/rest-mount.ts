import type { DevEngine } from "../abci/dev/engine";
import type { GenesisDoc } from "../abci/genesis-doc";
import type { App } from "../app/app";
import { CometBackend, DevBackend, RestMetrics, startRestServer, type NodeBackend, type RunningRestServer } from "../rest";
import { startCometRpcServer, type RunningCometRpc } from "../rpc";
import type { Logger } from "../types/logger";

export interface Endpoints {
  rest?: RunningRestServer;
  rpc?: RunningCometRpc;
  metrics: RestMetrics;
  close(): Promise<void>;
}

function endpoints(metrics: RestMetrics, rest: RunningRestServer | undefined, rpc: RunningCometRpc | undefined): Endpoints {
  return {
    rest,
    rpc,
    metrics,
    async close() {
      await Promise.all([rest?.close(), rpc?.close()]);
    },
  };
}

async function mountRest(app: App, node: NodeBackend, metrics: RestMetrics, o: { apiEnable: boolean; apiAddress: string; logger: Logger }) {
  if (!o.apiEnable) return undefined;
  return startRestServer({ app, node, address: o.apiAddress, logger: o.logger.child({ module: "rest" }), metrics });
}

/**
 * `start --dev`: REST (+ /metrics) and the CometBFT-compatible JSON-RPC over the dev engine,
 * sharing one event index; every committed block is observed by the metrics.
 */
export async function mountDevEndpoints(o: {
  app: App;
  engine: DevEngine;
  genesis: GenesisDoc;
  apiEnable: boolean;
  apiAddress: string;
  rpcAddress: string;
  logger: Logger;
}): Promise<Endpoints> {
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
    return endpoints(metrics, await mountRest(o.app, backend, metrics, o), rpc);
  } catch (e) {
    await rpc.close();
    throw e;
  }
}

/**
 * `start` beside CometBFT: REST (+ /metrics) over CometBFT's own RPC. The caller feeds
 * `metrics.observeBlock` from the ABCI commit path.
 */
export async function mountNodeEndpoints(o: {
  app: App;
  cometRpcUrl: string;
  apiEnable: boolean;
  apiAddress: string;
  logger: Logger;
}): Promise<Endpoints> {
  const backend = new CometBackend(o.cometRpcUrl);
  const metrics = new RestMetrics({
    height: () => o.app.lastHeight,
    mempoolSize: () => backend.mempoolSize(),
    registries: [o.app.metrics.registry],
  });
  return endpoints(metrics, await mountRest(o.app, backend, metrics, o), undefined);
}

/** broadcast_tx_sync through a CometBFT node's JSON-RPC (scripts/bench/comet.ts). */
export function cometBroadcaster(rpcUrl: string): {
  broadcastTxSync(tx: Uint8Array): Promise<{ hash: string; code: number; codespace: string; log: string }>;
} {
  const backend = new CometBackend(rpcUrl);
  return { broadcastTxSync: (tx) => backend.broadcastTx(tx, "sync") };
}
