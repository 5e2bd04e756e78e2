import { binaryToJson, hasMessage, jsonToBinary } from "../../codec/proto-json";
import { catalogue } from "./catalogue";
import { NodeError, UsageError } from "./output";

export interface NodeStatus {
  node_info: { network: string; version: string; moniker: string };
  sync_info: {
    latest_block_hash: string;
    latest_app_hash: string;
    latest_block_height: string;
    latest_block_time: string;
    catching_up: boolean;
  };
}

export interface BroadcastResult {
  txhash: string;
  code: number;
  codespace: string;
  raw_log: string;
}

export interface TxResult extends BroadcastResult {
  height: string;
  gas_wanted: string;
  gas_used: string;
  events?: unknown;
}

/** What the CLI needs from a node, over CometBFT RPC (--node) or the REST gateway (--rest). */
export interface NodeClient {
  readonly endpoint: string;
  status(): Promise<NodeStatus>;
  /** An ABCI query (at `height`, 0 = latest): request and response protobuf bytes; a non-zero code throws NodeError. */
  query(path: string, request: Uint8Array, height?: bigint): Promise<Uint8Array>;
  simulate(txBytes: Uint8Array): Promise<{ gasUsed: bigint }>;
  broadcastSync(txBytes: Uint8Array): Promise<BroadcastResult>;
  /** The committed result, or undefined while the tx is not in a block. */
  getTx(hash: string): Promise<TxResult | undefined>;
}

export const DEFAULT_NODE = "http://127.0.0.1:26657";

export function connect(o: { node?: string; rest?: string }): NodeClient {
  if (o.rest) return new RestClient(normalize(o.rest));
  return new CometClient(normalize(o.node ?? DEFAULT_NODE));
}

function normalize(url: string): string {
  const u = url.replace(/^tcp:\/\//, "http://").replace(/\/+$/, "");
  if (!/^https?:\/\/[^/]+/.test(u)) throw new UsageError(`invalid node address ${JSON.stringify(url)}: expected http(s)://host:port`);
  return u;
}

async function request(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
  } catch (e) {
    throw new NodeError(
      `cannot reach the node at ${new URL(url).origin}: ${(e as Error & { cause?: Error }).cause?.message ?? (e as Error).message}`,
    );
  }
}

/** CometBFT JSON-RPC 2.0 over HTTP POST; byte parameters travel as base64. */
export class CometClient implements NodeClient {
  constructor(readonly endpoint: string) {}

