import { Command, Option } from "commander";
import { checkPsqlConn, redactPsqlConn } from "../../node/psql-conn";
import { COMETBFT_VERSION } from "../comet";
import { DEFAULT_HOME, homePaths } from "../home";
import { applyCometSchema, readCometSchema } from "../psql-schema";
import { readTxIndexConfig } from "../tx-index-config";

export interface ApplySchemaOptions {
  home: string;
  /** Overrides config.toml `[tx_index] psql-conn`. */
  psqlConn?: string;
  /** CometBFT's schema.sql, when Go's module cache does not hold the pinned release's source. */
  schema?: string;
}

/** The database to use: the flag, else the home's config.toml (which must then say psql). */
function connOf(o: ApplySchemaOptions): string {
  if (o.psqlConn) return checkPsqlConn(o.psqlConn);
  const cfg = homePaths(o.home).cometConfig;
  const t = readTxIndexConfig(cfg);
  if (t.indexer !== "psql" || t.psqlConn === "")
    throw new Error(
      `${cfg} has [tx_index] indexer = "${t.indexer}"${t.indexer === "psql" ? " and no psql-conn" : ""}: ` +
        "pass --psql-conn, or init the home with --indexer psql --psql-conn <url>",
    );
  return checkPsqlConn(t.psqlConn);
}

/** `indexer apply-schema`: CometBFT's own psql schema into the database its sink writes. Returns the line it prints. */
export async function applySchemaCmd(o: ApplySchemaOptions): Promise<string> {
  const conn = connOf(o);
  const schema = readCometSchema(o.schema);
  const outcome = await applyCometSchema(conn, schema.sql);
  const db = redactPsqlConn(conn);
  return outcome === "applied"
    ? `applied CometBFT's psql schema (${schema.path}) to ${db}`
    : `CometBFT's psql schema is already applied to ${db}; nothing to do`;
}

export function indexerCommand(): Command {
  const cmd = new Command("indexer").description('CometBFT\'s tx/event index in Postgres (config.toml [tx_index] indexer = "psql")');
  cmd
    .command("apply-schema")
    .description(
      `create CometBFT v${COMETBFT_VERSION}'s psql indexer tables and views (and tx search indexes) in the database; ` +
        "a database that has them already is left as is",
    )
    .addOption(new Option("--home <dir>", "node home directory (its config.toml names the database)").env("BLOCKCHAIND_HOME"))
    .option("--psql-conn <url>", "the database instead of config.toml's psql-conn: postgres://user:password@host:5432/db?sslmode=disable")
    .option("--schema <file>", "CometBFT's state/indexer/sink/psql/schema.sql (default: the pinned release's, from Go's module cache)")
    .action(async (o: { home?: string; psqlConn?: string; schema?: string }) => {
      console.log(await applySchemaCmd({ home: o.home ?? DEFAULT_HOME, psqlConn: o.psqlConn, schema: o.schema }));
    });
  return cmd;
}
