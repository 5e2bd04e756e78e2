import type { FastifyInstance } from "fastify";
import {
  GetBlockWithTxsResponse,
  GetTxResponse,
  GetTxsEventResponse,
  SimulateRequest,
  BroadcastTxResponse,
} from "cosmjs-types/cosmos/tx/v1beta1/service";
import { Tx } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import type { App } from "../app/app";
import { jsonToBinary } from "../codec/proto-json";
import { AppError, GrpcCode } from "../types/errors";
import { TxQueryError, type BroadcastMode, type NodeBackend, type OrderBy } from "../node/backend";
import { bodyObject, decodeBase64, uintParam } from "./body";
import { RestError, fromQueryLog, restErrors } from "./errors";
import { gatewayJson } from "../codec/gateway-json";
import { broadcastResponseOf, txResponseOf } from "./tx-response";
import { eventsToQuery } from "../node/tx-query";

const MAX_SEARCH_LIMIT = 100n;

function broadcastMode(mode: unknown): BroadcastMode {
  switch (mode) {
    case "BROADCAST_MODE_SYNC":
    case 2:
    case "2":
      return "sync";
    case "BROADCAST_MODE_ASYNC":
    case 3:
    case "3":
      return "async";
    case "BROADCAST_MODE_BLOCK":
    case 1:
    case "1":
      // Removed in SDK v0.47: clients broadcast SYNC and poll GET /cosmos/tx/v1beta1/txs/{hash}.
      throw restErrors.invalidArgument("unsupported return type block; supported types: sync, async");
    case undefined:
    case "BROADCAST_MODE_UNSPECIFIED":
    case 0:
    case "0":
      throw restErrors.invalidArgument("invalid broadcast mode BROADCAST_MODE_UNSPECIFIED; supported types: sync, async");
    default:
      throw restErrors.invalidArgument(`invalid broadcast mode ${JSON.stringify(String(mode).slice(0, 40))}`);
  }
}

function orderByOf(value: unknown): OrderBy {
  switch (value) {
    case undefined:
    case "":
    case "ORDER_BY_UNSPECIFIED":
    case "0":
    case "ORDER_BY_ASC":
    case "1":
      return "asc";
    case "ORDER_BY_DESC":
    case "2":
      return "desc";
    default:
      throw restErrors.invalidArgument(`invalid order_by ${JSON.stringify(String(value).slice(0, 40))}`);
  }
}

function one(value: unknown): string | undefined {
  return Array.isArray(value) ? (value.length > 0 ? String(value[0]) : undefined) : value === undefined ? undefined : String(value);
}

async function searching<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof TxQueryError) throw restErrors.invalidArgument(e.message);
    throw e;
  }
}

