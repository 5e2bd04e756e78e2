import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DirectSecp256k1HdWallet } from "@cosmjs/proto-signing";
import { SigningStargateClient, StargateClient } from "@cosmjs/stargate";
import { Comet38Client, connectComet } from "@cosmjs/tendermint-rpc";
import { toHex } from "@cosmjs/encoding";
import { DEV_FAUCET_ADDRESS, DEV_FAUCET_MNEMONIC } from "../../../src/cli/dev-keys";
import type { RunningCometRpc } from "../../../src/rpc";
import { startDevRpcNode, type DevRpcNode } from "./dev-rpc";

const CHAIN = "rpc-dev";
let node: DevRpcNode | undefined;
let rpc: RunningCometRpc;
let client: SigningStargateClient;
let sent: { hash: string; height: number; gasUsed: bigint; gasWanted: bigint };
let recipient = "";

async function call(method: string, params: unknown = {}, id: unknown = 1): Promise<any> {
  const res = await fetch(rpc.url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id, method, params }),
  });
  expect(res.status).toBe(200);
  return res.json();
}

async function uri(path: string): Promise<{ status: number; body: any }> {
  const res = await fetch(`${rpc.url}${path}`);
  return { status: res.status, body: (await res.json()) as any };
}

beforeAll(async () => {
  node = await startDevRpcNode(CHAIN);
  ({ rpc, client } = node);
});

afterAll(async () => {
  await node?.close();
});

