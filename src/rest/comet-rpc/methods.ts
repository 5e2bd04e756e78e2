import { createHash } from "node:crypto";
import { Block } from "cosmjs-types/tendermint/types/block";
import type { DevEngine, ProducedBlock } from "../../abci/dev/engine";
import type { GenesisDoc } from "../../abci/genesis-doc";
import type { App } from "../../app/app";
import { TxQueryError, type IndexedTx, type OrderBy } from "../backend";
import type { DevBackend } from "../dev-backend";
import { bondedValidators } from "../validators";
import { rpcErrors } from "./errors";
import { txProofJson } from "./merkle";
import type { Params, ParamSpec } from "./params";
import * as json from "./shapes";

export interface DevRpcNode {
  app: App;
  engine: DevEngine;
  /** Shared with the REST server: one event index for both. */
  backend: DevBackend;
  genesis: GenesisDoc;
  /** How long broadcast_tx_commit waits for the block (CometBFT's timeout_broadcast_tx_commit). */
  broadcastCommitTimeoutMs?: number;
}

export interface RpcMethod {
  params: ParamSpec;
  run(p: Params, ctx: { rpcAddress: string }): Promise<unknown>;
}

// CometBFT's RPC limits (rpc/core/env.go).
const DEFAULT_PER_PAGE = 30;
const MAX_PER_PAGE = 100;
const MAX_QUERY_LENGTH = 512;
const BLOCKCHAIN_LIMIT = 20n;

/** Results the dev mempool makes up itself; CometBFT's mempool answers them as RPC errors. */
const MEMPOOL_REFUSALS = /^(tx already exists in cache|mempool is full)/;

function perPage(v: bigint | undefined): number {
  if (v === undefined || v < 1n) return DEFAULT_PER_PAGE;
  return v > BigInt(MAX_PER_PAGE) ? MAX_PER_PAGE : Number(v);
}

function page(v: bigint | undefined, per: number, total: number): number {
  if (v === undefined) return 1;
  const pages = Math.max(1, Math.floor((total - 1) / per) + 1);
  if (v <= 0n || v > BigInt(pages)) throw rpcErrors.invalidRequest(`page should be within [1, N] range expected range: [1, ${pages}], given ${v}`);
  return Number(v);
}

/** CometBFT v0.38's defaults, which it fills into a genesis without consensus params when loading it. */
const DEFAULT_CONSENSUS_PARAMS = {
  block: { max_bytes: "22020096", max_gas: "-1" },
  evidence: { max_age_num_blocks: "100000", max_age_duration: "172800000000000", max_bytes: "1048576" },
  validator: { pub_key_types: ["ed25519"] },
  version: { app: "0" },
  abci: { vote_extensions_enable_height: "0" },
};

/** The genesis as CometBFT holds it after loading: consensus params and validator addresses filled in. */
function completedGenesis(doc: GenesisDoc): GenesisDoc {
  return {
    ...doc,
    initial_height: doc.initial_height || "1",
    consensus_params: { ...DEFAULT_CONSENSUS_PARAMS, ...doc.consensus_params },
    validators: (doc.validators ?? []).map((v) => ({
      ...v,
      address: v.address || createHash("sha256").update(Buffer.from(v.pub_key.value, "base64")).digest().subarray(0, 20).toString("hex").toUpperCase(),
      name: v.name ?? "",
    })),
    app_hash: doc.app_hash ?? "",
  };
}

const int = (p: Params, name: string) => p[name] as bigint | undefined;
const str = (p: Params, name: string) => (p[name] as string | undefined) ?? "";
const bytes = (p: Params, name: string) => (p[name] as Uint8Array | undefined) ?? new Uint8Array();

