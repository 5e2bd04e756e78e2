/**
 * REST read benchmark: autocannon against a real listening server on 127.0.0.1 serving
 * GET /cosmos/bank/v1beta1/balances/{addr} from a dev chain. Prints requests per second
 * (target: >= 10,000 req/s). BENCH_CONNECTIONS, BENCH_SECONDS, BENCH_PIPELINING tune it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRequire } from "node:module";
import { App } from "../../src/app/app";
import { buildModules } from "../../src/app/modules";
import { DevEngine } from "../../src/abci/dev/engine";
import { buildDevGenesis } from "../../src/abci/dev/genesis";
import { Secp256k1Key } from "../../src/client/signer";
import { DevBackend, startRestServer } from "../../src/rest";
import { silentLogger } from "../../src/types/logger";

interface AutocannonResult {
  requests: { average: number; p50: number };
  latency: { average: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
// autocannon ships no type declarations.
const autocannon = createRequire(import.meta.url)("autocannon") as (opts: Record<string, unknown>) => Promise<AutocannonResult>;

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PIPELINING = Number(process.env.BENCH_PIPELINING ?? 1);
// Load is generated in worker threads so it does not share the server's event loop.
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "bench-rest-"));
  const holder = Secp256k1Key.fromSeed("bench/rest");
  const modules = buildModules();
  const genesis = buildDevGenesis(modules, {
    chainId: "bench-rest",
    genesisTime: "2026-01-01T00:00:00Z",
    accounts: [
      {
        address: holder.address,
        coins: [
          { denom: "uaaa", amount: "1" },
          { denom: "ubbb", amount: "2" },
          { denom: "uyml", amount: "1000000000" },
        ],
      },
    ],
    validatorSeed: new Uint8Array(32).fill(1),
  });
  const app = await App.open({ dataDir: join(dir, "app"), modules, logger: silentLogger });
  const engine = await DevEngine.open({ app, blockDir: join(dir, "blocks"), genesis, logger: silentLogger });
  await engine.produceBlock();
  const server = await startRestServer({ app, node: new DevBackend(engine, app), host: "127.0.0.1", port: 0 });
  const url = `${server.url}/cosmos/bank/v1beta1/balances/${holder.address}`;
  const probe = await fetch(url);
  if (probe.status !== 200) throw new Error(`probe failed: ${probe.status} ${await probe.text()}`);
  console.log(`GET ${url}\n${await probe.text()}`);

  await autocannon({ url, connections: CONNECTIONS, duration: 2, pipelining: PIPELINING, workers: WORKERS }); // warm-up
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, pipelining: PIPELINING, workers: WORKERS });
  console.log(`connections ${CONNECTIONS}, pipelining ${PIPELINING}, ${SECONDS}s`);
  console.log(`requests/s: mean ${Math.round(result.requests.average)}, p50 ${result.requests.p50}`);
  console.log(`latency ms: mean ${result.latency.average}, p99 ${result.latency.p99}`);
  console.log(`non-2xx: ${result.non2xx}, errors: ${result.errors}, timeouts: ${result.timeouts}`);

  await server.close();
  await engine.close();
  await app.close();
  rmSync(dir, { recursive: true, force: true });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
