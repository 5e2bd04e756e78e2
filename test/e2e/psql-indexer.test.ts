import { execFile, spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QueryAccountRequest, QueryAccountResponse } from "cosmjs-types/cosmos/auth/v1beta1/query";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import * as aliasTx from "../../src/gen/blockchain/alias/v1/tx";
import * as treasuryTx from "../../src/gen/blockchain/treasury/v1/tx";
import { applySchemaCmd } from "../../src/cli/commands/indexer";
import { addGenesisAccountCmd, collectGentxsCmd, gentxCmd } from "../../src/cli/commands/genesis";
import { readAppConfig, writeAppConfig } from "../../src/cli/app-config";
import { patchCometConfig } from "../../src/cli/comet";
import { DEV_FAUCET_ADDRESS, DEV_FAUCET_COINS } from "../../src/cli/dev-keys";
import { loadGenesis, saveGenesis } from "../../src/cli/genesis-file";
import { homePaths } from "../../src/cli/home";
import { Keyring } from "../../src/cli/keyring/keyring";
import { BLOCKCHAIND_BIN, rpc, terminate, waitForHeight } from "../../src/cli/localnet";
import { parseToml } from "../../src/cli/toml";
import { Secp256k1Key } from "../../src/client/signer";
import { signTx } from "../../src/client/tx-builder";
import { baseOf } from "../../src/modules/auth/keeper";
import { moduleAddress } from "../../src/types/address";
import type { AnyMsg } from "../../src/types/codec";
import { pack } from "../helpers/chain";
import { faucetKey, requireCometBFT } from "./helpers";
import { startThrowawayPostgres, type ThrowawayPostgres } from "./helpers/postgres";
import { abciQuery } from "./helpers/validator-set";

const CHAIN_ID = "psqlnet";
const RPC_PORT = 14657;
const RPC = `http://127.0.0.1:${RPC_PORT}`;
const REST = `http://127.0.0.1:${RPC_PORT + 4}`;
const registrant = Secp256k1Key.fromSeed("psql-e2e/registrant");
const treasurer = Secp256k1Key.fromSeed("psql-e2e/treasurer");
const operator = Secp256k1Key.fromSeed("psql-e2e/operator");
const recipient = Secp256k1Key.fromSeed("psql-e2e/recipient").address;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sha256Hex = (b: Uint8Array) => createHash("sha256").update(b).digest("hex").toUpperCase();

/** The real CLI, as an operator runs it. */
async function cli(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [BLOCKCHAIND_BIN, ...args], { encoding: "utf8" });
  return stdout;
}

async function restGet(path: string): Promise<{ status: number; body: any }> {
  const res = await fetch(REST + path);
  return { status: res.status, body: await res.json() };
}

/** Included: REST answers the hash, which with this home's indexer it reads from Postgres. */
async function waitIncluded(hash: string): Promise<any> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const r = await restGet(`/cosmos/tx/v1beta1/txs/${hash}`);
    if (r.status === 200) return r.body.tx_response;
    if (Date.now() > deadline) throw new Error(`tx ${hash} not indexed: ${JSON.stringify(r.body)}`);
    await sleep(300);
  }
}

/** Signs with our own client, broadcasts through CometBFT, waits until indexed; returns hash, tx bytes and height. */
async function deliver(key: Secp256k1Key, msgs: AnyMsg[]): Promise<{ hash: string; bytes: Uint8Array; height: number }> {
  const acc = await abciQuery(
    RPC,
    "/cosmos.auth.v1beta1.Query/Account",
    QueryAccountRequest,
    { address: key.address },
    QueryAccountResponse,
  );
  const base = baseOf(acc.account!)!;
  const bytes = signTx(msgs, [{ key, accountNumber: base.accountNumber, sequence: base.sequence }], {
    chainId: CHAIN_ID,
    gasLimit: 300_000n,
    fee: [{ denom: "uyml", amount: "5000" }],
  });
  const sent = await rpc<{ hash: string; code: number; log: string }>(RPC, "broadcast_tx_sync", {
    tx: `0x${Buffer.from(bytes).toString("hex")}`,
  });
  expect(sent.log ?? "").toBe("");
  expect(sent.code).toBe(0);
  const included = await waitIncluded(sent.hash);
  expect(included.code, included.raw_log).toBe(0);
  return { hash: sent.hash, bytes, height: Number(included.height) };
}