export function devRpcMethods(node: DevRpcNode): Record<string, RpcMethod> {
  const { app, engine, backend, genesis } = node;
  const initialHeight = BigInt(genesis.initial_height || "1");
  const genesisValidator = genesis.validators?.[0];
  const validatorKey = new Uint8Array(Buffer.from(genesisValidator?.pub_key.value ?? "", "base64"));
  const validatorAddress = createHash("sha256").update(validatorKey).digest().subarray(0, 20);

  /** CometBFT's getHeight: an explicit height must be committed and still stored. */
  function heightOf(v: bigint | undefined): bigint {
    const latest = engine.height;
    if (v === undefined) return latest;
    if (v <= 0n) throw rpcErrors.invalidRequest(`height must be greater than zero (requested height: ${v})`);
    if (v > latest) throw rpcErrors.internal(`height must be less than or equal to the head of the node's blockchain (requested height: ${v}, blockchain height: ${latest})`);
    if (v < initialHeight) throw rpcErrors.internal(`height is not available (requested height: ${v}, base height: ${initialHeight})`);
    return v;
  }

  async function blockView(height: bigint) {
    const view = await backend.getBlock(height);
    if (!view) throw rpcErrors.internal(`height is not available (requested height: ${height}, base height: ${initialHeight})`);
    return view;
  }

  async function txJson(t: IndexedTx, prove: boolean) {
    const out: Record<string, unknown> = {
      hash: t.hash,
      height: t.height.toString(),
      index: t.index,
      tx_result: json.execTxResultJson(t.result),
      tx: Buffer.from(t.tx).toString("base64"),
    };
    if (prove) {
      const block = await engine.blocks.block(t.height);
      if (block) out.proof = txProofJson(block.txs, t.index);
    }
    return out;
  }

  /** The commit for a height: the next block's last commit, or (latest height) the one the engine just made. */
  async function commitFor(height: bigint) {
    const view = await blockView(height);
    const next = height < engine.height ? await backend.getBlock(height + 1n) : undefined;
    const commit = next?.block.lastCommit ?? {
      height,
      round: 0,
      blockId: view.blockId,
      signatures: [{ blockIdFlag: 2, validatorAddress, timestamp: view.block.header?.time, signature: new Uint8Array() }],
    };
    return { signed_header: { header: json.headerJson(view.block.header), commit: json.commitJson(commit) }, canonical: next !== undefined };
  }

  async function waitForCommit(hash: string, timeoutMs: number): Promise<ProducedBlock> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        stop();
        reject(rpcErrors.internal("timed out waiting for tx to be included in a block"));
      }, timeoutMs);
      const stop = engine.onBlock((block) => {
        if (!block.txHashes.includes(hash)) return;
        clearTimeout(timer);
        stop();
        resolve(block);
      });
    });
  }

  return {
    health: { params: [], run: async () => ({}) },

    status: {
      params: [],
      async run(_p, ctx) {
        const info = await backend.nodeInfo();
        const h = engine.height;
        const [latest, earliest] = await Promise.all([h > 0n ? engine.blocks.block(h) : undefined, h > 0n ? engine.blocks.block(initialHeight) : undefined]);
        const power = bondedValidators(app).find((v) => Buffer.compare(v.address, validatorAddress) === 0)?.votingPower ?? 0n;
        return {
          node_info: {
            protocol_version: { p2p: info.protocolVersion!.p2p.toString(), block: info.protocolVersion!.block.toString(), app: info.protocolVersion!.app.toString() },
            id: info.defaultNodeId,
            // The dev node has no p2p listener; its RPC address stands in (cosmjs requires a value).
            listen_addr: ctx.rpcAddress,
            network: info.network,
            version: info.version,
            channels: "",
            moniker: info.moniker,
            other: { tx_index: "on", rpc_address: ctx.rpcAddress },
          },
          sync_info: {
            latest_block_hash: json.hexUpper(latest?.hash),
            latest_app_hash: h > 0n ? json.hexUpper(app.store.lastAppHash) : "",
            latest_block_height: h.toString(),
            latest_block_time: json.time(latest?.time ?? engine.lastBlockTime),
            earliest_block_hash: json.hexUpper(earliest?.hash),
            earliest_app_hash: json.hexUpper(genesis.app_hash ? Buffer.from(genesis.app_hash, "hex") : undefined),
            earliest_block_height: (h > 0n ? initialHeight : 0n).toString(),
            earliest_block_time: json.time(earliest?.time ?? engine.lastBlockTime),
            catching_up: false,
          },
          validator_info: { address: json.hexUpper(validatorAddress), pub_key: json.pubKeyJson(validatorKey), voting_power: power.toString() },
        };
      },
    },

    net_info: { params: [], run: async () => ({ listening: false, listeners: [], n_peers: "0", peers: [] }) },

    genesis: { params: [], run: async () => ({ genesis: completedGenesis(genesis) }) },

    abci_info: {
      params: [],
      async run() {
        const r = app.info({ version: "0.38.25", blockVersion: 11n, p2pVersion: 8n, abciVersion: "2.0.0" });
        return { response: { data: r.data, version: r.version, app_version: r.appVersion.toString(), last_block_height: r.lastBlockHeight.toString(), last_block_app_hash: json.base64(r.lastBlockAppHash) } };
      },
    },

    abci_query: {
      params: [["path", "string"], ["data", "hex"], ["height", "int"], ["prove", "bool"]],
      async run(p) {
        const r = app.query({ path: str(p, "path"), data: bytes(p, "data"), height: int(p, "height") ?? 0n, prove: p.prove === true });
        return {
          response: {
            code: r.code,
            log: r.log,
            info: r.info,
            index: r.index.toString(),
            key: json.base64(r.key),
            value: json.base64(r.value),
            proofOps: r.proofOps ? { ops: r.proofOps.ops.map((o) => ({ type: o.type, key: json.base64(o.key), data: json.base64(o.data) })) } : null,
            height: r.height.toString(),
            codespace: r.codespace,
          },
        };
      },
    },

    broadcast_tx_async: {
      params: [["tx", "bytes"]],
      async run(p) {
        const r = await backend.broadcastTx(bytes(p, "tx"), "async");
        return { code: r.code, data: "", log: r.log, codespace: r.codespace, hash: r.hash };
      },
    },

    broadcast_tx_sync: {
      params: [["tx", "bytes"]],
      async run(p) {
        const r = await backend.broadcastTx(bytes(p, "tx"), "sync");
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
        const committed = waitForCommit(hash, node.broadcastCommitTimeoutMs ?? 10_000);
        committed.catch(() => undefined);
        const r = await backend.broadcastTx(tx, "sync");
        if (r.code !== 0 && MEMPOOL_REFUSALS.test(r.log)) throw rpcErrors.internal(`error on broadcastTxCommit: ${r.log}`);
        const checkTx = { ...json.execTxResultJson({ code: r.code, log: r.log, codespace: r.codespace, data: new Uint8Array(), info: "", gasWanted: 0n, gasUsed: 0n, events: [] }) };
        if (r.code !== 0) return { check_tx: checkTx, tx_result: json.execTxResultJson(undefined), hash, height: "0" };
        const block = await committed;
        const index = block.txHashes.indexOf(hash);
        return { check_tx: checkTx, tx_result: json.execTxResultJson(block.response.txResults[index]), hash, height: block.height.toString() };
      },
    },

    num_unconfirmed_txs: {
      params: [],
      async run() {
        const txs = engine.mempool.txs();
        const total = String(txs.length);
        return { n_txs: total, total, total_bytes: String(txs.reduce((n, t) => n + t.length, 0)), txs: null };
      },
    },

    unconfirmed_txs: {
      params: [["limit", "int"]],
      async run(p) {
        const all = engine.mempool.txs();
        const txs = all.slice(0, perPage(int(p, "limit")));
        return { n_txs: String(txs.length), total: String(all.length), total_bytes: String(all.reduce((n, t) => n + t.length, 0)), txs: txs.map((t) => Buffer.from(t).toString("base64")) };
      },
    },

    tx: {
      params: [["hash", "bytes"], ["prove", "bool"]],
      async run(p) {
        const hash = json.hexUpper(bytes(p, "hash"));
        const found = await backend.getTx(hash);
        if (!found) throw rpcErrors.internal(`tx (${hash}) not found`);
        return txJson(found, p.prove === true);
      },
    },

    tx_search: {
      params: [["query", "string"], ["prove", "bool"], ["page", "int"], ["per_page", "int"], ["order_by", "string"]],
      async run(p) {
        const query = str(p, "query");
        if (query.length > MAX_QUERY_LENGTH) throw rpcErrors.internal("maximum query length exceeded");
        const orderBy = str(p, "order_by");
        if (orderBy !== "" && orderBy !== "asc" && orderBy !== "desc") throw rpcErrors.invalidRequest("expected order_by to be either `asc` or `desc` or empty: invalid request");
        const per = perPage(int(p, "per_page"));
        const asked = int(p, "page");
        let result;
        try {
          result = await backend.searchTxs(query, asked !== undefined && asked >= 1n && asked <= 1_000_000n ? Number(asked) : 1, per, (orderBy || "asc") as OrderBy);
        } catch (e) {
          if (e instanceof TxQueryError) throw rpcErrors.internal(e.message);
          throw e;
        }
        page(asked, per, result.total);
        const txs = [];
        for (const t of result.txs) txs.push(await txJson(t, p.prove === true));
        return { txs, total_count: String(result.total) };
      },
    },

    block: {
      params: [["height", "int"]],
      async run(p) {
        const h = heightOf(int(p, "height"));
        if (h === 0n) return { block_id: json.blockIdJson(undefined), block: null };
        const view = await blockView(h);
        return { block_id: json.blockIdJson(view.blockId), block: json.blockJson(view.block) };
      },
    },

    header: {
      params: [["height", "int"]],
      async run(p) {
        const view = await blockView(heightOf(int(p, "height")));
        return { header: json.headerJson(view.block.header) };
      },
    },

    commit: {
      params: [["height", "int"]],
      run: async (p) => commitFor(heightOf(int(p, "height"))),
    },

    block_results: {
      params: [["height", "int"]],
      async run(p) {
        const h = heightOf(int(p, "height"));
        const r = await engine.blocks.results(h);
        if (!r) throw rpcErrors.internal(`could not find results for height #${h}`);
        const orNull = <T>(xs: T[]) => (xs.length > 0 ? xs : null);
        return {
          height: h.toString(),
          txs_results: orNull(r.txResults.map(json.execTxResultJson)),
          finalize_block_events: orNull(r.events.map(json.eventJson)),
          validator_updates: orNull(r.validatorUpdates.map(json.validatorUpdateJson)),
          consensus_param_updates: null,
          app_hash: json.base64(r.appHash),
        };
      },
    },

    blockchain: {
      params: [["minHeight", "int"], ["maxHeight", "int"]],
      async run(p) {
        const latest = engine.height;
        let min = int(p, "minHeight") ?? 0n;
        let max = int(p, "maxHeight") ?? 0n;
        if (min < 0n || max < 0n) throw rpcErrors.internal("heights must be non-negative");
        if (min === 0n) min = 1n;
        if (max === 0n || max > latest) max = latest;
        if (min < initialHeight) min = initialHeight;
        if (min < max - BLOCKCHAIN_LIMIT + 1n) min = max - BLOCKCHAIN_LIMIT + 1n;
        if (min > max) throw rpcErrors.internal(`min height ${min} can't be greater than max height ${max}`);
        const metas = [];
        for (let h = max; h >= min; h--) {
          const view = await blockView(h);
          metas.push({
            block_id: json.blockIdJson(view.blockId),
            block_size: String(Block.encode(view.block).finish().length),
            header: json.headerJson(view.block.header),
            num_txs: String(view.block.data?.txs.length ?? 0),
          });
        }
        return { last_height: latest.toString(), block_metas: metas };
      },
    },

    validators: {
      params: [["height", "int"], ["page", "int"], ["per_page", "int"]],
      async run(p) {
        // Dev mode keeps only the current set; any stored height answers with it.
        const h = heightOf(int(p, "height"));
        const all = bondedValidators(app);
        const per = perPage(int(p, "per_page"));
        const pg = page(int(p, "page"), per, all.length);
        const slice = all.slice((pg - 1) * per, pg * per);
        return { block_height: h.toString(), validators: slice.map(json.validatorJson), count: String(slice.length), total: String(all.length) };
      },
    },
  };
}


