import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateViewingKey } from "../../../src/client/envelope/index";
import { parseListen } from "../../../src/cli/commands/payload-store";
import { BLOCKCHAIND_BIN } from "../../../src/cli/localnet";
import { SIGNATURE_HEADER, envelopePath } from "../../../src/payload-store/index";
import type { TestChain } from "../../helpers/chain";
import { fakeCometRpc, keys, msg, paymentsChain, payWithEnvelope, setUpParticipants } from "../../integration/paymsg-e2e/setup";

interface StoreProcess {
  child: ChildProcessWithoutNullStreams;
  url: string;
  exited: Promise<number | null>;
  output: () => string;
}

/** Starts `blockchaind payload-store start` and waits for its "listening" log line. */
function startCli(args: string[]): Promise<StoreProcess> {
  const child = spawn(process.execPath, [BLOCKCHAIND_BIN, "payload-store", "start", ...args], { stdio: ["pipe", "pipe", "pipe"] });
  let out = "";
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line within 20s:\n${out}`)), 20_000);
    const onData = (d: Buffer) => {
      out += d;
      const line = out.split("\n").find((l) => l.includes('"payload store listening"'));
      if (line) {
        clearTimeout(timer);
        resolve({ child, url: JSON.parse(line).url, exited, output: () => out });
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", (d) => (out += d));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited ${code} before listening:\n${out}`));
    });
  });
}

function runToExit(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [BLOCKCHAIND_BIN, "payload-store", "start", ...args], { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stderr })));
}

describe("parseListen", () => {
  it("reads host:port, [v6]:port and :port", () => {
    expect(parseListen("127.0.0.1:8787")).toEqual({ host: "127.0.0.1", port: 8787 });
    expect(parseListen("0.0.0.0:0")).toEqual({ host: "0.0.0.0", port: 0 });
    expect(parseListen("[::1]:9000")).toEqual({ host: "::1", port: 9000 });
    expect(parseListen(":9000")).toEqual({ host: "127.0.0.1", port: 9000 });
  });
  it("refuses anything else", () => {
    for (const bad of ["8787", "127.0.0.1", "127.0.0.1:65536", "127.0.0.1:x", "a:b:1"])
      expect(() => parseListen(bad), bad).toThrow("host:port");
  });
});

describe("blockchaind payload-store start", () => {
  let chain: TestChain;
  let rpc: Awaited<ReturnType<typeof fakeCometRpc>>;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "payload-store-cli-"));
    chain = await paymentsChain();
    await setUpParticipants(chain);
    rpc = await fakeCometRpc(chain);
  }, 60_000);
  afterAll(async () => {
    await rpc.close();
    await chain.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("serves an upload signed by the participant, refuses others, and stops cleanly on SIGTERM", async () => {
    const store = await startCli([
      "--dir",
      join(dir, "store"),
      "--listen",
      "127.0.0.1:0",
      "--node",
      rpc.url,
      "--max-envelope-bytes",
      "65536",
    ]);
    try {
      expect(store.url).toMatch(/^http:\/\/127\.0\.0\.1:[0-9]+$/);
      await chain.mustDeliver(keys.bankA, [msg.setStore(keys.bankA.address, store.url)]);
      const e2e = "CLI-E2E-1";
      const { envelope, signature } = await payWithEnvelope(chain, e2e, [generateViewingKey()]);
      const at = `${store.url}${envelopePath(keys.bankA.address, e2e)}`;
      const put = (body: Uint8Array, headers: Record<string, string>) =>
        fetch(at, { method: "PUT", body, headers: { "content-type": "application/octet-stream", ...headers } });

      const unsigned = await put(envelope, {});
      expect(unsigned.status).toBe(401);
      expect(await unsigned.json()).toMatchObject({ code: "missing_signature" });
      const forged = await put(envelope, { [SIGNATURE_HEADER]: Buffer.alloc(64, 1).toString("base64") });
      expect(forged.status).toBe(401);
      expect(await forged.json()).toMatchObject({ code: "bad_signature" });
      const tooBig = await put(new Uint8Array(65537), { [SIGNATURE_HEADER]: signature });
      expect(tooBig.status).toBe(413);
      expect((await fetch(at)).status).toBe(404);

      const stored = await put(envelope, { [SIGNATURE_HEADER]: signature });
      expect(stored.status).toBe(201);
      expect(await stored.json()).toMatchObject({ instructing_participant: keys.bankA.address, end_to_end_id: e2e, stored: true });
      const got = await fetch(at);
      expect(got.status).toBe(200);
      expect(new Uint8Array(await got.arrayBuffer())).toEqual(envelope);
    } finally {
      store.child.kill("SIGTERM");
    }
    expect(await store.exited).toBe(0);
    expect(store.output()).toContain('"stopped"');
  }, 60_000);

  it("keeps envelopes in --dir across restarts", async () => {
    const e2e = "CLI-E2E-2";
    const args = ["--dir", join(dir, "restart"), "--listen", "127.0.0.1:0", "--node", rpc.url];
    const first = await startCli(args);
    const { envelope, signature } = await payWithEnvelope(chain, e2e, [generateViewingKey()]);
    const path = envelopePath(keys.bankA.address, e2e);
    const put = await fetch(`${first.url}${path}`, {
      method: "PUT",
      body: envelope,
      headers: { "content-type": "application/octet-stream", [SIGNATURE_HEADER]: signature },
    });
    expect(put.status).toBe(201);
    first.child.kill("SIGINT");
    expect(await first.exited).toBe(0);

    const second = await startCli(args);
    try {
      const got = await fetch(`${second.url}${path}`);
      expect(new Uint8Array(await got.arrayBuffer())).toEqual(envelope);
    } finally {
      second.child.kill("SIGTERM");
    }
    expect(await second.exited).toBe(0);
  }, 60_000);

  it("exits 1 on bad flags", async () => {
    for (const [args, message] of [
      [["--listen", "8787"], "host:port"],
      [["--node", "localhost:26657"], "CometBFT RPC URL"],
      [["--max-envelope-bytes", "0"], "positive integer"],
    ] as const) {
      const r = await runToExit([...args, "--dir", join(dir, "never")]);
      expect({ code: r.code, args }).toEqual({ code: 1, args });
      expect(r.stderr).toContain(message);
    }
  }, 60_000);
});
