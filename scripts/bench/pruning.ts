/**
 * Disk under pruning: the app in-process (no CometBFT) under steady load — every block
 * TXS signed MsgSends between a fixed set of TXS accounts, each account sending once per
 * block — for BLOCKS blocks, once per app.toml pruning setting:
 *   everything                      (keep-recent 2, interval 10)
 *   default                         (keep-recent 362880: nothing is pruned within the run)
 *   custom keep-recent 100 interval 10
 * Prints the size on disk of the app's data directory every EVERY blocks, so the figures show
 * whether it stays bounded. Blocks go through FinalizeBlock + Commit as CometBFT drives them
 * (the ante handler verifies every signature; CheckTx is left out: it does not touch disk).
 *
 * Run: npm run bench:pruning [-- --blocks 20000 --txs 200 --every 1000 --only everything,custom --minutes 30]
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { initChainRequest } from "../../src/abci/genesis-doc";
import { App } from "../../src/app/app";
import { buildModules } from "../../src/app/modules";
import { storePruning, type PruningSettings } from "../../src/cli/pruning";
import { Secp256k1Key } from "../../src/client/signer";
import { signTransferRing, transferRingGenesis } from "../../src/cli/transfer-ring";
import { silentLogger } from "../../src/types/logger";
import { benchBlock } from "./bench-block";

const { values: flags } = parseArgs({
  options: {
    blocks: { type: "string", default: "20000" },
    txs: { type: "string", default: "200" },
    every: { type: "string", default: "1000" },
    only: { type: "string", default: "everything,default,custom" },
    /** Stop each setting's run after this many minutes (a loaded machine may not reach BLOCKS). */
    minutes: { type: "string" },
  },
});
const BLOCKS = Number(flags.blocks);
const TXS = Number(flags.txs);
const EVERY = Number(flags.every);
const MAX_MS = flags.minutes === undefined ? Infinity : Number(flags.minutes) * 60_000;
const CHAIN_ID = "bench-pruning";

const SETTINGS: Record<string, PruningSettings> = {
  everything: { pruning: "everything", pruningKeepRecent: 0, pruningInterval: 0 },
  default: { pruning: "default", pruningKeepRecent: 0, pruningInterval: 0 },
  custom: { pruning: "custom", pruningKeepRecent: 100, pruningInterval: 10 },
};

/** Bytes the directory's files occupy on disk (allocated blocks, as du counts them). */
function diskBytes(dir: string): number {
  let total = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    total += e.isDirectory() ? diskBytes(p) : statSync(p).blocks * 512;
  }
  return total;
}

const mb = (bytes: number) => (bytes / 1e6).toFixed(1);

async function run(name: string, keys: Secp256k1Key[]): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), `bench-pruning-${name}-`));
  const modules = buildModules();
  const genesis = transferRingGenesis(modules, keys, CHAIN_ID, "1000000000000");
  const app = await App.open({ dataDir: dir, modules, logger: silentLogger, store: storePruning(SETTINGS[name]) });
  app.initChain(initChainRequest(genesis));
  const block = benchBlock;
  const started = performance.now();
  console.log(`${name}: ${JSON.stringify(storePruning(SETTINGS[name]))}`);
  for (let h = 1; h <= BLOCKS; h++) {
    // Block 1 is empty (genesis accounts take effect), then each account sends once per block.
    const seq = BigInt(h - 2);
    const txs = h === 1 ? [] : signTransferRing(keys, seq, CHAIN_ID);
    const res = app.finalizeBlock(block(BigInt(h), txs));
    const failed = res.txResults.find((r) => r.code !== 0);
    if (failed) throw new Error(`${name}: a tx failed at height ${h}: ${failed.log}`);
    await app.commit({});
    const outOfTime = performance.now() - started > MAX_MS;
    if (h % EVERY === 0 || h === BLOCKS || outOfTime) {
      const secs = (performance.now() - started) / 1000;
      console.log(`  ${name} height ${String(h).padStart(6)}  ${mb(diskBytes(dir)).padStart(8)} MB  (${secs.toFixed(0)} s)`);
    }
    if (outOfTime) {
      console.log(`  ${name}: stopped at height ${h} after --minutes ${flags.minutes}`);
      break;
    }
  }
  await app.close();
  rmSync(dir, { recursive: true, force: true });
}

async function main(): Promise<void> {
  console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? "?"}, node ${process.version}; ${new Date().toISOString()}`);
  console.log(`${BLOCKS} blocks of ${TXS} signed MsgSends; data directory size every ${EVERY} blocks`);
  const keys = Array.from({ length: TXS }, (_, i) => Secp256k1Key.fromSeed(`bench/${i}`));
  for (const name of flags.only.split(",")) {
    if (!SETTINGS[name]) throw new Error(`unknown setting ${name}: use ${Object.keys(SETTINGS).join(", ")}`);
    await run(name, keys);
  }
}

await main();
