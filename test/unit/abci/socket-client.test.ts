import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { AbciSocketClient } from "../../../src/abci/socket/client";
import { AbciSocketServer } from "../../../src/abci/socket/server";
import { FakeApp, captureLogger } from "./setup";

const servers: AbciSocketServer[] = [];
const clients: AbciSocketClient[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  for (const s of servers.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function connect(address = "tcp://127.0.0.1:0", app = new FakeApp()) {
  const server = new AbciSocketServer(app, { address, logger: captureLogger() });
  await server.listen();
  servers.push(server);
  const client = await AbciSocketClient.connect(server.address());
  clients.push(client);
  return { app, client };
}

describe("AbciSocketClient", () => {
  it("pipelines requests and gets each call its own responses, in request order", async () => {
    const { app, client } = await connect();
    const tx = (s: string) => new Uint8Array(Buffer.from(s));
    const [a, b] = await Promise.all([
      client.call([{ echo: { message: "one" } }, { checkTx: { tx: tx("abc") } }, { info: {} }]),
      client.call([{ checkTx: { tx: tx("de") } }]),
    ]);
    expect(a.map((r) => Object.keys(r).find((k) => r[k as keyof typeof r] !== undefined))).toEqual(["echo", "checkTx", "info"]);
    expect(a[0].echo?.message).toBe("one");
    expect(a[1].checkTx?.gasWanted).toBe(3n);
    expect(a[2].info?.lastBlockHeight).toBe(42n);
    expect(b).toHaveLength(1);
    expect(Buffer.from(b[0].checkTx!.data).toString()).toBe("de");
    expect(app.calls).toEqual(["echo", "checkTx", "info", "checkTx"]);
  });

  it("speaks over a unix socket too", async () => {
    const dir = mkdtempSync(join(tmpdir(), "abci-client-"));
    dirs.push(dir);
    const { client } = await connect(`unix://${join(dir, "app.sock")}`);
    expect((await client.call([{ echo: { message: "unix" } }]))[0].echo?.message).toBe("unix");
  });

  it("rejects with the server's exception, and every later call once the connection is gone", async () => {
    const { client } = await connect();
    await expect(client.call([{ checkTx: { tx: new Uint8Array(Buffer.from("boom")) } }])).rejects.toThrow(
      /ABCI exception: checkTx: kaboom/,
    );
    await expect(client.call([{ echo: { message: "after" } }])).rejects.toThrow(/ABCI/);
  });

  it("rejects calls in flight when the server goes away", async () => {
    const app = new FakeApp();
    app.delayMs = 200;
    const { client } = await connect(undefined, app);
    const pending = client.call([{ info: {} }]);
    await servers.splice(0)[0].close();
    await expect(pending).rejects.toThrow(/ECONNRESET|ABCI connection closed/);
  });
});
