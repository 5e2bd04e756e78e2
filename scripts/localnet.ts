/**
 * `npm run localnet [-- --validators N --reset --dir D]`: N validators on loopback, each a
 * CometBFT process plus our app (`blockchaind start`). Node 0's RPC is 127.0.0.1:26657, node i
 * is +100 i. The chain survives Ctrl-C and resumes on the next run; --reset starts fresh.
 */
import { join } from "node:path";
import { Command } from "commander";
import { DEV_FAUCET_ADDRESS, devMnemonicWarning } from "../src/cli/dev-keys";
import { PROJECT_ROOT } from "../src/cli/home";
import { Localnet, latestHeight } from "../src/cli/localnet";

const opts = new Command("localnet")
  .option("--validators <n>", "number of validators", (v) => Number.parseInt(v, 10), 4)
  .option("--reset", "delete the localnet and start a new chain")
  .option("--dir <dir>", "where the node homes live", join(PROJECT_ROOT, ".data", "localnet"))
  .option("--base-port <port>", "node 0's CometBFT RPC port", (v) => Number.parseInt(v, 10), 26657)
  .parse(process.argv)
  .opts<{ validators: number; reset?: boolean; dir: string; basePort: number }>();

if (!Number.isInteger(opts.validators) || opts.validators < 1) throw new Error("--validators must be a positive integer");

const net = await Localnet.prepare({ dir: opts.dir, validators: opts.validators, basePort: opts.basePort, reset: opts.reset });
console.log(`${net.created ? "created" : "resuming"} localnet "${net.layout.chainId}" with ${opts.validators} validator(s) in ${opts.dir}`);
console.log(devMnemonicWarning());

let stopping = false;
const stop = async (): Promise<void> => {
  if (stopping) return;
  stopping = true;
  console.log("\nstopping localnet (state is kept; --reset starts fresh)...");
  await net.stop();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());

await net.start();
for (const n of net.nodes) {
  console.log(
    `node${n.index}: rpc ${n.rpcUrl}  p2p ${n.ports.p2p}  abci ${n.ports.abci}  prometheus ${n.ports.prometheus}  api ${n.ports.api}  logs ${n.home}/logs`,
  );
}
console.log(`faucet ${DEV_FAUCET_ADDRESS} funded; Ctrl-C stops every node`);

for (;;) {
  await new Promise((r) => setTimeout(r, 5_000));
  if (stopping) continue;
  const heights = await Promise.all(net.nodes.map((n) => latestHeight(n.rpcUrl).catch(() => "down")));
  const gone = (p?: { exitCode: number | null; signalCode: string | null }) => !p || p.exitCode !== null || p.signalCode !== null;
  const dead = net.nodes.filter((n) => gone(n.app) || gone(n.comet)).map((n) => `node${n.index}`);
  console.log(`heights: ${heights.join(" ")}${dead.length ? `  exited: ${dead.join(", ")} (see logs)` : ""}`);
}
