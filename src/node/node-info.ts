import type { DefaultNodeInfo } from "cosmjs-types/tendermint/p2p/types";

/** CometBFT v0.38's node info as a single-node dev chain presents itself. */
export function nodeInfoOf(o: {
  network: string;
  moniker: string;
  nodeId: string;
  listenAddr?: string;
  rpcAddress?: string;
}): DefaultNodeInfo {
  return {
    protocolVersion: { p2p: 8n, block: 11n, app: 1n },
    defaultNodeId: o.nodeId,
    listenAddr: o.listenAddr ?? "",
    network: o.network,
    version: "0.38.25",
    channels: new Uint8Array(),
    moniker: o.moniker,
    other: { txIndex: "on", rpcAddress: o.rpcAddress ?? "" },
  };
}
