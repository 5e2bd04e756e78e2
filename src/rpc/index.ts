/**
 * The dev node's CometBFT-compatible JSON-RPC (`blockchaind start --dev`, 127.0.0.1:26657):
 *
 *   const rpc = await startCometRpcServer({ app, engine, backend: new DevBackend(engine, app), genesis, address: "tcp://127.0.0.1:26657", logger });
 *   await rpc.close();
 */
export { startCometRpcServer, createCometRpcHandler, type CometRpcOptions, type RunningCometRpc } from "./server";
export { devRpcMethods, type DevRpcNode, type RpcMethod } from "./methods";
export { RpcError } from "./errors";