/**
 * CometBFT's psql indexer on a real node: `init --indexer psql`, the schema applied by the
 * CLI, txs of bank, alias and treasury indexed by CometBFT into a throw-away Postgres, found
 * there by SQL on their events, and REST's tx search answered from the same tables.
 */
describe("Postgres as the tx/event index (CometBFT psql indexer)", () => {
  let dir: string;
  let postgres: ThrowawayPostgres | undefined;
  let db: pg.Client | undefined;
  let node: ChildProcess | undefined;
  let conn: string;
  let home: string;
  const sent: Record<"send" | "alias" | "treasury" | "deposit", { hash: string; bytes: Uint8Array; height: number }> = {} as never;

  beforeAll(async () => {
    requireCometBFT();
    dir = mkdtempSync(join(tmpdir(), "e2e-psql-"));
    home = join(dir, "node0");
    postgres = await startThrowawayPostgres();
    await postgres.createDatabase("chain_index");
    conn = postgres.url("chain_index");

    // The home, as an operator writes it: init with the psql indexer, fund, one gentx.
    await cli("init", "node0", "--chain-id", CHAIN_ID, "--home", home, "--indexer", "psql", "--psql-conn", conn);
    addGenesisAccountCmd(home, [
      { address: DEV_FAUCET_ADDRESS, coins: DEV_FAUCET_COINS },
      ...[operator, registrant, treasurer].map((k) => ({ address: k.address, coins: "1000000000uyml" })),
    ]);
    await new Keyring(home, "test", () => "").add("operator", operator);
    await gentxCmd(home, { key: "operator", amount: "10000000", keyringBackend: "test", p2pPort: RPC_PORT - 1 });
    collectGentxsCmd(home);
    const paths = homePaths(home);
    // An alias is issued only to an account with a recorded jurisdiction.
    const genesis = loadGenesis(paths.genesis);
    (genesis.app_state as Record<string, any>).alias.jurisdictions = [
      { address: registrant.address, country: "CH", recorded_by: moduleAddress("gov"), recorded_at_height: "1" },
    ];
    saveGenesis(paths.genesis, genesis);
    patchCometConfig(paths.cometConfig, {
      "": { proxy_app: `tcp://127.0.0.1:${RPC_PORT + 1}` },
      rpc: { laddr: `tcp://127.0.0.1:${RPC_PORT}` },
      p2p: { laddr: `tcp://127.0.0.1:${RPC_PORT - 1}` },
      consensus: { timeout_propose: "1s", timeout_prevote: "300ms", timeout_precommit: "300ms", timeout_commit: "300ms" },
    });
    writeAppConfig(paths.appConfig, {
      ...readAppConfig(paths.appConfig),
      abciAddress: `tcp://127.0.0.1:${RPC_PORT + 1}`,
      apiAddress: `tcp://127.0.0.1:${RPC_PORT + 4}`,
      warmUpTxs: 0,
    });

    // The schema: the CLI reads the database from config.toml; a second run changes nothing.
    expect(await cli("indexer", "apply-schema", "--home", home)).toMatch(/^applied CometBFT's psql schema \(.*schema\.sql\) to postgres:/);
    expect(await applySchemaCmd({ home })).toMatch(/already applied/);

    mkdirSync(join(home, "logs"), { recursive: true });
    const fd = openSync(join(home, "logs", "node.log"), "a");
    node = spawn(process.execPath, [BLOCKCHAIND_BIN, "start", "--home", home, "--with-comet"], { stdio: ["ignore", fd, fd] });
    closeSync(fd);
    await waitForHeight(RPC, 2, 120_000);

    db = new pg.Client({ connectionString: conn });
    await db.connect();

    const faucet = await faucetKey();
    const [send, alias, treasury] = await Promise.all([
      deliver(faucet, [
        pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, {
          fromAddress: faucet.address,
          toAddress: recipient,
          amount: [{ denom: "uyml", amount: "4242" }],
        }),
      ]),
      deliver(registrant, [pack("/blockchain.alias.v1.MsgRegisterAlias", aliasTx.MsgRegisterAlias, { account: registrant.address })]),
      deliver(treasurer, [
        pack("/blockchain.treasury.v1.MsgCreateTreasury", treasuryTx.MsgCreateTreasury, {
          creator: treasurer.address,
          name: "psql e2e",
          admin: "",
        }),
      ]),
    ]);
    Object.assign(sent, { send, alias, treasury });
    const { rows } = await db.query("SELECT value FROM tx_events WHERE composite_key = 'treasury_created.treasury_id' AND height = $1", [
      treasury.height,
    ]);
    sent.deposit = await deliver(treasurer, [
      pack("/blockchain.treasury.v1.MsgDeposit", treasuryTx.MsgDeposit, {
        depositor: treasurer.address,
        treasuryId: BigInt(rows[0].value),
        amount: [{ denom: "uyml", amount: "1000" }],
      }),
    ]);
  }, 240_000);

  afterAll(async () => {
    await db?.end().catch(() => undefined);
    await terminate(node, "SIGTERM");
    postgres?.stop();
    if (dir && !process.env.E2E_KEEP) rmSync(dir, { recursive: true, force: true });
  });

  it("init wrote CometBFT's psql indexer into config.toml", () => {
    const t = parseToml(readFileSync(homePaths(home).cometConfig, "utf8")).tx_index;
    expect(t).toMatchObject({ indexer: "psql", "psql-conn": conn });
  });

  it("SQL on the sink's tables finds txs by a module event attribute and by message.sender, at their heights and hashes", async () => {
    const byAttribute = (key: string, value: string) =>
      db!.query<{ tx_hash: string; height: string }>(
        `SELECT DISTINCT r.tx_hash, b.height FROM tx_results r
           JOIN blocks b ON b.rowid = r.block_id
           JOIN event_attributes a ON a.tx_id = r.rowid
         WHERE b.chain_id = $1 AND a.composite_key = $2 AND a.value = $3`,
        [CHAIN_ID, key, value],
      );
    const one = async (key: string, value: string) => (await byAttribute(key, value)).rows.map((r) => [r.tx_hash, Number(r.height)]);

    expect(await one("alias_issued.address", registrant.address)).toEqual([[sent.alias.hash, sent.alias.height]]);
    expect(await one("treasury_created.admin", treasurer.address)).toEqual([[sent.treasury.hash, sent.treasury.height]]);
    expect(await one("treasury_deposit.depositor", treasurer.address)).toEqual([[sent.deposit.hash, sent.deposit.height]]);
    expect(await one("message.sender", DEV_FAUCET_ADDRESS)).toEqual([[sent.send.hash, sent.send.height]]);
    expect(await one("transfer.recipient", recipient)).toEqual([[sent.send.hash, sent.send.height]]);
    // The tx_events view, by (height, index), agrees.
    const senders = await db!.query(
      "SELECT DISTINCT height, index FROM tx_events WHERE chain_id = $1 AND composite_key = 'message.sender' AND value = $2",
      [CHAIN_ID, treasurer.address],
    );
    expect(senders.rows.map((r) => Number(r.height)).sort()).toEqual([sent.treasury.height, sent.deposit.height].sort());

    // Each stored hash is the SHA-256 of the tx in CometBFT's block at the stored height.
    for (const t of Object.values(sent)) {
      expect(sha256Hex(t.bytes)).toBe(t.hash);
      const block = await rpc<{ block: { data: { txs: string[] | null } } }>(RPC, "block", { height: String(t.height) });
      expect((block.block.data.txs ?? []).map((b) => sha256Hex(Buffer.from(b, "base64")))).toContain(t.hash);
    }
  });

  it("CometBFT's RPC refuses tx_search with psql; REST's tx search and tx by hash answer from Postgres", async () => {
    await expect(rpc(RPC, "tx_search", { query: `"message.sender='${DEV_FAUCET_ADDRESS}'"` })).rejects.toThrow(/not supported/);

    const search = async (params: string) => {
      const r = await restGet(`/cosmos/tx/v1beta1/txs?${params}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return { hashes: (r.body.tx_responses as any[]).map((t) => t.txhash), total: Number(r.body.total), body: r.body };
    };
    const q = (query: string) => `query=${encodeURIComponent(query)}`;

    const alias = await search(q(`alias_issued.address='${registrant.address}'`));
    expect(alias).toMatchObject({ hashes: [sent.alias.hash], total: 1 });
    expect(alias.body.tx_responses[0].height).toBe(String(sent.alias.height));
    expect(alias.body.txs[0].body.messages[0]).toMatchObject({
      "@type": "/blockchain.alias.v1.MsgRegisterAlias",
      account: registrant.address,
    });

    expect((await search(q(`message.sender='${DEV_FAUCET_ADDRESS}'`))).hashes).toEqual([sent.send.hash]);
    // The SDK's older events= form.
    expect((await search(`events=${encodeURIComponent(`transfer.recipient='${recipient}'`)}`)).hashes).toEqual([sent.send.hash]);
    // AND, numbers, CONTAINS, EXISTS, tx.height and tx.hash, order and pages.
    const treasurerTxs = q(`message.sender='${treasurer.address}'`);
    expect((await search(`${treasurerTxs}&order_by=ORDER_BY_DESC`)).hashes).toEqual([sent.deposit.hash, sent.treasury.hash]);
    expect(await search(`${treasurerTxs}&limit=1&page=2`)).toMatchObject({ hashes: [sent.deposit.hash], total: 2 });
    expect((await search(q(`treasury_deposit.amount CONTAINS '1000uyml' AND tx.height >= ${sent.deposit.height}`))).hashes).toEqual([
      sent.deposit.hash,
    ]);
    expect((await search(q(`treasury_created.treasury_id >= 1 AND treasury_created.admin EXISTS`))).hashes).toEqual([sent.treasury.hash]);
    expect((await search(q(`tx.hash='${sent.alias.hash.toLowerCase()}' AND tx.height=${sent.alias.height}`))).hashes).toEqual([
      sent.alias.hash,
    ]);
    expect((await search(q(`tx.height > ${sent.deposit.height + 1000}`))).total).toBe(0);

    // By hash: the same tx and result.
    const got = await restGet(`/cosmos/tx/v1beta1/txs/${sent.treasury.hash}`);
    expect(got.status).toBe(200);
    expect(got.body.tx_response).toMatchObject({ txhash: sent.treasury.hash, height: String(sent.treasury.height), code: 0 });
    expect(got.body.tx_response.events.some((e: any) => e.type === "treasury_created")).toBe(true);
    expect(got.body.tx_response.timestamp).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await restGet(`/cosmos/tx/v1beta1/txs/${"AB".repeat(32)}`)).status).toBe(404);
  });

  it("a query is data, never SQL: quotes and unknown operators are refused, values cannot reach the statement", async () => {
    const bad = async (query: string) => {
      const r = await restGet(`/cosmos/tx/v1beta1/txs?query=${encodeURIComponent(query)}`);
      expect(r.status, query).toBe(400);
    };
    await bad(`message.sender='x' OR 1=1`);
    await bad(`message.sender ~ 'x'`);
    await bad(`message.sender='a'; DROP TABLE blocks; --'`);
    await bad(`message.sender > 'abc'`);
    await bad(`message.sender='x'' OR ''1''=''1'`);
    const injected = await restGet(`/cosmos/tx/v1beta1/txs?query=${encodeURIComponent(`message.sender CONTAINS '%'`)}`);
    expect(injected.body.tx_responses).toEqual([]);
    expect(Number((await db!.query("SELECT count(*) FROM blocks")).rows[0].count)).toBeGreaterThan(0);
  });
});
