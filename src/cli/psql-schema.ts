import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { pgConfigOf } from "../node/psql-conn";
import { COMETBFT_VERSION } from "./comet";

const COMETBFT_MODULE = "github.com/cometbft/cometbft";
const SCHEMA_IN_MODULE = join("state", "indexer", "sink", "psql", "schema.sql");

/** What CometBFT's schema creates; all present = applied. */
export const SCHEMA_TABLES = ["blocks", "tx_results", "events", "attributes"] as const;
export const SCHEMA_VIEWS = ["event_attributes", "block_events", "tx_events"] as const;

/**
 * Indexes tx search needs beyond CometBFT's schema, which indexes only blocks by height:
 * without them every search scans the events and attributes tables. Attribute values are
 * not indexed (a btree refuses entries over ~2.7 kB, and a long value must not make
 * CometBFT's insert fail).
 */
export const SEARCH_INDEXES = [
  "CREATE INDEX IF NOT EXISTS blockchaind_tx_results_hash ON tx_results (tx_hash)",
  "CREATE INDEX IF NOT EXISTS blockchaind_events_tx ON events (tx_id)",
  "CREATE INDEX IF NOT EXISTS blockchaind_attributes_key ON attributes (composite_key)",
];

function goModCache(): string {
  if (process.env.GOMODCACHE) return process.env.GOMODCACHE;
  try {
    const out = execFileSync("go", ["env", "GOMODCACHE"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    if (out !== "") return out;
  } catch {
    // No Go toolchain: Go's default location.
  }
  return join(process.env.GOPATH ?? join(homedir(), "go"), "pkg", "mod");
}

/** CometBFT's schema.sql in Go's module cache, from the source of the CometBFT release the node pins. */
export function pinnedSchemaPath(): string {
  return join(goModCache(), `${COMETBFT_MODULE}@v${COMETBFT_VERSION}`, SCHEMA_IN_MODULE);
}

/** The schema text: `--schema <file>`, else the pinned release's from Go's module cache. */
export function readCometSchema(file?: string): { path: string; sql: string } {
  const path = file ?? pinnedSchemaPath();
  if (!existsSync(path)) {
    throw new Error(
      file
        ? `${file} not found`
        : `CometBFT's psql schema not found at ${path}: it comes with CometBFT v${COMETBFT_VERSION}'s source, which ` +
            "`bash scripts/install-cometbft.sh` puts into Go's module cache; without Go, pass " +
            `--schema <file> (${SCHEMA_IN_MODULE} of CometBFT v${COMETBFT_VERSION})`,
    );
  }
  const sql = readFileSync(path, "utf8");
  const missing = SCHEMA_TABLES.filter((t) => !new RegExp(`CREATE TABLE ${t}\\b`, "i").test(sql));
  if (missing.length > 0) throw new Error(`${path} is not CometBFT's psql schema (no CREATE TABLE ${missing.join(", ")})`);
  return { path, sql };
}

export type SchemaOutcome = "applied" | "already-applied";

async function presentRelations(client: pg.ClientBase): Promise<string[]> {
  const names = [...SCHEMA_TABLES, ...SCHEMA_VIEWS];
  const r = await client.query<{ name: string }>(
    "SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND c.relname = ANY($1)",
    [names],
  );
  return r.rows.map((row) => row.name);
}

/**
 * Applies CometBFT's schema in one transaction, then the search indexes. A database that
 * has every table and view already is left as is (the indexes are still ensured); one that
 * has only some of them is refused, since applying would fail half-way on the rest.
 */
export async function applyCometSchema(conn: string, sql: string): Promise<SchemaOutcome> {
  const client = new pg.Client(pgConfigOf(conn, { connectionTimeoutMillis: 10_000, application_name: "blockchaind-indexer" }));
  await client.connect();
  try {
    const present = await presentRelations(client);
    const all = [...SCHEMA_TABLES, ...SCHEMA_VIEWS];
    let outcome: SchemaOutcome = "already-applied";
    if (present.length === 0) {
      await client.query("BEGIN");
      try {
        await client.query(sql);
        await client.query("COMMIT");
      } catch (e) {
        await client.query("ROLLBACK");
        throw e;
      }
      outcome = "applied";
    } else if (present.length < all.length) {
      const missing = all.filter((n) => !present.includes(n));
      throw new Error(
        `the database holds part of CometBFT's schema (${present.sort().join(", ")}) but not ${missing.join(", ")}: ` +
          "use an empty database, or complete or drop these by hand",
      );
    }
    for (const index of SEARCH_INDEXES) await client.query(index);
    return outcome;
  } finally {
    await client.end();
  }
}
