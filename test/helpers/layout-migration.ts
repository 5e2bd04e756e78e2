import { expect } from "vitest";
import { Schema, type StoreCtx, type TypedMap } from "../../src/store/collections";
import { emptyValue, type KeyCodec, type ValueCodec } from "../../src/store/codecs";
import { prefixEnd } from "../../src/store/prefix";
import type { Context } from "../../src/types/context";
import type { Module } from "../../src/types/module";

/** Every entry under a module's store prefix, as hex pairs in key order. */
export function storeDump(ctx: StoreCtx, schemaPrefix: string): Array<[string, string]> {
  const lo = new TextEncoder().encode(schemaPrefix);
  return [...ctx.store.iterator(lo, prefixEnd(lo), false)].map(([k, v]) => [
    Buffer.from(k).toString("hex"),
    Buffer.from(v).toString("hex"),
  ]);
}

/** A collection in a previous layout, for a test to write old state with. */
export function oldMap<K, V>(schemaPrefix: string, prefixByte: number, keys: KeyCodec<K>, values: ValueCodec<V>): TypedMap<K, V> {
  return new Schema(schemaPrefix).map(prefixByte, "old", keys, values);
}

export function oldKeySet<K>(schemaPrefix: string, prefixByte: number, keys: KeyCodec<K>): TypedMap<K, true> {
  return oldMap(schemaPrefix, prefixByte, keys, emptyValue);
}

/** Removes every entry of `current` and writes it into `old` under its old key (and value). */
export function rewrite<K, V, KO, VO>(
  ctx: StoreCtx,
  current: TypedMap<K, V>,
  old: TypedMap<KO, VO>,
  key: (k: K) => KO,
  value: (v: V) => VO,
): void {
  const entries = [...current.iterate(ctx)];
  for (const [k] of entries) current.remove(ctx, k);
  for (const [k, v] of entries) old.set(ctx, key(k), value(v));
}

/**
 * Checks a layout migration end to end on the current state: `downgrade` writes it in the old
 * layout (the state must then differ), the module's migration from `from` runs, and the store
 * holds exactly the bytes it held before.
 */
export function expectMigrationRestores(ctx: Context, module: Module, schemaPrefix: string, from: number, downgrade: () => void): void {
  const before = storeDump(ctx, schemaPrefix);
  expect(before.length).toBeGreaterThan(0);
  downgrade();
  expect(storeDump(ctx, schemaPrefix)).not.toEqual(before);
  const step = module.migrations?.find((m) => m.from === from);
  expect(step, `${module.name} has a migration from ${from}`).toBeDefined();
  step!.migrate(ctx);
  expect(storeDump(ctx, schemaPrefix)).toEqual(before);
}
