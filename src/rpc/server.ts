import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { silentLogger, type Logger } from "../types/logger";
import { RpcError, rpcErrors } from "./errors";
import { devRpcMethods, type DevRpcNode, type RpcMethod } from "./methods";
import { DevChainView } from "./dev-chain-view";
import { paramsFromJson, paramsFromUri } from "./params";
import { attachWebsocket } from "./websocket";

export interface CometRpcOptions extends DevRpcNode {
  /** `tcp://host:port` (app.toml [rpc] address); port 0 picks a free one. */
  address: string;
  logger?: Logger;
  /** CometBFT's rpc.max_body_bytes default. */
  maxBodyBytes?: number;
}

export interface RunningCometRpc {
  /** e.g. http://127.0.0.1:26657 (the port actually bound). */
  url: string;
  close(): Promise<void>;
}

type Id = string | number | null;
/** The id CometBFT gives URI-form answers. */
const URI_ID = -1;

interface JsonRpcRequest {
  jsonrpc?: string;
  id?: Id;
  method?: unknown;
  params?: unknown;
}

function success(id: Id, result: unknown) {
  return { jsonrpc: "2.0", id, result };
}

function failure(id: Id, e: unknown, logger: Logger) {
  if (e instanceof RpcError) return { jsonrpc: "2.0", id, error: e.body() };
  logger.error({ err: (e as Error).message, stack: (e as Error).stack }, "RPC method failed");
  return { jsonrpc: "2.0", id, error: rpcErrors.internal((e as Error).message).body() };
}

function parseAddress(address: string): { host: string; port: number } {
  const m = /^(?:tcp:\/\/)?\[?([^\]]*?)\]?:(\d+)$/.exec(address);
  if (!m) throw new Error(`invalid RPC address ${JSON.stringify(address)}: expected tcp://host:port`);
  return { host: m[1] === "localhost" || m[1] === "" ? "127.0.0.1" : m[1], port: Number(m[2]) };
}

function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      // The rest is drained unread so the error answer can still be written.
      if (size <= limit) chunks.push(c);
    });
    req.on("end", () => {
      if (size > limit) reject(rpcErrors.invalidRequest("error reading request body: http: request body too large"));
      else resolve(Buffer.concat(chunks).toString("utf8"));
    });
    req.on("error", reject);
  });
}

/**
 * A CometBFT v0.38-compatible JSON-RPC over the dev engine (start --dev): JSON-RPC 2.0 POST at
 * "/" (single or batch) and the URI form (GET /<method>?arg=...), with CometBFT's result
 * shapes and error codes, so cosmjs' Comet38Client and our CLI work unchanged.
 */
export function createCometRpcHandler(o: CometRpcOptions & { rpcAddress: () => string }) {
  const logger = o.logger ?? silentLogger;
  const methods: Record<string, RpcMethod> = devRpcMethods(o);
  const maxBody = o.maxBodyBytes ?? 1_000_000;

  async function call(request: JsonRpcRequest): Promise<object | undefined> {
    if (typeof request !== "object" || request === null || Array.isArray(request))
      return { jsonrpc: "2.0", id: null, error: rpcErrors.invalidRequest("request must be an object").body() };
    // CometBFT skips notifications (no id).
    if (request.id === undefined || request.id === null) return undefined;
    const id = request.id;
    const method = typeof request.method === "string" && Object.hasOwn(methods, request.method) ? methods[request.method] : undefined;
    if (!method) return { jsonrpc: "2.0", id, error: rpcErrors.methodNotFound().body() };
    try {
      return success(id, await method.run(paramsFromJson(method.params, request.params), { rpcAddress: o.rpcAddress() }));
    } catch (e) {
      return failure(id, e, logger);
    }
  }

  function send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body, null, "  "));
  }

  async function handlePost(req: IncomingMessage, res: ServerResponse) {
    let parsed: unknown;
    try {
      const text = await readBody(req, maxBody);
      try {
        parsed = JSON.parse(text);
      } catch (e) {
        throw rpcErrors.parse(`error unmarshaling request: ${(e as Error).message}`);
      }
    } catch (e) {
      return send(res, 500, failure(null, e, logger));
    }
    if (Array.isArray(parsed)) {
      const answers = (await Promise.all(parsed.map((r) => call(r as JsonRpcRequest)))).filter((a) => a !== undefined);
      if (answers.length === 0) return res.writeHead(200).end();
      return send(res, 200, answers);
    }
    const answer = await call(parsed as JsonRpcRequest);
    if (answer === undefined) return res.writeHead(200).end();
    return send(res, 200, answer);
  }

  async function handleGet(url: URL, res: ServerResponse) {
    const name = url.pathname.slice(1);
    if (name === "") {
      res.writeHead(200, { "content-type": "text/html" });
      return res.end(
        `<html><body><br>Available endpoints:<br>${Object.keys(methods)
          .sort()
          .map((m) => `<a href="/${m}">/${m}</a></br>`)
          .join("")}</body></html>`,
      );
    }
    const method = Object.hasOwn(methods, name) ? methods[name] : undefined;
    if (!method) return send(res, 404, { jsonrpc: "2.0", id: URI_ID, error: rpcErrors.methodNotFound().body() });
    let params;
    try {
      params = paramsFromUri(method.params, url.searchParams);
    } catch (e) {
      const err = e instanceof RpcError ? new RpcError(e.code, e.message, e.data.replace("json params", "http params")) : e;
      return send(res, 500, failure(URI_ID, err, logger));
    }
    try {
      return send(res, 200, success(URI_ID, await method.run(params, { rpcAddress: o.rpcAddress() })));
    } catch (e) {
      // The URI handler answers every method failure as an internal error, whatever its kind.
      const err = e instanceof RpcError ? rpcErrors.internal(e.data || e.message) : e;
      return send(res, 500, failure(URI_ID, err, logger));
    }
  }

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://rpc");
    const work =
      req.method === "POST" && url.pathname === "/"
        ? handlePost(req, res)
        : req.method === "GET" || req.method === "HEAD"
          ? handleGet(url, res)
          : Promise.resolve(void res.writeHead(405).end());
    work.catch((e) => {
      logger.error({ err: (e as Error).message }, "RPC request failed");
      if (!res.headersSent) send(res, 500, failure(null, e, logger));
    });
  };
  return Object.assign(handler, { call });
}

/** Starts the dev node's CometBFT JSON-RPC on `address`. */
export async function startCometRpcServer(o: CometRpcOptions): Promise<RunningCometRpc> {
  const { host, port } = parseAddress(o.address);
  let url = "";
  const handler = createCometRpcHandler({ ...o, rpcAddress: () => url.replace(/^http:/, "tcp:") });
  const server: Server = createServer(handler);
  const websocket = attachWebsocket(server, new DevChainView(o), handler.call, o.logger);
  // Idle keep-alive sockets must not hold close() open.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", (e: NodeJS.ErrnoException) =>
      reject(
        e.code === "EADDRINUSE" ? new Error(`RPC address ${o.address} is in use (app.toml [rpc] address; port 0 picks a free one)`) : e,
      ),
    );
    server.listen(port, host, () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  url = `http://${host.includes(":") ? `[${host}]` : host}:${bound}`;
  o.logger?.info({ url }, "CometBFT RPC listening");
  return {
    url,
    close: () =>
      new Promise<void>((resolve, reject) => {
        websocket.close();
        server.close((e) => (e ? reject(e) : resolve()));
        server.closeAllConnections();
      }),
  };
}
