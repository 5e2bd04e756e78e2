import { TxQueryError, type OrderBy } from "./backend";
import type { Condition } from "./tx-query";

/** A statement for node-postgres: user input only ever travels in `values`. */
export interface SqlStatement {
  text: string;
  values: unknown[];
}

/** The comparison operators as SQL; the query text never reaches the statement. */
const COMPARISON: Record<string, string> = { "=": "=", "<": "<", "<=": "<=", ">": ">", ">=": ">=" };

const INTEGER = /^\d+$/;
const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * An attribute value as a number where it is one, else NULL (so a comparison is false rather
 * than a cast error on a text value).
 */
const NUMERIC_VALUE = "(CASE WHEN a.value ~ '^-?[0-9]+(\\.[0-9]+)?$' THEN a.value::numeric END)";

class Params {
  readonly values: unknown[] = [];
  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

function heightCondition(c: Condition, p: Params): string {
  if (!INTEGER.test(c.value)) throw new TxQueryError(`tx.height must be an integer, got ${JSON.stringify(c.value.slice(0, 40))}`);
  const op = COMPARISON[c.op];
  if (!op) throw new TxQueryError(`tx.height does not support ${c.op}`);
  return `b.height ${op} ${p.add(c.value)}::bigint`;
}

/** One event condition: some indexed attribute of the tx's events satisfies it. */
function attributeCondition(c: Condition, p: Params): string {
  const key = p.add(c.key);
  let match: string;
  if (c.op === "EXISTS") match = "TRUE";
  else if (c.op === "CONTAINS") match = `strpos(a.value, ${p.add(c.value)}) > 0`;
  else if (c.op === "=") match = `a.value = ${p.add(c.value)}`;
  else {
    // CometBFT compares with <, <=, >, >= only numbers (and times, which its parser here rejects).
    if (!NUMBER.test(c.value)) throw new TxQueryError(`operator ${c.op} needs a number, got ${JSON.stringify(c.value.slice(0, 40))}`);
    match = `${NUMERIC_VALUE} ${COMPARISON[c.op]} ${p.add(c.value)}::numeric`;
  }
  return `EXISTS (SELECT 1 FROM event_attributes a WHERE a.tx_id = r.rowid AND a.composite_key = ${key} AND ${match})`;
}

function conditionSql(c: Condition, p: Params): string {
  if (c.key === "tx.hash") {
    if (c.op !== "=") throw new TxQueryError("tx.hash supports only =");
    return `r.tx_hash = ${p.add(c.value.toUpperCase())}`;
  }
  if (c.key === "tx.height") return heightCondition(c, p);
  return attributeCondition(c, p);
}

/**
 * CometBFT's tx_search over its psql indexer's tables: txs of `chainId` whose events satisfy
 * every condition, as a count and one page in chain order (or reversed).
 */
export function txSearchStatements(
  conditions: Condition[],
  chainId: string,
  page: number,
  limit: number,
  orderBy: OrderBy,
): { count: SqlStatement; page: SqlStatement } {
  if (conditions.length === 0) throw new TxQueryError("query cannot be empty");
  const p = new Params();
  const where = [`b.chain_id = ${p.add(chainId)}`, ...conditions.map((c) => conditionSql(c, p))].join("\n  AND ");
  const from = `FROM tx_results r JOIN blocks b ON b.rowid = r.block_id\nWHERE ${where}`;
  const dir = orderBy === "desc" ? "DESC" : "ASC";
  const shared = p.values.length;
  return {
    count: { text: `SELECT count(*) AS total ${from}`, values: [...p.values] },
    page: {
      text: `SELECT b.height, r.index, r.tx_hash, r.tx_result ${from}\nORDER BY b.height ${dir}, r.index ${dir}\nLIMIT $${shared + 1} OFFSET $${shared + 2}`,
      values: [...p.values, limit, (page - 1) * limit],
    },
  };
}

/** One tx by its hash (upper-case hex, as CometBFT's sink stores it). */
export function txByHashStatement(hash: string, chainId: string): SqlStatement {
  return {
    text: "SELECT b.height, r.index, r.tx_hash, r.tx_result FROM tx_results r JOIN blocks b ON b.rowid = r.block_id WHERE r.tx_hash = $1 AND b.chain_id = $2",
    values: [hash.toUpperCase(), chainId],
  };
}
