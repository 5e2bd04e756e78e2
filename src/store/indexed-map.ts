/**
 * A map with secondary indexes kept in the same store, updated on every set/remove so
 * they can never drift from the primary map (SDK `collections.IndexedMap`).
 */
import { type KeyCodec, pairKey, type PairKeyCodec, type ValueCodec } from "./codecs";
import type { KeySet, Range, Schema, StoreCtx, TypedMap } from "./collections";
import type { Page, PageRequest } from "./pagination";

export interface Index<K, V> {
  /** The entry derives from the primary key alone: set and remove need not read the old value. */
  readonly keyOnly?: boolean;
  /** Throws before anything is written if `value` may not be stored under `pk`. */
  check?(ctx: StoreCtx, pk: K, value: V): void;
  onSet(ctx: StoreCtx, pk: K, value: V, old: V | undefined): void;
  onRemove(ctx: StoreCtx, pk: K, old: V): void;
}

export interface IndexSpec<K, V, I extends Index<K, V>> {
  build(schema: Schema, mapName: string, indexName: string, pk: KeyCodec<K>): I;
}

export type Built<K, V, S> = { [N in keyof S]: S[N] extends IndexSpec<K, V, infer I> ? I : never };

export class IndexedMap<K, V, I extends Record<string, Index<K, V>>> {
  /** Some index needs the value being replaced or removed (else writes skip the read of it). */
  private readonly readsOld: boolean;

  constructor(
    readonly primary: TypedMap<K, V>,
    readonly indexes: I,
  ) {
    this.readsOld = Object.values(indexes).some((idx) => !idx.keyOnly);
  }

  get(ctx: StoreCtx, key: K): V | undefined {
    return this.primary.get(ctx, key);
  }

  has(ctx: StoreCtx, key: K): boolean {
    return this.primary.has(ctx, key);
  }

  set(ctx: StoreCtx, key: K, value: V): void {
    const all = Object.values(this.indexes);
    for (const idx of all) idx.check?.(ctx, key, value);
    const old = this.readsOld ? this.primary.get(ctx, key) : undefined;
    for (const idx of all) idx.onSet(ctx, key, value, old);
    this.primary.set(ctx, key, value);
  }

  remove(ctx: StoreCtx, key: K): void {
    if (!this.readsOld) {
      for (const idx of Object.values(this.indexes)) idx.onRemove(ctx, key, undefined as V);
      this.primary.remove(ctx, key);
      return;
    }
    const old = this.primary.get(ctx, key);
    if (old === undefined) return;
    for (const idx of Object.values(this.indexes)) idx.onRemove(ctx, key, old);
    this.primary.remove(ctx, key);
  }

  iterate(ctx: StoreCtx, range: Range<K> = {}): IterableIterator<[K, V]> {
    return this.primary.iterate(ctx, range);
  }

  paginate(ctx: StoreCtx, req: PageRequest = {}, opts: { prefix?: Uint8Array; filter?: (key: K, value: V) => boolean } = {}): Page<[K, V]> {
    return this.primary.paginate(ctx, req, opts);
  }
}

export function buildIndexes<K, V, S extends Record<string, IndexSpec<K, V, Index<K, V>>>>(
  schema: Schema,
  mapName: string,
  pk: KeyCodec<K>,
  specs: S,
): Built<K, V, S> {
  const out: Record<string, Index<K, V>> = {};
  for (const [n, spec] of Object.entries(specs)) out[n] = spec.build(schema, mapName, n, pk);
  return out as Built<K, V, S>;
}

/** Many primary keys per reference value (e.g. locks by beneficiary). */
export class MultiIndex<R, K, V> implements Index<K, V> {
  constructor(
    private readonly set: KeySet<[R, K]>,
    private readonly codec: PairKeyCodec<R, K>,
    private readonly refOf: (pk: K, value: V) => R | undefined,
  ) {}

  onSet(ctx: StoreCtx, pk: K, value: V, old: V | undefined): void {
    if (old !== undefined) this.onRemove(ctx, pk, old);
    const ref = this.refOf(pk, value);
    if (ref !== undefined) this.set.set(ctx, [ref, pk]);
  }

  onRemove(ctx: StoreCtx, pk: K, old: V): void {
    const ref = this.refOf(pk, old);
    if (ref !== undefined) this.set.remove(ctx, [ref, pk]);
  }

  has(ctx: StoreCtx, ref: R, pk: K): boolean {
    return this.set.has(ctx, [ref, pk]);
  }

  /** Primary keys indexed under `ref`, in primary-key order. */
  *iterate(ctx: StoreCtx, ref: R, reverse = false): IterableIterator<K> {
    for (const [, pk] of this.set.iterate(ctx, { prefix: this.codec.prefix(ref), reverse })) yield pk;
  }

  /**
   * Primary keys under an encoded prefix of the entries: a reference followed by the leading
   * part of a primary key (the NFTs of one owner in one class), in entry order.
   */
  *iterateUnder(ctx: StoreCtx, prefix: Uint8Array): IterableIterator<K> {
    for (const [, pk] of this.set.iterate(ctx, { prefix })) yield pk;
  }

  /** iterateUnder as one page. */
  paginateUnder(ctx: StoreCtx, prefix: Uint8Array, req: PageRequest = {}): Page<K> {
    const page = this.set.paginate(ctx, req, { prefix });
    return { items: page.items.map(([, pk]) => pk), nextKey: page.nextKey, total: page.total };
  }

