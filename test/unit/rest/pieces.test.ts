import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Fastify, { type FastifyInstance } from "fastify";
import { formatLegacyDec } from "../../../src/codec/legacy-dec";
import { eventsToQuery, parseTxQuery, type Condition } from "../../../src/node/tx-query";
import type { OrderBy } from "../../../src/node/backend";
import type { ExecTxResult } from "cosmjs-types/tendermint/abci/types";
import { indexedAttributes } from "../../../src/abci/dev/tx-postings";
import { searchTxRefs, type HeightRange, type TxPostings, type TxRef } from "../../../src/node/tx-index";
import { CometBackend, parseRfc3339 } from "../../../src/node/comet-backend";
import { fromQueryLog, httpStatusOf } from "../../../src/rest/errors";
import { GrpcCode } from "../../../src/types/errors";

/** The search over an in-memory index (txs added in chain order, so every list stays sorted). */
class TxEventIndex implements TxPostings {
  private readonly byAttr = new Map<string, TxRef[]>();
  private readonly byHash = new Map<string, TxRef>();
  private readonly all: TxRef[] = [];

  add(ref: TxRef, hash: string, result: ExecTxResult): void {
    this.all.push(ref);
    this.byHash.set(hash.toUpperCase(), ref);
    for (const key of indexedAttributes(result)) {
      let list = this.byAttr.get(key);
      if (!list) this.byAttr.set(key, (list = []));
      list.push(ref);
    }
  }

  async refByHash(hash: string): Promise<TxRef | undefined> {
    return this.byHash.get(hash);
  }

  async refsByAttribute(key: string): Promise<TxRef[]> {
    return this.byAttr.get(key) ?? [];
  }

  async refsByHeight({ from, to }: HeightRange): Promise<TxRef[]> {
    return this.all.filter((r) => (from === undefined || r.height >= from) && (to === undefined || r.height <= to));
  }

  search(conditions: Condition[], page: number, limit: number, orderBy: OrderBy): Promise<{ refs: TxRef[]; total: number }> {
    return searchTxRefs(this, conditions, page, limit, orderBy);
  }
}

describe("LegacyDec rendering", () => {
  it("scales the wire integer by 1e18", () => {
    expect(formatLegacyDec("500000000000000000")).toBe("0.500000000000000000");
    expect(formatLegacyDec("1000000000000000000")).toBe("1.000000000000000000");
    expect(formatLegacyDec("12345000000000000000000")).toBe("12345.000000000000000000");
    expect(formatLegacyDec("-5")).toBe("-0.000000000000000005");
    expect(formatLegacyDec("")).toBe("0.000000000000000000");
    expect(formatLegacyDec("0")).toBe("0.000000000000000000");
  });
});

describe("tx query language", () => {
  it("parses key='value' AND conditions, bare values and tx.height comparisons", () => {
    expect(parseTxQuery("message.sender='yml1x' AND tx.height>=5")).toEqual([
      { key: "message.sender", op: "=", value: "yml1x" },
      { key: "tx.height", op: ">=", value: "5" },
    ]);
    expect(parseTxQuery("transfer.amount='1 uyml'")[0].value).toBe("1 uyml");
    expect(eventsToQuery(["message.sender=yml1x", "tx.height='3'"])).toBe("message.sender='yml1x' AND tx.height='3'");
    for (const bad of ["", "AND", "a.b=", "a.b='x' AND", "=x", "a.b ~ 'x'"]) expect(() => parseTxQuery(bad), bad).toThrow();
  });

  it("intersects conditions in chain order, pages and reverses", async () => {
    const index = new TxEventIndex();
    const ev = (sender: string) => ({
      code: 0,
      data: new Uint8Array(),
      log: "",
      info: "",
      gasWanted: 0n,
      gasUsed: 0n,
      codespace: "",
      events: [
        {
          type: "message",
          attributes: [
            { key: "sender", value: sender, index: true },
            { key: "secret", value: "x", index: false },
          ],
        },
      ],
    });
    index.add({ height: 2n, index: 0 }, "AA", ev("a"));
    index.add({ height: 2n, index: 1 }, "BB", ev("b"));
    index.add({ height: 3n, index: 0 }, "CC", ev("a"));
    expect(await index.search(parseTxQuery("message.sender='a'"), 1, 10, "asc")).toEqual({
      refs: [
        { height: 2n, index: 0 },
        { height: 3n, index: 0 },
      ],
      total: 2,
    });
    expect((await index.search(parseTxQuery("message.sender='a' AND tx.height=3"), 1, 10, "asc")).refs).toEqual([{ height: 3n, index: 0 }]);
    expect((await index.search(parseTxQuery("message.sender='a'"), 2, 1, "desc")).refs).toEqual([{ height: 2n, index: 0 }]);
    expect((await index.search(parseTxQuery("tx.hash='bb'"), 1, 10, "asc")).total).toBe(1);
    expect((await index.search(parseTxQuery("message.secret='x'"), 1, 10, "asc")).total).toBe(0);
    await expect(index.search(parseTxQuery("message.sender>'a'"), 1, 10, "asc")).rejects.toThrow(/only on tx.height/);
  });
});

