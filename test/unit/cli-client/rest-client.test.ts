import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QueryAllBalancesRequest, QueryAllBalancesResponse } from "cosmjs-types/cosmos/bank/v1beta1/query";
import { RestClient } from "../../../src/cli/client/node";
import { NodeError } from "../../../src/cli/client/output";

/** A stand-in for the REST gateway answering with grpc-gateway shapes; records the requests. */
const seen: string[] = [];
let server: Server;
let client: RestClient;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      seen.push(`${req.method} ${req.url} ${body}`);
      const send = (status: number, json: unknown) => ((res.statusCode = status), res.end(JSON.stringify(json)));
      if (req.url?.startsWith("/cosmos/bank/v1beta1/balances/yml1x"))
        return send(200, { balances: [{ denom: "uyml", amount: "5" }], pagination: { next_key: null, total: "1" } });
      if (req.url === "/cosmos/tx/v1beta1/txs") return send(200, { tx_response: { txhash: "AB", code: 0, codespace: "", raw_log: "" } });
      if (req.url === "/cosmos/tx/v1beta1/txs/AB")
        return send(200, {
          tx_response: {
            height: "7",
            txhash: "AB",
            code: 5,
            codespace: "sdk",
            raw_log: "insufficient funds",
            gas_wanted: "1",
            gas_used: "1",
          },
        });
      if (req.url === "/cosmos/tx/v1beta1/txs/CD") return send(404, { code: 5, message: "tx not found: CD", details: [] });
      if (req.url === "/cosmos/tx/v1beta1/simulate") return send(200, { gas_info: { gas_wanted: "0", gas_used: "12345" } });
      if (req.url === "/cosmos/base/tendermint/v1beta1/node_info")
        return send(200, { default_node_info: { network: "chain-x", version: "0.38.25", moniker: "m" } });
      if (req.url === "/cosmos/base/tendermint/v1beta1/blocks/latest")
        return send(200, {
          block_id: { hash: Buffer.from("0102", "hex").toString("base64") },
          block: {
            header: {
              chain_id: "chain-x",
              height: "9",
              time: "2025-01-01T00:00:00Z",
              app_hash: Buffer.from("abcd", "hex").toString("base64"),
            },
          },
        });
      send(404, { code: 5, message: "Not Found", details: [] });
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  client = new RestClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(() => new Promise((r) => server.close(r)));

describe("RestClient (--rest)", () => {
  it("queries through the QueryDef's REST route with query parameters and returns protobuf bytes", async () => {
    const req = QueryAllBalancesRequest.encode({
      address: "yml1x",
      pagination: { key: new Uint8Array(), offset: 0n, limit: 2n, countTotal: true, reverse: false },
      resolveDenom: false,
    }).finish();
    const res = QueryAllBalancesResponse.decode(await client.query("/cosmos.bank.v1beta1.Query/AllBalances", req));
    expect(res.balances).toEqual([{ denom: "uyml", amount: "5" }]);
    expect(seen.at(-1)).toBe("GET /cosmos/bank/v1beta1/balances/yml1x?pagination.limit=2&pagination.count_total=true ");
  });

  it("status from node_info and the latest block", async () => {
    const s = await client.status();
    expect(s.node_info.network).toBe("chain-x");
    expect(s.sync_info).toMatchObject({ latest_block_height: "9", latest_app_hash: "ABCD", latest_block_hash: "0102" });
  });

  it("broadcast, simulate and tx lookup; unknown tx is undefined, HTTP errors are NodeErrors", async () => {
    expect(await client.broadcastSync(new Uint8Array([1]))).toEqual({ txhash: "AB", code: 0, codespace: "", raw_log: "" });
    expect(seen.at(-1)).toContain('"mode":"BROADCAST_MODE_SYNC"');
    expect((await client.simulate(new Uint8Array([1]))).gasUsed).toBe(12345n);
    expect(await client.getTx("AB")).toMatchObject({ height: "7", code: 5, codespace: "sdk" });
    expect(await client.getTx("CD")).toBeUndefined();
    await expect(client.query("/cosmos.bank.v1beta1.Query/Params", new Uint8Array())).rejects.toThrow(NodeError);
  });
});
