import { TxQueryError } from "./backend";

/** One condition of a CometBFT event query: `tx.height >= 5`, `message.sender='yml1...'`. */
export interface Condition {
  key: string;
  op: "=" | "<" | "<=" | ">" | ">=" | "CONTAINS" | "EXISTS";
  value: string;
}

const CONDITION = /^\s*([A-Za-z0-9_.\-/]+)\s*(<=|>=|=|<|>|\s+CONTAINS\s+|\s+EXISTS)\s*('(?:[^']*)'|[^\s']*)\s*$/;

/**
 * Parses CometBFT's query language as its kv indexer accepts it: conditions joined by AND.
 * Values are quoted strings, or bare numbers/words (the SDK's older `events=` form).
 */
export function parseTxQuery(query: string): Condition[] {
  if (query.length > 4096) throw new TxQueryError("query is too long");
  const parts = query.split(/\s+AND\s+/);
  const out: Condition[] = [];
  for (const part of parts) {
    if (part.trim() === "") throw new TxQueryError(`empty condition in query ${JSON.stringify(query.slice(0, 200))}`);
    const m = CONDITION.exec(part);
    if (!m) throw new TxQueryError(`invalid condition ${JSON.stringify(part.slice(0, 200))}: expected key='value'`);
    const op = m[2].trim() as Condition["op"];
    const raw = m[3];
    if (op !== "EXISTS" && raw === "") throw new TxQueryError(`condition ${JSON.stringify(part.slice(0, 200))} has no value`);
    out.push({ key: m[1], op, value: raw.startsWith("'") ? raw.slice(1, -1) : raw });
  }
  return out;
}

/** The SDK's older `events=a.b='c'&events=...` form, joined as the SDK does. */
export function eventsToQuery(events: string[]): string {
  return events
    .map((e) => {
      const eq = e.indexOf("=");
      if (eq < 0) throw new TxQueryError(`invalid event ${JSON.stringify(e.slice(0, 200))}: expected key=value`);
      const value = e.slice(eq + 1);
      return `${e.slice(0, eq)}=${value.startsWith("'") ? value : `'${value}'`}`;
    })
    .join(" AND ");
}
