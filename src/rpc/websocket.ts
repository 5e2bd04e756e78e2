import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import type { ProducedBlock } from "../abci/dev/engine";
import { TxQueryError } from "../node/backend";
import { parseTxQuery, type Condition } from "../node/tx-query";
import { silentLogger, type Logger } from "../types/logger";
import type { DevChainView } from "./dev-chain-view";
import { RpcError, rpcErrors } from "./errors";
import { eventMap, matches, type EventMap } from "./event-match";
import * as json from "./shapes";

// CometBFT's [rpc] defaults.
const MAX_SUBSCRIPTIONS_PER_CLIENT = 5;
const MAX_SUBSCRIPTION_CLIENTS = 100;

type Id = string | number;
type Call = (request: { id?: Id | null; method?: unknown; params?: unknown }) => Promise<object | undefined>;

interface Subscription {
  id: Id;
  conditions: Condition[];
}

/** One published event: CometBFT's ResultEvent without the query, and what queries match against. */
interface Published {
  data: { type: string; value: unknown };
  events: EventMap;
}

/** The events of a block in CometBFT's order: NewBlock, NewBlockHeader, then one Tx per tx. */
async function blockEvents(chain: DevChainView, produced: ProducedBlock): Promise<Published[]> {
  const view = await chain.blockView(produced.height);
  const height = produced.height.toString();
  const finalize = {
    height,
    txs_results: produced.response.txResults.map(json.execTxResultJson),
    finalize_block_events: produced.response.events.map(json.eventJson),
    validator_updates: produced.response.validatorUpdates.map(json.validatorUpdateJson),
    consensus_param_updates: null,
    app_hash: Buffer.from(produced.response.appHash).toString("base64"),
  };
  const blockKeys = { "block.height": height };
  const out: Published[] = [
    {
      data: {
        type: "tendermint/event/NewBlock",
        value: { block: json.blockJson(view.block), block_id: json.blockIdJson(view.blockId), result_finalize_block: finalize },
      },
      events: eventMap(produced.response.events, { "tm.event": "NewBlock", ...blockKeys }),
    },
    {
      data: { type: "tendermint/event/NewBlockHeader", value: { header: json.headerJson(view.block.header) } },
      events: eventMap(produced.response.events, { "tm.event": "NewBlockHeader", ...blockKeys }),
    },
  ];
  const txs = view.block.data?.txs ?? [];
  produced.response.txResults.forEach((result, index) => {
    out.push({
      data: {
        type: "tendermint/event/Tx",
        value: {
          TxResult: {
            height,
            index,
            tx: Buffer.from(txs[index] ?? new Uint8Array()).toString("base64"),
            result: json.execTxResultJson(result),
          },
        },
      },
      events: eventMap(result.events, { "tm.event": "Tx", "tx.hash": produced.txHashes[index] ?? "", "tx.height": height }),
    });
  });
  return out;
}

/**
 * CometBFT's `/websocket`: JSON-RPC over a websocket, with subscribe / unsubscribe /
 * unsubscribe_all and every other method of the HTTP endpoint. Events answer with the
 * subscribe request's id, as CometBFT v0.38 does (cosmjs' Comet38Client listens on it).
 */
export function attachWebsocket(server: Server, chain: DevChainView, call: Call, logger: Logger = silentLogger): { close(): void } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1_000_000 });
  const clients = new Map<WebSocket, Map<string, Subscription>>();

  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (new URL(req.url ?? "/", "http://rpc").pathname !== "/websocket") {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit("connection", ws, req));
  });

  const send = (ws: WebSocket, body: unknown) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(body));
  };

  function subscriptionCall(subs: Map<string, Subscription>, id: Id, method: string, params: unknown): object {
    const query =
      typeof params === "object" && params !== null && !Array.isArray(params)
        ? (params as { query?: unknown }).query
        : Array.isArray(params)
          ? params[0]
          : undefined;
    if (method === "unsubscribe_all") {
      if (subs.size === 0) throw rpcErrors.internal("subscription not found");
      subs.clear();
      return {};
    }
    if (typeof query !== "string") throw rpcErrors.invalidParams("query must be a string");
    if (method === "unsubscribe") {
      if (!subs.delete(query)) throw rpcErrors.internal("subscription not found");
      return {};
    }
    if (subs.has(query)) throw rpcErrors.internal("failed to subscribe: already subscribed");
    if (subs.size >= MAX_SUBSCRIPTIONS_PER_CLIENT)
      throw rpcErrors.internal(`max_subscriptions_per_client ${MAX_SUBSCRIPTIONS_PER_CLIENT} reached`);
    let conditions: Condition[];
    try {
      conditions = parseTxQuery(query);
    } catch (e) {
      throw rpcErrors.internal(`failed to parse query: ${e instanceof TxQueryError ? e.message : String(e)}`);
    }
    subs.set(query, { id, conditions });
    return {};
  }

  wss.on("connection", (ws: WebSocket) => {
    if (clients.size >= MAX_SUBSCRIPTION_CLIENTS) {
      ws.close(1013, `max_subscription_clients ${MAX_SUBSCRIPTION_CLIENTS} reached`);
      return;
    }
    const subs = new Map<string, Subscription>();
    clients.set(ws, subs);
    ws.on("close", () => clients.delete(ws));
    ws.on("error", () => clients.delete(ws));
    ws.on("message", (raw) => {
      let request: { id?: Id | null; method?: unknown; params?: unknown };
      try {
        request = JSON.parse(String(raw));
      } catch (e) {
        return send(ws, { jsonrpc: "2.0", id: null, error: rpcErrors.parse(`error unmarshaling request: ${(e as Error).message}`).body() });
      }
      const { id, method } = request ?? {};
      if (id !== undefined && id !== null && (method === "subscribe" || method === "unsubscribe" || method === "unsubscribe_all")) {
        try {
          return send(ws, { jsonrpc: "2.0", id, result: subscriptionCall(subs, id, method, request.params) });
        } catch (e) {
          return send(ws, { jsonrpc: "2.0", id, error: (e instanceof RpcError ? e : rpcErrors.internal(String(e))).body() });
        }
      }
      call(request).then(
        (answer) => answer && send(ws, answer),
        (e) => logger.error({ err: (e as Error).message }, "websocket RPC call failed"),
      );
    });
  });

  const stop = chain.engine.onBlock((produced) => {
    if (clients.size === 0) return;
    blockEvents(chain, produced).then(
      (published) => {
        for (const [ws, subs] of clients) {
          for (const [query, sub] of subs) {
            for (const p of published) {
              if (matches(sub.conditions, p.events))
                send(ws, { jsonrpc: "2.0", id: sub.id, result: { query, data: p.data, events: Object.fromEntries(p.events) } });
            }
          }
        }
      },
      (e) => logger.error({ err: (e as Error).message }, "cannot publish block events"),
    );
  });

  return {
    close() {
      stop();
      for (const ws of clients.keys()) ws.terminate();
      wss.close();
    },
  };
}
