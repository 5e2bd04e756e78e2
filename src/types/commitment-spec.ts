import { sha256 } from "@noble/hashes/sha2.js";
import { HashOp, LengthOp, type InnerSpec, type LeafOp } from "cosmjs-types/cosmos/ics23/v1/proofs";

/**
 * The chain's commitment as ICS-23 proof specs, one per level of a chained proof: a key's
 * value inside its store's tree (IAVL_STORE_SPEC, ics23's IavlSpec), then that store's root
 * inside the app hash (COMMIT_INFO_SPEC, ics23's TendermintSpec) — the pair ibc-go's
 * `GetSDKSpecs()` returns and relayers put in an IBC client's `proof_specs`.
 *
 * `prehashKeyBeforeComparison` is field 5 of ics23's ProofSpec, newer than the cosmjs-types
 * copy, hence this interface; a `maxDepth` of 0 means ics23's default of 128.
 */
export interface CommitmentSpec {
  leafSpec: LeafOp;
  innerSpec: InnerSpec;
  maxDepth: number;
  minDepth: number;
  prehashKeyBeforeComparison: boolean;
}

/**
 * A store's tree: leaves 0x00 (the zigzag varints height 0, size 1, version) ‖ varint-length
 * key ‖ varint-length sha256(value); inner nodes the varints height, size, version, then each
 * child's hash preceded by its length (33 bytes a child).
 */
export const IAVL_STORE_SPEC: CommitmentSpec = {
  leafSpec: {
    hash: HashOp.SHA256,
    prehashKey: HashOp.NO_HASH,
    prehashValue: HashOp.SHA256,
    length: LengthOp.VAR_PROTO,
    prefix: Uint8Array.of(0),
  },
  innerSpec: {
    childOrder: [0, 1],
    childSize: 33,
    minPrefixLength: 4,
    maxPrefixLength: 12,
    emptyChild: new Uint8Array(),
    hash: HashOp.SHA256,
  },
  maxDepth: 0,
  minDepth: 0,
  prehashKeyBeforeComparison: false,
};

/**
 * The app hash over the stores' roots (the SDK's commit info): leaves 0x00 ‖ varint-length
 * store name ‖ varint-length sha256(root), sorted by name; inner nodes 0x01 ‖ left ‖ right.
 */
export const COMMIT_INFO_SPEC: CommitmentSpec = {
  leafSpec: {
    hash: HashOp.SHA256,
    prehashKey: HashOp.NO_HASH,
    prehashValue: HashOp.SHA256,
    length: LengthOp.VAR_PROTO,
    prefix: Uint8Array.of(0),
  },
  innerSpec: {
    childOrder: [0, 1],
    childSize: 32,
    minPrefixLength: 1,
    maxPrefixLength: 1,
    emptyChild: new Uint8Array(),
    hash: HashOp.SHA256,
  },
  maxDepth: 0,
  minDepth: 0,
  prehashKeyBeforeComparison: false,
};

/** ProofOp types of the two levels in abci_query's proof_ops, as the SDK names them. */
export const STORE_PROOF_OP = "ics23:iavl";
export const COMMIT_INFO_PROOF_OP = "ics23:simple";

/** Root of a store without keys (sha256 of nothing, as an empty IAVL tree in the SDK). */
export const EMPTY_STORE_ROOT: Uint8Array = sha256(new Uint8Array());
