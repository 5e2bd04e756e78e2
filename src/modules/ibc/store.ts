/**
 * The `ibc` store by ICS-24 path. Unlike every other module's state, these keys are not typed
 * collections: a collection puts a prefix byte before its keys, and a counterparty's light client
 * proves the exact ibc-go path (`clients/07-tendermint-0/clientState`) inside store `ibc`. The
 * state key of path p is `ibc/` + p, which the commitment files as key p of store `ibc`
 * (docs/store.md). Values are the proto bytes ibc-go stores at the same path.
 */
import { prefixEnd } from "../../store/prefix";
import type { StoreCtx } from "../../store/collections";

export const IBC_STORE = "ibc";

const utf8 = new TextEncoder();
const STORE_PREFIX = utf8.encode(`${IBC_STORE}/`);

/** The state key of an ICS-24 path (string) or of raw path bytes. */
export function stateKey(path: string | Uint8Array): Uint8Array {
  const p = typeof path === "string" ? utf8.encode(path) : path;
  const key = new Uint8Array(STORE_PREFIX.length + p.length);
  key.set(STORE_PREFIX);
  key.set(p, STORE_PREFIX.length);
  return key;
}

export const ibcStore = {
  get: (ctx: StoreCtx, path: string | Uint8Array): Uint8Array | undefined => ctx.store.get(stateKey(path)),
  has: (ctx: StoreCtx, path: string | Uint8Array): boolean => ctx.store.has(stateKey(path)),
  set(ctx: StoreCtx, path: string | Uint8Array, value: Uint8Array): void {
    // ics23 cannot prove an empty value, nor the absence of a key next to one.
    if (value.length === 0) throw new Error(`ibc store: empty value at ${String(path)}`);
    ctx.store.set(stateKey(path), value);
  },
  delete: (ctx: StoreCtx, path: string | Uint8Array): void => ctx.store.delete(stateKey(path)),

  /** Entries whose path lies in [start, end) (end undefined: every path from start on), paths relative to the store. */
  *range(
    ctx: StoreCtx,
    start: string | Uint8Array,
    end: string | Uint8Array | undefined,
    reverse = false,
  ): IterableIterator<[Uint8Array, Uint8Array]> {
    const hi = end === undefined ? prefixEnd(STORE_PREFIX) : stateKey(end);
    for (const [k, v] of ctx.store.iterator(stateKey(start), hi, reverse)) yield [k.subarray(STORE_PREFIX.length), v];
  },

  /** Entries whose path starts with `prefix`, in path order. */
  *prefixed(ctx: StoreCtx, prefix: string | Uint8Array, reverse = false): IterableIterator<[Uint8Array, Uint8Array]> {
    const lo = stateKey(prefix);
    for (const [k, v] of ctx.store.iterator(lo, prefixEnd(lo), reverse)) yield [k.subarray(STORE_PREFIX.length), v];
  },
} as const;

export { uint64BigEndian } from "../../types/ibc-host";

export function readUint64BigEndian(b: Uint8Array): bigint {
  if (b.length !== 8) throw new Error(`ibc store: expected 8 bytes for a uint64, got ${b.length}`);
  return new DataView(b.buffer, b.byteOffset, 8).getBigUint64(0);
}