/** The SDK's cosmos.tx.v1beta1.Service routes over the node backend. */
export function registerTxRoutes(fastify: FastifyInstance, app: App, node: NodeBackend): void {
  fastify.post("/cosmos/tx/v1beta1/txs", { config: { route: "/cosmos/tx/v1beta1/txs" } }, async (req) => {
    const body = bodyObject(req.body);
    const tx = decodeBase64(body.tx_bytes ?? body.txBytes, "tx_bytes");
    if (tx.length === 0) throw restErrors.invalidArgument("invalid empty tx");
    const result = await node.broadcastTx(tx, broadcastMode(body.mode));
    return gatewayJson(
      "cosmos.tx.v1beta1.BroadcastTxResponse",
      BroadcastTxResponse.encode({ txResponse: broadcastResponseOf(result) }).finish(),
    );
  });

  fastify.post("/cosmos/tx/v1beta1/simulate", { config: { route: "/cosmos/tx/v1beta1/simulate" } }, async (req) => {
    const body = bodyObject(req.body);
    let txBytes: Uint8Array;
    if (body.tx_bytes !== undefined || body.txBytes !== undefined) txBytes = decodeBase64(body.tx_bytes ?? body.txBytes, "tx_bytes");
    else if (body.tx !== undefined) {
      let raw: Uint8Array;
      try {
        raw = jsonToBinary("cosmos.tx.v1beta1.Tx", body.tx);
      } catch (e) {
        throw restErrors.invalidArgument(e instanceof AppError ? e.message : "invalid tx");
      }
      txBytes = raw;
    } else throw restErrors.invalidArgument("empty txBytes is not allowed");
    if (txBytes.length === 0) throw restErrors.invalidArgument("empty txBytes is not allowed");
    const res = app.query({
      path: "/cosmos.tx.v1beta1.Service/Simulate",
      data: SimulateRequest.encode({ txBytes }).finish(),
      height: 0n,
      prove: false,
    });
    if (res.code !== 0) {
      // The SDK answers a failing simulation with gRPC Unknown (HTTP 500); the failure is the
      // caller's tx, so it is answered as InvalidArgument with the same message.
      const err = fromQueryLog(res.log);
      throw err.grpcCode === GrpcCode.Unknown ? new RestError(GrpcCode.InvalidArgument, err.message) : err;
    }
    return gatewayJson("cosmos.tx.v1beta1.SimulateResponse", res.value);
  });

  fastify.get("/cosmos/tx/v1beta1/txs/:hash", { config: { route: "/cosmos/tx/v1beta1/txs/{hash}" } }, async (req) => {
    const { hash } = req.params as { hash: string };
    if (hash === "") throw restErrors.invalidArgument("tx hash cannot be empty");
    if (!/^[0-9A-Fa-f]{64}$/.test(hash))
      throw restErrors.invalidArgument(`invalid tx hash ${JSON.stringify(hash.slice(0, 80))}: expected 64 hex characters`);
    const found = await node.getTx(hash);
    if (!found) throw restErrors.notFound(`tx not found: ${hash}`);
    return gatewayJson(
      "cosmos.tx.v1beta1.GetTxResponse",
      GetTxResponse.encode({ tx: Tx.decode(found.tx), txResponse: txResponseOf(found) }).finish(),
    );
  });

  fastify.get("/cosmos/tx/v1beta1/txs", { config: { route: "/cosmos/tx/v1beta1/txs" } }, async (req) => {
    const q = req.query as Record<string, unknown>;
    const events = q.events === undefined ? [] : (Array.isArray(q.events) ? q.events : [q.events]).map(String);
    const query = one(q.query) ?? (events.length > 0 ? searching(async () => eventsToQuery(events)) : undefined);
    const text = await query;
    if (!text) throw restErrors.invalidArgument("query cannot be empty");
    const offset = uintParam(one(q["pagination.offset"]), "pagination.offset", 0n);
    let limit = uintParam(one(q.limit) ?? one(q["pagination.limit"]), "limit", 100n);
    if (limit === 0n) limit = 100n;
    if (limit > MAX_SEARCH_LIMIT) limit = MAX_SEARCH_LIMIT;
    const page = uintParam(one(q.page), "page", offset / limit + 1n, 1_000_000_000n);
    if (page === 0n) throw restErrors.invalidArgument("page must be greater than 0");
    const result = await searching(() => node.searchTxs(text, Number(page), Number(limit), orderByOf(one(q.order_by))));
    const txs = result.txs.map((t) => Tx.decode(t.tx));
    const response = GetTxsEventResponse.fromPartial({ txs, txResponses: result.txs.map(txResponseOf), total: BigInt(result.total) });
    return gatewayJson("cosmos.tx.v1beta1.GetTxsEventResponse", GetTxsEventResponse.encode(response).finish());
  });

  fastify.get("/cosmos/tx/v1beta1/txs/block/:height", { config: { route: "/cosmos/tx/v1beta1/txs/block/{height}" } }, async (req) => {
    const { height: raw } = req.params as { height: string };
    const q = req.query as Record<string, unknown>;
    const height = uintParam(raw, "height", 0n);
    if (height < 1n) throw restErrors.invalidArgument("block height must be greater than 0");
    if (height > app.lastHeight)
      throw restErrors.invalidArgument(`requested block height ${height} is bigger than the chain length ${app.lastHeight}`);
    const view = await node.getBlock(height);
    if (!view) throw restErrors.notFound(`block ${height} not found`);
    const all = view.block.data?.txs ?? [];
    const offset = uintParam(one(q["pagination.offset"]), "pagination.offset", 0n);
    let limit = uintParam(one(q["pagination.limit"]), "pagination.limit", 100n);
    if (limit === 0n) limit = 100n;
    if (offset > BigInt(all.length))
      throw restErrors.invalidArgument(`out of range: cannot paginate ${all.length} txs with offset ${offset}`);
    const slice = all.slice(Number(offset), Number(offset + limit));
    const txs = slice.map((t) => Tx.decode(t));
    const response = GetBlockWithTxsResponse.fromPartial({
      txs,
      blockId: view.blockId,
      block: view.block,
      pagination: { nextKey: new Uint8Array(), total: BigInt(all.length) },
    });
    return gatewayJson("cosmos.tx.v1beta1.GetBlockWithTxsResponse", GetBlockWithTxsResponse.encode(response).finish());
  });
}
