import { mkdtempSync, rmSync } from "node:fs";
import { AppMetrics } from "../../../src/app/metrics";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { App } from "../../../src/app/app";
import { buildModules } from "../../../src/app/modules";
import { DevEngine } from "../../../src/abci/dev/engine";
import { buildDevGenesis } from "../../../src/abci/dev/genesis";
import { DEV_FAUCET_ADDRESS, DEV_FAUCET_COINS } from "../../../src/cli/dev-keys";
import { NodeApp } from "../../../src/cli/node-app";
import { mountNodeEndpoints, type Endpoints } from "../../../src/cli/rest-mount";
import { coinsToProto, parseCoins } from "../../../src/types/coins";
import { silentLogger } from "../../../src/types/logger";

const dir = mkdtempSync(join(tmpdir(), "node-endpoints-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function metric(text: string, name: string): number {
  return Number(new RegExp(`^${name} (\\d+(?:\\.\\d+)?)`, "m").exec(text)?.[1] ?? "NaN");
}

describe("start beside CometBFT: REST over CometBFT's RPC, block metrics from the ABCI commit path", () => {
  it("serves app queries with CometBFT down, answers 503 for what needs CometBFT, and counts committed blocks", async () => {
    const modules = buildModules();
    const genesis = buildDevGenesis(modules, {
      chainId: "node-endpoints",
      genesisTime: "2026-01-01T00:00:00Z",
      accounts: [{ address: DEV_FAUCET_ADDRESS, coins: coinsToProto(parseCoins(DEV_FAUCET_COINS)) }],
      validatorSeed: new Uint8Array(32).fill(5),
    });
    const app = await App.open({ dataDir: join(dir, "app"), modules, logger: silentLogger, minGasPrices: "0uyml" });
    let endpoints: Endpoints | undefined;
    // The same wiring as startNode: NodeApp reports each commit to the REST metrics.
    const node = new NodeApp(app, { logger: silentLogger, onCommitted: (h, ms, txs) => endpoints?.metrics.observeBlock(h, ms, txs) });
    // The dev engine stands in for CometBFT, driving NodeApp through the same ABCI calls.
    const engine = await DevEngine.open({ app: node, blockDir: join(dir, "blocks"), genesis, logger: silentLogger });
    endpoints = await mountNodeEndpoints({
      app,
      cometRpcUrl: "http://127.0.0.1:1",
      apiEnable: true,
      apiAddress: "tcp://127.0.0.1:0",
      logger: silentLogger,
    });
    try {
      for (let i = 0; i < 3; i++) await engine.produceBlock();
      const rest = endpoints.rest!.url;
      const balance = await fetch(`${rest}/cosmos/bank/v1beta1/balances/${DEV_FAUCET_ADDRESS}`);
      expect(balance.status).toBe(200);
      expect(balance.headers.get("x-cosmos-block-height")).toBe("3");
      const nodeInfo = await fetch(`${rest}/cosmos/base/tendermint/v1beta1/node_info`);
      expect(nodeInfo.status).toBe(503);
      const text = await (await fetch(`${rest}/metrics`)).text();
      expect(metric(text, "blockchain_block_height")).toBe(3);
      expect(metric(text, "blockchain_block_execution_seconds_count")).toBe(3);
      expect(metric(text, "blockchain_mempool_size")).toBe(0);
      // The state machine's own metrics are served beside the REST ones.
      expect(text).toContain("# TYPE blockchain_block_hook_failures_total counter");
    } finally {
      await endpoints.close();
      await engine.close();
      await app.close();
    }
    expect(endpoints.rpc).toBeUndefined();
  });

  it("apiEnable = false mounts nothing but still offers metrics to feed", async () => {
    const app = { lastHeight: 0n, metrics: new AppMetrics() } as unknown as App;
    const off = await mountNodeEndpoints({
      app,
      cometRpcUrl: "http://127.0.0.1:1",
      apiEnable: false,
      apiAddress: "tcp://127.0.0.1:0",
      logger: silentLogger,
    });
    expect(off.rest).toBeUndefined();
    off.metrics.observeBlock(7n, 12, 2);
    expect(metric(await off.metrics.text(), "blockchain_txs_total")).toBe(2);
    await off.close();
  });
});
