import type { Range, StoreCtx } from "../store/collections";
import type { SimRandom } from "./simulation";

/**
 * Bounded reads for simulation operations: a long run grows every collection, so an operation
 * never scans one. It reads up to `n` entries from a random key on, wrapping to the start
 * when the random key is near the end.
 */
interface Iterable2<K, V> {
  iterate(ctx: StoreCtx, range?: Range<K>): IterableIterator<V>;
}

function take<T>(it: Iterator<T>, n: number, out: T[]): T[] {
  while (out.length < n) {
    const r = it.next();
    if (r.done) break;
    out.push(r.value);
  }
  return out;
}

/** Up to `n` entries of `map` from `start` on, then from its first key. */
export function sampleFrom<K, V>(map: Iterable2<K, V>, ctx: StoreCtx, start: K | undefined, n = 8, range: Omit<Range<K>, "start" | "end"> = {}): V[] {
  const out = take(map.iterate(ctx, { ...range, start }), n, []);
  if (start !== undefined && out.length < n) take(map.iterate(ctx, { ...range, end: start }), n, out);
  return out;
}

/** A random id in [1, next) for a map whose ids count up from 1 (undefined when there is none yet). */
export function randomId(rng: SimRandom, next: bigint): bigint | undefined {
  return next <= 1n ? undefined : 1n + rng.bigint(next - 1n);
}

/** Up to `n` entries of a uint64-keyed map from a random id below `next` on. */
export function sampleById<V>(map: Iterable2<bigint, V>, ctx: StoreCtx, rng: SimRandom, next: bigint, n = 8): V[] {
  const start = randomId(rng, next);
  return start === undefined ? [] : sampleFrom(map, ctx, start, n);
}
