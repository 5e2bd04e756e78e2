import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { initHome } from "../../../src/cli/commands/init";
import { homePaths } from "../../../src/cli/home";
import { readCometSchema } from "../../../src/cli/psql-schema";
import { parseToml } from "../../../src/cli/toml";
import { readTxIndexConfig, txIndexConfigOf } from "../../../src/cli/tx-index-config";
import { TxQueryError } from "../../../src/node/backend";
import { NodeError } from "../../../src/node/errors";
import { PsqlCometBackend } from "../../../src/node/psql-backend";
import { GrpcCode } from "../../../src/types/errors";
import { checkPsqlConn, pgConfigOf, redactPsqlConn } from "../../../src/node/psql-conn";
import { txByHashStatement, txSearchStatements } from "../../../src/node/psql-tx-query";
import { parseTxQuery } from "../../../src/node/tx-query";

const CONN = "postgres://indexer:s3cret@db.internal:5432/chain?sslmode=disable";
const search = (query: string, page = 1, limit = 10) => txSearchStatements(parseTxQuery(query), "chain-1", page, limit, "asc");

describe("psql-conn", () => {
  it("accepts the URL form with a host (or socket directory), a database and an explicit sslmode", () => {
    expect(checkPsqlConn(CONN)).toBe(CONN);
    expect(checkPsqlConn("postgresql:///chain?host=/var/run/postgresql&sslmode=disable")).toBeTruthy();
  });

  it.each([
    ["host=localhost dbname=chain sslmode=disable", /URL/],
    ["mysql://u@h/db?sslmode=disable", /postgres:\/\//],
    ["postgres://u@h:5432/?sslmode=disable", /no database/],
    ["postgres://u@h:5432/chain", /must set sslmode/],
    ["postgres://u@h:5432/chain?sslmode=prefer", /not one of/],
    ['postgres://u@h/chain?sslmode=disable"\n[rpc]', /without spaces or quotes/],
  ])("refuses %j", (conn, message) => {
    expect(() => checkPsqlConn(conn)).toThrow(message);
  });

  it("hides the password in messages and maps sslmode to node-postgres TLS as lib/pq reads it", () => {
    expect(redactPsqlConn(CONN)).toBe("postgres://indexer:***@db.internal:5432/chain?sslmode=disable");
    expect(pgConfigOf(CONN)).toMatchObject({ ssl: false, connectionString: "postgres://indexer:s3cret@db.internal:5432/chain" });
    expect(pgConfigOf(CONN.replace("disable", "require")).ssl).toEqual({ rejectUnauthorized: false });
    expect(pgConfigOf(CONN.replace("disable", "verify-full")).ssl).toEqual({ rejectUnauthorized: true });
  });
});

describe("tx search as SQL", () => {
  it("carries every value as a parameter, never in the statement text", () => {
    const evil = "x'; DROP TABLE blocks; --";
    const s = search(`message.sender='${evil.replaceAll("'", "")}' AND alias_issued.address CONTAINS 'yml1' AND tx.height >= 5`);
    expect(s.page.text).not.toContain("DROP");
    expect(s.page.text).not.toContain("yml1");
    expect(s.page.values).toEqual(["chain-1", "message.sender", "x; DROP TABLE blocks; --", "alias_issued.address", "yml1", "5", 10, 0]);
    expect(s.count.values).toEqual(s.page.values.slice(0, -2));
    expect(s.page.text).toMatch(/strpos\(a\.value, \$5\) > 0/);
    expect(s.page.text).toMatch(/b\.height >= \$6::bigint/);
    expect(s.page.text).toMatch(/ORDER BY b\.height ASC, r\.index ASC\nLIMIT \$7 OFFSET \$8$/);
  });

  it("pages, orders, compares numbers and looks hashes up in upper case", () => {
    const s = txSearchStatements(parseTxQuery("transfer.amount > 10 AND tx.hash='abcd'"), "c", 3, 20, "desc");
    expect(s.page.text).toContain("ORDER BY b.height DESC, r.index DESC");
    expect(s.page.values.slice(-2)).toEqual([20, 40]);
    expect(s.page.text).toMatch(/THEN a\.value::numeric END\) > \$3::numeric/);
    expect(s.page.values).toContain("ABCD");
    expect(txByHashStatement("abcd", "c").values).toEqual(["ABCD", "c"]);
  });

  it.each([
    ["message.sender > 'abc'", /needs a number/],
    ["tx.hash CONTAINS 'AB'", /only =/],
    ["tx.height = 'x'", /integer/],
    ["tx.height CONTAINS '5'", /does not support/],
  ])("refuses %j as the query language does", (query, message) => {
    expect(() => search(query)).toThrow(message);
    expect(() => search(query)).toThrow(TxQueryError);
  });

  it("the parser refuses operators and clauses outside the language before any SQL is built", () => {
    for (const q of ["a.b ~ 'x'", "a.b='x' OR 1=1", "a.b='x'; DROP TABLE blocks", "a.b = 'x' AND"])
      expect(() => search(q)).toThrow(TxQueryError);
  });
});

