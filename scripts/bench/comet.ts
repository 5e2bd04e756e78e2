/**
 * `npm run bench:comet [-- --accounts 400 --clients 32 --seconds 30]`: one real CometBFT
 * validator with our app; several concurrent clients sign MsgSends from many funded accounts
 * and submit them with broadcast_tx_sync; prints the committed tx/s (txs in the blocks
 * committed during the load, over those blocks' time span).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Command } from "commander";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { Localnet, latestHeight, rpc, waitForHeight } from "../../src/cli/localnet";
import { cometBroadcaster } from "../../src/cli/rest-mount";
import { Secp256k1Key } from "../../src/client/signer";
import { signTx } from "../../src/client/tx-builder";
import { accountNumber, freeLocalnetBasePort } from "./localnet-helpers";

const o = new Command("bench:comet")
  .option("--accounts <n>", "funded sender accounts", (v) => Number(v), 400)
  .option("--clients <n>", "concurrent clients", (v) => Number(v), 32)
  .option("--seconds <n>", "load duration", (v) => Number(v), 30)
  .option("--timeout-commit <d>", "CometBFT timeout_commit", "400ms")
  .parse(process.argv)
  .opts<{ accounts: number; clients: number; seconds: number; timeoutCommit: string }>();

const CHAIN_ID = "bench";
const keys = Array.from({ length: o.accounts }, (_, i) => Secp256k1Key.fromSeed(`bench-comet/${i}`));
const dir = mkdtempSync(join(tmpdir(), "bench-comet-"));
const net = await Localnet.prepare({
  dir,
  validators: 1,
  basePort: await freeLocalnetBasePort(),
  chainId: CHAIN_ID,
  timeoutCommit: o.timeoutCommit,
  accounts: keys.map((k) => ({ address: k.address, coins: "1000000000000uyml" })),
  reset: true,
});
const url = net.nodes[0].rpcUrl;

const broadcaster = cometBroadcaster(url);

let submitted = 0;
let refused = 0;
async function client(index: number, until: number): Promise<void> {
  const mine = keys.map((k, i) => ({ k, i })).filter(({ i }) => i % o.clients === index);
  const state = await Promise.all(
    mine.map(async ({ k, i }) => ({
      key: k,
      to: keys[(i + 1) % keys.length].address,
      accountNumber: await accountNumber(url, k.address),
      sequence: 0n,
    })),
  );
  for (let n = 0; Date.now() < until; n++) {
    const s = state[n % state.length];
    const msg = {
      typeUrl: "/cosmos.bank.v1beta1.MsgSend",
      value: MsgSend.encode({ fromAddress: s.key.address, toAddress: s.to, amount: [{ denom: "uyml", amount: "1" }] }).finish(),
    };
    const tx = signTx([msg], [{ key: s.key, accountNumber: s.accountNumber, sequence: s.sequence }], {
      chainId: CHAIN_ID,
      gasLimit: 200_000n,
    });
    const r = await broadcaster.broadcastTxSync(tx).catch((e: Error) => ({ code: -1, log: e.message }));
    if (r.code === 0) {
      s.sequence++;
      submitted++;
    } else {
      refused++;
      // Mempool full: back off and let blocks drain it.
      await new Promise((res) => setTimeout(res, 100));
    }
  }
}

try {
  await net.start();
  await waitForHeight(url, 2, 60_000);
  const h0 = await latestHeight(url);
  const until = Date.now() + o.seconds * 1000;
  await Promise.all(Array.from({ length: o.clients }, (_, i) => client(i, until)));
  // Let the mempool drain into blocks, so what was accepted is counted once committed.
  await new Promise((r) => setTimeout(r, 3000));
  const h1 = await latestHeight(url);
  let txs = 0;
  for (let max = h1; max > h0; max -= 20) {
    const r = await rpc<{ block_metas: Array<{ num_txs: string }> }>(url, "blockchain", {
      minHeight: String(Math.max(h0 + 1, max - 19)),
      maxHeight: String(max),
    });
    for (const m of r.block_metas) txs += Number(m.num_txs);
  }
  const time = async (h: number) =>
    Date.parse((await rpc<{ block: { header: { time: string } } }>(url, "block", { height: String(h) })).block.header.time);
  const span = ((await time(h1)) - (await time(h0))) / 1000;
  console.log(
    JSON.stringify({
      accounts: o.accounts,
      clients: o.clients,
      seconds: o.seconds,
      blocks: h1 - h0,
      submitted,
      refused,
      committed: txs,
      spanSeconds: span,
      committedTxPerSecond: Math.round(txs / span),
    }),
  );
} finally {
  await net.stop();
  rmSync(dir, { recursive: true, force: true });
}