  /** Every (reference, primary key) entry (invariants compare them with the primary records). */
  entries(ctx: StoreCtx): IterableIterator<[R, K]> {
    return this.set.iterate(ctx);
  }

  paginate(ctx: StoreCtx, ref: R, req: PageRequest = {}): Page<K> {
    return this.paginateUnder(ctx, this.codec.prefix(ref), req);
  }
}

export function multiIndex<R, K, V>(
  prefixByte: number,
  refCodec: KeyCodec<R>,
  refOf: (pk: K, value: V) => R | undefined,
): IndexSpec<K, V, MultiIndex<R, K, V>> {
  return {
    build(schema, mapName, indexName, pk) {
      const codec = pairKey(refCodec, pk);
      return new MultiIndex(schema.keySet(prefixByte, `${mapName}.${indexName}`, codec), codec, refOf);
    },
  };
}

/**
 * The primary key re-ordered (SDK `indexes.ReversePair`): e.g. delegations keyed (delegator,
 * validator) listed by validator. The entry is a function of the key, so the map writes and
 * deletes it without reading the record, and no byte of the key is stored twice.
 */
export class KeyIndex<R, K, V> implements Index<K, V> {
  readonly keyOnly = true;

  constructor(
    private readonly set: KeySet<R>,
    private readonly toRef: (pk: K) => R,
    private readonly toPk: (ref: R) => K,
  ) {}

  onSet(ctx: StoreCtx, pk: K): void {
    this.set.set(ctx, this.toRef(pk));
  }

  onRemove(ctx: StoreCtx, pk: K): void {
    this.set.remove(ctx, this.toRef(pk));
  }

  /** Primary keys whose index entry starts with `prefix` (an encoded key prefix of the index codec), in index order. */
  *iterate(ctx: StoreCtx, prefix: Uint8Array): IterableIterator<K> {
    for (const ref of this.set.iterate(ctx, { prefix })) yield this.toPk(ref);
  }

  has(ctx: StoreCtx, pk: K): boolean {
    return this.set.has(ctx, this.toRef(pk));
  }

  paginate(ctx: StoreCtx, prefix: Uint8Array, req: PageRequest = {}): Page<K> {
    const page = this.set.paginate(ctx, req, { prefix });
    return { items: page.items.map((ref) => this.toPk(ref)), nextKey: page.nextKey, total: page.total };
  }

  /** Every index entry (invariants compare them with the primary records). */
  entries(ctx: StoreCtx): IterableIterator<R> {
    return this.set.iterate(ctx);
  }
}

export function keyIndex<R, K, V>(
  prefixByte: number,
  codec: KeyCodec<R>,
  toRef: (pk: K) => R,
  toPk: (ref: R) => K,
): IndexSpec<K, V, KeyIndex<R, K, V>> {
  return {
    build(schema, mapName, indexName) {
      return new KeyIndex(schema.keySet(prefixByte, `${mapName}.${indexName}`, codec), toRef, toPk);
    },
  };
}

/** At most one primary key per reference value; a second one is refused. */
export class UniqueIndex<R, K, V> implements Index<K, V> {
  constructor(
    private readonly map: TypedMap<R, K>,
    private readonly pkCodec: KeyCodec<K>,
    private readonly refOf: (pk: K, value: V) => R | undefined,
  ) {}

  check(ctx: StoreCtx, pk: K, value: V): void {
    const ref = this.refOf(pk, value);
    if (ref === undefined) return;
    const owner = this.map.get(ctx, ref);
    if (owner !== undefined && Buffer.compare(this.pkCodec.encode(owner), this.pkCodec.encode(pk)) !== 0) {
      throw new Error(`unique index ${this.map.name}: value already used by another entry`);
    }
  }

  onSet(ctx: StoreCtx, pk: K, value: V, old: V | undefined): void {
    if (old !== undefined) this.onRemove(ctx, pk, old);
    const ref = this.refOf(pk, value);
    if (ref !== undefined) this.map.set(ctx, ref, pk);
  }

  onRemove(ctx: StoreCtx, _pk: K, old: V): void {
    const ref = this.refOf(_pk, old);
    if (ref !== undefined) this.map.remove(ctx, ref);
  }

  /** The primary key holding `ref`, if any. */
  get(ctx: StoreCtx, ref: R): K | undefined {
    return this.map.get(ctx, ref);
  }

  /** Every (reference, primary key) entry (invariants compare them with the primary records). */
  entries(ctx: StoreCtx): IterableIterator<[R, K]> {
    return this.map.iterate(ctx);
  }
}

export function uniqueIndex<R, K, V>(
  prefixByte: number,
  refCodec: KeyCodec<R>,
  refOf: (pk: K, value: V) => R | undefined,
): IndexSpec<K, V, UniqueIndex<R, K, V>> {
  return {
    build(schema, mapName, indexName, pk) {
      const pkValue: ValueCodec<K> = { name: pk.name, encode: (k) => pk.encode(k), decode: (b) => pk.decode(b) };
      return new UniqueIndex(schema.map(prefixByte, `${mapName}.${indexName}`, refCodec, pkValue), pk, refOf);
    },
  };
}
