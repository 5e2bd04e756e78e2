import type { FastifyInstance } from "fastify";
import { createRestServer, DevBackend } from "../../../src/rest";
import { DENOM, TestChain, testKey } from "../chain";
import { ErrorCapture } from "./checktx-target";
import { Draw, fuzzJson } from "./values";

/**
 * Every REST route the server documents in /openapi.json (module queries, tx and CometBFT
 * services), requested with random path segments, query strings, height headers and bodies.
 * The property: never a 5xx, every error is a gRPC status JSON, nothing logged as a handler
 * failure. (Where the SDK answers 5xx — a failing simulation — this server answers 400 and says
 * so in rest.md, so no 5xx is expected anywhere.)
 */
interface Operation {
  method: "GET" | "POST";
  template: string;
  pathParams: string[];
  queryParams: string[];
}

const fuzzJsonOnce = () => fuzzJson;

/** encodeURIComponent over UTF-8 bytes, so lone surrogates are sent (as U+FFFD) instead of throwing. */
function percentEncode(s: string): string {
  return [...Buffer.from(s, "utf8")]
    .map((b) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, "0")}`,
    )
    .join("");
}

/** Path parameter values that make a route find something: funded addresses, ids, denoms. */
function meaningful(): string[] {
  const alice = testKey("alice").address;
  return [
    alice,
    testKey("validator").address,
    DENOM,
    "1",
    "2",
    "0",
    "fee_collector",
    "DE",
    "DE2H",
    "class1",
    "voting",
    "/cosmos.bank.v1beta1.MsgSend",
    "A".repeat(64),
  ];
}

const QUERY_NAMES = [
  "pagination.key",
  "pagination.offset",
  "pagination.limit",
  "pagination.count_total",
  "pagination.reverse",
  "height",
  "denom",
  "status",
  "order_by",
  "query",
  "events",
  "page",
  "limit",
  "x.y.z",
  "pagination",
  "pagination.key.x",
];

export class RestTarget {
  readonly statuses = new Map<number, number>();
  requests = 0;

  private constructor(
    readonly chain: TestChain,
    readonly rest: FastifyInstance,
    readonly log: ErrorCapture,
    readonly operations: Operation[],
  ) {}

  static async create(): Promise<RestTarget> {
    const log = new ErrorCapture();
    const chain = await TestChain.create({ logger: log });
    const rest = createRestServer({ app: chain.app, node: new DevBackend(chain.engine, chain.app), logger: log });
    await rest.ready();
    const doc = JSON.parse((await rest.inject({ method: "GET", url: "/openapi.json" })).payload) as {
      paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }> }>>;
    };
    const operations: Operation[] = [];
    for (const [template, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const params = op.parameters ?? [];
        operations.push({
          method: method.toUpperCase() as "GET" | "POST",
          template,
          pathParams: params.filter((p) => p.in === "path").map((p) => p.name),
          queryParams: params.filter((p) => p.in === "query").map((p) => p.name),
        });
      }
    }
    return new RestTarget(chain, rest, log, operations);
  }

  async close(): Promise<void> {
    await this.rest.close();
    await this.chain.close();
  }

  /** A path segment or query value: meaningful, an edge string, long, or raw (not percent-encoded). */
  private value(d: Draw): string {
    const raw = d.nat(3) === 0 ? d.pick(meaningful()) : d.nat(20) === 0 ? "x".repeat(d.pick([300, 1025, 5000])) : d.string();
    const how = d.nat(9);
    if (how === 0) return raw.replace(/[?#]/g, ""); // sent as is: '%', '/', spaces, NUL reach the router raw
    if (how === 1) return d.pick(["%00", "a%00b", "%ZZ", "%", "%E0%A4%A", "%C0%AF", "..%2F..", "%2e%2e"]);
    return percentEncode(raw);
  }

  private url(d: Draw, op: Operation): string {
    let path = op.template;
    for (const name of op.pathParams) path = path.replace(`{${name}}`, this.value(d));
    const pairs: string[] = [];
    const n = d.nat(3);
    for (let i = 0; i < n; i++) {
      const name = d.nat(2) === 0 ? d.pick(QUERY_NAMES) : op.queryParams.length > 0 ? d.pick(op.queryParams) : d.pick(QUERY_NAMES);
      pairs.push(`${percentEncode(name)}=${this.value(d)}`);
    }
    return pairs.length > 0 ? `${path}?${pairs.join("&")}` : path;
  }

  private body(d: Draw): string {
    switch (d.nat(4)) {
      case 0:
        return JSON.stringify(d.g(fuzzJsonOnce));
      case 1:
        return JSON.stringify({
          tx_bytes: Buffer.from(d.bytes(200)).toString("base64"),
          mode: d.pick([
            "BROADCAST_MODE_SYNC",
            "BROADCAST_MODE_ASYNC",
            "BROADCAST_MODE_BLOCK",
            "BROADCAST_MODE_UNSPECIFIED",
            7,
            d.string(),
          ]),
        });
      case 2:
        return JSON.stringify({ tx: d.g(fuzzJsonOnce), tx_bytes: d.bool() ? undefined : d.string() });
      case 3:
        return d.string();
      default:
        return `{"tx_bytes": ${"[".repeat(d.nat(3000))}`;
    }
  }

  /** One random request; the problems it revealed. */
  async step(d: Draw): Promise<string[]> {
    const op =
      d.nat(15) === 0 ? { method: "GET" as const, template: `/${d.string()}`, pathParams: [], queryParams: [] } : d.pick(this.operations);
    const url = this.url(d, op);
    const headers: Record<string, string> = {};
    if (d.nat(7) === 0)
      headers["x-cosmos-block-height"] = d.pick([
        "0",
        "1",
        "-1",
        "99999999",
        "abc",
        this.chain.height.toString(),
        d.string().replace(/[^\x20-\x7e]/g, ""),
      ]);
    const payload = op.method === "POST" ? this.body(d) : undefined;
    if (payload !== undefined) headers["content-type"] = d.nat(9) === 0 ? "text/plain" : "application/json";
    const logged = this.log.errors.length;
    let res;
    try {
      res = await this.rest.inject({ method: op.method, url, headers, payload });
    } catch (e) {
      // light-my-request refusing to build the request (an invalid URL) is the client's side, not a finding.
      if (e instanceof TypeError && /URL|header/i.test(e.message)) return [];
      return [`${op.method} ${url.slice(0, 300)} threw: ${(e as Error).stack}`];
    }
    this.requests++;
    this.statuses.set(res.statusCode, (this.statuses.get(res.statusCode) ?? 0) + 1);
    const problems: string[] = [];
    const where = `${op.method} ${url.slice(0, 300)}${payload !== undefined ? ` body ${payload.slice(0, 300)}` : ""}`;
    if (res.statusCode >= 500) problems.push(`${res.statusCode} for ${where}: ${res.payload.slice(0, 300)}`);
    if (res.statusCode >= 400) {
      let body: { code?: unknown; message?: unknown } | undefined;
      try {
        body = JSON.parse(res.payload) as typeof body;
      } catch {
        body = undefined;
      }
      if (typeof body?.code !== "number" || typeof body.message !== "string")
        problems.push(`${res.statusCode} without a gRPC status body for ${where}: ${res.payload.slice(0, 200)}`);
    }
    if (this.log.errors.length > logged) problems.push(...this.log.errors.slice(logged).map((e) => `logged for ${where}: ${e}`));
    return problems;
  }
}