describe("PsqlCometBackend", () => {
  it("answers Unavailable (never a crash) when Postgres is unreachable, and closes its pool", async () => {
    const backend = new PsqlCometBackend({
      rpcUrl: "http://127.0.0.1:1",
      psqlConn: "postgres://u:pw@127.0.0.1:1/db?sslmode=disable",
      chainId: () => "c",
    });
    const err = await backend.searchTxs("message.sender='x'", 1, 10, "asc").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NodeError);
    expect(err).toMatchObject({ grpcCode: GrpcCode.Unavailable });
    expect((err as Error).message).toContain("u:***@127.0.0.1:1");
    expect((err as Error).message).not.toContain("pw");
    await expect(backend.searchTxs("message.sender > 'x'", 1, 10, "asc")).rejects.toThrow(TxQueryError);
    expect(await backend.getTx("not-a-hash")).toBeUndefined();
    await backend.close();
  });
});

describe("init --indexer", () => {
  const dir = mkdtempSync(join(tmpdir(), "psql-init-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("needs --psql-conn with psql and refuses it with the others", () => {
    expect(() => txIndexConfigOf("psql")).toThrow(/needs --psql-conn/);
    expect(() => txIndexConfigOf("kv", CONN)).toThrow(/is for --indexer psql/);
    expect(txIndexConfigOf()).toEqual({ indexer: "kv", psqlConn: "" });
  });

  it("writes [tx_index] indexer and psql-conn into CometBFT's config.toml; the default stays kv", () => {
    const psqlHome = join(dir, "psql");
    initHome({ home: psqlHome, moniker: "n", chainId: "t-1", txIndex: { indexer: "psql", psqlConn: CONN } });
    expect(parseToml(readFileSync(homePaths(psqlHome).cometConfig, "utf8")).tx_index).toMatchObject({ indexer: "psql", "psql-conn": CONN });
    expect(readTxIndexConfig(homePaths(psqlHome).cometConfig)).toEqual({ indexer: "psql", psqlConn: CONN });

    const kvHome = join(dir, "kv");
    initHome({ home: kvHome, moniker: "n", chainId: "t-1" });
    expect(readTxIndexConfig(homePaths(kvHome).cometConfig)).toEqual({ indexer: "kv", psqlConn: "" });
  });

  it("a bad conn string leaves no home behind", () => {
    const home = join(dir, "bad");
    expect(() => initHome({ home, moniker: "n", chainId: "t-1", txIndex: { indexer: "psql", psqlConn: "postgres://h/db" } })).toThrow(
      /sslmode/,
    );
    expect(() => readFileSync(homePaths(home).genesis)).toThrow();
  });
});

describe("CometBFT's schema file", () => {
  it("--schema must be CometBFT's psql schema", () => {
    const dir = mkdtempSync(join(tmpdir(), "psql-schema-"));
    const other = join(dir, "other.sql");
    writeFileSync(other, "CREATE TABLE blocks (x int);");
    expect(() => readCometSchema(other)).toThrow(/not CometBFT's psql schema \(no CREATE TABLE tx_results, events, attributes\)/);
    expect(() => readCometSchema(join(dir, "missing.sql"))).toThrow(/not found/);
    rmSync(dir, { recursive: true, force: true });
  });
});
