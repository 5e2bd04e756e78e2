import { toBase64 } from "@cosmjs/encoding";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_FAUCET_ADDRESS } from "../../../src/cli/dev-keys";
import { Secp256k1Key } from "../../../src/client/signer";
import { startDevRpcNode, type DevRpcNode } from "./dev-rpc";

let node: DevRpcNode;

async function call(method: string, params: unknown): Promise<any> {
  const res = await fetch(node.rpc.url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return res.json();
}

beforeAll(async () => {
  node = await startDevRpcNode("search-dev");
  while (node.engine.height < 10n) await new Promise((r) => setTimeout(r, 50));
});

afterAll(async () => {
  await node?.close();
});

describe("dev RPC block_search and check_tx", () => {
  it("block_search bounds by block.height, orders and pages", async () => {
    const asc = await call("block_search", { query: "block.height>=2 AND block.height<=4" });
    expect(asc.result.total_count).toBe("3");
    expect(asc.result.blocks.map((b: any) => b.block.header.height)).toEqual(["2", "3", "4"]);
    const desc = await call("block_search", { query: "block.height>=2 AND block.height<=4", order_by: "desc", per_page: "2", page: "2" });
    expect(desc.result.blocks.map((b: any) => b.block.header.height)).toEqual(["2"]);
    expect(desc.result.blocks[0].block_id.hash).toMatch(/^[0-9A-F]{64}$/);
    const one = await call("block_search", { query: "block.height=3" });
    expect(one.result.blocks.map((b: any) => b.block.header.height)).toEqual(["3"]);
  });

  it("block_search matches FinalizeBlock event attributes", async () => {
    // The dev chain's oracle closes a voting round every few blocks with an end-block event.
    let at = 0;
    let ev: any;
    for (let h = 1; h <= 10 && !ev; h++) {
      ev = (await call("block_results", { height: String(h) })).result.finalize_block_events?.find((e: any) => e.attributes.length > 0);
      at = h;
    }
    expect(ev).toBeDefined();
    const a = ev.attributes[0];
    const found = await call("block_search", { query: `${ev.type}.${a.key}='${a.value}' AND block.height<=${at}` });
    expect(found.result.blocks.map((b: any) => b.block.header.height)).toEqual([String(at)]);
    expect((await call("block_search", { query: "nosuch.event='x'" })).result.total_count).toBe("0");
    expect((await call("block_search", { query: "block.height=" })).error.code).toBe(-32603);
    expect((await call("block_search", { query: "block.height>1", order_by: "up" })).error.code).toBe(-32600);
  });

  it("check_tx answers CheckTx without touching the mempool or the check state", async () => {
    const recipient = Secp256k1Key.random().address;
    const account = await node.client.getAccount(DEV_FAUCET_ADDRESS);
    const signed = await node.client.sign(
      DEV_FAUCET_ADDRESS,
      [
        {
          typeUrl: "/cosmos.bank.v1beta1.MsgSend",
          value: { fromAddress: DEV_FAUCET_ADDRESS, toAddress: recipient, amount: [{ denom: "uyml", amount: "5" }] },
        },
      ],
      { amount: [{ denom: "uyml", amount: "5000" }], gas: "200000" },
      "",
      { accountNumber: account!.accountNumber, sequence: account!.sequence, chainId: "search-dev" },
    );
    const { TxRaw } = await import("cosmjs-types/cosmos/tx/v1beta1/tx");
    const bytes = TxRaw.encode(signed).finish();
    const first = await call("check_tx", { tx: toBase64(bytes) });
    expect(first.result.code).toBe(0);
    expect(Number(first.result.gas_used)).toBeGreaterThan(0);
    // Not in the mempool, and the same tx still passes (its sequence was not consumed).
    expect((await call("num_unconfirmed_txs", {})).result.total).toBe("0");
    expect((await call("check_tx", { tx: toBase64(bytes) })).result.code).toBe(0);
    const sent = await node.client.broadcastTx(bytes);
    expect(sent.code).toBe(0);
    const bad = await call("check_tx", { tx: toBase64(new Uint8Array([1, 2, 3])) });
    expect(bad.result.code).toBe(2);
    expect(bad.result.codespace).toBe("sdk");
  });
});
