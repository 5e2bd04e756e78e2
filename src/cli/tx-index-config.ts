import { existsSync, readFileSync } from "node:fs";
import { checkPsqlConn } from "../node/psql-conn";
import { parseToml, type TomlTable } from "./toml";

/** CometBFT's `[tx_index] indexer` values: kv (embedded, the default), psql (Postgres), null (none). */
export const TX_INDEXERS = ["kv", "psql", "null"] as const;
export type TxIndexer = (typeof TX_INDEXERS)[number];

export interface TxIndexConfig {
  indexer: TxIndexer;
  /** `[tx_index] psql-conn`; set only for psql. */
  psqlConn: string;
}

/** `init --indexer --psql-conn`: the conn string is required with psql and refused without it. */
export function txIndexConfigOf(indexer: TxIndexer = "kv", psqlConn?: string): TxIndexConfig {
  if (!(TX_INDEXERS as readonly string[]).includes(indexer)) throw new Error(`--indexer must be one of ${TX_INDEXERS.join(", ")}`);
  if (indexer === "psql") {
    if (!psqlConn) throw new Error("--indexer psql needs --psql-conn postgres://user:password@host:5432/dbname?sslmode=disable");
    return { indexer, psqlConn: checkPsqlConn(psqlConn) };
  }
  if (psqlConn) throw new Error(`--psql-conn is for --indexer psql (got --indexer ${indexer})`);
  return { indexer, psqlConn: "" };
}

export function txIndexPatch(c: TxIndexConfig): TomlTable {
  return { tx_index: { indexer: c.indexer, "psql-conn": c.psqlConn } };
}

/** The home's tx index as CometBFT reads it from config.toml (kv when the file or keys are missing). */
export function readTxIndexConfig(cometConfigPath: string): TxIndexConfig {
  const t = existsSync(cometConfigPath) ? parseToml(readFileSync(cometConfigPath, "utf8")).tx_index : undefined;
  const indexer = String(t?.indexer ?? "kv");
  if (!(TX_INDEXERS as readonly string[]).includes(indexer))
    throw new Error(`${cometConfigPath}: [tx_index] indexer = ${JSON.stringify(indexer)} is not one of ${TX_INDEXERS.join(", ")}`);
  return { indexer: indexer as TxIndexer, psqlConn: String(t?.["psql-conn"] ?? "") };
}
