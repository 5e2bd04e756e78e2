import type { HeightRange, TxPostings, TxRef } from "../abci/dev/tx-postings";
import { TxQueryError, type OrderBy } from "./backend";
import type { Condition } from "./tx-query";

export type { HeightRange, TxPostings, TxRef };

function compareRefs(a: TxRef, b: TxRef): number {
  return a.height === b.height ? a.index - b.index : a.height < b.height ? -1 : 1;
}

function refKey(r: TxRef): string {
  return `${r.height}:${r.index}`;
}

function heightRange(c: Condition): HeightRange {
  if (!/^\d+$/.test(c.value)) throw new TxQueryError(`tx.height must be an integer, got ${JSON.stringify(c.value.slice(0, 40))}`);
  const h = BigInt(c.value);
  switch (c.op) {
    case "=":
      return { from: h, to: h };
    case "<":
      return { to: h - 1n };
    case "<=":
      return { to: h };
    case ">":
      return { from: h + 1n };
    case ">=":
      return { from: h };
    default:
      throw new TxQueryError(`tx.height does not support ${c.op}`);
  }
}

function matching(postings: TxPostings, c: Condition): Promise<TxRef[]> {
  if (c.key === "tx.hash") {
    if (c.op !== "=") throw new TxQueryError("tx.hash supports only =");
    return postings.refByHash(c.value.toUpperCase()).then((ref) => (ref ? [ref] : []));
  }
  if (c.key === "tx.height") return postings.refsByHeight(heightRange(c));
  if (c.op !== "=") throw new TxQueryError(`operator ${c.op} is supported only on tx.height`);
  return postings.refsByAttribute(`${c.key}=${c.value}`);
}

/** The page of txs matching every condition, in chain order (or reversed); txs above maxHeight are not yet committed. */
export async function searchTxRefs(
  postings: TxPostings,
  conditions: Condition[],
  page: number,
  limit: number,
  orderBy: OrderBy,
  maxHeight?: bigint,
): Promise<{ refs: TxRef[]; total: number }> {
  if (conditions.length === 0) throw new TxQueryError("query cannot be empty");
  const lists = (await Promise.all(conditions.map((c) => matching(postings, c)))).sort((a, b) => a.length - b.length);
  let result = lists[0];
  for (const other of lists.slice(1)) {
    const keys = new Set(other.map(refKey));
    result = result.filter((r) => keys.has(refKey(r)));
  }
  const sorted = result.filter((r) => maxHeight === undefined || r.height <= maxHeight).sort(compareRefs);
  if (orderBy === "desc") sorted.reverse();
  const start = (page - 1) * limit;
  return { refs: sorted.slice(start, start + limit), total: sorted.length };
}
