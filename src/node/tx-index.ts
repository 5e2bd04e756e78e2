import type { ExecTxResult } from "cosmjs-types/tendermint/abci/types";
import { TxQueryError, type OrderBy } from "./backend";
import type { Condition } from "./tx-query";

/** Position of a tx in the chain; ordering key of every index list. */
export interface TxRef {
  height: bigint;
  index: number;
}

function compareRefs(a: TxRef, b: TxRef): number {
  return a.height === b.height ? a.index - b.index : a.height < b.height ? -1 : 1;
}

function refKey(r: TxRef): string {
  return `${r.height}:${r.index}`;
}

/**
 * An event index over delivered txs, as CometBFT's kv indexer keeps it: `type.key=value` of
 * every indexed event attribute, plus tx.hash and tx.height. Txs are added in chain order, so
 * every list stays sorted.
 */
export class TxEventIndex {
  private readonly byAttr = new Map<string, TxRef[]>();
  private readonly byHash = new Map<string, TxRef>();
  private readonly all: TxRef[] = [];

  add(ref: TxRef, hash: string, result: ExecTxResult): void {
    this.all.push(ref);
    this.byHash.set(hash.toUpperCase(), ref);
    const seen = new Set<string>();
    for (const ev of result.events) {
      for (const attr of ev.attributes) {
        if (!attr.index) continue;
        const key = `${ev.type}.${attr.key}=${attr.value}`;
        if (seen.has(key)) continue;
        seen.add(key);
        let list = this.byAttr.get(key);
        if (!list) this.byAttr.set(key, (list = []));
        list.push(ref);
      }
    }
  }

  private matching(c: Condition): TxRef[] {
    if (c.key === "tx.hash") {
      if (c.op !== "=") throw new TxQueryError("tx.hash supports only =");
      const ref = this.byHash.get(c.value.toUpperCase());
      return ref ? [ref] : [];
    }
    if (c.key === "tx.height") {
      if (!/^\d+$/.test(c.value)) throw new TxQueryError(`tx.height must be an integer, got ${JSON.stringify(c.value.slice(0, 40))}`);
      const h = BigInt(c.value);
      const test = { "=": (x: bigint) => x === h, "<": (x: bigint) => x < h, "<=": (x: bigint) => x <= h, ">": (x: bigint) => x > h, ">=": (x: bigint) => x >= h }[c.op as "="];
      if (!test) throw new TxQueryError(`tx.height does not support ${c.op}`);
      return this.all.filter((r) => test(r.height));
    }
    if (c.op !== "=") throw new TxQueryError(`operator ${c.op} is supported only on tx.height`);
    return this.byAttr.get(`${c.key}=${c.value}`) ?? [];
  }

  search(conditions: Condition[], page: number, limit: number, orderBy: OrderBy): { refs: TxRef[]; total: number } {
    if (conditions.length === 0) throw new TxQueryError("query cannot be empty");
    const lists = conditions.map((c) => this.matching(c)).sort((a, b) => a.length - b.length);
    let result = lists[0];
    for (const other of lists.slice(1)) {
      const keys = new Set(other.map(refKey));
      result = result.filter((r) => keys.has(refKey(r)));
    }
    const sorted = [...result].sort(compareRefs);
    if (orderBy === "desc") sorted.reverse();
    const start = (page - 1) * limit;
    return { refs: sorted.slice(start, start + limit), total: sorted.length };
  }
}
