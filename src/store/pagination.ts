import type { KVStore } from "./types";

/** Cosmos `PageRequest` semantics (query.CollectionPaginate). */
export interface PageRequest {
  key?: Uint8Array;
  offset?: bigint;
  limit?: bigint;
  countTotal?: boolean;
  reverse?: boolean;
}

export interface Page<T> {
  items: T[];
  /** Key (relative to the collection) of the first item not returned; empty when done. */
  nextKey: Uint8Array;
  /** Number of matching items when counted (offset mode with countTotal), else 0. */
  total: bigint;
}

export const DEFAULT_PAGE_LIMIT = 100n;

/** Thrown for malformed page requests; query handlers map it to an invalid-request error. */
export class PaginationError extends Error {
  override readonly name = "PaginationError";
}

/**
 * Pages over raw entries under `prefix` (keys handed to callbacks are relative to it).
 * `accept` filters before counting, so offsets and totals count only matching items.
 */
export function paginateRaw<T>(
  store: KVStore,
  prefix: Uint8Array,
  lo: Uint8Array,
  hi: Uint8Array | undefined,
  req: PageRequest,
  convert: (rel: Uint8Array, value: Uint8Array) => T,
  accept?: (item: T) => boolean,
): Page<T> {
  const hasKey = req.key !== undefined && req.key.length > 0;
  const offset = req.offset ?? 0n;
  if (hasKey && offset > 0n) throw new PaginationError("invalid request, either offset or key is expected, got both");
  if (offset < 0n) throw new PaginationError("invalid request, negative offset");
  let limit = req.limit ?? 0n;
  let countTotal = req.countTotal ?? false;
  if (limit < 0n) throw new PaginationError("invalid request, negative limit");
  if (limit === 0n) {
    // As in the SDK: an unset limit means the default page and a counted total.
    limit = DEFAULT_PAGE_LIMIT;
    countTotal = true;
  }
  const reverse = req.reverse ?? false;
  if (hasKey) {
    const k = concatBytes(prefix, req.key!);
    if (reverse) hi = lessOrEqualBound(k, hi);
    else if (Buffer.compare(k, lo) > 0) lo = k;
  }
  const items: T[] = [];
  let count = 0n;
  let nextKey = new Uint8Array(0);
  for (const [k, v] of store.iterator(lo, hi, reverse)) {
    const rel = k.subarray(prefix.length);
    const item = convert(rel, v);
    if (accept && !accept(item)) continue;
    count++;
    if (hasKey) {
      if (count > limit) {
        nextKey = Uint8Array.from(rel);
        break;
      }
      items.push(item);
      continue;
    }
    if (count <= offset) continue;
    if (count <= offset + limit) items.push(item);
    else if (count === offset + limit + 1n) {
      nextKey = Uint8Array.from(rel);
      if (!countTotal) break;
    }
  }
  return { items, nextKey, total: !hasKey && countTotal ? count : 0n };
}

function lessOrEqualBound(k: Uint8Array, hi: Uint8Array | undefined): Uint8Array {
  // The exclusive bound just above k is k followed by a zero byte.
  const b = concatBytes(k, Uint8Array.of(0));
  return hi !== undefined && Buffer.compare(hi, b) < 0 ? hi : b;
}

function concatBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}
