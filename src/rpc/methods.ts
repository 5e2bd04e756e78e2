import { blockMethods } from "./block-methods";
import { DevChainView, type DevRpcNode, type RpcMethod } from "./dev-chain-view";
import { infoMethods } from "./info-methods";
import { txMethods } from "./tx-methods";

export type { DevRpcNode, RpcMethod } from "./dev-chain-view";

/** CometBFT v0.38's JSON-RPC methods, answered from the dev engine (what cosmjs and our CLI call). */
export function devRpcMethods(node: DevRpcNode): Record<string, RpcMethod> {
  const chain = new DevChainView(node);
  return { ...infoMethods(chain), ...txMethods(chain), ...blockMethods(chain) };
}
