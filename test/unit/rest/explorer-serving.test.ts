import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { explorerCsp, registerExplorer, websocketUrl } from "../../../src/rest/explorer";

const root = mkdtempSync(join(tmpdir(), "explorer-serving-"));
const built = join(root, "built");
const empty = join(root, "empty");
mkdirSync(built);
mkdirSync(empty);
mkdirSync(join(built, "sub"));
writeFileSync(join(built, "index.html"), "<!doctype html><title>x</title>");
writeFileSync(join(built, "app.js"), "console.log(1)");
writeFileSync(join(built, "style.css"), "body{}");
writeFileSync(join(built, "notes.md"), "not served");
writeFileSync(join(root, "secret.js"), "outside the build");

function server(dir: string, prefix = ""): FastifyInstance {
  const app = Fastify();
  void app.register(
    async (scope) => {
      scope.get("/cosmos/bank/v1beta1/balances/:address", async (req, reply) =>
        (req.params as { address: string }).address === "known"
          ? reply.send({ balances: [] })
          : reply.code(404).send({ code: 5, message: "no such account", details: [] }),
      );
      registerExplorer(scope, { dir, rpcUrl: "http://127.0.0.1:26657" });
    },
    { prefix },
  );
  return app;
}

let app: FastifyInstance;
let notBuilt: FastifyInstance;

beforeAll(async () => {
  app = server(built);
  notBuilt = server(empty);
  await Promise.all([app.ready(), notBuilt.ready()]);
});
afterAll(async () => {
  await Promise.all([app.close(), notBuilt.close()]);
  rmSync(root, { recursive: true, force: true });
});

describe("explorer serving", () => {
  it("serves the page, its script and its style with their content types, no-cache and a CSP", async () => {
    const page = await app.inject("/explorer/");
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.headers["cache-control"]).toBe("no-cache");
    expect(page.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(page.headers["content-security-policy"]).toContain("connect-src 'self' ws://127.0.0.1:26657");
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
    expect((await app.inject("/explorer/app.js")).headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect((await app.inject("/explorer/style.css")).headers["content-type"]).toBe("text/css; charset=utf-8");
  });

  it("redirects /explorer to /explorer/ so the page's relative URLs resolve", async () => {
    const res = await app.inject("/explorer");
    expect(res.statusCode).toBe(308);
    expect(res.headers.location).toBe("/explorer/");
  });

  it("answers 304 to a matching ETag", async () => {
    const first = await app.inject("/explorer/app.js");
    const again = await app.inject({ url: "/explorer/app.js", headers: { "if-none-match": String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("tells the page the RPC websocket", async () => {
    const res = await app.inject("/explorer/config.json");
    expect(res.json()).toEqual({ websocket: "ws://127.0.0.1:26657/websocket", wildcardHost: false });
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("answers 503 with a clear text when the page was not built", async () => {
    for (const url of ["/explorer", "/explorer/", "/explorer/app.js"]) {
      const res = await notBuilt.inject(url);
      expect(res.statusCode).toBe(503);
      expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
      expect(res.body).toBe("explorer not built: run npm run build\n");
    }
  });

  it("refuses directory traversal, directories and files that are not part of the page", async () => {
    const attempts = [
      "/explorer/../secret.js",
      "/explorer/..%2fsecret.js",
      "/explorer/%2e%2e/secret.js",
      "/explorer/%2e%2e%2fsecret.js",
      "/explorer/..%5csecret.js",
      "/explorer/sub",
      "/explorer/sub/",
      "/explorer/notes.md",
      "/explorer/%00app.js",
      "/explorer/missing.js",
    ];
    for (const url of attempts) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain("outside the build");
    }
  });

  it("answers REST reads through the envelope with the gateway's status, 200 for the browser", async () => {
    const missing = await app.inject("/explorer/api/cosmos/bank/v1beta1/balances/nobody");
    expect(missing.statusCode).toBe(200);
    expect(missing.json()).toEqual({ status: 404, body: { code: 5, message: "no such account", details: [] } });
    const known = await app.inject("/explorer/api/cosmos/bank/v1beta1/balances/known");
    expect(known.json()).toEqual({ status: 200, body: { balances: [] } });
    for (const url of ["/explorer/api/metrics", "/explorer/api/cosmos/../metrics", "/explorer/api/openapi.json"])
      expect((await app.inject(url)).statusCode, url).toBe(404);
  });

  it("works under a REST prefix", async () => {
    const prefixed = server(built, "/api");
    await prefixed.ready();
    expect((await prefixed.inject("/api/explorer")).headers.location).toBe("/api/explorer/");
    expect((await prefixed.inject("/api/explorer/app.js")).statusCode).toBe(200);
    expect((await prefixed.inject("/api/explorer/api/cosmos/bank/v1beta1/balances/known")).json().status).toBe(200);
    await prefixed.close();
  });

  it("derives the websocket URL and CSP from the RPC address", () => {
    expect(websocketUrl("tcp://0.0.0.0:26657")).toBe("ws://0.0.0.0:26657/websocket");
    expect(websocketUrl("https://rpc.example:443")).toBe("wss://rpc.example/websocket");
    expect(websocketUrl(undefined)).toBeUndefined();
    expect(explorerCsp("ws://0.0.0.0:26657/websocket")).toContain("connect-src 'self' ws:;");
    expect(explorerCsp(undefined)).toContain("connect-src 'self';");
  });
});
