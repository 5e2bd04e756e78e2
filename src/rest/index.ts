/**
 * The REST gateway. `blockchaind start` mounts it with:
 *
 *   const metrics = new RestMetrics({ height: () => app.lastHeight });
 *   const rest = await startRestServer({ app, node: new DevBackend(engine, app), address: "tcp://127.0.0.1:1317", logger, metrics });
 *   // CometBFT mode: node: new CometBackend("http://127.0.0.1:26657")
 *   // after each committed block: metrics.observeBlock(height, ms, txCount)
 *   await rest.close();
 */
export { createRestServer, startRestServer, type RestServerOptions, type RunningRestServer } from "./server";
export { DevBackend } from "../node/dev-backend";
export { CometBackend } from "../node/comet-backend";
export { RestMetrics } from "./metrics";
export { registerExplorer, type ExplorerOptions } from "./explorer";
export type {
  NodeBackend,
  IndexedTx,
  BroadcastMode,
  BroadcastOutcome,
  BlockView,
  ValidatorView,
  OrderBy,
  TxSearchPage,
} from "../node/backend";
export { gatewayJson } from "../codec/gateway-json";
