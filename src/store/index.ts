/** Public surface of the store layer. */
export * from "./types";
export { BranchStore } from "./branch";
export { prefixStore, prefixEnd } from "./prefix";
export { CommitStore, type CommitStoreOptions } from "./commit-store";
export { HistoricalState } from "./historical";
export * from "./codecs";
export * from "./collections";
export { IndexedMap, MultiIndex, UniqueIndex, multiIndex, uniqueIndex, type Index, type IndexSpec } from "./indexed-map";
export * from "./pagination";