describe("unmodified cosmjs against the dev node's CometBFT RPC", () => {
  it("connectComet picks Comet38Client; chain id and height come from status", async () => {
    const comet = await connectComet(rpc.url);
    expect(comet).toBeInstanceOf(Comet38Client);
    const status = await comet.status();
    expect(status.nodeInfo.network).toBe(CHAIN);
    expect(status.syncInfo.catchingUp).toBe(false);
    expect(status.validatorInfo.votingPower).toBe(10n);
    comet.disconnect();
    expect(await client.getChainId()).toBe(CHAIN);
    expect(await client.getHeight()).toBeGreaterThanOrEqual(2);
  });

  it("getAccount: the faucet; null for an account that does not exist", async () => {
    expect(await client.getAccount(DEV_FAUCET_ADDRESS)).toMatchObject({ address: DEV_FAUCET_ADDRESS, sequence: 0, pubkey: null });
    const [stranger] = await (await DirectSecp256k1HdWallet.generate(12, { prefix: "yml" })).getAccounts();
    expect(await client.getAccount(stranger.address)).toBeNull();
    expect(await client.getBalance(stranger.address, "uyml")).toEqual({ denom: "uyml", amount: "0" });
  });

  it("sendTokens with fee auto; getTx, searchTx by sender and by height, getBalance, getBlock", async () => {
    [{ address: recipient }] = await (await DirectSecp256k1HdWallet.generate(12, { prefix: "yml" })).getAccounts();
    const before = BigInt((await client.getBalance(DEV_FAUCET_ADDRESS, "uyml")).amount);
    const res = await client.sendTokens(DEV_FAUCET_ADDRESS, recipient, [{ denom: "uyml", amount: "12345" }], "auto", "via dev rpc");
    expect(res.code).toBe(0);
    expect(res.gasWanted).toBeGreaterThan(res.gasUsed);
    expect(res.msgResponses.map((m) => m.typeUrl)).toEqual(["/cosmos.bank.v1beta1.MsgSendResponse"]);
    sent = { hash: res.transactionHash, height: res.height, gasUsed: res.gasUsed, gasWanted: res.gasWanted };

    expect(await client.getTx(sent.hash)).toMatchObject({
      hash: sent.hash,
      height: sent.height,
      code: 0,
      gasUsed: sent.gasUsed,
      gasWanted: sent.gasWanted,
      txIndex: 0,
    });
    expect((await client.searchTx([{ key: "message.sender", value: DEV_FAUCET_ADDRESS }])).map((t) => t.hash)).toEqual([sent.hash]);
    expect((await client.searchTx(`tx.height=${sent.height}`)).map((t) => t.hash)).toEqual([sent.hash]);
    expect(await client.searchTx(`tx.height=${sent.height + 1}`)).toEqual([]);

    expect(await client.getBalance(recipient, "uyml")).toEqual({ denom: "uyml", amount: "12345" });
    const fee = (res.gasWanted * 25n + 999n) / 1000n;
    expect(BigInt((await client.getBalance(DEV_FAUCET_ADDRESS, "uyml")).amount)).toBe(before - 12345n - fee);
    expect((await client.getAccount(DEV_FAUCET_ADDRESS))?.sequence).toBe(1);

    const block = await client.getBlock(sent.height);
    expect(block.header).toMatchObject({ chainId: CHAIN, height: sent.height });
    expect(block.txs).toHaveLength(1);
    expect(block.id).toMatch(/^[0-9A-F]{64}$/);
    expect((await client.getBlock()).header.height).toBeGreaterThanOrEqual(sent.height);
  });

  it("the Comet38Client calls beyond StargateClient parse: block_results, blockchain, validators, commit, genesis, abci_info, health, tx with proof", async () => {
    const comet = await Comet38Client.connect(rpc.url);
    const results = await comet.blockResults(sent.height);
    expect(results.height).toBe(sent.height);
    expect(results.results).toHaveLength(1);
    expect(results.results[0].events.some((e) => e.type === "transfer")).toBe(true);
    const chain = await comet.blockchain(1, 3);
    expect(chain.blockMetas.map((m) => m.header.height)).toEqual([3, 2, 1]);
    const vals = await comet.validatorsAll();
    expect(vals.validators).toHaveLength(1);
    expect(vals.validators[0].votingPower).toBe(10n);
    const commit = await comet.commit(2);
    expect(commit).toMatchObject({ canonical: true, header: { height: 2 }, commit: { height: 2 } });
    expect((await comet.genesis()).chainId).toBe(CHAIN);
    const info = await comet.abciInfo();
    expect(info.lastBlockHeight).toBeGreaterThanOrEqual(sent.height);
    expect(await comet.health()).toBeNull();
    const tx = await comet.tx({ hash: Buffer.from(sent.hash, "hex"), prove: true });
    expect(tx.proof?.proof.total).toBe(1);
    expect(toHex(tx.hash).toUpperCase()).toBe(sent.hash);
    comet.disconnect();
  });

  it("broadcast_tx_commit waits for the block; async answers at once; a repeated tx is refused as CometBFT's cache does", async () => {
    const comet = await Comet38Client.connect(rpc.url);
    const wallet = await DirectSecp256k1HdWallet.fromMnemonic(DEV_FAUCET_MNEMONIC, { prefix: "yml" });
    const signing = await SigningStargateClient.connectWithSigner(rpc.url, wallet);
    const fee = { amount: [{ denom: "uyml", amount: "5000" }], gas: "200000" };
    const raw = await signing.sign(
      DEV_FAUCET_ADDRESS,
      [
        {
          typeUrl: "/cosmos.bank.v1beta1.MsgSend",
          value: { fromAddress: DEV_FAUCET_ADDRESS, toAddress: recipient, amount: [{ denom: "uyml", amount: "1" }] },
        },
      ],
      fee,
      "",
    );
    const { TxRaw } = await import("cosmjs-types/cosmos/tx/v1beta1/tx");
    const bytes = TxRaw.encode(raw).finish();
    const committed = await comet.broadcastTxCommit({ tx: bytes });
    expect(committed.checkTx.code).toBe(0);
    expect(committed.txResult?.code).toBe(0);
    expect(committed.height).toBeGreaterThan(sent.height);
    const again = await call("broadcast_tx_sync", { tx: Buffer.from(bytes).toString("base64") });
    expect(again.error).toEqual({ code: -32603, message: "Internal error", data: "tx already exists in cache" });

    const bad = await call("broadcast_tx_commit", { tx: Buffer.from("not a tx").toString("base64") });
    expect(bad.result.check_tx.code).not.toBe(0);
    expect(bad.result.height).toBe("0");
    const asyncRes = await comet.broadcastTxAsync({ tx: new Uint8Array([1, 2, 3]) });
    expect(asyncRes.hash).toHaveLength(32);
    signing.disconnect();
    comet.disconnect();
  });
});

