import type { App } from "../app/app";
import type { Logger } from "../types/logger";

/** How the REST server submits a tx: CometBFT's broadcast_tx_sync, or the dev engine's mempool. */
export interface TxBroadcaster {
  broadcastTxSync(tx: Uint8Array): Promise<{ hash: string; code: number; codespace: string; log: string }>;
}

export interface RestMountOptions {
  app: App;
  broadcaster: TxBroadcaster;
  /** `tcp://host:port` from app.toml [api]. */
  address: string;
  logger: Logger;
}

/**
 * REST MOUNT POINT. The REST server (src/rest, written separately) is started here by both
 * `blockchaind start` and `start --dev`; until it lands this logs that REST is not served.
 * Wire it as: `return startRestServer({ app: o.app, broadcaster: o.broadcaster, address: o.address, logger: o.logger })`
 * returning something with `close()`.
 */
export async function mountRestServer(o: RestMountOptions): Promise<{ close(): Promise<void> } | undefined> {
  o.logger.warn({ address: o.address }, "REST server not wired into blockchaind yet (src/cli/rest-mount.ts)");
  return undefined;
}

/** broadcast_tx_sync through a CometBFT node's JSON-RPC. */
export function cometBroadcaster(rpcUrl: string): TxBroadcaster {
  return {
    async broadcastTxSync(tx) {
      const res = await fetch(rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "broadcast_tx_sync", params: { tx: Buffer.from(tx).toString("base64") } }),
      });
      const body = (await res.json()) as { result?: { hash: string; code: number; codespace: string; log: string }; error?: { message: string; data?: string } };
      if (!body.result) throw new Error(`broadcast_tx_sync: ${body.error?.message ?? res.status} ${body.error?.data ?? ""}`);
      return { hash: body.result.hash, code: body.result.code, codespace: body.result.codespace, log: body.result.log };
    },
  };
}
