import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { DENOM, pack, testKey } from "../../helpers/chain";
import { restHarness, type RestHarness } from "./setup";

/** Broadcast, lookup, search, simulate and block-with-txs through HTTP in dev mode. */
describe("tx service over the dev engine", () => {
  let h: RestHarness;
  const alice = testKey("alice");
  const bob = testKey("bob");
  const send = (amount: string) =>
    pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, {
      fromAddress: alice.address,
      toAddress: bob.address,
      amount: [{ denom: DENOM, amount }],
    });
  let hash = "";
  let height = 0n;

  beforeAll(async () => {
    h = await restHarness();
  });
  afterAll(async () => h.close());

  it("broadcasts SYNC, and the committed tx is found by hash with the SDK's TxResponse", async () => {
    const balanceUrl = `/cosmos/bank/v1beta1/balances/${bob.address}/by_denom?denom=${DENOM}`;
    expect((await h.get(balanceUrl)).body.balance.amount).toBe("1000000000000");
    const tx = h.chain.sign(alice, [send("1234")], { memo: "rest" });
    const res = await h.post("/cosmos/tx/v1beta1/txs", { tx_bytes: Buffer.from(tx).toString("base64"), mode: "BROADCAST_MODE_SYNC" });
    expect(res.status).toBe(200);
    expect(res.body.tx_response).toMatchObject({
      height: "0",
      code: 0,
      codespace: "",
      raw_log: "",
      logs: [],
      tx: null,
      timestamp: "",
      events: [],
    });
    hash = res.body.tx_response.txhash;
    expect(hash).toMatch(/^[0-9A-F]{64}$/);
    const block = await h.chain.engine.produceBlock();
    height = block.height;

    const got = await h.get(`/cosmos/tx/v1beta1/txs/${hash.toLowerCase()}`);
    expect(got.status).toBe(200);
    const r = got.body.tx_response;
    expect(Object.keys(r)).toEqual([
      "height",
      "txhash",
      "codespace",
      "code",
      "data",
      "raw_log",
      "logs",
      "info",
      "gas_wanted",
      "gas_used",
      "tx",
      "timestamp",
      "events",
    ]);
    expect(r).toMatchObject({ height: height.toString(), txhash: hash, code: 0, codespace: "", logs: [], gas_wanted: "400000" });
    expect(r.data).toMatch(/^[0-9A-F]+$/);
    expect(r.timestamp).toBe("2026-01-01T00:00:02Z");
    expect(r.tx["@type"]).toBe("/cosmos.tx.v1beta1.Tx");
    expect(r.tx.body.messages[0]).toEqual({
      "@type": "/cosmos.bank.v1beta1.MsgSend",
      from_address: alice.address,
      to_address: bob.address,
      amount: [{ denom: DENOM, amount: "1234" }],
    });
    expect(got.body.tx.body.memo).toBe("rest");
    expect(got.body.tx.auth_info.signer_infos[0].sequence).toBe("0");
    const transfers = r.events.filter((e: any) => e.type === "transfer").flatMap((e: any) => e.attributes);
    expect(transfers).toContainEqual({ key: "recipient", value: bob.address, index: true });
    // Answers are cached per height: the commit must show through at once.
    expect((await h.get(balanceUrl)).body.balance.amount).toBe("1000000001234");
  });

  it("answers an unknown hash 404 and a malformed one 400", async () => {
    expect((await h.get(`/cosmos/tx/v1beta1/txs/${"A".repeat(64)}`)).body).toEqual({
      code: 5,
      message: `tx not found: ${"A".repeat(64)}`,
      details: [],
    });
    expect((await h.get("/cosmos/tx/v1beta1/txs/zz")).status).toBe(400);
  });

  it("searches by events (query=, older events= form, order, paging) with total", async () => {
    await h.chain.mustDeliver(alice, [send("1")]);
    await h.chain.mustDeliver(alice, [send("2")]);
    const all = await h.get(`/cosmos/tx/v1beta1/txs?query=${encodeURIComponent(`message.sender='${alice.address}'`)}`);
    expect(all.status).toBe(200);
    expect(all.body.total).toBe("3");
    expect(all.body.pagination).toBeNull();
    expect(all.body.txs).toHaveLength(3);
    expect(all.body.tx_responses[0].txhash).toBe(hash);

    const desc = await h.get(
      `/cosmos/tx/v1beta1/txs?query=${encodeURIComponent(`message.sender='${alice.address}'`)}&order_by=ORDER_BY_DESC&limit=2&page=1`,
    );
    expect(desc.body.tx_responses.map((t: any) => t.tx.body.messages[0].amount[0].amount)).toEqual(["2", "1"]);
    expect(desc.body.total).toBe("3");
    const page2 = await h.get(
      `/cosmos/tx/v1beta1/txs?query=${encodeURIComponent(`message.sender='${alice.address}'`)}&order_by=ORDER_BY_DESC&limit=2&page=2`,
    );
    expect(page2.body.tx_responses.map((t: any) => t.txhash)).toEqual([hash]);

    const both = await h.get(
      `/cosmos/tx/v1beta1/txs?query=${encodeURIComponent(`transfer.recipient='${bob.address}' AND tx.height=${height}`)}`,
    );
    expect(both.body.tx_responses.map((t: any) => t.txhash)).toEqual([hash]);
    const byHash = await h.get(`/cosmos/tx/v1beta1/txs?query=${encodeURIComponent(`tx.hash='${hash}'`)}`);
    expect(byHash.body.total).toBe("1");
    const legacy = await h.get(
      `/cosmos/tx/v1beta1/txs?events=${encodeURIComponent(`message.sender='${alice.address}'`)}&events=${encodeURIComponent(`tx.height=${height}`)}`,
    );
    expect(legacy.body.tx_responses.map((t: any) => t.txhash)).toEqual([hash]);
    const none = await h.get(`/cosmos/tx/v1beta1/txs?query=${encodeURIComponent("message.sender='nobody'")}`);
    expect(none.body).toMatchObject({ txs: [], tx_responses: [], total: "0" });
  });

  it("refuses malformed searches with 400", async () => {
    for (const q of [
      "",
      "query=",
      "query=garbage",
      `query=${encodeURIComponent("a.b='c' AND")}`,
      `query=${encodeURIComponent("tx.height='x'")}`,
      "query=a.b%3D'c'&page=0",
      "query=a.b%3D'c'&order_by=SIDEWAYS",
      "query=a.b%3D'c'&limit=18446744073709551616",
    ]) {
      const res = await h.get(`/cosmos/tx/v1beta1/txs?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.code).toBe(3);
    }
  });

  it("simulates: gas_info and result for a good tx, 400 with the SDK message for a failing one", async () => {
    const tx = h.chain.sign(alice, [send("5")]);
    const res = await h.post("/cosmos/tx/v1beta1/simulate", { tx_bytes: Buffer.from(tx).toString("base64") });
    expect(res.status).toBe(200);
    expect(Number(res.body.gas_info.gas_used)).toBeGreaterThan(10_000);
    expect(res.body.gas_info.gas_wanted).toBe("400000");
    expect(res.body.result.msg_responses[0]["@type"]).toBe("/cosmos.bank.v1beta1.MsgSendResponse");
    const broke = h.chain.sign(alice, [send("999999999999999")]);
    const failed = await h.post("/cosmos/tx/v1beta1/simulate", { tx_bytes: Buffer.from(broke).toString("base64") });
    expect(failed.status).toBe(400);
    expect(failed.body.message).toMatch(/insufficient funds/);
    expect((await h.post("/cosmos/tx/v1beta1/simulate", {})).status).toBe(400);
  });

  it("answers a block with its txs, paginated", async () => {
    const res = await h.get(`/cosmos/tx/v1beta1/txs/block/${height}`);
    expect(res.status).toBe(200);
    expect(res.body.block.header.height).toBe(height.toString());
    expect(res.body.txs).toHaveLength(1);
    expect(res.body.pagination).toEqual({ next_key: null, total: "1" });
    expect((await h.get(`/cosmos/tx/v1beta1/txs/block/${height}?pagination.offset=5`)).status).toBe(400);
    expect((await h.get("/cosmos/tx/v1beta1/txs/block/99999")).status).toBe(400);
    expect((await h.get("/cosmos/tx/v1beta1/txs/block/abc")).status).toBe(400);
  });

  it("rejects BLOCK mode, empty and malformed tx bytes, and answers a bad tx with its CheckTx code", async () => {
    const tx = Buffer.from(h.chain.sign(alice, [send("1")])).toString("base64");
    const block = await h.post("/cosmos/tx/v1beta1/txs", { tx_bytes: tx, mode: "BROADCAST_MODE_BLOCK" });
    expect(block.status).toBe(400);
    expect(block.body.message).toMatch(/unsupported return type block/);
    expect((await h.post("/cosmos/tx/v1beta1/txs", { tx_bytes: "", mode: "BROADCAST_MODE_SYNC" })).status).toBe(400);
    expect((await h.post("/cosmos/tx/v1beta1/txs", { tx_bytes: "@@@", mode: "BROADCAST_MODE_SYNC" })).status).toBe(400);
    expect((await h.post("/cosmos/tx/v1beta1/txs", { tx_bytes: tx, mode: "NOPE" })).status).toBe(400);
    const notJson = await h.rest.inject({
      method: "POST",
      url: "/cosmos/tx/v1beta1/txs",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(notJson.statusCode).toBe(400);
    expect(JSON.parse(notJson.payload)).toMatchObject({ code: 3, details: [] });
    expect((await h.post("/cosmos/tx/v1beta1/txs", "plain text")).status).toBe(415);
    const garbage = await h.post("/cosmos/tx/v1beta1/txs", {
      tx_bytes: Buffer.from("garbage").toString("base64"),
      mode: "BROADCAST_MODE_SYNC",
    });
    expect(garbage.status).toBe(200);
    expect(garbage.body.tx_response).toMatchObject({ code: 2, codespace: "sdk" });
    const async = await h.post("/cosmos/tx/v1beta1/txs", { tx_bytes: tx, mode: "BROADCAST_MODE_ASYNC" });
    expect(async.body.tx_response.code).toBe(0);
    expect(async.body.tx_response.txhash).toMatch(/^[0-9A-F]{64}$/);
  });

  it("refuses an oversized body with 413 and a status body", async () => {
    const res = await h.post("/cosmos/tx/v1beta1/txs", { tx_bytes: "A".repeat(3 * 1024 * 1024), mode: "BROADCAST_MODE_SYNC" });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 8, details: [] });
  });
});
