import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BinaryWriter } from "cosmjs-types/binary";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { encodeFrame, encodeUvarint } from "../../../src/abci/socket/framing";
import { AbciSocketServer, type Logger } from "../../../src/abci/socket/server";
import { FakeApp, TestClient, captureLogger, kindOf, reqFrame } from "./setup";

// A pino logger must fit the server's Logger without adapters.
const _pinoFits: Logger = pino({ enabled: false });
void _pinoFits;

const servers: AbciSocketServer[] = [];
const clients: TestClient[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const c of clients.splice(0)) c.destroy();
  for (const s of servers.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function start(app = new FakeApp(), extra: { address?: string; maxFrameBytes?: number; proposalHoldMs?: number } = {}) {
  const logger = captureLogger();
  const server = new AbciSocketServer(app, { address: "tcp://127.0.0.1:0", logger, ...extra });
  await server.listen();
  servers.push(server);
  const connect = async () => {
    const c = await TestClient.connect(server.address());
    clients.push(c);
    return c;
  };
  return { app, server, logger, connect };
}

function tmp(): string {
  const d = mkdtempSync(join(tmpdir(), "abci-"));
  dirs.push(d);
  return d;
}

describe("AbciSocketServer", () => {
  it("answers Echo and Info over TCP", async () => {
    const { server, connect } = await start();
    expect(server.address()).toMatch(/^tcp:\/\/127\.0\.0\.1:\d+$/);
    const c = await connect();
    await c.write(Buffer.concat([reqFrame({ echo: { message: "ping" } }), reqFrame({ info: {} }), reqFrame({ flush: {} })]));
    const [echo, info, flush] = await c.waitFor(3);
    expect(echo!.echo).toEqual({ message: "ping" });
    expect(info!.info).toMatchObject({ data: "fake", appVersion: 7n, lastBlockHeight: 42n });
    expect(kindOf(flush!)).toBe("flush");
  });

  it("answers over a unix socket and replaces a stale socket file", async () => {
    const path = join(tmp(), "app.sock");
    // A process that exits without closing its listener leaves the socket file behind.
    const script = `require("net").createServer().listen(${JSON.stringify(path)}, () => process.exit(0))`;
    expect(spawnSync(process.execPath, ["-e", script]).status).toBe(0);
    expect(existsSync(path)).toBe(true);

    const { server, connect } = await start(new FakeApp(), { address: `unix://${path}` });
    expect(server.address()).toBe(`unix://${path}`);
    const c = await connect();
    await c.write(Buffer.concat([reqFrame({ echo: { message: "unix" } }), reqFrame({ info: {} })]));
    const [echo, info] = await c.waitFor(2);
    expect(echo!.echo?.message).toBe("unix");
    expect(info!.info?.lastBlockHeight).toBe(42n);

    const second = new AbciSocketServer(new FakeApp(), { address: `unix://${path}`, logger: captureLogger() });
    await expect(second.listen()).rejects.toThrow(/another process is listening/);
  });

  it("round-trips a 50 MB CheckTx", async () => {
    const { connect } = await start();
    const c = await connect();
    const tx = Buffer.alloc(50 * 1024 * 1024);
    for (let i = 0; i < tx.length; i += 4096) tx[i] = i % 251;
    await c.write(reqFrame({ checkTx: { tx } }));
    const [res] = await c.waitFor(1, 30_000);
    expect(res!.checkTx?.gasWanted).toBe(BigInt(tx.length));
    expect(Buffer.from(res!.checkTx!.data).equals(tx)).toBe(true);
  });

  const sequence = () =>
    Buffer.concat([
      reqFrame({ echo: { message: "a" } }),
      reqFrame({ info: { version: "x" } }),
      reqFrame({ checkTx: { tx: Buffer.from("tx-1") } }),
      reqFrame({ flush: {} }),
      reqFrame({ commit: {} }),
      reqFrame({ echo: { message: "z".repeat(200) } }),
    ]);
  const expectedKinds = ["echo", "info", "checkTx", "flush", "commit", "echo"];

  it("decodes a stream written one byte per write", async () => {
    const { connect } = await start();
    const c = await connect();
    const bytes = sequence();
    for (let i = 0; i < bytes.length; i++) await c.write(bytes.subarray(i, i + 1));
    const got = await c.waitFor(expectedKinds.length);
    expect(got.map(kindOf)).toEqual(expectedKinds);
    expect(got[5]!.echo?.message).toBe("z".repeat(200));
  });

  it("answers many frames coalesced into one write, in order", async () => {
    const { connect } = await start();
    const c = await connect();
    const n = 500;
    const frames = Array.from({ length: n }, (_, i) => reqFrame({ echo: { message: `m${i}` } }));
    await c.write(Buffer.concat([...frames, reqFrame({ flush: {} })]));
    const got = await c.waitFor(n + 1);
    expect(got.slice(0, n).map((r) => r.echo?.message)).toEqual(frames.map((_, i) => `m${i}`));
    expect(kindOf(got[n]!)).toBe("flush");
  });

  it("keeps pipelined CheckTx in order and answers Flush after every earlier reply", async () => {
    const app = new FakeApp();
    app.delayMs = 1;
    const { connect } = await start(app);
    const c = await connect();
    const expected: string[] = [];
    const parts: Buffer[] = [];
    for (let i = 0; i < 40; i++) {
      parts.push(reqFrame({ checkTx: { tx: Buffer.from(`tx${i}`) } }));
      expected.push(`tx${i}`);
      if (i % 7 === 3) {
        parts.push(reqFrame({ flush: {} }));
        expected.push("flush");
      }
    }
    // Written in a few irregular bursts, as Comet's buffered client does.
    const all = Buffer.concat(parts);
    for (let at = 0; at < all.length; at += 97) await c.write(all.subarray(at, at + 97));
    const got = await c.waitFor(expected.length);
    expect(got.map((r) => (r.flush ? "flush" : Buffer.from(r.checkTx!.data).toString()))).toEqual(expected);
  });

  it("a Flush's answers are not held back by a later request whose app call waits", async () => {
    const app = new FakeApp();
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const plain = app.checkTx.bind(app);
    app.checkTx = (req) => (Buffer.from(req.tx).toString() === "slow" ? gate.then(() => plain(req)) : plain(req));
    const { connect } = await start(app);
    const c = await connect();
    // One write: the Flush is answered while "slow" is already read and waiting.
    await c.write(
      Buffer.concat([
        reqFrame({ checkTx: { tx: Buffer.from("fast") } }),
        reqFrame({ flush: {} }),
        reqFrame({ checkTx: { tx: Buffer.from("slow") } }),
      ]),
    );
    const first = await c.waitFor(2, 5_000);
    expect(first.map((r) => (r.flush ? "flush" : Buffer.from(r.checkTx!.data).toString()))).toEqual(["fast", "flush"]);
    release();
    const all = await c.waitFor(3);
    expect(Buffer.from(all[2]!.checkTx!.data).toString()).toBe("slow");
  });

  it("routes every request type to its app method and response case", async () => {
    const app = new FakeApp();
    const { connect } = await start(app);
    const c = await connect();
    const kinds = [
      "echo",
      "info",
      "initChain",
      "query",
      "checkTx",
      "commit",
      "listSnapshots",
      "offerSnapshot",
      "loadSnapshotChunk",
      "applySnapshotChunk",
      "prepareProposal",
      "processProposal",
      "extendVote",
      "verifyVoteExtension",
      "finalizeBlock",
      "flush",
    ];
    await c.write(Buffer.concat(kinds.map((k) => reqFrame({ [k]: {} }))));
    const got = await c.waitFor(kinds.length);
    expect(got.map(kindOf)).toEqual(kinds);
    expect(app.calls).toEqual(kinds.slice(0, -1));
    // Decoders view the bytes they read (src/types/proto-runtime.ts): a Buffer in, a Buffer slice out.
    expect(Uint8Array.from(got[14]!.finalizeBlock?.appHash ?? [])).toEqual(new Uint8Array([1, 2, 3]));
  });

  it("answers an unknown request type with ResponseException, closes, and keeps serving", async () => {
    const { connect, logger } = await start();
    const deliverTx = BinaryWriter.create();
    deliverTx.uint32((9 << 3) | 2).bytes(new Uint8Array([1, 2, 3]));
    const bad = [encodeFrame(deliverTx.finish()), encodeFrame(new Uint8Array()), encodeFrame(new Uint8Array([0xff, 0xff]))];
    for (const frame of bad) {
      const c = await connect();
      // The echo before is answered; the one after the bad frame is dropped with the connection.
      await c.write(Buffer.concat([reqFrame({ echo: { message: "before" } }), frame, reqFrame({ echo: { message: "after" } })]));
      await c.closed;
      expect(c.responses.map(kindOf)).toEqual(["echo", "exception"]);
      expect(c.responses[1]!.exception?.error).toMatch(/unknown request|cannot decode/);
    }
    expect(logger.errors()).toHaveLength(bad.length);
    const ok = await connect();
    await ok.write(reqFrame({ echo: { message: "still here" } }));
    expect((await ok.waitFor(1))[0]!.echo?.message).toBe("still here");
  });

  it("closes a connection whose frame exceeds the max", async () => {
    const { connect, logger } = await start(new FakeApp(), { maxFrameBytes: 1024 });
    const c = await connect();
    await c.write(encodeUvarint(4096));
    await c.closed;
    expect(logger.errors()[0]?.obj.err).toMatch(/exceeds max 1024/);
    const ok = await connect();
    await ok.write(reqFrame({ echo: { message: "x" } }));
    expect((await ok.waitFor(1))[0]!.echo?.message).toBe("x");
  });

  it("reports a throwing handler with ResponseException and a log line, and survives", async () => {
    const { connect, logger } = await start();
    const c = await connect();
    await c.write(Buffer.concat([reqFrame({ checkTx: { tx: Buffer.from("boom") } }), reqFrame({ flush: {} })]));
    await c.closed;
    expect(c.responses.map(kindOf)).toEqual(["exception"]);
    expect(c.responses[0]!.exception?.error).toBe("checkTx: kaboom");
    const errs = logger.errors();
    expect(errs).toHaveLength(1);
    expect(errs[0]!.obj.method).toBe("checkTx");

    const ok = await connect();
    await ok.write(reqFrame({ info: {} }));
    expect((await ok.waitFor(1))[0]!.info?.data).toBe("fake");
  });

  it("never runs two app calls at once across connections", async () => {
    const app = new FakeApp();
    const { connect } = await start(app);
    const [a, b, q] = await Promise.all([connect(), connect(), connect()]);
    const burst = (tag: string) =>
      Buffer.concat(
        Array.from({ length: 60 }, (_, i) =>
          i % 10 === 9 ? reqFrame({ flush: {} }) : reqFrame({ checkTx: { tx: Buffer.from(`${tag}${i}`) } }),
        ),
      );
    await Promise.all([a!.write(burst("a")), b!.write(burst("b")), q!.write(burst("q"))]);
    await Promise.all([a!.waitFor(60), b!.waitFor(60), q!.waitFor(60)]);
    expect(app.calls.length).toBe(3 * 54);
    expect(app.maxActive).toBe(1);
    for (const [c, tag] of [
      [a!, "a"],
      [b!, "b"],
    ] as const) {
      const txs = c.responses.filter((r) => r.checkTx).map((r) => Buffer.from(r.checkTx!.data).toString());
      expect(txs).toEqual(
        Array.from({ length: 60 }, (_, i) => i)
          .filter((i) => i % 10 !== 9)
          .map((i) => `${tag}${i}`),
      );
    }
  });

  it("holds CheckTx from a proposal until FinalizeBlock is read on the consensus connection", async () => {
    const app = new FakeApp();
    const { connect } = await start(app, { proposalHoldMs: 60_000 });
    const [consensus, mempool] = await Promise.all([connect(), connect()]);
    await consensus!.write(reqFrame({ prepareProposal: { height: 2n } }));
    await consensus!.waitFor(1);
    await mempool!.write(Buffer.concat([reqFrame({ checkTx: { tx: Buffer.from("during") } }), reqFrame({ flush: {} })]));
    await new Promise((r) => setTimeout(r, 100));
    expect(mempool!.responses).toEqual([]);
    await consensus!.write(reqFrame({ finalizeBlock: { height: 2n } }));
    const answered = await mempool!.waitFor(2);
    expect(Buffer.from(answered[0]!.checkTx!.data).toString()).toBe("during");
    expect(app.calls).toEqual(["prepareProposal", "finalizeBlock", "checkTx"]);
  });

  it("still answers a client that half-closes after its last request", async () => {
    const { connect } = await start();
    const c = await connect();
    c.socket.end(Buffer.concat([reqFrame({ echo: { message: "last" } }), reqFrame({ flush: {} })]));
    await c.closed;
    expect(c.responses.map(kindOf)).toEqual(["echo", "flush"]);
  });

  it("survives clients that vanish mid-request and closes with open connections", async () => {
    const app = new FakeApp();
    app.delayMs = 20;
    const { server, connect } = await start(app);
    const gone = await connect();
    await gone.write(Buffer.concat(Array.from({ length: 5 }, () => reqFrame({ echo: { message: "lost" } }))));
    gone.destroy();
    const open = await connect();
    await open.write(reqFrame({ echo: { message: "ok" } }));
    expect((await open.waitFor(1))[0]!.echo?.message).toBe("ok");
    await server.close();
    await open.closed;
    servers.splice(servers.indexOf(server), 1);
  });
});