describe("gRPC status mapping", () => {
  it("maps codes to the gateway's HTTP statuses and reads the SDK's query log", () => {
    expect(
      [
        GrpcCode.NotFound,
        GrpcCode.InvalidArgument,
        GrpcCode.FailedPrecondition,
        GrpcCode.AlreadyExists,
        GrpcCode.PermissionDenied,
        GrpcCode.Unauthenticated,
        GrpcCode.ResourceExhausted,
        GrpcCode.Unimplemented,
        GrpcCode.OutOfRange,
        GrpcCode.Internal,
      ].map(httpStatusOf),
    ).toEqual([404, 400, 400, 409, 403, 401, 429, 501, 400, 500]);
    const e = fromQueryLog("rpc error: code = NotFound desc = account yml1 not found: key not found");
    expect(e.body()).toEqual({ code: 5, message: "account yml1 not found: key not found", details: [] });
    expect(e.httpStatus).toBe(404);
  });
});

describe("CometBackend over CometBFT's JSON-RPC", () => {
  let rpc: FastifyInstance;
  let backend: CometBackend;
  const calls: string[] = [];
  const txResult = {
    code: 0,
    data: "CgA=",
    log: "",
    info: "",
    gas_wanted: "200000",
    gas_used: "51234",
    events: [{ type: "message", attributes: [{ key: "sender", value: "yml1x", index: true }] }],
    codespace: "",
  };

  beforeAll(async () => {
    rpc = Fastify();
    rpc.post("/", async (req) => {
      const { id, method, params } = req.body as { id: number; method: string; params: Record<string, string> };
      calls.push(`${method} ${JSON.stringify(params)}`);
      const result = (r: unknown) => ({ jsonrpc: "2.0", id, result: r });
      switch (method) {
        case "broadcast_tx_sync":
          return result({ code: 0, data: "", log: "", codespace: "", hash: "ABCD" });
        case "tx":
          if (params.hash !== Buffer.from("AB".repeat(32), "hex").toString("base64"))
            return { jsonrpc: "2.0", id, error: { code: -32603, message: "Internal error", data: "tx (CD) not found" } };
          return result({ hash: "AB".repeat(32), height: "7", index: 0, tx_result: txResult, tx: "CgA=" });
        case "tx_search":
          return result({ txs: [{ hash: "AB".repeat(32), height: "7", index: 0, tx_result: txResult, tx: "CgA=" }], total_count: "1" });
        case "block":
          return result({
            block_id: { hash: "AA", parts: { total: 1, hash: "BB" } },
            block: {
              header: {
                version: { block: "11", app: "1" },
                chain_id: "c",
                height: "7",
                time: "2026-01-01T00:00:07.123456789Z",
                proposer_address: "0102",
              },
              data: { txs: ["CgA="] },
              evidence: { evidence: [] },
              last_commit: { height: "6", round: 0, block_id: { hash: "", parts: { total: 0, hash: "" } }, signatures: [] },
            },
          });
        case "status":
          return result({
            node_info: {
              protocol_version: { p2p: "8", block: "11", app: "1" },
              id: "nodeid",
              listen_addr: "tcp://0.0.0.0:26656",
              network: "c",
              version: "0.38.25",
              channels: "40",
              moniker: "m",
              other: { tx_index: "on", rpc_address: "tcp://127.0.0.1:26657" },
            },
            sync_info: { catching_up: true },
          });
        case "validators":
          return result({
            block_height: "7",
            validators: [
              {
                address: "0A0B",
                pub_key: { type: "tendermint/PubKeyEd25519", value: "AAAA" },
                voting_power: "10",
                proposer_priority: "-3",
              },
            ],
            count: "1",
            total: "1",
          });
        case "num_unconfirmed_txs":
          return result({ n_txs: "2", total: "2", total_bytes: "10" });
        default:
          return { jsonrpc: "2.0", id, error: { code: -32601, message: "Method not found" } };
      }
    });
    await rpc.listen({ host: "127.0.0.1", port: 0 });
    const addr = rpc.server.address() as { port: number };
    backend = new CometBackend(`http://127.0.0.1:${addr.port}`);
  });
  afterAll(async () => rpc.close());

  it("reads txs, search results, blocks, status, validators and mempool size", async () => {
    expect(await backend.broadcastTx(new Uint8Array([1]), "sync")).toEqual({ hash: "ABCD", code: 0, codespace: "", log: "" });
    const tx = await backend.getTx("AB".repeat(32));
    expect(tx).toMatchObject({
      height: 7n,
      index: 0,
      result: { gasUsed: 51234n, events: [{ type: "message", attributes: [{ key: "sender", value: "yml1x", index: true }] }] },
    });
    expect(tx?.time).toEqual({ seconds: 1767225607n, nanos: 123456789 });
    expect(await backend.getTx("CD".repeat(32))).toBeUndefined();
    const page = await backend.searchTxs("message.sender='yml1x'", 1, 10, "desc");
    expect(page.total).toBe(1);
    expect(calls.some((c) => c.startsWith("tx_search") && c.includes('"order_by":"desc"'))).toBe(true);
    const block = await backend.getBlock(7n);
    expect(block?.block.header?.proposerAddress).toEqual(new Uint8Array([1, 2]));
    expect((await backend.nodeInfo()).defaultNodeId).toBe("nodeid");
    expect(await backend.syncing()).toBe(true);
    expect((await backend.latestValidators()).validators[0]).toMatchObject({ votingPower: 10n, proposerPriority: -3n });
    expect(await backend.mempoolSize()).toBe(2);
    expect(parseRfc3339("2026-01-01T00:00:00Z")).toEqual({ seconds: 1767225600n, nanos: 0 });
  });
});
