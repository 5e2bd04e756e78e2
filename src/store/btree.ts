import BTreeImport from "sorted-btree";

/**
 * sorted-btree is CommonJS with `exports.default`; Node's ESM loader hands us the whole
 * exports object while bundlers unwrap `default`. Normalize once here.
 */
type BTreeCtor = typeof BTreeImport;
const mod = BTreeImport as unknown as { default?: BTreeCtor };
export const BTree: BTreeCtor = mod.default ?? BTreeImport;
export type BTree<K, V> = BTreeImport<K, V>;
