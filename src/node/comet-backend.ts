import type { ExecTxResult } from "cosmjs-types/tendermint/abci/types";
import type { DefaultNodeInfo } from "cosmjs-types/tendermint/p2p/types";
import type { BlockID } from "cosmjs-types/tendermint/types/types";
import type { Timestamp } from "../types/codec";
import type { BlockView, BroadcastMode, BroadcastOutcome, IndexedTx, NodeBackend, OrderBy, TxSearchPage, ValidatorView } from "./backend";
import { TxQueryError } from "./backend";
import { NodeError } from "./errors";
import { GrpcCode } from "../types/errors";
import { parseTxQuery } from "./tx-query";

type Json = any;

const hex = (s: string | undefined | null) => new Uint8Array(Buffer.from(s ?? "", "hex"));
const b64 = (s: string | undefined | null) => new Uint8Array(Buffer.from(s ?? "", "base64"));
const big = (s: string | number | undefined | null) => BigInt(s ?? 0);

/** RFC 3339 with up to nanosecond precision, as CometBFT writes block times. */
export function parseRfc3339(text: string | undefined): Timestamp | undefined {
  const m = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?(Z|[+-]\d\d:\d\d)$/.exec(text ?? "");
  if (!m) return undefined;
  const ms = Date.parse(`${m[1]}${m[3]}`);
  if (Number.isNaN(ms)) return undefined;
  return { seconds: BigInt(Math.floor(ms / 1000)), nanos: Number((m[2] ?? "").padEnd(9, "0")) };
}

function execResult(r: Json): ExecTxResult {
  return {
    code: Number(r?.code ?? 0),
    data: b64(r?.data),
    log: r?.log ?? "",
    info: r?.info ?? "",
    gasWanted: big(r?.gas_wanted),
    gasUsed: big(r?.gas_used),
    events: (r?.events ?? []).map((e: Json) => ({
      type: e.type,
      attributes: (e.attributes ?? []).map((a: Json) => ({ key: a.key ?? "", value: a.value ?? "", index: a.index === true })),
    })),
    codespace: r?.codespace ?? "",
  };
}

function blockId(j: Json): BlockID {
  return { hash: hex(j?.hash), partSetHeader: { total: Number(j?.parts?.total ?? 0), hash: hex(j?.parts?.hash) } };
}

/**
 * A CometBFT node through its JSON-RPC (the kv indexer must be on for tx and tx_search). Block
 * times for tx responses come from `block`, cached per height.
 */
export class CometBackend implements NodeBackend {
  private nextId = 1;
  private readonly times = new Map<string, Timestamp | undefined>();

  constructor(
    private readonly rpcUrl: string,
    private readonly timeoutMs = 10_000,
  ) {}

