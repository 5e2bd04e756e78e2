import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join, resolve, sep } from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

export interface ExplorerOptions {
  /** The built page (index.html, app.js, style.css): `node explorer/build.mjs` writes dist/explorer. */
  dir: string;
  /** The CometBFT JSON-RPC the node knows (http://host:port); the page subscribes to blocks on its /websocket. */
  rpcUrl?: string;
}

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
};

/** Only plain file names of the build: no directories, no dot files, nothing to resolve. */
const FILE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

const NOT_BUILT = "explorer not built: run npm run build\n";

/** Read-only REST families the page may ask through its envelope. */
const API_PATH = /^(cosmos|blockchain)\/[A-Za-z0-9._~%/-]+(\?[^#]*)?$/;
const API_PREFIX = "/explorer/api/";

/** ws:// or wss:// origin of the RPC; a wildcard listen address is reached on the page's own host. */
export function websocketUrl(rpcUrl: string | undefined): string | undefined {
  if (!rpcUrl) return undefined;
  let url: URL;
  try {
    url = new URL(rpcUrl.replace(/^tcp:\/\//, "http://"));
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  const scheme = url.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${url.host}/websocket`;
}

function isWildcardHost(host: string): boolean {
  return host === "0.0.0.0" || host === "[::]";
}

/**
 * The page's own scripts and styles only (nothing inline, nothing third-party); it may fetch from
 * this origin and open the RPC websocket.
 */
export function explorerCsp(ws: string | undefined): string {
  let connect = "'self'";
  if (ws) {
    const u = new URL(ws);
    connect += isWildcardHost(u.hostname) ? ` ${u.protocol}` : ` ${u.protocol}//${u.host}`;
  }
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src ${connect}`,
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

function securityHeaders(reply: FastifyReply, csp: string): FastifyReply {
  return reply
    .header("content-security-policy", csp)
    .header("x-content-type-options", "nosniff")
    .header("referrer-policy", "no-referrer")
    .header("x-frame-options", "DENY");
}

function extension(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot);
}

/**
 * `/explorer/`: the read-only chain explorer page, from files built beforehand; `/explorer/config.json`
 * tells it where the RPC is. Files are read on each request (small, and a rebuild shows at once),
 * revalidated by ETag.
 */
export function registerExplorer(app: FastifyInstance, o: ExplorerOptions): void {
  const root = resolve(o.dir);
  const ws = websocketUrl(o.rpcUrl);
  const csp = explorerCsp(ws);
  const config = JSON.stringify({ websocket: ws ?? null, wildcardHost: ws ? isWildcardHost(new URL(ws).hostname) : false });
  const built = () => existsSync(join(root, "index.html"));

  const notBuilt = (reply: FastifyReply) =>
    securityHeaders(reply, csp).code(503).header("cache-control", "no-store").type("text/plain; charset=utf-8").send(NOT_BUILT);
  const notFound = (reply: FastifyReply) =>
    securityHeaders(reply, csp).code(404).header("cache-control", "no-store").type("text/plain; charset=utf-8").send("not found\n");

  function serveFile(req: FastifyRequest, reply: FastifyReply, name: string) {
    if (!built()) return notBuilt(reply);
    const type = CONTENT_TYPES[extension(name)];
    if (!FILE_NAME.test(name) || name.includes("..") || !type) return notFound(reply);
    const path = join(root, name);
    // Belt and braces: a name the pattern let through must still land inside the build.
    if (!path.startsWith(root + sep)) return notFound(reply);
    let stat;
    try {
      stat = statSync(path);
    } catch {
      return notFound(reply);
    }
    if (!stat.isFile()) return notFound(reply);
    const body = readFileSync(path);
    const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
    securityHeaders(reply, csp).header("etag", etag).header("cache-control", "no-cache");
    if (req.headers["if-none-match"] === etag) return reply.code(304).send();
    return reply.type(type).send(body);
  }

  const route = { config: { route: "/explorer" } };
  app.get("/explorer", route, async (req, reply) => {
    if (!built()) return notBuilt(reply);
    // Relative asset URLs in the page need the trailing slash.
    const query = req.url.indexOf("?");
    return reply.redirect(`${req.url.slice(0, query < 0 ? undefined : query)}/`, 308);
  });
  app.get("/explorer/", route, async (req, reply) => serveFile(req, reply, "index.html"));
  app.get("/explorer/config.json", route, async (_req, reply) =>
    securityHeaders(reply, csp).header("cache-control", "no-store").type("application/json; charset=utf-8").send(config),
  );
  // The page's REST reads, answered 200 with the gateway's status and body inside: a browser logs
  // every 4xx response as a console error, and "no such account" is an answer here, not a fault.
  app.get("/explorer/api/*", { config: { route: "/explorer/api" } }, async (req, reply) => {
    const at = req.url.indexOf(API_PREFIX);
    const path = at < 0 ? "" : req.url.slice(at + API_PREFIX.length);
    securityHeaders(reply, csp).header("cache-control", "no-store");
    if (!API_PATH.test(path) || path.includes("..")) return reply.code(404).type("text/plain; charset=utf-8").send("not found\n");
    const inner = await app.inject({ method: "GET", url: `${app.prefix}/${path}` });
    const body = inner.body.trimStart().startsWith("{") ? inner.body : JSON.stringify({ message: inner.body });
    return reply.type("application/json; charset=utf-8").send(`{"status":${inner.statusCode},"body":${body}}`);
  });
  app.get<{ Params: { "*": string } }>("/explorer/*", route, async (req, reply) => serveFile(req, reply, req.params["*"]));
}
