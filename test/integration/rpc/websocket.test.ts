import { Comet38Client, WebsocketClient, type comet38 } from "@cosmjs/tendermint-rpc";
import { toHex } from "@cosmjs/encoding";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { DEV_FAUCET_ADDRESS } from "../../../src/cli/dev-keys";
import { Secp256k1Key } from "../../../src/client/signer";
import { startDevRpcNode, type DevRpcNode } from "./dev-rpc";

let node: DevRpcNode;
let comet: Comet38Client;

beforeAll(async () => {
  node = await startDevRpcNode("ws-dev");
  comet = await Comet38Client.create(new WebsocketClient(node.rpc.url.replace(/^http/, "ws")));
});

afterAll(async () => {
  comet?.disconnect();
  await node?.close();
});

function take<T>(
  stream: { subscribe(l: { next(v: T): void; error(e: unknown): void }): { unsubscribe(): void } },
  n: number,
  timeoutMs = 10_000,
): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const got: T[] = [];
    const timer = setTimeout(() => reject(new Error(`only ${got.length} of ${n} events within ${timeoutMs} ms`)), timeoutMs);
    const sub = stream.subscribe({
      next(v) {
        got.push(v);
        if (got.length === n) {
          clearTimeout(timer);
          setTimeout(() => sub.unsubscribe());
          resolve(got);
        }
      },
      error: reject,
    });
  });
}

/** A raw websocket client: JSON-RPC requests and everything the server sends. */
async function rawSocket(url: string) {
  const ws = new WebSocket(url.replace(/^http/, "ws") + "/websocket");
  await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
  const inbox: any[] = [];
  ws.on("message", (m) => inbox.push(JSON.parse(String(m))));
  const answer = async (id: number, method: string, params: unknown) => {
    ws.send(JSON.stringify({ jsonrpc: "2.0", id, method, params }));
    for (let i = 0; i < 100; i++) {
      const found = inbox.find((m) => m.id === id && !m.result?.query);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no answer to ${method}`);
  };
  return { ws, inbox, answer };
}

describe("dev RPC /websocket, as cosmjs' Comet38Client subscribes", () => {
  it("subscribeNewBlock delivers consecutive blocks", async () => {
    const blocks = await take<comet38.NewBlockEvent>(comet.subscribeNewBlock(), 3);
    const heights = blocks.map((b) => b.header.height);
    expect(heights[1]).toBe(heights[0] + 1);
    expect(heights[2]).toBe(heights[0] + 2);
    expect(blocks[0].header.chainId).toBe("ws-dev");
  });

  it("subscribeTx with a query delivers the matching tx with its result", async () => {
    const recipient = Secp256k1Key.random().address;
    const events = take<comet38.TxEvent>(comet.subscribeTx(`transfer.recipient='${recipient}'`), 1);
    await new Promise((r) => setTimeout(r, 100));
    const sent = await node.client.sendTokens(DEV_FAUCET_ADDRESS, recipient, [{ denom: "uyml", amount: "31" }], "auto");
    const [ev] = await events;
    expect(toHex(ev.hash).toUpperCase()).toBe(sent.transactionHash);
    expect(ev.height).toBe(sent.height);
    expect(ev.result.code).toBe(0);
    expect(ev.result.events.some((e) => e.type === "transfer")).toBe(true);
  });

  it("answers plain methods, refuses duplicate/unknown/bad subscriptions and a sixth one, and unsubscribes", async () => {
    const { ws, inbox, answer } = await rawSocket(node.rpc.url);
    try {
      const status = await answer(1, "status", {});
      expect(status.result.node_info.network).toBe("ws-dev");
      expect((await answer(2, "subscribe", { query: "tm.event='NewBlock'" })).result).toEqual({});
      expect((await answer(3, "subscribe", { query: "tm.event='NewBlock'" })).error.data).toBe("failed to subscribe: already subscribed");
      expect((await answer(4, "subscribe", { query: "tm.event=" })).error.data).toMatch(/^failed to parse query/);
      expect((await answer(5, "unsubscribe", { query: "tm.event='Tx'" })).error.data).toBe("subscription not found");
      for (let i = 0; i < 4; i++) expect((await answer(10 + i, "subscribe", { query: `block.height>${i}` })).result).toEqual({});
      expect((await answer(20, "subscribe", { query: "tm.event='Tx'" })).error.data).toMatch(/max_subscriptions_per_client 5/);
      // Events arrive under the subscribe request's id, with the query and the event map.
      for (let i = 0; i < 100 && !inbox.some((m) => m.id === 2 && m.result?.query); i++) await new Promise((r) => setTimeout(r, 20));
      const event = inbox.find((m) => m.id === 2 && m.result?.query);
      expect(event.result.query).toBe("tm.event='NewBlock'");
      expect(event.result.data.type).toBe("tendermint/event/NewBlock");
      expect(event.result.events["tm.event"]).toEqual(["NewBlock"]);
      expect((await answer(30, "unsubscribe_all", {})).result).toEqual({});
      const before = inbox.length;
      await new Promise((r) => setTimeout(r, 500));
      expect(inbox.slice(before).filter((m) => m.result?.query)).toEqual([]);
    } finally {
      ws.close();
    }
  });
});