  private async rpc<T>(method: string, params: Record<string, unknown>): Promise<T> {
    const res = await request(this.endpoint, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    });
    const text = await res.text();
    let body: { result?: T; error?: { code: number; message: string; data?: string } };
    try {
      body = JSON.parse(text);
    } catch {
      throw new NodeError(`${method}: the node answered HTTP ${res.status} with a non-JSON body: ${text.slice(0, 200)}`);
    }
    if (body.error) throw new RpcError(method, body.error);
    if (body.result === undefined) throw new NodeError(`${method}: empty answer (HTTP ${res.status})`);
    return body.result;
  }

  async status(): Promise<NodeStatus> {
    const r = await this.rpc<NodeStatus>("status", {});
    return {
      node_info: pick(r.node_info, ["network", "version", "moniker"]),
      sync_info: pick(r.sync_info, ["latest_block_hash", "latest_app_hash", "latest_block_height", "latest_block_time", "catching_up"]),
    };
  }

  async query(path: string, data: Uint8Array, height = 0n): Promise<Uint8Array> {
    const { response: r } = await this.rpc<{ response: { code?: number; codespace?: string; log?: string; value?: string | null } }>(
      "abci_query",
      {
        path,
        data: Buffer.from(data).toString("hex"),
        height: height.toString(),
        prove: false,
      },
    );
    if (r.code)
      throw new NodeError(`query ${path} failed: ${r.log ?? ""}`, { code: r.code, codespace: r.codespace ?? "", log: r.log ?? "" });
    return new Uint8Array(Buffer.from(r.value ?? "", "base64"));
  }

  async simulate(txBytes: Uint8Array): Promise<{ gasUsed: bigint }> {
    const { SimulateRequest, SimulateResponse } = await import("cosmjs-types/cosmos/tx/v1beta1/service");
    const res = SimulateResponse.decode(
      await this.query("/cosmos.tx.v1beta1.Service/Simulate", SimulateRequest.encode({ txBytes }).finish()),
    );
    return { gasUsed: res.gasInfo?.gasUsed ?? 0n };
  }

  async broadcastSync(txBytes: Uint8Array): Promise<BroadcastResult> {
    const r = await this.rpc<{ hash: string; code: number; codespace?: string; log?: string }>("broadcast_tx_sync", {
      tx: Buffer.from(txBytes).toString("base64"),
    });
    return { txhash: r.hash, code: r.code, codespace: r.codespace ?? "", raw_log: r.log ?? "" };
  }

  async getTx(hash: string): Promise<TxResult | undefined> {
    try {
      const r = await this.rpc<{
        hash: string;
        height: string;
        tx_result: { code?: number; codespace?: string; log?: string; gas_wanted?: string; gas_used?: string; events?: unknown };
      }>("tx", {
        hash: Buffer.from(hash, "hex").toString("base64"),
        prove: false,
      });
      const x = r.tx_result;
      return {
        height: r.height,
        txhash: r.hash,
        code: x.code ?? 0,
        codespace: x.codespace ?? "",
        raw_log: x.log ?? "",
        gas_wanted: x.gas_wanted ?? "0",
        gas_used: x.gas_used ?? "0",
        events: x.events,
      };
    } catch (e) {
      if (e instanceof RpcError && /not found/i.test(`${e.rpc.message} ${e.rpc.data ?? ""}`)) return undefined;
      throw e;
    }
  }
}

class RpcError extends NodeError {
  constructor(
    method: string,
    readonly rpc: { code: number; message: string; data?: string },
  ) {
    super(`${method}: ${rpc.message}${rpc.data ? `: ${rpc.data}` : ""}`);
  }
}

function pick<T>(o: unknown, keys: string[]): T {
  const src = (o ?? {}) as Record<string, unknown>;
  return Object.fromEntries(keys.map((k) => [k, src[k] ?? (k === "catching_up" ? false : "")])) as T;
}

/**
 * The REST gateway (`[api]` in app.toml, 127.0.0.1:1317): queries through each QueryDef's
 * grpc-gateway route, txs through /cosmos/tx/v1beta1.
 */
export class RestClient implements NodeClient {
  constructor(readonly endpoint: string) {}

