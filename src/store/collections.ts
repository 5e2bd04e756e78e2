/**
 * Typed collections over a KVStore, after Cosmos SDK `collections`: a module declares its
 * state once in a Schema and never builds keys by hand. Collections hold no state of their
 * own; every call takes a context whose `store` is the view to use (block, tx or query).
 */
import { type BinKey, concat, concatAll, toBin } from "./bytes";
import { emptyValue, type KeyCodec, uint64Value, type ValueCodec } from "./codecs";
import { type Built, buildIndexes, IndexedMap, type Index, type IndexSpec } from "./indexed-map";
import { type Page, type PageRequest, paginateRaw } from "./pagination";
import { prefixEnd } from "./prefix";
import type { BinKVStore, KVStore } from "./types";

/** Collections read and write by binary-string key (the context's gas-metered branch, or a branch). */
export interface StoreCtx {
  store: KVStore & BinKVStore;
}

/** Bounds for iteration: [start, end) on typed keys, and/or a raw encoded key prefix. */
export interface Range<K> {
  start?: K;
  end?: K;
  /** Encoded key prefix, e.g. `pairKey(a, b).prefix(first)` for all keys with that first part. */
  prefix?: Uint8Array;
  reverse?: boolean;
}

/** What a schema declared under one prefix byte; an index belongs to the indexedMap named `of`. */
export type CollectionKind = "map" | "keySet" | "item" | "sequence" | "indexedMap" | "index";

/** One declared collection, as `Schema.collections()` lists it (schema tests, state tools). */
export interface CollectionInfo {
  readonly prefixByte: number;
  readonly name: string;
  readonly kind: CollectionKind;
  /** The collection's whole key prefix in the module's store (schema prefix, then the byte). */
  readonly prefix: Uint8Array;
  /** Absent for an item or a sequence (one key, no key codec). */
  readonly keyCodec?: KeyCodec<unknown>;
  readonly valueCodec: ValueCodec<unknown>;
  /** For an index: the indexedMap it serves. */
  readonly of?: string;
}

/** Schemas constructed while `captureSchemas` runs (innermost capture first). */
let capturing: Schema[] | undefined;

/**
 * Every Schema constructed while `build` runs, in construction order: how a test reaches the
 * schemas of the keepers an app builds (`captureSchemas(() => buildModules())`) without each
 * keeper exposing its own.
 */
export function captureSchemas<T>(build: () => T): { result: T; schemas: Schema[] } {
  const outer = capturing;
  const schemas: Schema[] = [];
  capturing = schemas;
  try {
    return { result: build(), schemas };
  } finally {
    capturing = outer;
    outer?.push(...schemas);
  }
}

export class Schema {
  readonly prefix: Uint8Array;
  private readonly bytesUsed = new Map<number, string>();
  private readonly namesUsed = new Set<string>();
  private readonly declared: CollectionInfo[] = [];

  constructor(prefix: Uint8Array | string) {
    this.prefix = typeof prefix === "string" ? new TextEncoder().encode(prefix) : Uint8Array.from(prefix);
    capturing?.push(this);
  }

  /** The schema's prefix as text ("bank/"), the module's store prefix. */
  get name(): string {
    return Buffer.from(this.prefix).toString("latin1");
  }

  /** Every collection declared so far, in prefix-byte order. */
  collections(): readonly CollectionInfo[] {
    return [...this.declared].sort((a, b) => a.prefixByte - b.prefixByte);
  }

  private declare(
    prefixByte: number,
    name: string,
    kind: CollectionKind,
    keyCodec: KeyCodec<unknown> | undefined,
    valueCodec: ValueCodec<unknown>,
  ): Uint8Array {
    const prefix = this.register(prefixByte, name);
    this.declared.push({ prefixByte, name, kind, prefix, keyCodec, valueCodec });
    return prefix;
  }

  /** Reserves a collection's prefix byte; duplicate bytes or names are a schema bug. */
  private register(prefixByte: number, name: string): Uint8Array {
    if (!Number.isInteger(prefixByte) || prefixByte < 0 || prefixByte > 255) {
      throw new Error(`collection ${name}: prefix byte must be 0..255, got ${prefixByte}`);
    }
    const other = this.bytesUsed.get(prefixByte);
    if (other !== undefined) throw new Error(`collection ${name}: prefix byte ${prefixByte} already used by ${other}`);
    if (this.namesUsed.has(name)) throw new Error(`collection name ${name} used twice`);
    this.bytesUsed.set(prefixByte, name);
    this.namesUsed.add(name);
    return concat(this.prefix, Uint8Array.of(prefixByte));
  }

