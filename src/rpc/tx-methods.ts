import { createHash } from "node:crypto";
import { CheckTxType } from "cosmjs-types/tendermint/abci/types";
import { TxQueryError, type OrderBy } from "../node/backend";
import { bytes, type DevChainView, int, MAX_QUERY_LENGTH, page, perPage, type RpcMethod, str } from "./dev-chain-view";
import { rpcErrors } from "./errors";
import * as json from "./shapes";

/** Results the dev mempool makes up itself; CometBFT's mempool answers them as RPC errors. */
const MEMPOOL_REFUSALS = /^(tx already exists in cache|mempool is full)/;

/** Broadcasting, the mempool, and committed txs by hash or event query. */
export function txMethods(chain: DevChainView): Record<string, RpcMethod> {
  return {
    broadcast_tx_async: {
      params: [["tx", "bytes"]],
      async run(p) {
        const r = await chain.backend.broadcastTx(bytes(p, "tx"), "async");
        return { code: r.code, data: "", log: r.log, codespace: r.codespace, hash: r.hash };
      },
    },

    broadcast_tx_sync: {
      params: [["tx", "bytes"]],
      async run(p) {
        const r = await chain.backend.broadcastTx(bytes(p, "tx"), "sync");
        if (r.code !== 0 && MEMPOOL_REFUSALS.test(r.log)) throw rpcErrors.internal(r.log);
        return { code: r.code, data: "", log: r.log, codespace: r.codespace, hash: r.hash };
      },
    },

    broadcast_tx_commit: {
      params: [["tx", "bytes"]],
      async run(p) {
        const tx = bytes(p, "tx");
        const hash = createHash("sha256").update(tx).digest("hex").toUpperCase();
        // Listen before CheckTx: the tx may be committed before broadcast returns.
        const committed = chain.waitForCommit(hash, chain.node.broadcastCommitTimeoutMs ?? 10_000);
        committed.catch(() => undefined);
        const r = await chain.backend.broadcastTx(tx, "sync");
        if (r.code !== 0 && MEMPOOL_REFUSALS.test(r.log)) throw rpcErrors.internal(`error on broadcastTxCommit: ${r.log}`);
        const checkTx = {
          ...json.execTxResultJson({
            code: r.code,
            log: r.log,
            codespace: r.codespace,
            data: new Uint8Array(),
            info: "",
            gasWanted: 0n,
            gasUsed: 0n,
            events: [],
          }),
        };
        if (r.code !== 0) return { check_tx: checkTx, tx_result: json.execTxResultJson(undefined), hash, height: "0" };
        const block = await committed;
        const index = block.txHashes.indexOf(hash);
        return {
          check_tx: checkTx,
          tx_result: json.execTxResultJson(block.response.txResults[index]),
          hash,
          height: block.height.toString(),
        };
      },
    },

    // CometBFT runs CheckTx without adding the tx to the mempool; here the check state is not changed either.
    check_tx: {
      params: [["tx", "bytes"]],
      async run(p) {
        const r = chain.app.checkTx({ tx: bytes(p, "tx"), type: CheckTxType.NEW }, { keep: false });
        return json.execTxResultJson(r);
      },
    },

    num_unconfirmed_txs: {
      params: [],
      async run() {
        const txs = chain.engine.mempool.txs();
        const total = String(txs.length);
        return { n_txs: total, total, total_bytes: String(txs.reduce((n, t) => n + t.length, 0)), txs: null };
      },
    },

    unconfirmed_txs: {
      params: [["limit", "int"]],
      async run(p) {
        const all = chain.engine.mempool.txs();
        const txs = all.slice(0, perPage(int(p, "limit")));
        return {
          n_txs: String(txs.length),
          total: String(all.length),
          total_bytes: String(all.reduce((n, t) => n + t.length, 0)),
          txs: txs.map((t) => Buffer.from(t).toString("base64")),
        };
      },
    },

    tx: {
      params: [
        ["hash", "bytes"],
        ["prove", "bool"],
      ],
      async run(p) {
        const hash = json.hexUpper(bytes(p, "hash"));
        const found = await chain.backend.getTx(hash);
        if (!found) throw rpcErrors.internal(`tx (${hash}) not found`);
        return chain.txJson(found, p.prove === true);
      },
    },

    tx_search: {
      params: [
        ["query", "string"],
        ["prove", "bool"],
        ["page", "int"],
        ["per_page", "int"],
        ["order_by", "string"],
      ],
      async run(p) {
        const query = str(p, "query");
        if (query.length > MAX_QUERY_LENGTH) throw rpcErrors.internal("maximum query length exceeded");
        const orderBy = str(p, "order_by");
        if (orderBy !== "" && orderBy !== "asc" && orderBy !== "desc")
          throw rpcErrors.invalidRequest("expected order_by to be either `asc` or `desc` or empty: invalid request");
        const per = perPage(int(p, "per_page"));
        const asked = int(p, "page");
        let result;
        try {
          result = await chain.backend.searchTxs(
            query,
            asked !== undefined && asked >= 1n && asked <= 1_000_000n ? Number(asked) : 1,
            per,
            (orderBy || "asc") as OrderBy,
          );
        } catch (e) {
          if (e instanceof TxQueryError) throw rpcErrors.internal(e.message);
          throw e;
        }
        page(asked, per, result.total);
        const txs = [];
        for (const t of result.txs) txs.push(await chain.txJson(t, p.prove === true));
        return { txs, total_count: String(result.total) };
      },
    },
  };
}
