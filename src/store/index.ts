/** Public surface of the store layer. */
export * from "./types.js";
export { BranchStore } from "./branch.js";
export { prefixStore, prefixEnd } from "./prefix.js";
export { CommitStore, type CommitStoreOptions } from "./commit-store.js";
export { type SmtProof, verifyExistence, verifyNonExistence } from "./smt-proof.js";
export * from "./codecs.js";
export * from "./collections.js";
export {
  IndexedMap, MultiIndex, UniqueIndex, multiIndex, uniqueIndex, type Index, type IndexSpec,
} from "./indexed-map.js";
export * from "./pagination.js";