  map<K, V>(prefixByte: number, name: string, keys: KeyCodec<K>, values: ValueCodec<V>): TypedMap<K, V> {
    return new TypedMap(this.declare(prefixByte, name, "map", keys as KeyCodec<unknown>, values), name, keys, values);
  }

  keySet<K>(prefixByte: number, name: string, keys: KeyCodec<K>): KeySet<K> {
    return new KeySet(
      new TypedMap(this.declare(prefixByte, name, "keySet", keys as KeyCodec<unknown>, emptyValue), name, keys, emptyValue),
    );
  }

  item<V>(prefixByte: number, name: string, values: ValueCodec<V>): Item<V, undefined>;
  item<V>(prefixByte: number, name: string, values: ValueCodec<V>, defaultValue: V): Item<V, V>;
  item<V>(prefixByte: number, name: string, values: ValueCodec<V>, defaultValue?: V): Item<V, V | undefined> {
    return new Item(this.declare(prefixByte, name, "item", undefined, values as ValueCodec<unknown>), values, defaultValue);
  }

  sequence(prefixByte: number, name: string, first = 1n): Sequence {
    return new Sequence(this.declare(prefixByte, name, "sequence", undefined, uint64Value as ValueCodec<unknown>), first);
  }

  /** A map plus secondary indexes (`multiIndex`, `uniqueIndex`), each on its own prefix byte. */
  indexedMap<K, V, S extends Record<string, IndexSpec<K, V, Index<K, V>>>>(
    prefixByte: number,
    name: string,
    keys: KeyCodec<K>,
    values: ValueCodec<V>,
    indexes: S,
  ): IndexedMap<K, V, Built<K, V, S>> {
    const primary = new TypedMap(this.declare(prefixByte, name, "indexedMap", keys as KeyCodec<unknown>, values), name, keys, values);
    const before = this.declared.length;
    const built = buildIndexes(this, name, keys, indexes);
    // The indexes declared themselves as plain collections: record them as this map's.
    for (let i = before; i < this.declared.length; i++) this.declared[i] = { ...this.declared[i]!, kind: "index", of: name };
    return new IndexedMap(primary, built);
  }
}

export class TypedMap<K, V> {
  private readonly prefixBin: BinKey;

  constructor(
    readonly prefix: Uint8Array,
    readonly name: string,
    readonly keyCodec: KeyCodec<K>,
    readonly valueCodec: ValueCodec<V>,
  ) {
    this.prefixBin = toBin(prefix);
  }

  /** rawKey as a binary string: what the stores look keys up by (built without bytes when the codec can). */
  binKey(key: K): BinKey {
    const encodeBin = this.keyCodec.encodeBin;
    return encodeBin === undefined ? toBin(this.rawKey(key)) : this.prefixBin + encodeBin(key);
  }

  rawKey(key: K): Uint8Array {
    const codec = this.keyCodec;
    if (codec.encodeParts === undefined) return concat(this.prefix, codec.encode(key));
    // One allocation for the whole key instead of one per component plus the join.
    const parts = [this.prefix];
    codec.encodeParts(key, parts);
    return concatAll(parts);
  }

  get(ctx: StoreCtx, key: K): V | undefined {
    const raw = ctx.store.getBin(this.binKey(key));
    return raw === undefined ? undefined : this.valueCodec.decode(raw);
  }

  has(ctx: StoreCtx, key: K): boolean {
    return ctx.store.hasBin(this.binKey(key));
  }

  set(ctx: StoreCtx, key: K, value: V): void {
    ctx.store.setBin(this.binKey(key), this.valueCodec.encode(value));
  }

  remove(ctx: StoreCtx, key: K): void {
    ctx.store.deleteBin(this.binKey(key));
  }

  *iterate(ctx: StoreCtx, range: Range<K> = {}): IterableIterator<[K, V]> {
    const [lo, hi] = this.bounds(range);
    for (const [k, v] of ctx.store.iterator(lo, hi, range.reverse ?? false)) {
      yield [this.keyCodec.decode(k.subarray(this.prefix.length)), this.valueCodec.decode(v)];
    }
  }

