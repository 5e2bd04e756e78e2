/**
 * Regenerates test/fixtures/tendermint-light/chain.json: signed headers and validator sets of a
 * real CometBFT v0.38 network, for the 07-tendermint light client's unit tests.
 *
 *   npx tsx scripts/capture-light-fixtures.ts
 *
 * Runs `.bin/cometbft testnet` with 4 validators (power 10 each) on loopback, each node with CometBFT's built-in
 * kvstore app, on chain id "lightfix-1" (revision format, so IBC heights carry revision 1). While
 * it runs, two validator-set changes go through kvstore's `val=` transactions:
 *   1. a fifth validator joins with power 5 under a key no node holds, so it is absent from
 *      every commit afterwards (commits then carry BlockIDFlagAbsent entries);
 *   2. node 0's power goes from 10 to 20 (the set re-orders by power).
 * It then records, for every height 1..N: the signed header and commit (/commit), the
 * validator set (/validators) and the block id CometBFT computed (/block). The validators'
 * private keys of this throwaway network are kept too, so tests can forge conflicting commits
 * (misbehaviour) with the real set's keys.
 */
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, createWriteStream } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ed25519 } from "@noble/curves/ed25519.js";
import { PROJECT_ROOT } from "../src/cli/home";
import { latestHeight, rpc, waitForHeight } from "../src/cli/localnet";

const COMET = process.env.COMETBFT_BIN ?? join(PROJECT_ROOT, ".bin", "cometbft");
const CHAIN_ID = "lightfix-1";
const NODES = 4;
const BASE_PORT = 27_400;
const OUT = join(PROJECT_ROOT, "test", "fixtures", "tendermint-light", "chain.json");

const p2pPort = (i: number) => BASE_PORT + 10 * i;
const rpcPort = (i: number) => BASE_PORT + 10 * i + 1;
const rpcUrl = (i: number) => `http://127.0.0.1:${rpcPort(i)}`;

interface KeyFile {
  address: string;
  pub_key: { value: string };
  priv_key: { value: string };
}

function setToml(file: string, key: string, value: string): void {
  const text = readFileSync(file, "utf8");
  const re = new RegExp(`^${key} = .*$`, "m");
  if (!re.test(text)) throw new Error(`${key} not in ${file}`);
  writeFileSync(file, text.replace(re, `${key} = ${value}`));
}

async function broadcastCommit(tx: string): Promise<number> {
  const res = await rpc<{ check_tx: { code: number }; tx_result: { code: number }; height: string }>(rpcUrl(0), "broadcast_tx_commit", {
    tx: `"${tx}"`,
  });
  if (res.check_tx.code !== 0 || res.tx_result.code !== 0) throw new Error(`tx ${tx} failed: ${JSON.stringify(res)}`);
  return Number(res.height);
}

async function powers(height: number): Promise<Map<string, string>> {
  const res = await rpc<{ validators: Array<{ pub_key: { value: string }; voting_power: string }> }>(rpcUrl(0), "validators", {
    height: String(height),
    per_page: "100",
  });
  return new Map(res.validators.map((v) => [v.pub_key.value, v.voting_power]));
}

/** Waits until the set at the latest height gives `pubKey` `power`; returns that height. */
async function waitForPower(pubKey: string, power: string): Promise<number> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const h = await latestHeight(rpcUrl(0));
    if ((await powers(h)).get(pubKey) === power) return h;
    if (Date.now() > deadline) throw new Error(`power ${power} for ${pubKey} never reached`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

const dir = mkdtempSync(join(tmpdir(), "light-fixtures-"));
const children: ChildProcess[] = [];
try {
  execFileSync(COMET, ["testnet", "--v", String(NODES), "--o", dir, "--populate-persistent-peers=false"], { stdio: "ignore" });
  const homes = Array.from({ length: NODES }, (_, i) => join(dir, `node${i}`));
  const genesis = JSON.parse(readFileSync(join(homes[0], "config", "genesis.json"), "utf8")) as {
    chain_id: string;
    validators: Array<{ power: string }>;
  };
  genesis.chain_id = CHAIN_ID;
  // testnet gives power 1 each; 10 leaves room for a smaller joiner that never signs.
  for (const v of genesis.validators) v.power = "10";
  for (const h of homes) writeFileSync(join(h, "config", "genesis.json"), JSON.stringify(genesis, null, 2));
  const ids = homes.map((h) => execFileSync(COMET, ["show-node-id", "--home", h], { encoding: "utf8" }).trim());
  const keys = homes.map((h) => JSON.parse(readFileSync(join(h, "config", "priv_validator_key.json"), "utf8")) as KeyFile);

  homes.forEach((home, i) => {
    const cfg = join(home, "config", "config.toml");
    setToml(cfg, "allow_duplicate_ip", "true");
    setToml(cfg, "addr_book_strict", "false");
    const peers = ids.flatMap((id, j) => (j === i ? [] : [`${id}@127.0.0.1:${p2pPort(j)}`])).join(",");
    mkdirSync(join(home, "logs"), { recursive: true });
    const child = spawn(
      COMET,
      [
        "start",
        "--home",
        home,
        "--proxy_app=kvstore",
        `--p2p.laddr=tcp://127.0.0.1:${p2pPort(i)}`,
        `--rpc.laddr=tcp://127.0.0.1:${rpcPort(i)}`,
        `--p2p.persistent_peers=${peers}`,
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    const log = createWriteStream(join(home, "logs", "comet.log"));
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    children.push(child);
  });

  await waitForHeight(rpcUrl(0), 4, 60_000);
  const joiner = ed25519.keygen();
  const joinerPub = Buffer.from(joiner.publicKey).toString("base64");
  await broadcastCommit(`val=ed25519!${joinerPub}!5`);
  const joined = await waitForPower(joinerPub, "5");
  await waitForHeight(rpcUrl(0), joined + 2);
  await broadcastCommit(`val=ed25519!${keys[0].pub_key.value}!20`);
  const raised = await waitForPower(keys[0].pub_key.value, "20");
  const last = await waitForHeight(rpcUrl(0), raised + 3);

  const heights = [];
  for (let h = 1; h <= last; h++) {
    const commit = await rpc<{ signed_header: unknown }>(rpcUrl(0), "commit", { height: String(h) });
    const vals = await rpc<{ validators: unknown[]; total: string }>(rpcUrl(0), "validators", { height: String(h), per_page: "100" });
    const block = await rpc<{ block_id: { hash: string } }>(rpcUrl(0), "block", { height: String(h) });
    heights.push({ block_id_hash: block.block_id.hash, signed_header: commit.signed_header, validators: vals.validators });
  }
  const fixture = {
    comment:
      "Captured from a real CometBFT network by scripts/capture-light-fixtures.ts (regenerate with `npx tsx scripts/capture-light-fixtures.ts`). " +
      "Keys are of a throwaway test network.",
    cometbft_version: execFileSync(COMET, ["version"], { encoding: "utf8" }).trim(),
    chain_id: CHAIN_ID,
    validator_set_changes: { joiner_added_at: joined, node0_raised_at: raised },
    validator_private_keys: keys.map((k) => ({ address: k.address, pub_key: k.pub_key.value, priv_key: k.priv_key.value })),
    heights,
  };
  mkdirSync(join(OUT, ".."), { recursive: true });
  writeFileSync(OUT, `${JSON.stringify(fixture)}\n`);
  console.log(`wrote ${OUT}: heights 1..${last}, joiner from ${joined}, node 0 at power 20 from ${raised}`);
} finally {
  for (const c of children) c.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 500));
  if (!process.env.KEEP) rmSync(dir, { recursive: true, force: true });
}
