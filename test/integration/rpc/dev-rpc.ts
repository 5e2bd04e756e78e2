import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DirectSecp256k1HdWallet } from "@cosmjs/proto-signing";
import { GasPrice, SigningStargateClient } from "@cosmjs/stargate";
import { App } from "../../../src/app/app";
import { buildModules } from "../../../src/app/modules";
import { DevEngine } from "../../../src/abci/dev/engine";
import { buildDevGenesis } from "../../../src/abci/dev/genesis";
import type { GenesisDoc } from "../../../src/abci/genesis-doc";
import { DEV_FAUCET_ADDRESS, DEV_FAUCET_COINS, DEV_FAUCET_MNEMONIC } from "../../../src/cli/dev-keys";
import { DevBackend } from "../../../src/rest";
import { startCometRpcServer, type RunningCometRpc } from "../../../src/rpc";
import { coinsToProto, parseCoins } from "../../../src/types/coins";
import { silentLogger } from "../../../src/types/logger";

export interface DevRpcNode {
  app: App;
  engine: DevEngine;
  genesis: GenesisDoc;
  rpc: RunningCometRpc;
  /** The faucet's signing client over the node's RPC. */
  client: SigningStargateClient;
  close(): Promise<void>;
}

/**
 * A dev chain (blocks every 150 ms) with its CometBFT JSON-RPC on a free port, past height 2.
 * Given a directory (a restart), it opens the chain there and leaves it on close.
 */
export async function startDevRpcNode(chainId: string, home?: string): Promise<DevRpcNode> {
  const dir = home ?? mkdtempSync(join(tmpdir(), "comet-rpc-"));
  const modules = buildModules();
  const genesis = buildDevGenesis(modules, {
    chainId,
    genesisTime: "2026-01-01T00:00:00Z",
    accounts: [{ address: DEV_FAUCET_ADDRESS, coins: coinsToProto(parseCoins(DEV_FAUCET_COINS)) }],
    validatorSeed: new Uint8Array(32).fill(3),
    validatorOperator: DEV_FAUCET_ADDRESS,
  });
  const app = await App.open({ dataDir: join(dir, "app"), modules, logger: silentLogger, minGasPrices: "0uyml" });
  const engine = await DevEngine.open({ app, blockDir: join(dir, "blocks"), genesis, logger: silentLogger, blockIntervalMs: 150 });
  const rpc = await startCometRpcServer({
    app,
    engine,
    backend: new DevBackend(engine, app),
    genesis,
    address: "tcp://127.0.0.1:0",
    broadcastCommitTimeoutMs: 3000,
  });
  engine.start();
  while (engine.height < 2n) await new Promise((r) => setTimeout(r, 50));
  const wallet = await DirectSecp256k1HdWallet.fromMnemonic(DEV_FAUCET_MNEMONIC, { prefix: "yml" });
  const client = await SigningStargateClient.connectWithSigner(rpc.url, wallet, {
    gasPrice: GasPrice.fromString("0.025uyml"),
    broadcastPollIntervalMs: 100,
  });
  return {
    app,
    engine,
    genesis,
    rpc,
    client,
    async close() {
      client.disconnect();
      await rpc.close();
      await engine.close();
      await app.close();
      if (!home) rmSync(dir, { recursive: true, force: true });
    },
  };
}