  *keys(ctx: StoreCtx, range: Range<K> = {}): IterableIterator<K> {
    const [lo, hi] = this.bounds(range);
    for (const [k] of ctx.store.iterator(lo, hi, range.reverse ?? false)) {
      yield this.keyCodec.decode(k.subarray(this.prefix.length));
    }
  }

  /** Cosmos pagination; `prefix` narrows to a key prefix, `filter` drops items before counting. */
  paginate(ctx: StoreCtx, req: PageRequest = {}, opts: { prefix?: Uint8Array; filter?: (key: K, value: V) => boolean } = {}): Page<[K, V]> {
    const [lo, hi] = this.bounds({ prefix: opts.prefix });
    const filter = opts.filter;
    return paginateRaw<[K, V]>(
      ctx.store,
      this.prefix,
      lo,
      hi,
      req,
      (rel, v) => [this.keyCodec.decode(rel), this.valueCodec.decode(v)],
      filter ? ([k, v]) => filter(k, v) : undefined,
    );
  }

  private bounds(range: Range<K>): [Uint8Array, Uint8Array | undefined] {
    const base = range.prefix ? concat(this.prefix, range.prefix) : this.prefix;
    let lo = base;
    let hi = prefixEnd(base);
    if (range.start !== undefined) {
      const s = this.rawKey(range.start);
      if (Buffer.compare(s, lo) > 0) lo = s;
    }
    if (range.end !== undefined) {
      const e = this.rawKey(range.end);
      if (hi === undefined || Buffer.compare(e, hi) < 0) hi = e;
    }
    return [lo, hi];
  }
}

export class KeySet<K> {
  constructor(private readonly inner: TypedMap<K, true>) {}

  get prefix(): Uint8Array {
    return this.inner.prefix;
  }

  get keyCodec(): KeyCodec<K> {
    return this.inner.keyCodec;
  }

  has(ctx: StoreCtx, key: K): boolean {
    return this.inner.has(ctx, key);
  }

  set(ctx: StoreCtx, key: K): void {
    this.inner.set(ctx, key, true);
  }

  remove(ctx: StoreCtx, key: K): void {
    this.inner.remove(ctx, key);
  }

  iterate(ctx: StoreCtx, range: Range<K> = {}): IterableIterator<K> {
    return this.inner.keys(ctx, range);
  }

  paginate(ctx: StoreCtx, req: PageRequest = {}, opts: { prefix?: Uint8Array } = {}): Page<K> {
    const page = this.inner.paginate(ctx, req, opts);
    return { items: page.items.map(([k]) => k), nextKey: page.nextKey, total: page.total };
  }
}

export class Item<V, D extends V | undefined> {
  private readonly keyBin: BinKey;

  constructor(
    readonly key: Uint8Array,
    private readonly codec: ValueCodec<V>,
    private readonly defaultValue: D,
  ) {
    this.keyBin = toBin(key);
  }

  /** The stored value, or the default given at declaration when unset. */
  get(ctx: StoreCtx): V | D {
    const raw = ctx.store.getBin(this.keyBin);
    return raw === undefined ? this.defaultValue : this.codec.decode(raw);
  }

  has(ctx: StoreCtx): boolean {
    return ctx.store.hasBin(this.keyBin);
  }

  set(ctx: StoreCtx, value: V): void {
    ctx.store.setBin(this.keyBin, this.codec.encode(value));
  }

  remove(ctx: StoreCtx): void {
    ctx.store.deleteBin(this.keyBin);
  }
}

/** Monotonic uint64 counter (ids). */
export class Sequence {
  private readonly item: Item<bigint, bigint>;

  constructor(key: Uint8Array, first: bigint) {
    this.item = new Item(key, uint64Value, first);
  }

  /** Returns the current value and advances the counter. */
  next(ctx: StoreCtx): bigint {
    const v = this.item.get(ctx);
    this.item.set(ctx, v + 1n);
    return v;
  }

  /** The value the next call to next() will return. */
  peek(ctx: StoreCtx): bigint {
    return this.item.get(ctx);
  }

  set(ctx: StoreCtx, value: bigint): void {
    this.item.set(ctx, value);
  }
}
