import { concat } from "./bytes";
import { uint64Value } from "./codecs";
import type { StoreCtx } from "./collections";

/**
 * A counter that held the last id given out (0 before the first) becomes a sequence holding
 * the next id, in place: the stored number is raised by one. An unset counter stays unset, so
 * the sequence answers its first id, which is the id the old counter would have given next.
 */
export function lastIdToNextId(ctx: StoreCtx, schemaPrefix: string, prefixByte: number): void {
  const key = concat(new TextEncoder().encode(schemaPrefix), Uint8Array.of(prefixByte));
  const raw = ctx.store.get(key);
  if (raw !== undefined) ctx.store.set(key, uint64Value.encode(uint64Value.decode(raw) + 1n));
}