describe("CometBFT's JSON-RPC envelope and errors", () => {
  it("tx not found, unknown method, bad params, bad JSON", async () => {
    const missing = "AB".repeat(32);
    expect((await call("tx", { hash: Buffer.from(missing, "hex").toString("base64") }, "x")).error).toEqual({
      code: -32603,
      message: "Internal error",
      data: `tx (${missing}) not found`,
    });
    expect(await call("no_such_method", {}, 9)).toEqual({ jsonrpc: "2.0", id: 9, error: { code: -32601, message: "Method not found" } });
    const badParams = await call("block", { height: "ten" });
    expect(badParams.error).toMatchObject({ code: -32602, message: "Invalid params" });
    const res = await fetch(rpc.url, { method: "POST", body: "{not json" });
    expect(res.status).toBe(500);
    expect(((await res.json()) as any).error).toMatchObject({ code: -32700, message: "Parse error" });
  });

  it("height bounds: zero is an invalid request, the future an internal error", async () => {
    expect((await call("block", { height: "0" })).error).toMatchObject({ code: -32600, message: "Invalid Request" });
    const future = await call("block_results", { height: "999999" });
    expect(future.error.code).toBe(-32603);
    expect(future.error.data).toContain("must be less than or equal to the head of the node's blockchain");
  });

  it("tx_search: pagination, order, and a page out of range", async () => {
    const all = await call("tx_search", { query: `message.sender='${DEV_FAUCET_ADDRESS}'`, per_page: "1", page: "1", order_by: "desc" });
    expect(all.result.total_count).toBe("2");
    expect(all.result.txs).toHaveLength(1);
    expect(BigInt(all.result.txs[0].height)).toBeGreaterThan(BigInt(sent.height));
    const out = await call("tx_search", { query: `message.sender='${DEV_FAUCET_ADDRESS}'`, per_page: "1", page: "3" });
    expect(out.error).toEqual({
      code: -32600,
      message: "Invalid Request",
      data: "page should be within [1, N] range expected range: [1, 2], given 3",
    });
    expect((await call("tx_search", { query: "tx.height=1", order_by: "sideways" })).error.code).toBe(-32600);
    expect((await call("tx_search", { query: "no quotes here" })).error.code).toBe(-32603);
  });

  it("positional params, batches and notifications", async () => {
    const pos = await call("block", ["1"]);
    expect(pos.result.block.header.height).toBe("1");
    const batch = await fetch(rpc.url, {
      method: "POST",
      body: JSON.stringify([
        { jsonrpc: "2.0", id: 1, method: "health" },
        { jsonrpc: "2.0", method: "health" },
        { jsonrpc: "2.0", id: 2, method: "abci_info" },
      ]),
    });
    const answers = (await batch.json()) as Array<{ id: number }>;
    expect(answers.map((a) => a.id)).toEqual([1, 2]);
  });

  it("the URI form: GET /method?arg=... with quoted strings and 0x bytes; errors with id -1 and HTTP 500", async () => {
    const status = await uri("/status");
    expect(status).toMatchObject({
      status: 200,
      body: { jsonrpc: "2.0", id: -1, result: { node_info: { network: CHAIN, version: "0.38.25" } } },
    });
    const tx = await uri(`/tx?hash=0x${sent.hash}&prove=false`);
    expect(tx.body.result).toMatchObject({ hash: sent.hash, height: String(sent.height), index: 0 });
    expect(tx.body.result.proof).toBeUndefined();
    const search = await uri(`/tx_search?query=${encodeURIComponent(`"tx.height=${sent.height}"`)}`);
    expect(search.body.result.txs.map((t: { hash: string }) => t.hash)).toEqual([sent.hash]);
    const { QueryBalanceRequest } = await import("cosmjs-types/cosmos/bank/v1beta1/query");
    const data = Buffer.from(QueryBalanceRequest.encode({ address: recipient, denom: "uyml" }).finish()).toString("hex");
    const q = await uri(`/abci_query?path=${encodeURIComponent('"/cosmos.bank.v1beta1.Query/Balance"')}&data=0x${data}`);
    expect(q.body.result.response.code).toBe(0);
    const unquoted = await uri("/tx_search?query=tx.height=1");
    expect(unquoted).toMatchObject({ status: 500, body: { id: -1, error: { code: -32602, message: "Invalid params" } } });
    expect(unquoted.body.error.data).toContain("error converting http params to arguments");
    expect((await uri("/nope")).body.error).toEqual({ code: -32601, message: "Method not found" });
    const notFound = await uri("/tx?hash=0x00");
    expect(notFound).toMatchObject({ status: 500, body: { error: { code: -32603, data: "tx (00) not found" } } });
  });

  it("num_unconfirmed_txs, unconfirmed_txs and net_info answer in CometBFT's shape", async () => {
    expect((await call("num_unconfirmed_txs")).result).toMatchObject({
      n_txs: expect.any(String),
      total: expect.any(String),
      total_bytes: expect.any(String),
    });
    expect((await call("unconfirmed_txs", { limit: "5" })).result.txs).toBeInstanceOf(Array);
    expect((await call("net_info")).result).toMatchObject({ n_peers: "0", peers: [] });
  });

  it("a read-only StargateClient works too", async () => {
    const ro = await StargateClient.connect(rpc.url);
    expect(await ro.getBalance(recipient, "uyml")).toEqual({ denom: "uyml", amount: "12346" });
    ro.disconnect();
  });
});
