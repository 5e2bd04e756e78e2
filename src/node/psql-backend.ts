import pg from "pg";
import { ExecTxResult, TxResult } from "cosmjs-types/tendermint/abci/types";
import { GrpcCode } from "../types/errors";
import { TxQueryError, type IndexedTx, type OrderBy, type TxSearchPage } from "./backend";
import { CometBackend } from "./comet-backend";
import { NodeError } from "./errors";
import { pgConfigOf, redactPsqlConn } from "./psql-conn";
import { txByHashStatement, txSearchStatements, type SqlStatement } from "./psql-tx-query";
import { parseTxQuery } from "./tx-query";

interface TxRow {
  height: string;
  index: number;
  tx_hash: string;
  tx_result: Buffer;
}

export interface PsqlBackendOptions {
  rpcUrl: string;
  /** config.toml `[tx_index] psql-conn`, the database CometBFT's sink writes. */
  psqlConn: string;
  /** The chain's id; a database may hold several chains' rows. Read per query: it is known only after InitChain. */
  chainId: () => string;
  /** An idle pooled connection failed (the pool replaces it). */
  onPoolError?: (err: Error) => void;
  poolSize?: number;
}

/**
 * A CometBFT node whose tx index is Postgres (`[tx_index] indexer = "psql"`). CometBFT's RPC
 * refuses tx and tx_search with that indexer, so those two read the sink's tables; everything
 * else (broadcast, blocks, status, block times) still goes through CometBFT's RPC.
 */
export class PsqlCometBackend extends CometBackend {
  private readonly pool: pg.Pool;
  private readonly where: string;

  constructor(private readonly o: PsqlBackendOptions) {
    super(o.rpcUrl);
    this.where = redactPsqlConn(o.psqlConn);
    this.pool = new pg.Pool(
      pgConfigOf(o.psqlConn, {
        max: o.poolSize ?? 4,
        idleTimeoutMillis: 30_000,
        connectionTimeoutMillis: 5_000,
        statement_timeout: 10_000,
        application_name: "blockchaind-tx-search",
      }),
    );
    this.pool.on("error", (err) => o.onPoolError?.(err));
  }

  private async rows(s: SqlStatement): Promise<any[]> {
    try {
      return (await this.pool.query(s)).rows;
    } catch (e) {
      throw new NodeError(GrpcCode.Unavailable, `tx index (Postgres at ${this.where}): ${(e as Error).message}`);
    }
  }

  private async indexedOf(row: TxRow): Promise<IndexedTx> {
    const r = TxResult.decode(row.tx_result);
    return {
      hash: row.tx_hash,
      height: BigInt(row.height),
      index: Number(row.index),
      tx: r.tx,
      result: r.result ?? ExecTxResult.fromPartial({}),
      time: await this.blockTime(row.height),
    };
  }

  override async getTx(hash: string): Promise<IndexedTx | undefined> {
    if (!/^[0-9A-Fa-f]{64}$/.test(hash)) return undefined;
    const [row] = (await this.rows(txByHashStatement(hash, this.o.chainId()))) as TxRow[];
    return row ? this.indexedOf(row) : undefined;
  }

  override async searchTxs(query: string, page: number, limit: number, orderBy: OrderBy): Promise<TxSearchPage> {
    const statements = txSearchStatements(parseTxQuery(query), this.o.chainId(), page, limit, orderBy);
    const [{ total }] = (await this.rows(statements.count)) as [{ total: string }];
    const count = Number(total);
    // As CometBFT's tx_search validates its page.
    const pages = Math.max(1, Math.ceil(count / limit));
    if (page < 1 || page > pages) throw new TxQueryError(`page should be within [1, ${pages}] range, given ${page}`);
    const rows = (await this.rows(statements.page)) as TxRow[];
    const txs: IndexedTx[] = [];
    for (const row of rows) txs.push(await this.indexedOf(row));
    return { txs, total: count };
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
