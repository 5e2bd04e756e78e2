import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { DevBackend, startRestServer, type RunningRestServer } from "../../../src/rest";
import { pack, TestChain, testKey } from "../../helpers/chain";

/** Raw HTTP/1.1 exchanges on one keep-alive connection: each answer's bytes, Date header dropped. */
async function exchange(url: string, requests: string[]): Promise<string[]> {
  const { hostname, port } = new URL(url);
  const socket = connect({ host: hostname, port: Number(port) });
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let buffered = "";
  socket.on("data", (d: Buffer) => (buffered += d.toString("latin1")));
  const answers: string[] = [];
  for (const request of requests) {
    buffered = "";
    socket.write(`${request}\r\nHost: test\r\n\r\n`);
    // One request at a time: complete once the body has the length the headers give.
    for (;;) {
      const end = buffered.indexOf("\r\n\r\n");
      const length = end < 0 ? undefined : /\r\ncontent-length: (\d+)/i.exec(buffered.slice(0, end));
      if (length && buffered.length >= end + 4 + Number(length[1])) break;
      await new Promise((r) => setTimeout(r, 2));
    }
    answers.push(buffered.replace(/\r\nDate: [^\r]*/, ""));
  }
  socket.destroy();
  return answers;
}

describe("REST answers of the latest height served from the answer cache", () => {
  const alice = testKey("alice");
  const bob = testKey("bob");
  let chain: TestChain;
  let server: RunningRestServer;
  beforeAll(async () => {
    chain = await TestChain.create();
    server = await startRestServer({ app: chain.app, node: new DevBackend(chain.engine, chain.app), host: "127.0.0.1", port: 0 });
  });
  afterAll(async () => {
    await server.close();
    await chain.close();
  });

  const balances = (address: string, query = "") => `GET /cosmos/bank/v1beta1/balances/${address}${query} HTTP/1.1`;

  it("a repeated read gets the very bytes of the first (status, headers in order, body), errors too", async () => {
    for (const request of [
      balances(alice.address),
      balances(alice.address, "?pagination.limit=1&pagination.count_total=true"),
      balances(alice.address, "?height=0"),
      `GET /cosmos/bank/v1beta1/balances/${alice.address}/by_denom?denom=uyml HTTP/1.1`,
      balances("yml1notanaddress"),
      `GET /cosmos/auth/v1beta1/accounts/${bob.address} HTTP/1.1`,
    ]) {
      const [first, second, third] = await exchange(server.url, [request, request, request]);
      expect(first).toMatch(
        /^HTTP\/1\.1 (200 OK|400 Bad Request)\r\nx-cosmos-block-height: \d+\r\ncontent-type: application\/json; charset=utf-8\r\ncontent-length: \d+\r\nConnection: keep-alive\r\nKeep-Alive: timeout=72\r\n\r\n\{/,
      );
      expect(second).toBe(first);
      expect(third).toBe(first);
    }
  });

  it("a new height answers anew; a pinned height is answered at that height", async () => {
    const before = chain.height;
    const [old] = await exchange(server.url, [balances(bob.address)]);
    await chain.mustDeliver(alice, [
      pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, {
        fromAddress: alice.address,
        toAddress: bob.address,
        amount: [{ denom: "uyml", amount: "5" }],
      }),
    ]);
    const [now, pinned] = await exchange(server.url, [
      balances(bob.address),
      `${balances(bob.address)}\r\nx-cosmos-block-height: ${before}`,
    ]);
    expect(now).toContain(`x-cosmos-block-height: ${chain.height}\r\n`);
    expect(now).not.toBe(old);
    expect(pinned).toBe(old);
  });

  const send = (from: typeof alice, to: string, amount: string) =>
    chain.mustDeliver(from, [
      pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, { fromAddress: from.address, toAddress: to, amount: [{ denom: "uyml", amount }] }),
    ]);
  const bodyOf = (answer: string) => answer.slice(answer.indexOf("\r\n\r\n"));

  it("keeps an answer across heights while no commit writes what it read, and answers anew once one does", async () => {
    const carol = testKey("carol");
    const queried = vi.spyOn(chain.app, "queryRecorded");
    try {
      const [first] = await exchange(server.url, [balances(alice.address)]);
      expect(queried).toHaveBeenCalledTimes(1);
      await send(bob, carol.address, "3"); // bob's and carol's balances, not alice's
      const [kept] = await exchange(server.url, [balances(alice.address)]);
      expect(queried).toHaveBeenCalledTimes(1);
      expect(kept).toContain(`x-cosmos-block-height: ${chain.height}\r\n`);
      expect(bodyOf(kept)).toBe(bodyOf(first));

      await send(bob, alice.address, "7"); // writes alice's balance: the kept answer is stale
      const [now] = await exchange(server.url, [balances(alice.address)]);
      expect(queried).toHaveBeenCalledTimes(2);
      expect(bodyOf(now)).not.toBe(bodyOf(first));
      const fetched = await (await fetch(`${server.url}/cosmos/bank/v1beta1/balances/${alice.address}`)).json();
      expect(JSON.parse(bodyOf(now))).toEqual(fetched);
    } finally {
      queried.mockRestore();
    }
  });

  it("answers anew at each height a query that read the block's height", async () => {
    const window = "GET /blockchain/enforcement/v1/window HTTP/1.1";
    const [before] = await exchange(server.url, [window]);
    await send(bob, alice.address, "1");
    const [after] = await exchange(server.url, [window]);
    expect(JSON.parse(bodyOf(after)).current_height).toBe(String(chain.height));
    expect(bodyOf(after)).not.toBe(bodyOf(before));
  });

  it("counts cached answers in the request metrics as any other", async () => {
    const route = `route="/cosmos/bank/v1beta1/balances/{address}",method="GET"`;
    const count = async () => {
      const text = await (await fetch(`${server.url}/metrics`)).text();
      const requests = new RegExp(`blockchain_rest_requests_total\\{${route},status="200"\\} (\\d+)`).exec(text);
      const durations = new RegExp(`blockchain_rest_request_duration_seconds_count\\{${route}\\} (\\d+)`).exec(text);
      return [Number(requests?.[1] ?? 0), Number(durations?.[1] ?? 0)];
    };
    const [requests0, durations0] = await count();
    await exchange(
      server.url,
      Array.from({ length: 5 }, () => balances(alice.address)),
    );
    expect(await count()).toEqual([requests0 + 5, durations0 + 5]);
  });
});
