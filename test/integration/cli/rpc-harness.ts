import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { App } from "../../../src/app/app";
import { buildModules } from "../../../src/app/modules";
import { DevEngine } from "../../../src/abci/dev/engine";
import { buildDevGenesis } from "../../../src/abci/dev/genesis";
import { formatRfc3339 } from "../../../src/abci/genesis-doc";
import { DEV_FAUCET_ADDRESS, DEV_FAUCET_COINS } from "../../../src/cli/dev-keys";
import { createLogger } from "../../../src/cli/logger";
import { coinsToProto, parseCoins } from "../../../src/types/coins";

export const HARNESS_CHAIN_ID = "blockchain-dev";

/**
 * The dev chain (App + DevEngine, as `start --dev` runs them) behind the four CometBFT JSON-RPC
 * methods the CLI uses (status, abci_query, broadcast_tx_sync, tx), with CometBFT's JSON
 * shapes. `start --dev` itself has no RPC listener, so the CLI walkthrough talks to this.
 */
export async function startRpcHarness(dir: string, blockIntervalMs = 200): Promise<{ url: string; close(): Promise<void> }> {
  const logger = createLogger("silent");
  const modules = buildModules();
  const app = await App.open({ dataDir: join(dir, "app"), modules, logger, minGasPrices: "0uyml" });
  const genesis = buildDevGenesis(buildModules(), {
    chainId: HARNESS_CHAIN_ID,
    genesisTime: formatRfc3339({ seconds: 1_800_000_000n, nanos: 0 }),
    accounts: [{ address: DEV_FAUCET_ADDRESS, coins: coinsToProto(parseCoins(DEV_FAUCET_COINS)) }],
    validatorSeed: randomBytes(32),
  });
  const engine = await DevEngine.open({ app, blockDir: join(dir, "blocks"), genesis, logger, blockIntervalMs });
  engine.start();

  const methods: Record<string, (p: Record<string, any>) => Promise<unknown>> = {
    status: async () => ({
      node_info: { network: engine.chainId, version: "0.38.25", moniker: "harness" },
      sync_info: {
        latest_block_hash: "",
        latest_app_hash: Buffer.from(app.store.lastAppHash).toString("hex").toUpperCase(),
        latest_block_height: engine.height.toString(),
        latest_block_time: formatRfc3339(engine.lastBlockTime),
        catching_up: false,
      },
    }),
    abci_query: async (p) => {
      const r = app.query({ path: p.path, data: new Uint8Array(Buffer.from(p.data ?? "", "hex")), height: BigInt(p.height ?? 0), prove: false });
      return { response: { code: r.code, log: r.log, info: r.info, index: "0", key: null, value: Buffer.from(r.value).toString("base64"), proofOps: null, height: r.height.toString(), codespace: r.codespace } };
    },
    broadcast_tx_sync: async (p) => {
      const r = await engine.broadcastTxSync(new Uint8Array(Buffer.from(p.tx, "base64")));
      return { code: r.code, data: "", log: r.log, codespace: r.codespace, hash: r.hash };
    },
    tx: async (p) => {
      const hash = Buffer.from(p.hash, "base64").toString("hex").toUpperCase();
      const found = await engine.getTx(hash);
      if (!found) throw Object.assign(new Error("Internal error"), { data: `tx (${hash}) not found` });
      const x = found.result;
      return {
        hash,
        height: found.height.toString(),
        index: found.index,
        tx_result: { code: x.code, data: Buffer.from(x.data).toString("base64"), log: x.log, info: x.info, gas_wanted: x.gasWanted.toString(), gas_used: x.gasUsed.toString(), events: [], codespace: x.codespace },
        tx: Buffer.from(found.tx).toString("base64"),
      };
    },
  };

  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", async () => {
      const call = JSON.parse(body) as { id: number; method: string; params: Record<string, unknown> };
      const reply = (x: object) => res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, ...x }));
      const fn = methods[call.method];
      if (!fn) return reply({ error: { code: -32601, message: "Method not found" } });
      try {
        reply({ result: await fn(call.params ?? {}) });
      } catch (e) {
        reply({ error: { code: -32603, message: (e as Error).message, data: (e as { data?: string }).data ?? "" } });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await new Promise((r) => server.close(r));
      await engine.close();
      await app.close();
    },
  };
}