  private async call(method: string, params: Record<string, unknown>): Promise<Json> {
    let res: Response;
    try {
      res = await fetch(this.rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: this.nextId++, method, params }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (e) {
      throw new NodeError(GrpcCode.Unavailable, `CometBFT RPC unreachable: ${(e as Error).message}`);
    }
    const body = (await res.json().catch(() => ({}))) as { result?: Json; error?: { message?: string; data?: string } };
    if (body.error)
      throw new NodeError(
        GrpcCode.Unknown,
        `${method}: ${body.error.message ?? ""} ${body.error.data ?? ""}`.trim(),
        body.error.data ?? "",
      );
    return body.result;
  }

  async broadcastTx(tx: Uint8Array, mode: BroadcastMode): Promise<BroadcastOutcome> {
    const r = await this.call(mode === "async" ? "broadcast_tx_async" : "broadcast_tx_sync", { tx: Buffer.from(tx).toString("base64") });
    return { hash: String(r.hash ?? "").toUpperCase(), code: Number(r.code ?? 0), codespace: r.codespace ?? "", log: r.log ?? "" };
  }

  protected async blockTime(height: string): Promise<Timestamp | undefined> {
    if (this.times.has(height)) return this.times.get(height);
    const r = await this.call("block", { height });
    const t = parseRfc3339(r?.block?.header?.time);
    if (this.times.size > 10_000) this.times.clear();
    this.times.set(height, t);
    return t;
  }

  private async indexed(t: Json): Promise<IndexedTx> {
    return {
      hash: String(t.hash).toUpperCase(),
      height: big(t.height),
      index: Number(t.index ?? 0),
      tx: b64(t.tx),
      result: execResult(t.tx_result),
      time: await this.blockTime(String(t.height)),
    };
  }

  async getTx(hash: string): Promise<IndexedTx | undefined> {
    try {
      return await this.indexed(await this.call("tx", { hash: Buffer.from(hash, "hex").toString("base64"), prove: false }));
    } catch (e) {
      if (/not found/i.test(e instanceof NodeError ? e.rpcData || e.message : (e as Error).message)) return undefined;
      throw e;
    }
  }

  async searchTxs(query: string, page: number, limit: number, orderBy: OrderBy): Promise<TxSearchPage> {
    parseTxQuery(query);
    let r: Json;
    try {
      r = await this.call("tx_search", { query, prove: false, page: String(page), per_page: String(limit), order_by: orderBy });
    } catch (e) {
      const data = e instanceof NodeError ? e.rpcData : "";
      if (/page should be within|failed to parse query|invalid/i.test(data)) throw new TxQueryError(data);
      throw e;
    }
    const txs: IndexedTx[] = [];
    for (const t of r.txs ?? []) txs.push(await this.indexed(t));
    return { txs, total: Number(r.total_count ?? txs.length) };
  }

  async getBlock(height?: bigint): Promise<BlockView | undefined> {
    let r: Json;
    try {
      r = await this.call("block", height === undefined ? {} : { height: height.toString() });
    } catch (e) {
      if (/must be less than or equal|height .* is not available|could not find/i.test(e instanceof NodeError ? e.rpcData : ""))
        return undefined;
      throw e;
    }
    const b = r?.block;
    if (!b) return undefined;
    const h = b.header ?? {};
    return {
      blockId: blockId(r.block_id),
      block: {
        header: {
          version: { block: big(h.version?.block), app: big(h.version?.app) },
          chainId: h.chain_id ?? "",
          height: big(h.height),
          time: parseRfc3339(h.time) ?? { seconds: 0n, nanos: 0 },
          lastBlockId: blockId(h.last_block_id),
          lastCommitHash: hex(h.last_commit_hash),
          dataHash: hex(h.data_hash),
          validatorsHash: hex(h.validators_hash),
          nextValidatorsHash: hex(h.next_validators_hash),
          consensusHash: hex(h.consensus_hash),
          appHash: hex(h.app_hash),
          lastResultsHash: hex(h.last_results_hash),
          evidenceHash: hex(h.evidence_hash),
          proposerAddress: hex(h.proposer_address),
        },
        data: { txs: (b.data?.txs ?? []).map(b64) },
        evidence: { evidence: [] },
        lastCommit: b.last_commit
          ? {
              height: big(b.last_commit.height),
              round: Number(b.last_commit.round ?? 0),
              blockId: blockId(b.last_commit.block_id),
              signatures: (b.last_commit.signatures ?? []).map((s: Json) => ({
                blockIdFlag: Number(s.block_id_flag ?? 0),
                validatorAddress: hex(s.validator_address),
                timestamp: parseRfc3339(s.timestamp) ?? { seconds: 0n, nanos: 0 },
                signature: b64(s.signature),
              })),
            }
          : undefined,
      },
    };
  }

  async nodeInfo(): Promise<DefaultNodeInfo> {
    const n = (await this.call("status", {}))?.node_info ?? {};
    return {
      protocolVersion: { p2p: big(n.protocol_version?.p2p), block: big(n.protocol_version?.block), app: big(n.protocol_version?.app) },
      defaultNodeId: n.id ?? "",
      listenAddr: n.listen_addr ?? "",
      network: n.network ?? "",
      version: n.version ?? "",
      channels: hex(n.channels),
      moniker: n.moniker ?? "",
      other: { txIndex: n.other?.tx_index ?? "", rpcAddress: n.other?.rpc_address ?? "" },
    };
  }

  async syncing(): Promise<boolean> {
    return (await this.call("status", {}))?.sync_info?.catching_up === true;
  }

  async latestValidators(): Promise<{ height: bigint; validators: ValidatorView[] }> {
    const out: ValidatorView[] = [];
    let height = 0n;
    for (let page = 1; page <= 100; page++) {
      const r = await this.call("validators", { page: String(page), per_page: "100" });
      height = big(r.block_height);
      for (const v of r.validators ?? [])
        out.push({
          address: hex(v.address),
          pubKey: b64(v.pub_key?.value),
          votingPower: big(v.voting_power),
          proposerPriority: big(v.proposer_priority),
        });
      if (out.length >= Number(r.total ?? 0)) break;
    }
    return { height, validators: out };
  }

  async mempoolSize(): Promise<number> {
    return Number((await this.call("num_unconfirmed_txs", {}))?.total ?? 0);
  }
}