  private async call(
    method: "GET" | "POST",
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; json: any }> {
    const res = await request(`${this.endpoint}${path}`, {
      method,
      headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    try {
      return { status: res.status, json: JSON.parse(text) };
    } catch {
      throw new NodeError(`${method} ${path}: HTTP ${res.status} ${text.slice(0, 200)}`);
    }
  }

  private async ok(method: "GET" | "POST", path: string, body?: unknown, headers?: Record<string, string>): Promise<any> {
    const { status, json } = await this.call(method, path, body, headers);
    if (status >= 400)
      throw new NodeError(`${method} ${path}: HTTP ${status}: ${json?.message ?? JSON.stringify(json)}`, {
        code: json?.code ?? status,
        codespace: "",
        log: json?.message ?? "",
      });
    return json;
  }

  async status(): Promise<NodeStatus> {
    const info = await this.ok("GET", "/cosmos/base/tendermint/v1beta1/node_info");
    const latest = await this.ok("GET", "/cosmos/base/tendermint/v1beta1/blocks/latest");
    const header = latest.block?.header ?? latest.sdk_block?.header ?? {};
    const hash = latest.block_id?.hash ? Buffer.from(latest.block_id.hash, "base64").toString("hex").toUpperCase() : "";
    return {
      node_info: {
        network: info.default_node_info?.network ?? header.chain_id ?? "",
        version: info.default_node_info?.version ?? "",
        moniker: info.default_node_info?.moniker ?? "",
      },
      sync_info: {
        latest_block_hash: hash,
        latest_app_hash: header.app_hash ? Buffer.from(header.app_hash, "base64").toString("hex").toUpperCase() : "",
        latest_block_height: String(header.height ?? "0"),
        latest_block_time: header.time ?? "",
        catching_up: false,
      },
    };
  }

  async query(path: string, data: Uint8Array, height = 0n): Promise<Uint8Array> {
    const entry = catalogue().queryByPath(path);
    const route = entry?.def.rest?.path;
    if (
      !entry ||
      !route ||
      entry.request.needsCodec ||
      entry.response.needsCodec ||
      !hasMessage(entry.request.typeName) ||
      !hasMessage(entry.response.typeName)
    ) {
      throw new UsageError(`${path} is not reachable through the REST gateway; use --node <CometBFT RPC>`);
    }
    const req = binaryToJson(entry.request.typeName, data) as Record<string, unknown>;
    const url = restUrl(route, req);
    const json = await this.ok("GET", url, undefined, height === 0n ? {} : { "x-cosmos-block-height": height.toString() });
    return jsonToBinary(entry.response.typeName, json);
  }

  async simulate(txBytes: Uint8Array): Promise<{ gasUsed: bigint }> {
    const json = await this.ok("POST", "/cosmos/tx/v1beta1/simulate", { tx_bytes: Buffer.from(txBytes).toString("base64") });
    return { gasUsed: BigInt(json.gas_info?.gas_used ?? "0") };
  }

  async broadcastSync(txBytes: Uint8Array): Promise<BroadcastResult> {
    const json = await this.ok("POST", "/cosmos/tx/v1beta1/txs", {
      tx_bytes: Buffer.from(txBytes).toString("base64"),
      mode: "BROADCAST_MODE_SYNC",
    });
    const r = json.tx_response ?? {};
    return { txhash: r.txhash ?? "", code: r.code ?? 0, codespace: r.codespace ?? "", raw_log: r.raw_log ?? "" };
  }

  async getTx(hash: string): Promise<TxResult | undefined> {
    const { status, json } = await this.call("GET", `/cosmos/tx/v1beta1/txs/${hash}`);
    if (status === 404 || (status >= 400 && /not found/i.test(json?.message ?? ""))) return undefined;
    if (status >= 400) throw new NodeError(`GET tx ${hash}: HTTP ${status}: ${json?.message ?? ""}`);
    const r = json.tx_response ?? {};
    return {
      height: r.height ?? "0",
      txhash: r.txhash ?? hash,
      code: r.code ?? 0,
      codespace: r.codespace ?? "",
      raw_log: r.raw_log ?? "",
      gas_wanted: r.gas_wanted ?? "0",
      gas_used: r.gas_used ?? "0",
      events: r.events,
    };
  }
}

/**
 * Fills a grpc-gateway route template from a request in JSON form: `{field}` from the path,
 * the other set fields as query parameters (nested ones dotted: pagination.limit).
 */
export function restUrl(template: string, req: Record<string, unknown>): string {
  const used = new Set<string>();
  const path = template.replace(/\{([a-z0-9_.]+)\}/g, (_m, name: string) => {
    used.add(name);
    return encodeURIComponent(String(req[name] ?? ""));
  });
  const params = new URLSearchParams();
  const add = (prefix: string, v: unknown) => {
    if (v === null || v === undefined || v === "" || v === false || v === "0" || v === 0) return;
    if (Array.isArray(v)) for (const x of v) add(prefix, x);
    else if (typeof v === "object") for (const [k, x] of Object.entries(v)) add(`${prefix}.${k}`, x);
    else params.append(prefix, String(v));
  };
  for (const [k, v] of Object.entries(req)) if (!used.has(k)) add(k, v);
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}
