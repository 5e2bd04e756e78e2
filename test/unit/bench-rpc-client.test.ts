import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { RpcClient } from "../../scripts/bench/rpc-client";

/** The bench's load client reads CometBFT's answers from raw bytes: both framings Go's server uses. */
describe("bench RpcClient", () => {
  let server: Server | undefined;
  let client: RpcClient | undefined;
  afterEach(async () => {
    client?.close();
    await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  });

  async function serve(
    handler: (body: { id: number; method: string; params: Record<string, string> }, res: import("node:http").ServerResponse) => void,
  ): Promise<string> {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => handler(JSON.parse(Buffer.concat(chunks).toString("utf8")), res));
    });
    await new Promise<void>((r) => server!.listen(0, "127.0.0.1", () => r()));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it("reads answers with a length and chunked ones, over kept-alive sockets", async () => {
    const sockets = new Set<unknown>();
    const url = await serve((body, res) => {
      sockets.add(res.socket);
      const json = JSON.stringify({
        jsonrpc: "2.0",
        id: body.id,
        result: { method: body.method, echo: body.params.x, pad: "y".repeat(Number(body.params.n ?? 0)) },
      });
      if (body.params.chunked) {
        // Several writes without a length: Go's server sends such a body chunked, as node:http does.
        res.writeHead(200, { "content-type": "application/json" });
        for (let i = 0; i < json.length; i += 1000) res.write(json.slice(i, i + 1000));
        res.end();
      } else {
        res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(json) });
        res.end(json);
      }
    });
    client = new RpcClient(url, 2);
    const small = await client.call<{ method: string; echo: string }>("status", { x: "a" });
    expect(small).toMatchObject({ method: "status", echo: "a" });
    const big = await client.call<{ echo: string; pad: string }>("block", { x: "b", chunked: "1", n: "300000" });
    expect(big.echo).toBe("b");
    expect(big.pad.length).toBe(300_000);
    const many = await Promise.all(
      Array.from({ length: 20 }, (_, i) => client!.send<{ echo: string }>(client!.request("broadcast_tx_sync", { x: String(i) }))),
    );
    expect(many.map((r) => r.echo)).toEqual(Array.from({ length: 20 }, (_, i) => String(i)));
    expect(sockets.size).toBeLessThanOrEqual(2);
  });

  it("rejects with the JSON-RPC error, and with a closed connection's", async () => {
    const url = await serve((body, res) => {
      if (body.method === "drop") return res.socket!.destroy();
      const json = JSON.stringify({
        jsonrpc: "2.0",
        id: body.id,
        error: { code: -32603, message: "Internal error", data: "tx already exists in cache" },
      });
      res.writeHead(500, { "content-type": "application/json", "content-length": Buffer.byteLength(json) });
      res.end(json);
    });
    client = new RpcClient(url, 1);
    await expect(client.call("broadcast_tx_sync", { tx: "AA==" })).rejects.toThrow("Internal error tx already exists in cache");
    await expect(client.call("drop")).rejects.toThrow(/closed|ECONNRESET/);
    // The next request opens a new socket.
    await expect(client.call("again")).rejects.toThrow("tx already exists in cache");
  });

  it("times out an unanswered request and carries the next one on a new socket, untouched by the old one's close", async () => {
    const url = await serve((body, res) => {
      if (body.method === "hang") return;
      const json = JSON.stringify({ jsonrpc: "2.0", id: body.id, result: { ok: body.method } });
      res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(json) });
      res.end(json);
    });
    client = new RpcClient(url, 1, 500);
    const hung = client.call("hang");
    hung.catch(() => {});
    await new Promise((r) => setTimeout(r, 600));
    // Queued behind it on the one connection, and younger than the bound when the sweep (each
    // second) gives up on the first: sent then, on a new socket.
    const next = client.call<{ ok: string }>("again");
    await expect(hung).rejects.toThrow("no answer within 0.5 s");
    await expect(next).resolves.toEqual({ ok: "again" });
  });
});
